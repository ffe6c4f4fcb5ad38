import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicXMLSchema

/// What `check` says of the statuses kept in the outbox: the latest one asks the seller to act
/// (refusée, en litige, rejetée ...), a status came out of the life cycle's order or after the
/// invoice was voided or cancelled, or a kept message cannot be read back.
public enum LifeCycleChecks {
    public static let status = DiagnosticCode("fr-status")
    public static let order = DiagnosticCode("fr-status-order")
    public static let unsent = DiagnosticCode("fr-status-unsent")

    public static let rules = [
        Rule(status, .warning, summary: "the latest French life-cycle status of an invoice asks the seller to act",
             explanation: """
                 `invoic receive` kept a CDAR status message (XP Z12-012) about the invoice in \
                 outbox/<year>/<number>/cdar/, and the latest one says the buyer refused it (210 Refusée), disputes \
                 it (207 En litige), holds it (208 Suspendue), approved only part of it (206), or that a platform \
                 rejected it or could not route it (213, 221, 501). The message names the motif (MDT-113) and the \
                 action asked (MDT-121): a refused or rejected invoice counts as never issued, so issue a credit note \
                 and a corrected invoice; a dispute is settled with the buyer. A kept message invoic can no longer \
                 read is reported here too.
                 """,
             example: """
                 # file: outbox/2026/F2026-002/cdar/004-207.xml
                 <ram:ProcessConditionCode>207</ram:ProcessConditionCode>
                 <ram:ReasonCode>TX_TVA_ERR</ram:ReasonCode>
                 <ram:Reason>Taux de TVA erroné</ram:Reason>
                 """),
        Rule(order, .warning, summary: "a French life-cycle status came out of order, or after the invoice was voided or cancelled",
             explanation: """
                 The statuses of an invoice follow one another (XP Z12-012): déposée, reçue, mise à disposition, \
                 prise en charge, the buyer's decision, paiement transmis, encaissée. A status of an earlier step \
                 after one of a later step, any status after a final one (refusée, rejetée, annulée, irrecevable), \
                 and a status set after the day the book voided the invoice mean the platform and the book \
                 disagree: ask the platform, and check the invoice's `void:`.
                 """,
             example: """
                 # outbox/2026/F2026-002/cdar/001-205.xml  205 Approuvée
                 # outbox/2026/F2026-002/cdar/002-202.xml  202 Reçue par la plateforme
                 """),
        Rule(unsent, .warning, summary: "a payment of a French service invoice is not reported to the platform yet (212 Encaissée)",
             explanation: """
                 A French seller of services pays the VAT when paid (CGI art. 269-2-c) unless it opted for VAT on \
                 debits (`vat_on_debits: true`), and tells the administration of every payment received on an \
                 e-invoice through its approved platform: the status 212 Encaissée, with the amount and its VAT rate \
                 (XP Z12-012, BR-FR-CDV-14). The obligation is the seller's whether or not the book has a \
                 `platform:`. `invoic pa send` deposits every one not sent yet and keeps it in \
                 outbox/<year>/<number>/cdar/, after which this warning goes; `invoic cdar` writes the files for a \
                 platform invoic does not speak to. A consumer's payment is e-reported (Flux 10) instead.
                 """,
             example: """
                 # file: invoices/F2026-001.yaml
                 payments:
                   - date: 2026-10-20
                     amount: 1200.00
                 """),
    ]

    /// The CDAR D22B schema of resources/schemas/fr-cdar, loaded once; nil where the schemas are
    /// not installed (then the messages are not validated).
    static let schema: XMLSchema? = SchemaFolder.file("fr-cdar/CrossDomainAcknowledgementAndResponse_100pD22B.xsd").flatMap { try? XMLSchema(path: $0) }

