import InvoicBook
import InvoicDiagnostics
import InvoicEInvoice
import InvoicLedger
import InvoicMoney

/// What a French book must report for one period (Flux 10 of the PPF's external specifications):
/// the sales that no e-invoice carries to the tax office, and the money received for services
/// whose VAT is due on receipt. The figures are the VAT return's (`SalesTaxFacts`, InvoicLedger),
/// never priced again: the same documents count, on the same days, to the cent.
///
/// - 10.1, international B2B: each invoice or credit note to a business abroad, one by one.
/// - 10.3, B2C: the sales to consumers (clients without a SIREN, VAT number or registration id),
///   summed per day, category (TLB1 goods, TPS1 services, TNT1 not taxed in France) and rate.
/// - 10.2 and 10.4: the payments received on those sales, for services whose VAT is due on
///   receipt (no `vat_on_debits:`, not in franchise en base), per invoice (international B2B) or
///   summed per day and rate (B2C). A domestic B2B invoice's payment goes as its CDAR status
///   "encaissée" instead (docs/france.md).
public struct EReportingData: Sendable {
    /// One TaxSubtotal: a rate and its taxable amount and VAT, in euro cents.
    public struct Subtotal: Sendable, Equatable {
        public var rate: Rate
        public var taxable: Int64
        public var tax: Int64
    }

    /// TG-31: the sales to consumers of one day and category.
    public struct DailyTransactions: Sendable {
        public var date: Day
        /// TT-81: TLB1, TPS1 or TNT1.
        public var category: String
        public var subtotals: [Subtotal]
        public var taxable: Int64 { subtotals.reduce(0) { $0 + $1.taxable } }
        public var tax: Int64 { subtotals.reduce(0) { $0 + $1.tax } }
    }

    /// TG-23: one VAT group of a reported invoice.
    public struct InvoiceGroup: Sendable {
        public var category: String
        public var rate: Rate
        public var taxable: Int64
        public var tax: Int64
        public var exemptionReason: String?
        public var exemptionCode: String?
    }

    /// TG-8: an invoice or credit note to a business abroad.
    public struct ReportedInvoice: Sendable {
        public var number: String
        public var issued: Day
        /// TT-21: 380, 381, 386, 389.
        public var typeCode: String
        /// TT-22: the document's own currency.
        public var currency: String
        /// TT-28: the cadre de facturation.
        public var billingMode: String
        public var preceding: (number: String, issued: Day?)?
        /// TT-36 with its scheme (0223 a business in another EU country, 0227 outside the EU).
        public var buyerID: (scheme: String, id: String)
        public var buyerVATID: String?
        public var buyerCountry: String
        public var groups: [InvoiceGroup]
        public var taxable: Int64 { groups.reduce(0) { $0 + $1.taxable } }
        public var tax: Int64 { groups.reduce(0) { $0 + $1.tax } }
    }

    /// TG-36 / TG-39: the money received at one rate, VAT included.
    public struct Received: Sendable, Equatable {
        public var rate: Rate
        public var amount: Int64
    }

    /// TG-34: the payments received on one day for one invoice to a business abroad.
    public struct InvoicePayment: Sendable {
        public var number: String
        public var issued: Day
        public var date: Day
        public var received: [Received]
    }

    /// TG-37: the payments received from consumers on one day.
    public struct DailyPayments: Sendable {
        public var date: Day
        public var received: [Received]
    }

    public let period: EReportingPeriod
    public var invoices: [ReportedInvoice] = []
    public var transactions: [DailyTransactions] = []
    /// Whether the business reports payments at all (services, VAT due on receipt).
    public var reportsPayments = false
    public var invoicePayments: [InvoicePayment] = []
    public var payments: [DailyPayments] = []
    /// Why the data is incomplete (errors) or what it leaves out (warnings).
    public var diagnostics: [Diagnostic] = []

    /// The cadres de facturation G1.02 accepts in e-reporting.
    static let billingModes: Set<String> = ["B1", "S1", "M1", "B2", "S2", "M2", "B4", "S4", "M4", "S5", "S6", "B7", "S7"]
    static let euro = "EUR"

