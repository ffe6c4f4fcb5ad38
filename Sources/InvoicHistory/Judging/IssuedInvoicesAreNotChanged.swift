import InvoicBook
import InvoicDiagnostics

/// An invoice committed with `sent` says forever what it said then: tax law (GoBD in Germany,
/// the French and Spanish numbering rules) wants a wrong invoice cancelled and corrected, never altered.
enum IssuedInvoicesAreNotChanged {
    static let rule = Rule(.issuedInvoiceChanged,
        summary: "an issued invoice was changed after it was sent",
        explanation: """
            Once an invoice is committed with its `sent` date it is issued, and what it says is part of the
            record: its client, dates, currency, locale, tax, discount, items, notes and the estimate it
            converts. A change made later is reported with the commit that made it (or as not committed
            yet), against the commit that issued the invoice. The comparison is of values, not text:
            `120` and `120.00`, indentation and comments are the same invoice; so is a rate moved from the
            line to the document. Changes to invoic.yaml or a client file that alter what an issued
            invoice shows (its currency, due date, rates, total) count too.

            Payments, a `void`, stated figures, `project` and `category` may be added or changed at any time.
            To correct an issued invoice, put it back as it was, void it (`invoic void INV-0007 --reason ...`)
            and issue a new one (`invoic new invoice --like INV-0007`).
            """,
        example: """
            # commit 1 "Send INV-0001": invoices/INV-0001.yaml
            client: acme
            issued: 2026-03-01
            sent: 2026-03-02
            items:
              - { description: Design, quantity: 2, price: 100.00 }
            # commit 2 "Fix the price": the same file
              - { description: Design, quantity: 2, price: 120.00 }
            """)

    static func changed(_ document: Document, _ difference: Difference, range: SourceRange?, issued: CommitInfo, blame: Blame,
                        totals: (String, String)?) -> Diagnostic {
        let name = "\(document.fixedName) \(document.number)"
        var notes = ["\(document.number) was issued in commit \(issued.citation)"]
        notes.append(blame.sentence(for: "changed"))
        if let totals, difference.key != "total" { notes.append("its total was \(totals.0) when issued and is \(totals.1) now") }
        let restore = difference.before.map { "put back \($0) (\(difference.label)), then " } ?? "put it back as issued, then "
        return .error(rule.code, difference.message(name), file: document.file, range: range,
                      label: difference.before.map { "issued as \($0)" } ?? "not on the issued \(document.kind.name)",
                      help: document.kind == .creditNote
                          ? "\(restore)write what changed as a new document: another credit note, or an invoice for what was credited too much"
                          : "\(restore)correct it with a credit note (`invoic credit \(document.number) --lines N`) and a new invoice for what"
                          + " replaces it (`invoic new invoice --like \(document.number)`), or void it (`invoic void \(document.number) --reason ...`)",
                      notes: notes)
    }
}

extension Difference {
    /// "the price of line 2 of issued invoice INV-0007 changed from 120.00 to 130.00"
    func message(_ name: String) -> String {
        switch shape {
        case .lineRemoved(let n): return "line \(n) of \(name) was removed: \(before ?? "")"
        case .lineAdded: return "a line was added to \(name): \(after ?? "")"
        case .value:
            switch (before, after) {
            case (let before?, let after?): return "the \(label) of \(name) changed from \(before) to \(after)"
            case (let before?, nil): return "the \(label) of \(name) (\(before)) was removed"
            case (nil, let after?): return "\(name) gained a \(label) (\(after))"
            case (nil, nil): return "the \(label) of \(name) changed"
            }
        }
    }
}

extension Blame {
    /// "changed in commit def5678 (2026-04-01, Bob)" or "the change is not committed yet".
    func sentence(for verb: String) -> String {
        guard let commit else { return "the change is not committed yet" }
        let through = file.map { $0.hasPrefix("invoices/") || $0.hasPrefix("estimates/") ? "" : ", through \($0)" } ?? ""
        return "\(verb) in commit \(commit.citation)\(through)"
    }
}

extension DiagnosticCode {
    public static let issuedInvoiceChanged = DiagnosticCode("issued-invoice-changed")
}
