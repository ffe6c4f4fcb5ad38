import InvoicDiagnostics
import InvoicMoney

// What each e-invoice format asks of an invoice or credit note before any XML is written: the
// EN 16931 rules a receiver's validator applies to every format, XRechnung's BR-DE rules and
// Peppol's PEPPOL-EN16931 rules (from their published texts). Each requirement names its rule
// id and says which key to add where; a missing field of the business or the client is reported
// at the `einvoice:` that asked for the format.

/// One document that is to become an e-invoice, with what the requirements read.
struct EInvoiceFacts {
    let book: Book
    let document: Document
    let figures: Figures
    let formats: Set<EInvoiceFormat>
    let setting: (file: String, range: SourceRange)

    var client: Client? { book.clients[document.client.value] }
    var seller: Contact { book.settings.business }
    var buyer: Contact? { client?.contact }
    var categories: Set<TaxCategory> { Set(figures.breakdown.groups.map(\.category)) }
    var isXRechnung: Bool { formats.contains { $0.isXRechnung } }
    var isPeppol: Bool { formats.contains(.peppol) }
    var clientFile: String { client?.file ?? "clients/\(document.client.value).yaml" }
    var formatNames: String { formats.sorted().map(\.rawValue).joined(separator: ", ") }
}

struct EInvoiceRequirement: Sendable {
    let rule: Rule
    /// The problem, if `facts` break the rule: what is missing, and where to add it.
    let problem: @Sendable (EInvoiceFacts) -> (message: String, help: String)?
}

enum EInvoicesCarryWhatTheirFormatsNeed: BookCheck {
    static let rule = Rule(.einvoiceDecimals, summary: "an e-invoice in a currency with more than 2 decimals",
        explanation: "EN 16931 writes every amount with at most 2 decimals (BR-DEC rules): a document in KWD, BHD, OMR, JOD, TND, LYD or IQD cannot be an e-invoice. Invoice it in another currency, or leave it out of `einvoice:`.",
        example: "# file: clients/kuwait.yaml\ncurrency: KWD\neinvoice: [ubl]   <- KWD has 3 decimals")