    public init(book: Book, period: EReportingPeriod) {
        self.period = period
        let settings = book.settings
        let billingMode = settings.billingMode?.value ?? "S1"
        let franchise = Self.isFranchise(settings)
        // Goods' VAT is due on delivery; only services (and the service part of mixed sales,
        // which invoic cannot tell apart) can owe it on receipt.
        reportsPayments = !franchise && !settings.vatOnDebits && !billingMode.hasPrefix("B")
        checkPeriod(franchise: franchise, settings: settings)
        if settings.business.siren == nil {
            diagnostics.append(.error(DiagnosticCode("ereport-seller-id"), "e-reporting names the declarant by its SIREN, and the business has none",
                                      file: "invoic.yaml", help: "write `siren:` under `business:` (9 digits, docs/france.md)"))
        }
        var problems = Problems()
        collectTransactions(book: book, billingMode: billingMode, franchise: franchise, problems: &problems)
        if reportsPayments { collectPayments(book: book, problems: &problems) }
        diagnostics += problems.list
    }

    /// A business in franchise en base (CGI art. 293 B) charges no VAT: its default tax is exempt
    /// with the exemption code VATEX-FR-FRANCHISE.
    static func isFranchise(_ settings: BookSettings) -> Bool {
        settings.defaults.tax?.value.category == .exempt && settings.defaults.exemption?.value.code?.uppercased() == "VATEX-FR-FRANCHISE"
    }

    private mutating func checkPeriod(franchise: Bool, settings: BookSettings) {
        if franchise, period.length != .twoMonths {
            diagnostics.append(.error(DiagnosticCode("ereport-period"),
                                      "a business in franchise en base reports every two months, not by \(period.length.rawValue) (\(period))",
                                      file: "invoic.yaml", range: settings.defaults.exemption?.range,
                                      help: "write --period \(period.from.year)-B\((period.from.month + 1) / 2) (the two months holding \(period.from))"))
        } else if !franchise, period.length == .twoMonths {
            diagnostics.append(.error(DiagnosticCode("ereport-period"),
                                      "only a business in franchise en base reports by two months; one liable to VAT reports by decade (réel normal mensuel) or by month",
                                      file: "invoic.yaml",
                                      help: "write --period \(period.from.description.prefix(7)) (a month) or \(period.from.description.prefix(7))-D1 (a decade)"))
        }
    }

    /// Who the client of a sale is, seen from e-reporting.
    enum Party {
        /// A French business: the sale is e-invoiced, nothing to report here.
        case domestic
        /// A business abroad: 10.1 and 10.2, one invoice at a time.
        case business(country: String, id: (scheme: String, id: String), vatID: String?)
        /// A consumer, in `country` when the book names it (nil: France or unknown).
        case consumer(country: String?)
    }

    /// Collects each problem once per file and message, however many facts hit it.
    struct Problems {
        var list: [Diagnostic] = []
        private var seen: Set<String> = []
        mutating func add(_ diagnostic: Diagnostic) {
            if seen.insert("\(diagnostic.file ?? "")\u{0}\(diagnostic.message)").inserted { list.append(diagnostic) }
        }
    }

    static func party(of clientID: String, in book: Book, category: TaxCategory, document: String, problems: inout Problems) -> Party? {
        guard let client = book.clients[clientID] else { return nil }
        let contact = client.contact
        let country = contact.address?.country.map { $0.trimmingCharacters(in: .whitespaces).uppercased() }.flatMap { $0.isEmpty ? nil : $0 }
        let vat = contact.taxID.map { $0.replacingOccurrences(of: " ", with: "").uppercased() }.flatMap { $0.isEmpty ? nil : $0 }
        let legal = contact.legalID.map { String($0.split(separator: ":").last ?? "") }.flatMap { $0.isEmpty ? nil : $0 }
        let isBusiness = contact.siren != nil || vat != nil || legal != nil
        let abroadByTax = [TaxCategory.export, .intraCommunity, .reverseCharge, .outsideScope].contains(category)
        guard let country else {
            // No country: a consumer is taken as French (most are, and the return does the same),
            // unless the sale is taxed as one abroad; a business is French when its SIREN or VAT
            // number says so. Anything else cannot be placed, and guessing would report it wrong.
            if isBusiness, contact.siren != nil || vat?.hasPrefix("FR") == true { return .domestic }
            if !isBusiness, !abroadByTax { return .consumer(country: nil) }
            problems.add(.error(DiagnosticCode("ereport-client-country"),
                                "client `\(clientID)` has no country, so e-reporting cannot tell whether \(document) is a French sale or one abroad",
                                file: client.file,
                                help: "write `address: {country: XX}` (ISO 3166 code) in \(client.file)"))
            return nil
        }
        guard isBusiness else { return .consumer(country: country) }
        if country == "FR" { return .domestic }
        let eu = Destination.of(country: country, home: "FR") == .eu
        let id: (scheme: String, id: String)
        if let siren = contact.siren {
            id = ("0002", siren.replacingOccurrences(of: " ", with: ""))
        } else if eu, let vat {
            id = ("0223", vat)
        } else if let legal {
            id = (eu ? "0223" : "0227", legal)
        } else {
            id = (eu ? "0223" : "0227", vat ?? "")
        }
        if id.id.count > 18 {
            problems.add(.error(DiagnosticCode("ereport-buyer-id"),
                                "client `\(clientID)`'s identifier `\(id.id)` is longer than the 18 characters e-reporting takes (G2.19)",
                                file: client.file, help: "write its registration number in `legal_id:` (18 characters at most)"))
            return nil
        }
        return .business(country: country, id: id, vatID: vat)
    }

