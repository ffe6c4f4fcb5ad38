import InvoicDiagnostics
import InvoicMoney

// What an invoice must carry when it charges no VAT for a reason (EN 16931 and the VAT directive):
// whose VAT numbers, which dates, which reason. One check per rule, named by its EN 16931 id, each
// reported at the `tax:` that put the invoice in the category.

/// The places of an invoice's VAT categories and its parties' identifiers, for the checks below.
struct TaxFacts {
    let book: Book
    let invoice: Document
    let categories: [TaxCategory]

    init?(_ book: Book, _ invoice: Document) {
        guard let figures = invoice.figures else { return nil }
        self.book = book
        self.invoice = invoice
        categories = figures.breakdown.groups.map(\.category)
    }

    var client: Client? { book.clients[invoice.client.value] }

    /// Where `category` comes from: the first line that writes it, the document's `tax:`, the
    /// client's, or the book's default.
    func place(of category: TaxCategory) -> (file: String, range: SourceRange?) {
        if let item = invoice.items.first(where: { $0.tax?.value.category == category }) { return (invoice.file, item.tax?.range) }
        if let tax = invoice.tax, tax.value.category == category { return (invoice.file, tax.range) }
        if let client, let tax = client.tax, tax.value.category == category { return (client.file, tax.range) }
        if let tax = book.settings.defaults.tax, tax.value.category == category { return (BookSettings.fileName, tax.range) }
        return (invoice.file, invoice.issued.range)
    }

    /// A VAT identifier: a tax id with a country prefix (BT-31, BT-48; BR-CO-09).
    static func vatID(of contact: Contact?) -> String? {
        guard let id = contact?.taxID, Identifiers.hasCountryPrefix(id) else { return nil }
        return id
    }

    var sellerVATID: String? { Self.vatID(of: book.settings.business) }
    /// The seller's VAT id or another tax registration (BT-31 or BT-32).
    var sellerTaxRegistration: String? { book.settings.business.taxID ?? book.settings.business.taxNumber }
    var buyerVATID: String? { Self.vatID(of: client?.contact) }

    var exemption: Exemption? {
        (invoice.exemption ?? client?.exemption ?? book.settings.defaults.exemption)?.value
    }

    func error(_ rule: Rule, _ category: TaxCategory, _ message: String, help: String) -> Diagnostic {
        let place = place(of: category)
        return .error(rule.code, "\(message)", file: place.file, range: place.range, help: help)
    }
}

protocol TaxCategoryCheck: BookCheck {
    static var category: TaxCategory { get }
    static func check(_ facts: TaxFacts) -> Diagnostic?
}

extension TaxCategoryCheck {
    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for invoice in book.documents where invoice.kind.isBilling {
            guard let facts = TaxFacts(book, invoice), facts.categories.contains(category), let found = check(facts) else { continue }
            diagnostics.append(found)
        }
    }
}

enum ReverseChargeNamesBothParties: TaxCategoryCheck {
    static let category = TaxCategory.reverseCharge
    static let rule = Rule(.brAE02, summary: "a reverse-charge invoice lacks the seller's or the buyer's VAT number",
        explanation: """
        Under reverse charge the buyer accounts for the VAT, so the invoice names both: the seller's VAT \
        number or tax registration (`tax_id` or `tax_number` in invoic.yaml) and the buyer's VAT number \
        (`tax_id` in the client's file, with its country prefix) or its legal registration (`legal_id`).
        """,
        example: """
        # file: clients/acme.yaml   (no tax_id)
        name: Acme GmbH
        tax: reverse-charge
        """)

    static func check(_ facts: TaxFacts) -> Diagnostic? {
        if facts.sellerTaxRegistration == nil {
            return facts.error(rule, category, "reverse-charge \(facts.invoice.kind.name) \(facts.invoice.number) has no seller VAT number",
                               help: "set `tax_id:` (e.g. ATU68231451) or `tax_number:` under `business:` in invoic.yaml")
        }
        if facts.buyerVATID == nil, facts.client?.contact.legalID == nil, facts.client?.contact.siren == nil {
            return facts.error(rule, category, "reverse-charge \(facts.invoice.kind.name) \(facts.invoice.number) does not name the client's VAT number",
                               help: "set `tax_id:` with its country prefix (e.g. DE143454214) in clients/\(facts.invoice.client.value).yaml")
        }
        return nil
    }
}

enum IntraCommunitySupplyNamesBothVATNumbers: TaxCategoryCheck {
    static let category = TaxCategory.intraCommunity
    static let rule = Rule(.brIC02, summary: "an intra-EU supply lacks the seller's or the buyer's VAT number",
        explanation: "A VAT-exempt supply to a business in another member state names the VAT numbers of both, with their country prefixes: `tax_id` in invoic.yaml and in the client's file.",
        example: """
        # file: clients/acme.yaml   (no tax_id)
        name: Acme BV
        tax: intra-eu
        """)

    static func check(_ facts: TaxFacts) -> Diagnostic? {
        if facts.sellerVATID == nil {
            return facts.error(rule, category, "intra-EU \(facts.invoice.kind.name) \(facts.invoice.number) has no seller VAT number",
                               help: "set `tax_id:` with its country prefix under `business:` in invoic.yaml")
        }
        if facts.buyerVATID == nil {
            return facts.error(rule, category, "intra-EU \(facts.invoice.kind.name) \(facts.invoice.number) does not name the client's VAT number",
                               help: "set `tax_id:` with its country prefix in clients/\(facts.invoice.client.value).yaml")
        }
        return nil
    }
}

