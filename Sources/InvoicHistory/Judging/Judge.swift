import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicYAML

extension BookHistory {
    /// Judges the book as it is now (the working tree, or the staged state) against its history:
    /// issued invoices and accepted estimates unchanged, still there, their numbers not reused.
    ///
    /// - Parameters:
    ///   - book: the checked book (`BookChecker.check`), which gives the current documents their places.
    ///   - files: when given, only documents whose file is in it count as present: the paths of
    ///     `stagedFiles(at:)` for the staged state, so a file removed from the index is deleted.
    public func judge(_ book: Book, files: Set<String>? = nil) -> [Diagnostic] {
        prefetchFixingCandidates()
        // Each number is judged on its own: a few slices per core, each with its own judge.
        let numbers = timeline.documents.keys.sorted()
        let slices = max(1, min(ProcessInfo.processInfo.activeProcessorCount * 2, numbers.count / 256))
        let template = Judge(history: self, book: book, files: files)
        return parallelMap(Array(0..<slices)) { slice in
            var judge = template
            return judge.run(stride(from: slice, to: numbers.count, by: slices).map { numbers[$0] })
        }.flatMap { $0 }.sorted()
    }
}

/// One state of an issued document after it was issued: what it said after `commit`.
struct LaterState {
    var commit: Int
    /// Nil when the file did not exist after this commit.
    var snapshot: Snapshot?
    /// The file whose change made this state: the document's own, invoic.yaml or its client's.
    var file: String
}

/// Who changed a value: a commit, or nobody yet (the working tree or the index).
struct Blame {
    var commit: CommitInfo?
    var file: String?
}

struct Judge {
    let history: BookHistory
    let book: Book
    var current: [String: Document] = [:]
    var unreadable: Set<String> = []
    var diagnostics: [Diagnostic] = []
    private var parsed: [String: YAMLNode?] = [:]

    init(history: BookHistory, book: Book, files: Set<String>?) {
        self.history = history
        self.book = book
        for document in book.documents.sorted(by: { $0.file < $1.file }) where files?.contains(document.file) ?? true {
            // History knows a document by its file's name, as the timeline does (`FAC_2026_001`
            // for `number: FAC/2026/001`).
            guard case .document(_, let name) = BookPath(document.file) else { continue }
            if current[name] == nil { current[name] = document }
        }
        unreadable = Set(book.unreadable.filter { files?.contains($0.file) ?? true }.map(\.number))
    }

    var timeline: Timeline { history.timeline }

    mutating func run(_ numbers: [String]) -> [Diagnostic] {
        for number in numbers {
            judge(number, timeline.documents[number] ?? [])
        }
        return diagnostics
    }

    private mutating func judge(_ number: String, _ versions: [Version]) {
        let records = DocumentRecord.records(of: number, versions, decoded: history.decoded)
        let atHead = versions.last?.exists == true
        guard let document = current[number] else {
            if !unreadable.contains(number), let index = records.lastIndex(where: \.isFixed) {
                reportDeletion(number, records[index], stillAtHead: atHead && index == records.count - 1)
            }
            return
        }
        // The document now continues the last record, or restores it, or is a new document.
        var index = records.count
        if atHead {
            index = records.count - 1
        } else if let last = records.last, let fixed = last.fixingDocument, fixed.identity == document.identity {
            index = records.count - 1
        }
        // A file with errors of its own is judged once they are fixed: its values are incomplete.
        if index < records.count, records[index].isFixed, document.isComplete {
            compare(number, records[index], with: document)
        }
        if let earlier = records[..<index].last(where: \.isFixed) {
            reportReuse(number, earlier, by: document)
        }
    }

    // MARK: changes

    private mutating func compare(_ number: String, _ record: DocumentRecord, with document: Document) {
        guard let fixing = record.fixing, let fixed = record.fixingDocument else { return }
        let issued = history.priced(fixed, at: fixing.commit, current: book)
        let resolved = issued.figures != nil && document.figures != nil
        let before = Snapshot(issued, resolved: resolved)
        let now = Snapshot(document, resolved: resolved)
        let differences = before.differences(to: now)
        guard !differences.isEmpty else { return }

        let states = laterStates(number, record, after: fixing, resolved: resolved, clients: [fixed.client.value, document.client.value])
        let root = root(of: document.file)
        let issuedIn = timeline.commits[fixing.commit]
        let totals: (String, String)? = before.total?.value != now.total?.value
            ? before.total.flatMap { b in now.total.map { (b.shown ?? "", $0.shown ?? "") } } : nil
        for difference in differences {
            let blame = self.blame(difference.key, now: now, states: states)
            let range = difference.place.isEmpty ? nil : Locator.range(of: difference.place, in: root)
            let diagnostic: Diagnostic
            if document.kind == .estimate {
                diagnostic = AcceptedEstimatesAreNotChanged.changed(document, difference, range: range, accepted: issuedIn, blame: blame, totals: totals)
            } else if difference.isDateMove {
                diagnostic = IssueDatesDoNotMove.moved(document, difference, range: range, issued: issuedIn, blame: blame)
            } else {
                diagnostic = IssuedInvoicesAreNotChanged.changed(document, difference, range: range, issued: issuedIn, blame: blame, totals: totals)
            }
            diagnostics.append(diagnostic)
        }
    }