    /// 10.1 and 10.3, from the VAT return's accrual facts: what was invoiced, credited or voided
    /// in the period, whatever the book's `vat_basis:` (e-reporting follows the operations).
    private mutating func collectTransactions(book: Book, billingMode: String, franchise: Bool, problems: inout Problems) {
        let facts = SalesTaxFacts(book: book, basis: .accrual).facts.filter { period.contains($0.date) }
        let kind = billingMode.hasPrefix("B") ? "TLB1" : "TPS1"
        var daily: [String: [Rate: Subtotal]] = [:]
        var reported: [String: Int] = [:]
        for fact in facts {
            guard checkCurrency(fact, book: book, problems: &problems),
                  let party = Self.party(of: fact.client, in: book, category: fact.taxRate.category, document: fact.document, problems: &problems)
            else { continue }
            switch party {
            case .domestic:
                continue
            case .consumer:
                // Not taxed in France (TNT1): exports, intra-EU supplies, reverse charge and supplies
                // outside the scope; French VAT charged to a consumer abroad is a French sale.
                let abroad = [TaxCategory.export, .intraCommunity, .reverseCharge, .outsideScope].contains(fact.taxRate.category)
                let key = fact.date.description + "\u{0}" + (abroad ? "TNT1" : kind)
                var subtotal = daily[key, default: [:]][fact.taxRate.rate] ?? Subtotal(rate: fact.taxRate.rate, taxable: 0, tax: 0)
                subtotal.taxable += fact.taxable
                subtotal.tax += fact.tax
                daily[key, default: [:]][fact.taxRate.rate] = subtotal
            case .business(let country, let id, let vatID):
                guard fact.fact != .void else {
                    problems.add(.warning(DiagnosticCode("ereport-void"),
                                          "\(fact.document) to a business abroad was voided on \(fact.date): e-reporting has no void, so the invoice stays reported",
                                          file: fact.file, help: "issue a credit note instead (`invoic credit \(fact.document)`), which is reported"))
                    continue
                }
                guard let document = book.document(fact.document), let model = InvoiceModel(book: book, document: document) else { continue }
                if !Self.billingModes.contains(model.businessProcess ?? billingMode) {
                    problems.add(.error(DiagnosticCode("ereport-billing-mode"),
                                        "billing mode \(model.businessProcess ?? billingMode) is not one e-reporting accepts (G1.02: \(Self.billingModes.sorted().joined(separator: ", ")))",
                                        file: "invoic.yaml", range: book.settings.billingMode?.range))
                    continue
                }
                if book.settings.business.taxID == nil {
                    problems.add(.error(DiagnosticCode("ereport-seller-id"),
                                        "reporting \(fact.document) to a business abroad needs the seller's VAT number (G2.33), and the business has none",
                                        file: "invoic.yaml", help: "write `tax_id:` under `business:` (FR and 11 characters)"))
                    continue
                }
                let index = reported[fact.document] ?? {
                    invoices.append(ReportedInvoice(number: model.number, issued: model.issued, typeCode: model.typeCode, currency: model.currency.code,
                                                    billingMode: model.businessProcess ?? billingMode, preceding: model.preceding,
                                                    buyerID: id, buyerVATID: vatID, buyerCountry: country, groups: []))
                    reported[fact.document] = invoices.count - 1
                    return invoices.count - 1
                }()
                let exemption = model.taxGroups.first { $0.tax == fact.taxRate }
                // A credit note's facts are negative on the return; its own document states them positive.
                let sign: Int64 = fact.fact == .creditNote ? -1 : 1
                invoices[index].groups.append(InvoiceGroup(category: fact.taxRate.category.rawValue, rate: fact.taxRate.rate,
                                                           taxable: sign * fact.taxable, tax: sign * fact.tax,
                                                           exemptionReason: exemption?.exemptionReason, exemptionCode: exemption?.exemptionCode))
            }
        }
        transactions = daily.keys.sorted().map { key in
            let parts = key.split(separator: "\u{0}").map(String.init)
            return DailyTransactions(date: Day(parts[0])!, category: parts[1], subtotals: daily[key]!.values.sorted { $0.rate < $1.rate })
        }
        invoices.sort { ($0.issued, $0.number) < ($1.issued, $1.number) }
    }