enum IntraCommunitySupplyHasADeliveryDate: TaxCategoryCheck {
    static let category = TaxCategory.intraCommunity
    static let rule = Rule(.brIC11, summary: "an intra-EU supply has no delivery date",
        explanation: "An intra-EU supply states when the goods or services were delivered: `delivered:` on the invoice.",
        example: """
        # file: invoices/INV-0001.yaml
        tax: intra-eu   <- and no delivered:
        """)

    static func check(_ facts: TaxFacts) -> Diagnostic? {
        guard facts.invoice.delivered == nil, facts.invoice.period == nil else { return nil }
        return facts.error(rule, category, "intra-EU \(facts.invoice.kind.name) \(facts.invoice.number) has no delivery date",
                           help: "add `delivered: YYYY-MM-DD`, the day of the supply, or the `period:` it covers")
    }
}

enum IntraCommunitySupplyNamesTheDestination: TaxCategoryCheck {
    static let category = TaxCategory.intraCommunity
    static let rule = Rule(.brIC12, summary: "an intra-EU supply does not say which country the goods went to",
        explanation: """
        An intra-EU supply names the member state the goods went to (the deliver-to country, BT-80):         `deliver_to:` with an address on the invoice or the client, or else the client's address with         its `country:`, where the goods are then taken to have gone.
        """,
        example: """
        # file: clients/acme.yaml
        name: Acme BV
        address: "Keizersgracht 1, Amsterdam"   <- no country
        tax: intra-eu
        """)

    static func check(_ facts: TaxFacts) -> Diagnostic? {
        let place = (facts.invoice.deliverTo ?? facts.client?.deliverTo)?.value.address ?? facts.client?.contact.address
        guard place?.country?.isEmpty ?? true else { return nil }
        return facts.error(rule, category, "intra-EU \(facts.invoice.kind.name) \(facts.invoice.number) does not say which country the goods went to",
                           help: "add `country:` (ISO 3166-1, e.g. NL) to the address in clients/\(facts.invoice.client.value).yaml, or a `deliver_to:` address")
    }
}

enum ExportNamesTheSeller: TaxCategoryCheck {
    static let category = TaxCategory.export
    static let rule = Rule(.brG02, summary: "an export invoice has no seller VAT number",
        explanation: "An exempt export outside the EU names the seller's VAT number, with its country prefix (`tax_id` under `business:`).",
        example: """
        # file: invoic.yaml   (no tax_id)
        business: { name: Studio }
        defaults: { tax: export }
        """)

    static func check(_ facts: TaxFacts) -> Diagnostic? {
        guard facts.sellerVATID == nil else { return nil }
        return facts.error(rule, category, "export \(facts.invoice.kind.name) \(facts.invoice.number) has no seller VAT number",
                           help: "set `tax_id:` with its country prefix under `business:` in invoic.yaml")
    }
}

enum OutsideScopeStandsAlone: TaxCategoryCheck {
    static let category = TaxCategory.outsideScope
    static let rule = Rule(.brO11, summary: "an invoice mixes lines outside the scope of VAT with other VAT categories",
        explanation: "An invoice with lines outside the scope of VAT (`outside-scope`) has no other VAT category: issue the taxed supplies on an invoice of their own.",
        example: """
        # file: invoices/INV-0001.yaml
        items:
          - { description: Grant administration, price: 100, tax: outside-scope }
          - { description: Design, price: 100, tax: 20% }
        """)

    static func check(_ facts: TaxFacts) -> Diagnostic? {
        guard let other = facts.categories.first(where: { $0 != .outsideScope }) else { return nil }
        let place = facts.place(of: other)
        return .error(rule.code, "\(facts.invoice.kind.name) \(facts.invoice.number) mixes lines outside the scope of VAT with category \(other.rawValue)",
                      file: place.file, range: place.range, help: "put the lines outside the scope of VAT on an invoice of their own")
    }
}

enum ExemptLinesSayWhy: TaxCategoryCheck {
    static let category = TaxCategory.exempt
    static let rule = Rule(.brE10, summary: "an exempt invoice does not say why it is exempt",
        explanation: "VAT-exempt lines (`tax: exempt`) name the exemption: `exemption:` with the legal text (BT-120) or a VATEX code (BT-121), on the invoice, its client or under `defaults:`.",
        example: """
        # file: invoices/INV-0001.yaml
        tax: exempt   <- and no exemption:
        """)

    static func check(_ facts: TaxFacts) -> Diagnostic? {
        guard facts.exemption == nil else { return nil }
        return facts.error(rule, category, "exempt \(facts.invoice.kind.name) \(facts.invoice.number) does not say why no VAT is charged",
                           help: "add `exemption: {code: VATEX-EU-132-1C, text: Medical care exempt under Art. 132(1)(c)}`, or the text alone")
    }
}

extension DiagnosticCode {
    public static let brAE02 = DiagnosticCode("BR-AE-02")
    public static let brIC02 = DiagnosticCode("BR-IC-02")
    public static let brIC11 = DiagnosticCode("BR-IC-11")
    public static let brIC12 = DiagnosticCode("BR-IC-12")
    public static let brG02 = DiagnosticCode("BR-G-02")
    public static let brO11 = DiagnosticCode("BR-O-11")
    public static let brE10 = DiagnosticCode("BR-E-10")
}