    /// Every state of the record after it was fixed: each later version of the file, and, when
    /// figures are compared, each change of invoic.yaml or of the client that could alter them.
    private func laterStates(_ number: String, _ record: DocumentRecord, after fixing: Version, resolved: Bool, clients: Set<String>) -> [LaterState] {
        let versions = record.versions.filter { $0.commit > fixing.commit }
        var changes: [Int: String] = [:]
        if resolved {
            for version in timeline.settings where version.commit > fixing.commit { changes[version.commit] = BookSettings.fileName }
            for id in clients {
                for version in timeline.clients[id] ?? [] where version.commit > fixing.commit { changes[version.commit] = "clients/\(id).yaml" }
            }
        }
        for version in versions { changes[version.commit] = version.path ?? fixing.path ?? number }
        let all = record.versions
        var states: [LaterState] = []
        for (commit, file) in changes.sorted(by: { $0.key < $1.key }) {
            guard let version = all.last(where: { $0.commit <= commit }) else { continue }
            let snapshot = history.decoded.document(number, version).map { document in
                Snapshot(resolved ? history.priced(document, at: commit, current: book) : document, resolved: resolved)
            }
            states.append(LaterState(commit: commit, snapshot: snapshot, file: file))
        }
        return states
    }

    /// The commit that gave `key` the value it has now: the first of the latest run of states
    /// that agree with now; none when the last committed state still disagrees.
    private func blame(_ key: String, now: Snapshot, states: [LaterState]) -> Blame {
        let value = now.value(key)
        var blame = Blame(commit: nil, file: nil)
        for state in states.reversed() {
            guard let snapshot = state.snapshot, snapshot.value(key) == value else { break }
            blame = Blame(commit: timeline.commits[state.commit], file: state.file)
        }
        return blame
    }

    // MARK: deletion and reuse

    private mutating func reportDeletion(_ number: String, _ record: DocumentRecord, stillAtHead: Bool) {
        guard let fixing = record.fixing, let fixed = record.fixingDocument else { return }
        let lastPath = record.versions.last(where: \.exists)?.path ?? fixing.path ?? number
        let end = stillAtHead ? nil : record.end
        var renamedTo = end?.renamedTo
        if renamedTo == nil {
            // A file renamed in the working tree: a new number, no history, the same document.
            renamedTo = current.sorted { $0.key < $1.key }.first { name, document in
                document.identity == fixed.identity && timeline.documents[name]?.last?.exists != true
            }?.key
        }
        let target = renamedTo.flatMap { current[$0] }
        let file = target?.file ?? lastPath
        let range = target.flatMap { document in document.numberKey?.range }
        let deletedIn = end.map { timeline.commits[$0.commit] }
        let issuedIn = timeline.commits[fixing.commit]
        if fixed.kind == .estimate {
            diagnostics.append(AcceptedEstimatesAreNotChanged.deleted(number, file: file, range: range, lastPath: lastPath, renamedTo: renamedTo,
                                                                      accepted: issuedIn, deletedIn: deletedIn))
        } else {
            diagnostics.append(IssuedInvoicesAreNotDeleted.deleted(number, file: file, range: range, lastPath: lastPath, renamedTo: renamedTo,
                                                                   issued: issuedIn, deletedIn: deletedIn))
        }
    }

    private mutating func reportReuse(_ number: String, _ earlier: DocumentRecord, by document: Document) {
        guard let fixing = earlier.fixing, let fixed = earlier.fixingDocument else { return }
        let deletedIn = earlier.end.map { timeline.commits[$0.commit] }
        diagnostics.append(NumbersAreNeverReused.reused(document, earlier: fixed, issued: timeline.commits[fixing.commit],
                                                        deletedIn: deletedIn, renamedTo: earlier.end?.renamedTo))
    }

    private mutating func root(of file: String) -> YAMLNode? {
        if let cached = parsed[file] { return cached }
        let root = book.sources[file].map { BookFileDecoder.parse(Array($0.text.utf8), path: file).root } ?? nil
        parsed[file] = root
        return root
    }
}
