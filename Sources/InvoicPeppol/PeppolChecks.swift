import Foundation
import InvoicBook
import InvoicDiagnostics

/// What `check` says of the outbox: a transmission that failed, or one the provider has had in
/// transit for days (an access point normally delivers within minutes). Both are warnings: the
/// book is right; the invoice has not reached the client.
public enum PeppolChecks {
    public static let notDelivered = DiagnosticCode("peppol-not-delivered")
    public static let cannotReceive = DiagnosticCode("peppol-cannot-receive")

    /// Days in transit before `check` says so.
    public static let transitDays = 3

    public static let rules = [
        Rule(notDelivered, .warning, summary: "a Peppol transmission failed, or has been in transit for days",
             explanation: """
                 `invoic peppol send` records every transmission in outbox/<year>/<number>/peppol.yaml, and \
                 `invoic peppol status` appends what the provider says since. An invoice whose last \
                 transmission failed (or that the provider refused) has not reached the client; one in \
                 transit for \(transitDays) days or more is probably stuck at the provider or the receiver's \
                 access point. Run `invoic peppol status NUMBER` to ask again; read the reason in the record; \
                 fix what it says (often the client's electronic_address) and send it again with \
                 `invoic peppol send NUMBER --resend REASON`, or by another way.
                 """,
             example: """
                 # file: outbox/2026/INV-0001/peppol.yaml
                 number: INV-0001
                 attempts:
                   - key: 5b0c...
                     provider: e-invoice.be
                     ...
                     history:
                       - at: 2026-11-20T09:00:00Z
                         state: recorded
                       - at: 2026-11-20T09:00:02Z
                         state: failed
                         detail: receiver not found in the SML
                 """),
        Rule(cannotReceive, .warning, summary: "`check --online`: a client's electronic_address cannot receive Peppol invoices",
             explanation: """
                 With --online, `check` asks the Peppol network (the SML's DNS, then the participant's SMP, as \
                 `invoic peppol lookup` does) about every client with an electronic_address in a book with \
                 `peppol:`: one that is not registered, or is registered without the Peppol BIS invoice, \
                 cannot receive what `invoic peppol send` sends; one the network could not be asked about is \
                 said too. Check the id with the client (a Belgian company is 0208 and its enterprise number), \
                 or send that client's invoices another way.
                 """,
             example: """
                 # file: invoic.yaml
                 business: { name: Studio }
                 peppol: { provider: e-invoice.be }
                 # file: clients/atelier.yaml
                 name: Atelier
                 electronic_address: "0208:0123456749"   # not registered in the SML
                 """),
    ]