    /// The first requirement's rule is `rule`, the one `BookChecker` lists; the others join
    /// `Rule.all` through `rules`.
    static let en16931Requirements: [EInvoiceRequirement] = [
        EInvoiceRequirement(rule: rule) { facts in
            guard facts.figures.currency.exponent > 2 else { return nil }
            return ("it is in \(facts.figures.currency.code), which has \(facts.figures.currency.exponent) decimals; an e-invoice has at most 2",
                    "invoice in a currency with 2 decimals, or take this client out of `einvoice:`")
        },
        sellerTaxID(.brS02, .standard, "a standard-rated"),
        sellerTaxID(.brZ02, .zero, "a zero-rated"),
        sellerTaxID(.brE02, .exempt, "an exempt"),
        EInvoiceRequirement(rule: Rule(.brCO26, summary: "an e-invoice does not identify the seller",
            explanation: "A receiver identifies the seller by its VAT number (`tax_id` with a country prefix) or its legal registration (`legal_id`) in invoic.yaml (BR-CO-26). An invoice outside the scope of VAT carries no VAT number at all (BR-O-02), so it needs `legal_id`.",
            example: "business: { name: Atelier }   <- no tax_id, no legal_id")) { facts in
            let outside = facts.categories.contains(.outsideScope)
            guard facts.seller.legalID == nil, facts.seller.siren == nil, outside || TaxFacts.vatID(of: facts.seller) == nil else { return nil }
            return (outside ? "an e-invoice outside the scope of VAT names no seller VAT number, so it needs the seller's legal registration"
                            : "the e-invoice does not identify the seller: no VAT number with a country prefix, no legal registration",
                    "set `legal_id:` (e.g. \"0208:0123456749\", a company registration) or `tax_id:` under `business:` in invoic.yaml")
        },
        country(.br09, seller: true),
        country(.br11, seller: false),
        xrechnung(.brDE1, "payment instructions", "the e-invoice says how to pay (BG-16): it needs an account or a payment means") { facts in
            facts.figures.paymentMeans != nil ? nil
                : "set `account:` (your IBAN) under `payment:` in invoic.yaml, or `payment_means:`"
        },
        xrechnung(.brDE3, "the seller's city", "XRechnung needs the seller's city (BT-37)") { facts in
            facts.seller.address?.city?.isEmpty ?? true ? "write the address as a mapping with `city:` under `business:` in invoic.yaml" : nil
        },
        xrechnung(.brDE4, "the seller's postal code", "XRechnung needs the seller's postal code (BT-38)") { facts in
            facts.seller.address?.postalCode?.isEmpty ?? true ? "write the address as a mapping with `postal_code:` under `business:` in invoic.yaml" : nil
        },
        xrechnung(.brDE5, "a seller contact name", "XRechnung needs the name of the seller's contact (BT-41)") { facts in
            facts.seller.contactPoint?.name == nil ? "add `contact: {name: ..., phone: ..., email: ...}` under `business:` in invoic.yaml" : nil
        },
        xrechnung(.brDE6, "a seller contact phone", "XRechnung needs the seller contact's phone (BT-42)") { facts in
            (facts.seller.contactPoint?.phone ?? facts.seller.phone) == nil ? "add `phone:` under `business:` (or its `contact:`) in invoic.yaml" : nil
        },
        xrechnung(.brDE7, "a seller contact e-mail", "XRechnung needs the seller contact's e-mail (BT-43)") { facts in
            (facts.seller.contactPoint?.email ?? facts.seller.email) == nil ? "add `email:` under `business:` (or its `contact:`) in invoic.yaml" : nil
        },
        xrechnung(.brDE8, "the buyer's city", "XRechnung needs the buyer's city (BT-52)") { facts in
            facts.buyer?.address?.city?.isEmpty ?? true ? "write the address as a mapping with `city:` in \(facts.clientFile)" : nil
        },
        xrechnung(.brDE9, "the buyer's postal code", "XRechnung needs the buyer's postal code (BT-53)") { facts in
            facts.buyer?.address?.postalCode?.isEmpty ?? true ? "write the address as a mapping with `postal_code:` in \(facts.clientFile)" : nil
        },
        xrechnung(.brDE15, "the buyer reference", "XRechnung needs the buyer reference (BT-10), for a public buyer its Leitweg-ID") { facts in
            guard (facts.document.buyerReference ?? facts.client?.buyerReference) == nil else { return nil }
            // A public buyer is addressed by its Leitweg-ID (electronic address scheme 0204); any
            // other buyer gives a reference of its own (an order or cost-centre number, a name).
            let isPublic = facts.client?.contact.electronicAddress?.hasPrefix("0204:") ?? false
            return isPublic
                ? "set `buyer_reference:` to the buyer's Leitweg-ID (e.g. 04011000-12345-03) in \(facts.clientFile) or on the document"
                : "set `buyer_reference:` in \(facts.clientFile) or on the document: the reference the buyer asks you to quote (an order or cost-centre number, or the name of the person who ordered); a public buyer's is its Leitweg-ID"
        },
        xrechnung(.brDE16, "the seller's VAT or tax number", "XRechnung needs the seller's VAT number or tax number for this VAT category (BT-31, BT-32)") { facts in
            let taxed: Set<TaxCategory> = [.standard, .zero, .exempt, .reverseCharge, .intraCommunity, .export, .canaryIslands, .ceutaMelilla]
            guard !facts.categories.isDisjoint(with: taxed) else { return nil }
            return facts.seller.taxID == nil && facts.seller.taxNumber == nil ? "set `tax_id:` or `tax_number:` under `business:` in invoic.yaml" : nil
        },
        EInvoiceRequirement(rule: Rule(.einvoiceElectronicAddress, summary: "an XRechnung or Peppol invoice lacks an electronic address",
            explanation: "XRechnung 3.0 and Peppol deliver to an electronic address: both the seller's (`electronic_address:` under `business:`, BT-34) and the buyer's (in the client's file, BT-49), as `scheme:id` (Peppol R010, R020).",
            example: "# file: clients/stadt.yaml   (no electronic_address)\neinvoice: [xrechnung]")) { facts in
            guard facts.isXRechnung || facts.isPeppol else { return nil }
            if facts.seller.electronicAddress == nil {
                return ("\(facts.formatNames) needs the seller's electronic address (BT-34)",
                        "set `electronic_address:` (e.g. \"0204:991-12345-67\" or \"0208:0123456749\") under `business:` in invoic.yaml")
            }
            if facts.buyer?.electronicAddress == nil {
                return ("\(facts.formatNames) needs the buyer's electronic address (BT-49)",
                        "set `electronic_address:` (for a German public buyer its Leitweg-ID: \"0204:04011000-12345-03\") in \(facts.clientFile)")
            }
            return nil
        },
        EInvoiceRequirement(rule: Rule(.peppolCL008, summary: "a Peppol invoice names an electronic address under a scheme Peppol does not deliver to",
            explanation: "Peppol delivers only to the participant schemes of its own EAS list (PEPPOL-EN16931-CL008): the numeric codes (0208, 0088, 9930, 0204, ...). The letter codes of the CEF EAS list (EM e-mail, AN, AQ, AS, AU) are valid in EN 16931 but not on the Peppol network, so a Peppol invoice to or from such an address is refused.",
            example: "# file: clients/acme.yaml\nelectronic_address: \"EM:ap@acme.example\"\neinvoice: [peppol]")) { facts in
            guard facts.isPeppol else { return nil }
            for (whose, address, file) in [("seller's (BT-34)", facts.seller.electronicAddress, "under `business:` in invoic.yaml"),
                                           ("buyer's (BT-49)", facts.buyer?.electronicAddress, "in \(facts.clientFile)")] {
                guard let address, let scheme = Identifiers.electronicAddressScheme(address),
                      !Identifiers.isPeppolScheme(scheme) else { continue }
                return ("the \(whose) electronic address is under scheme \(scheme), which Peppol does not deliver to",
                        "set `electronic_address:` \(file) to a Peppol participant id (e.g. \"0208:0123456749\" or \"9930:DE136695976\")")
            }
            return nil
        },
        EInvoiceRequirement(rule: Rule(.peppolR003, summary: "a Peppol invoice has neither a buyer reference nor an order reference",
            explanation: "Peppol BIS asks for the buyer reference (`buyer_reference:`, BT-10) or the purchase order (`order:`, BT-13) on every invoice, so the buyer can route it (PEPPOL-EN16931-R003).",
            example: "# file: invoices/INV-0001.yaml   (no buyer_reference, no order)\n# file: clients/acme.yaml\neinvoice: [peppol]")) { facts in
            guard facts.isPeppol, facts.document.buyerReference == nil, facts.client?.buyerReference == nil, facts.document.order == nil else { return nil }
            return ("a Peppol invoice needs the buyer's reference or order number",
                    "set `buyer_reference:` in \(facts.clientFile), or `order:` on the document")
        },
        EInvoiceRequirement(rule: Rule(.brDE30, summary: "an XRechnung direct debit lacks the creditor id or the debited account",
            explanation: "An XRechnung collected by direct debit names your SEPA creditor id (`creditor_id:` under `payment:`, BT-90, BR-DE-30) and the client's account (`iban:` in the client's file, BT-91, BR-DE-31).",
            example: "payment_means: 59   <- and no payment.creditor_id")) { facts in
            guard facts.isXRechnung, facts.figures.paymentMeans?.isDirectDebit == true,
                  facts.book.settings.payment.creditorID == nil || facts.client?.iban == nil else { return nil }
            return ("an XRechnung direct debit needs your creditor id and the client's IBAN",
                    "set `creditor_id:` under `payment:` in invoic.yaml and `iban:` in \(facts.clientFile)")
        },
    ]

