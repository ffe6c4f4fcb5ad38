import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicPDF
import InvoicReport

/// The book as the server shows it: checked, with its report, replaced whole whenever a file
/// changes. Readers take the current snapshot and never see one half-made; `generation` counts
/// the reloads, so an open page knows when to refresh.
public final class LiveBook: @unchecked Sendable {
    public struct Snapshot: Sendable {
        public var checked: CheckedBook
        public var report: IndexReport
        public var today: Day
        public var generation: Int
        /// The app's words in the book's language (`defaults.locale`), and the PDFs' labels in it.
        public var words: AppWords
        public var wordTable: [String: String]
        public var labels: [String: String]
        /// What the pages show, in one text: the report and every diagnostic.
        var signature: String
        public var book: Book { checked.book }
        public var errors: [Diagnostic] { checked.diagnostics.filter { $0.severity == .error } }
    }

    public let root: String
    private let fixedToday: Day?
    private let lock = NSLock()
    private let reloading = NSLock()
    private var current: Snapshot
    private var watcher: DirectoryWatcher?
    /// A reload parses again only the files whose bytes changed.
    private let cache = DecodeCache()

    /// - Parameter today: the day statuses are computed for; nil: the system date at each reload.
    public init(root: String, today: Day? = nil) throws(BookLoadError) {
        self.root = root
        fixedToday = today
        current = try Self.load(root: root, today: today ?? Day.today(), generation: 1, cache: cache)
    }

    public var snapshot: Snapshot { lock.withLock { current } }

    /// Reads and checks the whole book again; a file that no longer parses shows as its
    /// diagnostic, never as a stale page. A book that cannot be read at all keeps the last one.
    /// A reload that finds what the pages already show keeps the generation: the server's own
    /// save reloads at once and the watcher sees the same write a moment later, and an open page
    /// (the document just saved) should not refresh for nothing.
    ///
    /// One reload at a time: the watcher's and a save's would otherwise race, and one that read
    /// the files before the save could finish after it and put the old book back.
    public func reload() {
        reloading.withLock {
            let last = snapshot
            guard var next = try? Self.load(root: root, today: fixedToday ?? Day.today(), generation: last.generation + 1, cache: cache) else { return }
            if next.signature == last.signature { next.generation = last.generation }
            lock.withLock { current = next }
        }
    }

    /// Reloads on every change below the book (inotify), until the process ends.
    public func watch() {
        let watcher = DirectoryWatcher(root: root) { [weak self] in self?.reload() }
        watcher.start()
        lock.withLock { self.watcher = watcher }
    }

    private static func load(root: String, today: Day, generation: Int, cache: DecodeCache) throws(BookLoadError) -> Snapshot {
        var checked = try BookChecker.check(at: root, cache: cache)
        checked.diagnostics = (checked.diagnostics + RecurringInvoicesAreWritten.diagnostics(checked.book, today: today)).sorted()
        let report = IndexReport(book: checked.book, today: today, warnings: checked.diagnostics)
        let words = AppWords(locale: report.locale)
        let signature = report.json() + checked.diagnostics.map { "\($0.code)|\($0.file ?? "")|\($0.range.map { "\($0.start.line)" } ?? "")|\($0.message)" }.joined(separator: "\n")
        return Snapshot(checked: checked, report: report, today: today, generation: generation, words: words, wordTable: words.all,
                        labels: PDFRenderer.labels(of: checked.book, locale: report.locale), signature: signature)
    }
}
