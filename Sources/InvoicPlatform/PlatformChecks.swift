import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicPeppol

/// What `check` says of the deposits at the French platform (`invoic pa send`), read from each
/// document's records in outbox/<year>/<number>/ (`pa.yaml` for the invoice, `pa-<file>.yaml` for
/// a status about it): a deposit the platform refused or rejected, one left without an answer
/// since an earlier day, and a record that cannot be read are warnings at the document.
public enum PlatformChecks {
    public static let notDeposited = DiagnosticCode("pa-not-deposited")

    public static let rules = [
        Rule(notDeposited, .warning, summary: "a deposit at the French platform was refused, rejected, or left without an answer",
             explanation: """
                 `invoic pa send` records each deposit in outbox/<year>/<number>/pa.yaml (a status about the invoice \
                 in pa-<file>.yaml) before the platform is called, then its answer. The platform refused it (HTTP \
                 400, 413, 422, or refused credentials: nothing was deposited; fix what it says, `invoic pa send \
                 NUMBER` deposits it again), or its checks rejected it (acknowledgement Error: the invoice counts as \
                 not issued; change it, or `invoic pa send NUMBER --resend REASON` deposits the same bytes again), \
                 or no answer came since an earlier day (the send was cut off, or the acknowledgement is not read \
                 yet: `invoic pa status` searches the deposit by its tracking id and reads it). A record invoic \
                 cannot read is reported too.
                 """,
             example: """
                 # file: outbox/2026/F2026-001/pa.yaml
                     history:
                       - at: 2026-10-15T09:00:00Z
                         state: deposited
                       - at: 2026-10-15T09:05:00Z
                         state: rejected
                         detail: "BR-FR-12: the buyer's SIREN is unknown"
                 """),
    ]

    public static func diagnostics(book: Book, root: String, today: Day) -> (diagnostics: [Diagnostic], sources: [String: SourceFile]) {
        var diagnostics: [Diagnostic] = []
        var sources: [String: SourceFile] = [:]
        for document in book.documents where document.kind.isBilling {
            let folder = Outbox.folder(for: document)
            let range = document.sent?.range ?? document.issued.range
            for name in recordNames(in: BookLoader.join(root, folder)) {
                let path = BookLoader.join(folder, name)
                let record: FlowRecord?
                do { record = try FlowRecord.read(path, root: root) } catch {
                    sources[path] = SourceFile(path: path, text: FileManager.default.contents(atPath: BookLoader.join(root, path)).map { String(decoding: $0, as: UTF8.self) } ?? "")
                    diagnostics.append(.warning(notDeposited, "\(document.number): the platform record cannot be read, so what became of the deposit is unknown: \(error.message)",
                                                file: path, range: SourceRange(line: 1, column: 1),
                                                help: "`git log -p -- \(path)` shows a readable version; `invoic pa status` cannot follow it until then"))
                    continue
                }
                guard let record, let attempt = record.current, let last = attempt.history.last else { continue }
                let what = name == FlowRecord.invoiceRecordName ? attempt.file : "\(record.flow) (\(attempt.file))"
                let day = last.at.prefix(10)
                let reason = last.detail ?? "no reason given"
                switch last.state {
                case .refused:
                    diagnostics.append(.warning(notDeposited, "\(document.number): the platform refused the deposit of \(what) on \(day), nothing was deposited: \(reason)",
                                                file: document.file, range: range,
                                                help: "fix what the platform says, then `invoic pa send` deposits it again"))
                case .rejected:
                    diagnostics.append(.warning(notDeposited, "\(document.number): the platform rejected \(what) on \(day) (acknowledgement Error): \(reason)",
                                                file: document.file, range: range,
                                                help: "the invoice counts as not issued: change what the platform says and `invoic pa send \(document.number)`, or `invoic pa send \(document.number) --resend REASON` deposits the same bytes again"))
                case .recorded, .deposited:
                    guard let since = Day(day), since.days(until: today) >= 1 else { continue }
                    let state = last.state == .recorded ? "the send was cut off before the platform answered" : "deposited (flow id \(attempt.flowID ?? "?")), its acknowledgement not read"
                    diagnostics.append(.warning(notDeposited, "\(document.number): no answer from the platform about \(what) since \(since): \(state)",
                                                file: document.file, range: range,
                                                help: "`invoic pa status` searches the deposit by its tracking id \(attempt.trackingID) and records the platform's answer"))
                case .accepted:
                    continue
                }
            }
        }
        return (diagnostics.sorted(), sources)
    }

    /// `pa.yaml` first, then the status records `pa-*.yaml`, in name order.
    static func recordNames(in folder: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0 == FlowRecord.invoiceRecordName || ($0.hasPrefix("pa-") && $0.hasSuffix(".yaml")) }
            .sorted { ($0 == FlowRecord.invoiceRecordName ? "" : $0) < ($1 == FlowRecord.invoiceRecordName ? "" : $1) }
    }
}