    static let requirements = en16931Requirements + fa3Requirements

    static var rules: [Rule] { requirements.map(\.rule) }

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for document in book.documents where document.kind.isBilling {
            let formats = book.einvoiceFormats(for: document)
            guard !formats.isEmpty, let setting = book.einvoiceSetting(for: document) else { continue }
            diagnostics += problems(of: document, in: book, as: formats, setting: setting)
        }
    }

    /// What `document` lacks to be written in `formats`; reported at `setting` (where the formats
    /// were chosen), or at the document for `invoic export`, which chooses them on its command line.
    static func problems(of document: Document, in book: Book, as formats: [EInvoiceFormat],
                                setting: (file: String, range: SourceRange)? = nil) -> [Diagnostic] {
        guard let figures = document.figures else { return [] }
        let place = setting ?? (document.file, document.client.range)
        // FatturaPA is no EN 16931 format: its own requirements, at the lines that break them.
        let italian = formats.contains(.fatturapa) ? FatturaPARequirements.problems(of: document, in: book, setting: place) : []
        let others = formats.filter { $0 != .fatturapa }
        guard !others.isEmpty else { return italian }
        let facts = EInvoiceFacts(book: book, document: document, figures: figures, formats: Set(others), setting: place)
        // EN 16931 rules bind its syntaxes; Poland FA(3) alone is judged by its own.
        let judged = others.contains { $0 != .fa3 } ? requirements : fa3Requirements
        return italian + judged.compactMap { requirement in
            requirement.problem(facts).map { problem in
                .error(requirement.rule.code, "\(document.number): \(problem.message)", file: place.file, range: place.range,
                       label: setting == nil ? nil : "\(facts.formatNames) chosen here", help: problem.help)
            }
        }
    }

    /// BR-S-02, BR-Z-02, BR-E-02: a group of `category` needs the seller's VAT number or tax registration.
    private static func sellerTaxID(_ code: DiagnosticCode, _ category: TaxCategory, _ word: String) -> EInvoiceRequirement {
        EInvoiceRequirement(rule: Rule(code, summary: "\(word) e-invoice names neither the seller's VAT number nor its tax number",
            explanation: "An e-invoice with \(word.split(separator: " ").last!) lines names the seller's VAT number (`tax_id:`, BT-31) or tax registration (`tax_number:`, BT-32) under `business:` in invoic.yaml (\(code.name)).",
            example: "business: { name: Atelier }   <- no tax_id, no tax_number\neinvoice: [ubl]")) { facts in
            guard facts.categories.contains(category), facts.seller.taxID == nil, facts.seller.taxNumber == nil else { return nil }
            return ("\(word) e-invoice needs the seller's VAT number or tax number", "set `tax_id:` or `tax_number:` under `business:` in invoic.yaml")
        }
    }

    /// BR-09, BR-11: the seller's and the buyer's country.
    private static func country(_ code: DiagnosticCode, seller: Bool) -> EInvoiceRequirement {
        let party = seller ? "seller" : "buyer"
        return EInvoiceRequirement(rule: Rule(code, summary: "an e-invoice does not name the \(party)'s country",
            explanation: "Every e-invoice names the \(party)'s country as an ISO 3166-1 code (\(seller ? "BT-40" : "BT-55"), \(code.name)): `country:` in the address \(seller ? "under `business:` in invoic.yaml" : "of the client's file").",
            example: seller ? "business:\n  address: Neubaugasse 24, 1070 Wien   <- no country" : "# file: clients/acme.yaml\naddress: Keizersgracht 1, Amsterdam   <- no country")) { facts in
            let address = seller ? facts.seller.address : facts.buyer?.address
            guard address?.country?.count != 2 else { return nil }
            return ("the e-invoice needs the \(party)'s country",
                    "write the address as a mapping with `country:` (e.g. DE) " + (seller ? "under `business:` in invoic.yaml" : "in \(facts.clientFile)"))
        }
    }

    /// An XRechnung requirement (BR-DE-n): `hint` says what to add when the facts break it.
    private static func xrechnung(_ code: DiagnosticCode, _ what: String, _ explanation: String,
                                  hint: @escaping @Sendable (EInvoiceFacts) -> String?) -> EInvoiceRequirement {
        EInvoiceRequirement(rule: Rule(code, summary: "an XRechnung lacks \(what)", explanation: "\(explanation) (\(code.name)).",
            example: "# file: clients/stadt.yaml\neinvoice: [xrechnung]   <- and no \(what)")) { facts in
            guard facts.isXRechnung, let help = hint(facts) else { return nil }
            return ("XRechnung needs \(what)", help)
        }
    }
}

