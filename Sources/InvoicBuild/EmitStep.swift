import Dispatch
import Foundation
import InvoicBook
import InvoicDiagnostics
import Synchronization

/// The last steps of a build (see `BookPipeline`): decides what is stale by content, renders it
/// on all cores, writes atomically, removes outputs of deleted documents, and records what it did
/// for the next build.
public struct EmitStep: Sendable {
    public var folder: OutputFolder
    public var jobs: Int

    public struct Summary: Sendable {
        public var written: [String] = []
        public var upToDate = 0
        public var removed: [String] = []
        public var diagnostics: [Diagnostic] = []
        /// Files outside the book the diagnostics point into (a template), for excerpts.
        public var sources: [SourceFile] = []
    }

    /// Progress as each output finishes: (done, total, output name).
    public typealias Progress = @Sendable (Int, Int, String) -> Void

    public init(folder: OutputFolder, jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
        self.folder = folder
        self.jobs = max(1, jobs)
    }

    /// Runs `plan`. `extraFiles` (the index report) are made on a thread of their own while the
    /// documents render (on a large book they are a second of work that would otherwise leave
    /// the other cores idle), and written when their content changed.
    /// `makeRenderer` is called once per worker thread. `stamp`, when given, is forgotten before
    /// anything is written and recorded once everything rendered: both under the folder's lock, so
    /// a concurrent build of the same book can never record a stamp for outputs it did not write.
    /// `inputs` (the files make should watch) are recorded with the stamp, for the depfile of a
    /// build that finds nothing to do.
    /// Throws the `RenderFailure` of a renderer that cannot be made (a template's errors: then
    /// nothing is rendered), or the first error the system gave writing an output.
    public func run<R: DocumentRenderer>(
        _ plan: BuildPlan, extraFiles: @escaping @Sendable () -> [(name: String, bytes: [UInt8])] = { [] },
        stamp: BuildStamp? = nil, inputs: [String]? = nil,
        makeRenderer: @Sendable () throws(RenderFailure) -> R, progress: Progress? = nil
    ) throws -> Summary {
        try folder.create()
        let lock = try BuildLock(folder: folder)
        defer { withExtendedLifetime(lock) {} }
        folder.removeLeftovers()
        if stamp != nil { BuildStamp.invalidate(in: folder) }

        let previous = Manifest(text: folder.read(Manifest.fileName).map { String(decoding: $0, as: UTF8.self) } ?? "")
        var summary = Summary()
        var next = Manifest()
        var stale: [BuildPlan.Output] = []
        for output in plan.outputs {
            if previous.entries[output.name]?.fingerprint == output.fingerprint, folder.exists(output.name) {
                summary.upToDate += 1
                next.entries[output.name] = previous.entries[output.name]
            } else {
                stale.append(output)
            }
        }

        let extras = Mutex<[(name: String, bytes: [UInt8])]>([])
        let extrasMade = DispatchSemaphore(value: 0)
        Thread {
            let files = extraFiles()
            extras.withLock { $0 = files }
            extrasMade.signal()
        }.start()
        let (results, writeFailure) = try render(stale, makeRenderer: makeRenderer, progress: progress)
        extrasMade.wait()
        for (output, result) in zip(stale, results) {
            switch result {
            case .success:
                summary.written.append(output.name)
                next.entries[output.name] = Manifest.Entry(fingerprint: output.fingerprint, source: output.document.file)
            case .failure(let failure):
                summary.diagnostics += failure.diagnostics
                summary.sources += failure.sources
                // Never leave the PDF of an earlier version standing for a document that now fails.
                folder.remove(output.name)
            }
        }

        let current = Set(plan.outputs.map(\.name))
        for name in previous.entries.keys.sorted() where !current.contains(name) {
            folder.remove(name)
            summary.removed.append(name)
        }
        for file in extras.withLock({ $0 }) where try folder.update(file.bytes, at: file.name, durable: false) {
            summary.written.append(file.name)
        }
        // The outputs reach the disk before the manifest that records them: after a power cut a
        // build either finds each one whole, or a manifest that does not vouch for it and renders it again.
        if !summary.written.isEmpty { folder.sync() }
        try folder.update(Array(next.text.utf8), at: Manifest.fileName)
        if let writeFailure { throw writeFailure }
        if let stamp, summary.diagnostics.isEmpty {
            if let inputs { try BuildInputs.record(inputs, in: folder) }
            try BuildStamp.record(stamp, in: folder)
        }
        return summary
    }

    /// Renders and writes `outputs` on `jobs` threads; results come back in input order.
    private func render<R: DocumentRenderer>(
        _ outputs: [BuildPlan.Output], makeRenderer: @Sendable () throws(RenderFailure) -> R, progress: Progress?
    ) throws -> (results: [Result<Void, RenderFailure>], writeFailure: (any Error)?) {
        guard !outputs.isEmpty else { return ([], nil) }
        let state = Mutex(WorkState(results: Array(repeating: nil, count: outputs.count)))
        let workers = min(jobs, outputs.count)
        let folder = self.folder
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var renderer: R
            do throws(RenderFailure) {
                renderer = try makeRenderer()
            } catch {
                state.withLock { $0.setupFailure = error }
                return
            }
            while let index = state.withLock({ $0.claim(outputs.count) }) {
                let output = outputs[index]
                let result: Result<Void, RenderFailure>
                switch renderer.render(output) {
                case .success(let bytes):
                    do {
                        try folder.write(bytes, to: output.name, durable: false)
                        result = .success(())
                    } catch {
                        // The system's failure, not the book's: no diagnostic, but the build
                        // ends with it once the manifest says what was written.
                        state.withLock { $0.writeFailure = $0.writeFailure ?? error }
                        result = .failure(RenderFailure([]))
                    }
                case .failure(let failure):
                    result = .failure(failure)
                }
                let done = state.withLock { state -> Int in
                    state.results[index] = result
                    state.done += 1
                    return state.done
                }
                progress?(done, outputs.count, output.name)
            }
        }
        return try state.withLock { state in
            if let failure = state.setupFailure { throw failure }
            return (state.results.map { $0 ?? .failure(RenderFailure([])) }, state.writeFailure)
        }
    }

    private struct WorkState {
        var results: [Result<Void, RenderFailure>?]
        var next = 0
        var done = 0
        var setupFailure: RenderFailure?
        var writeFailure: (any Error)?

        mutating func claim(_ count: Int) -> Int? {
            guard setupFailure == nil, next < count else { return nil }
            defer { next += 1 }
            return next
        }
    }
}