    /// The warnings of the outbox of the book at `root`, and the records' text for their excerpts.
    public static func diagnostics(root: String, today: Day) -> (diagnostics: [Diagnostic], sources: [String: SourceFile]) {
        var diagnostics: [Diagnostic] = []
        var sources: [String: SourceFile] = [:]
        for (path, result) in Outbox(root: root).allRecords() {
            let text = FileManager.default.contents(atPath: BookLoader.join(root, path)).map { String(decoding: $0, as: UTF8.self) } ?? ""
            switch result {
            case .failure(let error):
                sources[path] = SourceFile(path: path, text: text)
                // Never "delivered": what cannot be read may be in transit.
                let number = path.split(separator: "/").dropLast().last.map(String.init) ?? "NUMBER"
                diagnostics.append(.warning(notDelivered, "the outbox record cannot be read, so its invoice may be in transit or not sent at all: \(error.message)", file: path,
                                            range: SourceRange(line: 1, column: 1),
                                            help: "`git log -p -- \(path)` shows whether git has a readable version; if not, ask the provider, then `invoic peppol send \(number) --resend REASON` keeps this record beside a new one"))
            case .success(let record):
                guard let attempt = record.current, let last = attempt.history.last else { continue }
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                let line = (lines.lastIndex { $0.trimmingCharacters(in: .whitespaces).hasPrefix("state: \(last.state.rawValue)") } ?? 0) + 1
                let range = SourceRange(line: line, column: (lines[safe: line - 1]?.prefix { $0 == " " }.count ?? 0) + 1, length: "state: \(last.state.rawValue)".count)
                switch last.state {
                case .failed, .refused:
                    sources[path] = SourceFile(path: path, text: text)
                    let what = last.state == .failed ? "the Peppol transmission of \(record.number) failed" : "\(attempt.provider) refused to take \(record.number)"
                    diagnostics.append(.warning(notDelivered, "\(what) on \(last.at.prefix(10)): \(last.detail ?? "no reason given")", file: path, range: range,
                                                help: "fix what the reason says, then `invoic peppol send \(record.number) --resend \"...\"`, or send it another way"))
                case .transit:
                    guard let since = Day(last.at.prefix(10)), since.days(until: today) >= transitDays else { continue }
                    sources[path] = SourceFile(path: path, text: text)
                    diagnostics.append(.warning(notDelivered, "\(record.number) has been in transit at \(attempt.provider) since \(since) (\(since.days(until: today)) days)", file: path, range: range,
                                                help: "ask again with `invoic peppol status \(record.number)`; if it stays, ask \(attempt.provider) (its id: \(attempt.providerID ?? "none"))"))
                case .recorded, .created, .requested:
                    guard let since = Day(last.at.prefix(10)), since.days(until: today) >= 1 else { continue }
                    sources[path] = SourceFile(path: path, text: text)
                    diagnostics.append(.warning(notDelivered, "the Peppol send of \(record.number) on \(since) was interrupted before \(attempt.provider) answered", file: path, range: range,
                                                help: "`invoic peppol send \(record.number)` asks \(attempt.provider) what became of it before sending anything"))
                case .delivered:
                    continue
                }
            }
        }
        return (diagnostics, sources)
    }

    /// `check --online`: each client with an electronic_address, asked of the Peppol network.
    public static func onlineDiagnostics(book: Book, sources: [String: SourceFile], lookup: PeppolLookup) -> [Diagnostic] {
        guard book.settings.peppol != nil else { return [] }
        var diagnostics: [Diagnostic] = []
        for client in book.clients.values.sorted(by: { $0.id < $1.id }) {
            guard let address = client.contact.electronicAddress, let participant = Participant(address) else { continue }
            let text = sources[client.file]?.text ?? ""
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (lines.firstIndex { $0.hasPrefix("electronic_address:") } ?? 0) + 1
            let range = SourceRange(line: line, column: 1, length: "electronic_address".count)
            let problem: String?
            do {
                let answer = try lookup.lookUp(participant)
                problem = answer.invoice == nil ? "\(participant) is registered in Peppol but does not receive Peppol BIS invoices (its SMP lists \(answer.documentTypes.count) other document types)" : nil
            } catch {
                problem = error.isRefusal ? "\(participant) is not registered in the Peppol SML: this client cannot receive Peppol invoices"
                    : "could not ask the Peppol network whether \(participant) receives invoices: \(error.message)"
            }
            if let problem {
                diagnostics.append(.warning(cannotReceive, problem, file: client.file, range: range,
                                            help: "check the id with the client (`invoic peppol lookup \(participant)`), or send its invoices another way"))
            }
        }
        return diagnostics
    }

    /// The outbox records that cannot be read, by path: each a document that may be in transit.
    public static func unreadable(root: String) -> [(path: String, error: PeppolError)] {
        Outbox(root: root).allRecords().compactMap { path, result in
            if case .failure(let error) = result { (path, error) } else { nil }
        }
    }

    /// The state of each document's current transmission, by number: what the report and serve show.
    public static func states(root: String) -> [String: OutboxRecord.Attempt] {
        var states: [String: OutboxRecord.Attempt] = [:]
        for (_, result) in Outbox(root: root).allRecords() {
            if case .success(let record) = result, let attempt = record.current { states[record.number] = attempt }
        }
        return states
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