    /// 10.2 and 10.4, from the VAT return's cash facts: each payment (and refund) split over the
    /// invoice's groups exactly, as the cash-basis return counts it; only standard-rated groups,
    /// the ones whose VAT the payment makes due.
    private mutating func collectPayments(book: Book, problems: inout Problems) {
        let facts = SalesTaxFacts(book: book, basis: .cash).facts.filter {
            period.contains($0.date) && ($0.fact == .payment || $0.fact == .refund) && $0.taxRate.category == .standard && !$0.taxRate.rate.isZero
        }
        var daily: [Day: [Rate: Int64]] = [:]
        var perInvoice: [String: [Rate: Int64]] = [:]
        for fact in facts {
            guard checkCurrency(fact, book: book, problems: &problems),
                  let party = Self.party(of: fact.client, in: book, category: fact.taxRate.category, document: fact.document, problems: &problems)
            else { continue }
            switch party {
            case .domestic: continue
            case .consumer: daily[fact.date, default: [:]][fact.taxRate.rate, default: 0] += fact.taxable + fact.tax
            case .business: perInvoice[fact.document + "\u{0}" + fact.date.description, default: [:]][fact.taxRate.rate, default: 0] += fact.taxable + fact.tax
            }
        }
        // G1.16: a received amount is never negative. A day whose refunds exceed its payments
        // cannot be written; the refund is the correction of an earlier period's report.
        func received(_ amounts: [Rate: Int64], day: Day, what: String) -> [Received] {
            var list: [Received] = []
            for (rate, amount) in amounts.sorted(by: { $0.key < $1.key }) where amount != 0 {
                guard amount > 0 else {
                    problems.add(.warning(DiagnosticCode("ereport-refund"),
                                          "on \(day) the refunds \(what) at \(rate) exceed the money received by \(MoneyFormat.plain(-amount, Currency.named(Self.euro)!)) EUR: Flux 10 has no negative payment, so that amount is left out",
                                          file: nil, help: "report the refund to the platform as a correction of the period of the payment"))
                    continue
                }
                list.append(Received(rate: rate, amount: amount))
            }
            return list
        }
        payments = daily.keys.sorted().compactMap { day in
            let list = received(daily[day]!, day: day, what: "to consumers")
            return list.isEmpty ? nil : DailyPayments(date: day, received: list)
        }
        invoicePayments = perInvoice.keys.sorted().compactMap { key in
            let parts = key.split(separator: "\u{0}").map(String.init)
            guard let document = book.document(parts[0]), let day = Day(parts[1]) else { return nil }
            let list = received(perInvoice[key]!, day: day, what: "on " + parts[0])
            return list.isEmpty ? nil : InvoicePayment(number: document.number, issued: document.issued.value, date: day, received: list)
        }.sorted { ($0.date, $0.number) < ($1.date, $1.number) }
    }

    /// G6.23 / G6.27: e-reporting amounts are in euros.
    private func checkCurrency(_ fact: SaleTax, book: Book, problems: inout Problems) -> Bool {
        guard fact.currency.code != Self.euro else { return true }
        let range = book.document(fact.document)?.currency?.range
        problems.add(.error(DiagnosticCode("ereport-currency"),
                            "\(fact.document) is in \(fact.currency.code) and states no rate to the euro: e-reporting amounts are in euros (G6.23)",
                            file: fact.file, range: range, help: "write `tax_currency: {code: EUR, rate: ...}` on it (the rate of its date)"))
        return false
    }
}
