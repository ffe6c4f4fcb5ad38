import InvoicDiagnostics
import InvoicMoney

/// The French e-invoicing rules (BR-FR Flux 2, FNFE-MPE schematron 1.4.0.03) that a book can break,
/// reported at the YAML line instead of as a rejection by the platform: for a book whose business
/// is in France or names its SIREN. The exports then pass the official schematron (FrenchCTCTests).
enum FrenchInvoicesFollowBRFR: BookCheck {
    static let rule = Rule(.brFR, summary: "a French invoice breaks a BR-FR rule of the French e-invoicing reform",
        explanation: """
        From September 2026 French invoices between businesses go through an approved platform, which \
        rejects what the BR-FR rules forbid: a business without its SIREN (`siren:` in invoic.yaml, \
        BR-FR-10), an invoice number longer than 35 characters or with characters other than letters, \
        digits and + - _ / (BR-FR-01, BR-FR-02), a VAT rate France does not have (BR-FR-16: 20, 10, \
        5.5, 2.1, 0, and the overseas rates 8.5, 1.75, 1.05, ...), a category L or M (BR-FR-15), a \
        client with neither an electronic address nor an e-mail (BR-FR-12: the buyer's BT-49), an \
        invoice in another currency than the euro without its VAT in euros (`tax_currency:`, BR-FR-CO-12).
        """,
        example: """
        # file: invoices/FACTURE 2026 N°7.yaml
        tax: 19   <- not a French rate; and the number has spaces and °
        """)

    /// BR-FR-16's list, as the schematron's `custom:is-valid-vat-rate` holds it.
    static let rates: Set<String> = ["0", "10", "13", "20", "8.5", "19.6", "2.1", "5.5", "7", "20.6", "1.05", "0.9", "1.75", "9.2", "9.6"]

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        if let profile = book.settings.einvoiceProfile, profile.value == .extendedCTCFR, !book.settings.isFrench {
            // AFNOR's identifier in BT-24 means nothing to a receiver outside the French platforms.
            diagnostics.append(.warning(rule.code, "einvoice_profile: extended-ctc-fr is the French profile, and the business is not in France",
                                        file: BookSettings.fileName, range: profile.range,
                                        help: "remove it, or give the business its French address (country: FR) and `siren:`"))
        }
        guard book.settings.isFrench else { return }
        if book.settings.business.siren == nil {
            diagnostics.append(.error(rule.code, "a French business names its SIREN on every invoice (BR-FR-10)", file: BookSettings.fileName, range: nil,
                                      help: "add `siren: 123 456 782` (your 9 digits) under `business:` in invoic.yaml"))
        }
        for document in book.documents where document.kind.isBilling {
            let place = document.numberKey?.range ?? document.issued.range
            if document.number.count > 35 {
                diagnostics.append(.error(rule.code, "\(document.kind.name) number \(document.number) has \(document.number.count) characters, more than the 35 of BR-FR-01",
                                          file: document.file, range: place, help: "use a shorter number pattern under `numbering:`"))
            } else if !document.number.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-_/".contains($0)) }) {
                diagnostics.append(.error(rule.code, "\(document.kind.name) number \(document.number) has a character BR-FR-02 forbids",
                                          file: document.file, range: place, help: "keep to letters, digits and + - _ /"))
            }
            let client = book.clients[document.client.value]
            // The mandate's scope: an e-invoice goes through a platform to a French business (one
            // with a SIREN); a consumer's or a foreign buyer's invoice is e-reported, not e-invoiced.
            if let client, client.contact.siren != nil, client.contact.electronicAddress == nil, client.contact.email == nil {
                diagnostics.append(.error(rule.code, "\(document.kind.name) \(document.number): the client \(document.client.value) has no electronic address, which every French e-invoice names (BR-FR-12, BT-49)",
                                          file: client.file, range: nil,
                                          help: "add `electronic_address: \"0225:<its SIREN>\"` for a French business, else its `email:` (written as scheme EM)"))
            }
            guard let figures = document.figures else { continue }
            if figures.currency.code != "EUR", document.taxCurrency?.value.currency.code != "EUR" {
                diagnostics.append(.error(rule.code, "\(document.kind.name) \(document.number) is in \(figures.currency.code): a French invoice in another currency states its VAT in euros too (BR-FR-CO-12)",
                                          file: document.file, range: document.issued.range,
                                          help: "add `tax_currency: { code: EUR, rate: <euros per \(figures.currency.code) that day> }` to the document"))
            }
            for group in figures.breakdown.groups {
                let facts = TaxFacts(book, document)
                let where_: (file: String, range: SourceRange?) = facts?.place(of: group.category) ?? (document.file, nil)
                if group.category == .canaryIslands || group.category == .ceutaMelilla {
                    diagnostics.append(.error(rule.code, "\(document.kind.name) \(document.number): tax category \(group.category.rawValue) does not apply in France (BR-FR-15)",
                                              file: where_.file, range: where_.range, help: "use a French rate or exemption"))
                } else if !rates.contains(group.rate.percentText) {
                    diagnostics.append(.error(rule.code, "\(document.kind.name) \(document.number): \(group.rate.percentText) % is not a French VAT rate (BR-FR-16)",
                                              file: where_.file, range: where_.range, help: "use 20, 10, 5.5 or 2.1 (overseas: 8.5, 1.75, 1.05)"))
                }
            }
        }
    }
}

extension DiagnosticCode {
    public static let brFR = DiagnosticCode("br-fr")
}

extension Rate {
    /// The percentage as the schematrons compare it: `20`, `5.5`, `2.1`.
    var percentText: String { String(description.dropLast()) }
}
