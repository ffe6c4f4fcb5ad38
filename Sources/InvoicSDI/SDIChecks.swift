import Foundation
import InvoicBook
import InvoicDiagnostics

/// What `check` says of the SdI records: a file the SdI rejected (NS) is an error on its
/// document, which counts as never issued until it is fixed and sent again; one the SdI could not
/// deliver (MC), a mail whose sending failed or whose outcome is unknown, and a record that
/// cannot be read are warnings.
public enum SDIChecks {
    public static let rejected = DiagnosticCode("sdi-rejected")
    public static let notDelivered = DiagnosticCode("sdi-not-delivered")

    public static let rules = [
        Rule(rejected, summary: "the SdI rejected an invoice's FatturaPA (notifica di scarto)",
             explanation: """
                 `invoic sdi receive` attached a notifica di scarto (NS) to the file `invoic sdi send` mailed: the SdI \
                 refused it, with the error codes and descriptions shown, and the invoice counts as never issued \
                 (Specifiche tecniche 1.9, 4.4; the law gives five days to send it again, circolare 14/E 2019). \
                 Fix what the errors say, then `invoic sdi send NUMBER` mails it again under a new progressive \
                 (the SdI refuses a name it received). The record is outbox/<year>/<number>/sdi.yaml.
                 """,
             example: """
                 # file: outbox/2026/2026-001/sdi.yaml
                 ...
                       - at: 2026-11-20T09:12:00Z
                         state: rejected
                         receipt: IT03456789019_00001_NS_001.xml
                         errors:
                           - code: "00305"
                             description: IdFiscaleIVA del CessionarioCommittente non valido
                 """),
        Rule(notDelivered, .warning, summary: "an invoice's FatturaPA was not delivered, or its mail to the SdI did not leave",
             explanation: """
                 The SdI could not deliver a valid file (notifica di mancata consegna, MC): the buyer finds it in its \
                 reserved area of the Agenzia's site, and the seller is to tell the buyer so (a courtesy copy by mail \
                 will do). Or the mail to the SdI was refused by the SMTP server (send it again with \
                 `invoic sdi send NUMBER`), or invoic stopped before the server answered (`invoic sdi receive` \
                 reads the SdI's receipt if it arrived; else `invoic sdi send NUMBER --resend REASON`).
                 """,
             example: """
                 # file: outbox/2026/2026-001/sdi.yaml
                       - state: undelivered
                         receipt: IT03456789019_00001_MC_001.xml
                 """),
    ]

    public static func diagnostics(book: Book, root: String, today: Day) -> (diagnostics: [Diagnostic], sources: [String: SourceFile]) {
        var diagnostics: [Diagnostic] = []
        var sources: [String: SourceFile] = [:]
        let outbox = SDIOutbox(root: root)
        for document in book.documents where document.kind.isBilling {
            let path = SDIOutbox.path(for: document)
            let record: SDIRecord?
            do { record = try outbox.record(for: document) } catch {
                sources[path] = SourceFile(path: path, text: FileManager.default.contents(atPath: BookLoader.join(root, path)).map { String(decoding: $0, as: UTF8.self) } ?? "")
                diagnostics.append(.warning(notDelivered, "\(document.number): the SdI record cannot be read, so what became of its FatturaPA is unknown: \(error.message)",
                                            file: path, range: SourceRange(line: 1, column: 1),
                                            help: "`git log -p -- \(path)` shows a readable version; else `invoic sdi receive` after moving it aside"))
                continue
            }
            guard let attempt = record?.current, let last = attempt.history.last else { continue }
            let range = document.sdiProgressive?.range ?? document.issued.range
            switch last.state {
            case .rejected:
                let errors = attempt.errors.map { "\($0.code) \($0.description)" }.joined(separator: "; ")
                diagnostics.append(.error(rejected, "\(document.number): the SdI rejected \(attempt.file) on \(last.at.prefix(10)) (notifica di scarto): \(errors.isEmpty ? "no error given" : errors)",
                                          file: document.file, range: range,
                                          help: "fix what the SdI says, then `invoic sdi send \(document.number)` mails it again under a new progressive; until then it counts as not issued"))
            case .undelivered:
                diagnostics.append(.warning(notDelivered, "\(document.number): the SdI could not deliver \(attempt.file) (notifica di mancata consegna, \(last.at.prefix(10))); the buyer finds it in its reserved area of the Agenzia's site",
                                            file: document.file, range: range, help: "tell the buyer so, e.g. with the PDF's courtesy copy (`invoic mail \(document.number)`)"))
            case .failed:
                diagnostics.append(.warning(notDelivered, "\(document.number): the mail of \(attempt.file) to the SdI failed on \(last.at.prefix(10)): \(last.detail ?? "no reason given")",
                                            file: document.file, range: range, help: "fix the mail settings, then `invoic sdi send \(document.number)`"))
            case .recorded:
                guard let since = Day(last.at.prefix(10)), since.days(until: today) >= 1 else { continue }
                diagnostics.append(.warning(notDelivered, "\(document.number): the mail of \(attempt.file) to the SdI on \(since) was interrupted before the SMTP server answered",
                                            file: document.file, range: range,
                                            help: "`invoic sdi receive` reads the SdI's receipt if it left; if none comes, `invoic sdi send \(document.number) --resend REASON`"))
            case .sent, .delivered, .expired, .attested, .accepted, .refused:
                continue
            }
        }
        return (diagnostics, sources)
    }

    /// Each document's current file at the SdI, by number: what the report and serve show.
    public static func states(book: Book, root: String) -> [String: SDIRecord.Attempt] {
        let outbox = SDIOutbox(root: root)
        var states: [String: SDIRecord.Attempt] = [:]
        for document in book.documents where document.kind.isBilling {
            if let attempt = (try? outbox.record(for: document))??.current { states[document.number] = attempt }
        }
        return states
    }

    /// A state as the report and serve print it: the state, and the last receipt's words.
    public static func summary(_ attempt: SDIRecord.Attempt) -> (state: String, detail: String) {
        (attempt.state.rawValue, "\(attempt.file), \(attempt.since ?? "")" + (attempt.history.last?.detail.map { ": " + $0 } ?? ""))
    }
}