extension Book {
    /// What `document` lacks to be written as `formats` (`invoic export` chooses them on its
    /// command line, whatever the book's `einvoice:` says): reported at the document.
    public func einvoiceProblems(of document: Document, as formats: [EInvoiceFormat]) -> [Diagnostic] {
        EInvoicesCarryWhatTheirFormatsNeed.problems(of: document, in: self, as: formats)
    }
}

extension DiagnosticCode {
    public static let einvoiceDecimals = DiagnosticCode("einvoice-decimals")
    public static let einvoiceElectronicAddress = DiagnosticCode("einvoice-electronic-address")
    public static let brS02 = DiagnosticCode("BR-S-02")
    public static let brZ02 = DiagnosticCode("BR-Z-02")
    public static let brE02 = DiagnosticCode("BR-E-02")
    public static let brCO26 = DiagnosticCode("BR-CO-26")
    public static let br09 = DiagnosticCode("BR-09")
    public static let br11 = DiagnosticCode("BR-11")
    public static let brDE1 = DiagnosticCode("BR-DE-1")
    public static let brDE3 = DiagnosticCode("BR-DE-3")
    public static let brDE4 = DiagnosticCode("BR-DE-4")
    public static let brDE5 = DiagnosticCode("BR-DE-5")
    public static let brDE6 = DiagnosticCode("BR-DE-6")
    public static let brDE7 = DiagnosticCode("BR-DE-7")
    public static let brDE8 = DiagnosticCode("BR-DE-8")
    public static let brDE9 = DiagnosticCode("BR-DE-9")
    public static let brDE15 = DiagnosticCode("BR-DE-15")
    public static let brDE16 = DiagnosticCode("BR-DE-16")
    public static let brDE30 = DiagnosticCode("BR-DE-30")
    public static let peppolR003 = DiagnosticCode("PEPPOL-EN16931-R003")
    public static let peppolCL008 = DiagnosticCode("PEPPOL-EN16931-CL008")
}