    public static func diagnostics(book: Book, root: String) -> (diagnostics: [Diagnostic], sources: [String: SourceFile]) {
        var diagnostics: [Diagnostic] = []
        for document in book.documents where document.kind.isBilling {
            let (statuses, unreadable) = LifeCycle.kept(for: document, root: root)
            let range = document.sent?.range ?? document.issued.range
            for (path, error) in unreadable {
                diagnostics.append(.warning(status, "\(document.number): the life-cycle message \(path) cannot be read: \(error)",
                                            file: document.file, range: range, help: "`git log -p -- \(path)` shows what was kept; \(error.help)"))
            }
            var latestStep = 0, latestName = ""
            var final: LifeCycleStatus?
            for kept in statuses {
                let current = kept.status
                if let violation = schema?.validate(kept.bytes).first {
                    diagnostics.append(.warning(status, "\(document.number): the life-cycle message \(kept.path) does not follow the CDAR D22B schema (\(violation))",
                                                file: document.file, range: range,
                                                help: "what it says was read all the same; ask the platform for a message its standard's schema accepts"))
                }
                if let final {
                    diagnostics.append(.warning(order, "\(document.number): the platform sent \(current.code) \(current.name) (\(kept.path)) after \(final.code) \(final.name), which ends the invoice's life cycle",
                                                file: document.file, range: range, help: "ask the platform which status holds"))
                } else if let step = current.step, step < latestStep {
                    diagnostics.append(.warning(order, "\(document.number): \(current.code) \(current.name) (\(kept.path)) came after \(latestName), a later step of the life cycle",
                                                file: document.file, range: range, help: "ask the platform which status holds"))
                }
                if let step = current.step, step >= latestStep { latestStep = step; latestName = "\(current.code) \(current.name)" }
                if current.isFinal { final = current }
                if let void = document.void, let day = day(of: kept.reference.date), day > void.date.value {
                    diagnostics.append(.warning(order, "\(document.number): \(current.code) \(current.name) was set on \(day), after the book voided the invoice on \(void.date.value)",
                                                file: document.file, range: void.range, help: "the platform still counts the invoice: issue a credit note through it, or check `void:`"))
                }
            }
            if let latest = statuses.last, latest.status.asksTheSeller {
                let reasons = latest.reference.reasons.map { reason in
                    [reason.code, reason.text?.trimmingCharacters(in: .whitespaces)].compactMap { $0 }.joined(separator: " ")
                        + (reason.action.map { " (action: \($0))" } ?? "")
                }.joined(separator: "; ")
                diagnostics.append(.warning(status, "\(document.number): \(latest.status.code) \(latest.status.name)\(reasons.isEmpty ? "" : ", motif: \(reasons)") (\(latest.path))",
                                            file: document.file, range: range,
                                            help: latest.status.code == 207 || latest.status.code == 206 || latest.status.code == 208
                                                ? "settle it with the buyer; a corrected invoice goes with a credit note of this one"
                                                : "the invoice counts as not issued: issue a credit note of it and a corrected invoice"))
            }
        }
        return (diagnostics, [:])
    }

    /// The seller's own 212 Encaissée still owed (`SellerStatuses.pending`, of an e-invoice), one
    /// warning at each payment. The obligation is the seller's whatever platform it uses, so this
    /// holds with or without the book's `platform:` (docs/france.md).
    public static func unsentStatuses(book: Book, root: String) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for pending in SellerStatuses.pending(book: book, root: root) where SellerStatuses.isAboutEInvoice(pending, in: book) {
            guard let document = book.document(pending.number), pending.position <= document.payments.count else { continue }
            let payment = document.payments[pending.position - 1]
            diagnostics.append(.warning(unsent, "\(document.number): the payment of \(payment.date.value) is not reported to the platform yet (212 Encaissée, \(pending.id))",
                                        file: document.file, range: payment.date.range,
                                        help: "`invoic pa send` deposits it; through another platform, send what `invoic cdar` writes (\(pending.fileName))"))
        }
        return diagnostics
    }

    /// Each document's latest status, by number: what the report and the web app show.
    public static func latest(book: Book, root: String) -> [String: LifeCycle.Kept] {
        var latest: [String: LifeCycle.Kept] = [:]
        for document in book.documents where document.kind.isBilling {
            if let last = LifeCycle.kept(for: document, root: root).statuses.last { latest[document.number] = last }
        }
        return latest
    }

    /// A status as the report and serve print it: "212 Encaissée", and its date and motif.
    public static func summary(_ kept: LifeCycle.Kept) -> (state: String, since: String, detail: String) {
        let since = day(of: kept.reference.date)?.description ?? ""
        let motif = kept.reference.reasons.map { [$0.code, $0.text?.trimmingCharacters(in: .whitespaces)].compactMap { $0 }.joined(separator: " ") }.joined(separator: "; ")
        return ("\(kept.status.code) \(kept.status.name)", since, motif)
    }

    /// `20250701151000` (format 204) or `20250701` as its day.
    static func day(of stamp: String) -> Day? { stamp.count >= 8 ? CDARReader.day(String(stamp.prefix(8))) : nil }
}
