import Foundation
import InvoicBook
import InvoicFrance
import InvoicLedger
import InvoicMoney
import InvoicTestSupport
import InvoicXML
import InvoicXMLSchema
import Testing

/// The 212 Encaissée shares a payment over the invoice's VAT rates as the cash-basis VAT return
/// and Flux 10 do (InvoicLedger's `CashPayment`, docs/france.md): one rule, so the platform never
/// receives two declarations of the same cash. The figures are worked out by hand below.
@Suite struct EncaisseeSplitTests {
    static let euro = Currency.named("EUR")!

    /// 100.00 at 20 % (VAT 20.00, 120.00 in all) and 100.00 at 5.5 % (VAT 5.50, 105.50): 225.50.
    static func invoice(client: String = "rhone", payments: [(String, String)]) -> String {
        """
        client: \(client)
        issued: 2026-10-15
        sent: 2026-10-15
        items:
          - { description: Conseil, quantity: 1, price: 100.00 }
          - { description: Livret, quantity: 1, price: 100.00, tax: 5.5% }
        payments:

        """ + payments.map { "  - { date: \($0.0), amount: \($0.1), method: transfer }\n" }.joined()
    }

    /// A credit note of half the 5.5 % line, in effect (sent) on 20 October before any payment:
    /// 50.00 + 2.75, so the invoice then claims 120.00 at 20 % and 52.75 at 5.5 %, 172.75.
    static let creditNote = """
        client: rhone
        issued: 2026-10-20
        sent: 2026-10-20
        corrects: F2026-001
        reason: Moitié des livrets non livrée
        items:
          - { description: Livret, quantity: 1, price: 50.00, tax: 5.5% }

        """

    static func book(_ files: [String: String], clients: [String: String] = ["rhone": FrenchLifeCycle.client]) throws -> Book {
        let checked = TestBook(files, settings: FrenchLifeCycle.settings(), clients: clients).check()
        #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.map { "\($0.file ?? ""): \($0.message)" })")
        return checked.book
    }

    /// Each 212 of the book as `id rate:amount ...`, read back from its bytes.
    static func statuses(_ book: Book) throws -> [String] {
        try SellerStatuses.all(book: book).map { status in
            let amounts = try CDARReader.read(status.bytes).references[0].amounts
            #expect(amounts.allSatisfy { $0.kind == "MEN" })
            return ([status.id] + amounts.map { "\($0.percent ?? "?"):\($0.money.plain)" }).joined(separator: " ")
        }
    }

    /// The cash-basis return's facts of each payment of `document`, as `payment rate:amount ...`
    /// (taxable plus VAT per rate, the figure a 212 declares).
    static func returnFacts(_ book: Book, _ document: String) -> [String] {
        let facts = SalesTaxFacts(book: book, basis: .cash).facts.filter { $0.document == document && $0.fact == .payment }
        let payments = Set(facts.compactMap(\.payment)).sorted()
        return payments.map { payment in
            let mine = facts.filter { $0.payment == payment }
            let rates = mine.map(\.taxRate.rate).reduce(into: [Rate]()) { if !$0.contains($1) { $0.append($1) } }
            return (["\(payment + 1)"] + rates.map { rate in
                let amount = mine.filter { $0.taxRate.rate == rate }.reduce(0) { $0 + $1.taxable + $1.tax }
                return "\(Self.percent(rate)):\(Money(amount, euro).plain)"
            }).joined(separator: " ")
        }
    }

    /// Two payments, 70.00 on 2 November and 155.50 on 20 November. The groups go by rate,
    /// 5.5 % first.
    ///
    /// The first, as the return splits it (largest remainder over the four figures 100.00, 5.50,
    /// 100.00, 20.00 of 225.50): 7000 x 10000/22550 = 3104.21, x 550/22550 = 170.73,
    /// x 10000/22550 = 3104.21, x 2000/22550 = 620.84; the floors 3104 + 170 + 3104 + 620 = 6998,
    /// the two cents missing to the largest remainders .84 and .73: 31.04 + 1.71 = **32.75 at
    /// 5.5 %**, 31.04 + 6.21 = **37.25 at 20 %**. The old 212 (in proportion to 105.50 / 120.00,
    /// the last rate taking the rest) said 7000 x 10550/22550 = 3274.94 -> 32.74 at 5.5 % and
    /// 37.26 at 20 %: a cent apart.
    ///
    /// The second counts what is left of each group once the invoice is paid in full:
    /// 105.50 - 32.75 = 72.75 at 5.5 %, 120.00 - 37.25 = 82.75 at 20 %. (The old rule:
    /// 15550 x 10550/22550 = 7275.06 -> 72.75 and 82.75, so its two 212s summed to 105.49 at
    /// 5.5 % and 120.01 at 20 % for an invoice of 105.50 and 120.00.)
    @Test func aPaymentIsSplitAsTheReturnSplitsIt() throws {
        let book = try Self.book(["invoices/F2026-001.yaml": Self.invoice(payments: [("2026-11-02", "70.00"), ("2026-11-20", "155.50")])])
        #expect(try Self.statuses(book) == ["F2026-001_212_20261102_1 5.50:32.75 20.00:37.25", "F2026-001_212_20261120_2 5.50:72.75 20.00:82.75"])
        #expect(Self.returnFacts(book, "F2026-001") == ["1 5.50:32.75 20.00:37.25", "2 5.50:72.75 20.00:82.75"])
    }

    /// The same invoice after the credit note of 50.00 + 2.75 at 5.5 % (in effect on 20 October),
    /// paid 70.00 on 2 November and the 102.75 left on 20 November.
    ///
    /// The first payment is split over what the invoice then claims, 50.00, 2.75, 100.00, 20.00 of
    /// 172.75: 7000 x 5000/17275 = 2026.05, x 275/17275 = 111.43, x 10000/17275 = 4052.10,
    /// x 2000/17275 = 810.42; the floors make 6999, the cent to .43: 20.26 + 1.12 = **21.38 at
    /// 5.5 %**, 40.52 + 8.10 = **48.62 at 20 %**. The second: 52.75 - 21.38 = 31.37 at 5.5 %,
    /// 120.00 - 48.62 = 71.38 at 20 %. The old 212 ignored the credit note: 32.74 / 37.26, then
    /// 10275 x 10550/22550 = 4807.15 -> 48.07 / 54.68, so 80.81 declared at 5.5 % where the
    /// invoice, credited, claims 52.75.
    @Test func aCreditNoteIsCountedAsTheReturnCountsIt() throws {
        let book = try Self.book(["invoices/F2026-001.yaml": Self.invoice(payments: [("2026-11-02", "70.00"), ("2026-11-20", "102.75")]),
                                  "credit-notes/CN-0001.yaml": Self.creditNote])
        #expect(try Self.statuses(book) == ["F2026-001_212_20261102_1 5.50:21.38 20.00:48.62", "F2026-001_212_20261120_2 5.50:31.37 20.00:71.38"])
        #expect(Self.returnFacts(book, "F2026-001") == ["1 5.50:21.38 20.00:48.62", "2 5.50:31.37 20.00:71.38"])
    }

    /// A credit note between two payments that takes a rate below what the first payment
    /// counted there: 100.00 paid on 2 November (split over 22550: 4434.59, 243.90, 4434.59,
    /// 886.92, the three cents to .92, .90 and the first .59: 44.35 + 2.44 = 46.79 at 5.5 %,
    /// 44.34 + 8.87 = 53.21 at 20 %), then a credit of 60.00 + 3.30 at 5.5 % on 10 November (the
    /// invoice claims 40.00 + 2.20 = 42.20 at 5.5 % and 120.00 at 20 %), and the 62.20 left on 20
    /// November. Paid in full, each rate has counted what the invoice claims: the second payment
    /// counts 42.20 - 46.79 = **-4.59 at 5.5 %** and 120.00 - 53.21 = **66.79 at 20 %** (62.20),
    /// as the return does; the 212 with its negative amount stays valid against the CDAR XSD.
    @Test func aCreditBetweenPaymentsMayTakeBackAtARate() throws {
        let credit = Self.creditNote.replacingOccurrences(of: "2026-10-20", with: "2026-11-10").replacingOccurrences(of: "price: 50.00", with: "price: 60.00")
        let book = try Self.book(["invoices/F2026-001.yaml": Self.invoice(payments: [("2026-11-02", "100.00"), ("2026-11-20", "62.20")]),
                                  "credit-notes/CN-0001.yaml": credit])
        #expect(try Self.statuses(book) == ["F2026-001_212_20261102_1 5.50:46.79 20.00:53.21", "F2026-001_212_20261120_2 5.50:-4.59 20.00:66.79"])
        #expect(Self.returnFacts(book, "F2026-001") == ["1 5.50:46.79 20.00:53.21", "2 5.50:-4.59 20.00:66.79"])
        let xsd = Standards.repository.appendingPathComponent("resources/schemas/fr-cdar/CrossDomainAcknowledgementAndResponse_100pD22B.xsd").path
        let schema = try XMLSchema(path: xsd)
        for status in SellerStatuses.all(book: book) { #expect(schema.validate(status.bytes) == [], "\(status.id)") }
    }

    /// `prepaid: 25.50` (settled elsewhere): the invoice claims 225.50 - 25.50 = 200.00 here
    /// (`check` refuses more), and what is paid is shared over the whole invoice's groups, as the
    /// return shares it: 20000 x 10000/22550 = 8869.18, x 550/22550 = 487.80, x 10000/22550 =
    /// 8869.18, x 2000/22550 = 1773.84; the two cents to .84 and .80: 88.69 + 4.88 = **93.57 at
    /// 5.5 %**, 88.69 + 17.74 = **106.43 at 20 %**. (The old 212: 20000 x 10550/22550 = 9356.98
    /// -> 93.56 and 106.44.)
    @Test func prepaidIsCountedAsTheReturnCountsIt() throws {
        let text = Self.invoice(payments: [("2026-11-02", "200.00")]).replacingOccurrences(of: "payments:\n", with: "prepaid: 25.50\npayments:\n")
        let book = try Self.book(["invoices/F2026-001.yaml": text])
        #expect(try Self.statuses(book) == ["F2026-001_212_20261102_1 5.50:93.57 20.00:106.43"])
        #expect(Self.returnFacts(book, "F2026-001") == ["1 5.50:93.57 20.00:106.43"])
    }

    /// Two payments on one day are two payments: two 212s, each its own amounts (those of
    /// `aPaymentIsSplitAsTheReturnSplitsIt`, the first settled before the second), each its own id
    /// by its position; the return's facts tell them apart by the same position.
    @Test func twoPaymentsOnOneDayAreTwoEncaissees() throws {
        let book = try Self.book(["invoices/F2026-001.yaml": Self.invoice(payments: [("2026-11-02", "70.00"), ("2026-11-02", "155.50")])])
        #expect(try Self.statuses(book) == ["F2026-001_212_20261102_1 5.50:32.75 20.00:37.25", "F2026-001_212_20261102_2 5.50:72.75 20.00:82.75"])
        #expect(SellerStatuses.all(book: book).map(\.fileName) == ["F2026-001-212-1.xml", "F2026-001-212-2.xml"])
        #expect(Self.returnFacts(book, "F2026-001") == ["1 5.50:32.75 20.00:37.25", "2 5.50:72.75 20.00:82.75"])
    }

    /// Two groups of one rate make one amount: 100.00 at 20 % (120.00), 30.00 exempt and 50.00
    /// zero-rated, both at 0 %, paid in full (200.00): one 212 of 120.00 at 20 % and 80.00 at 0 %.
    @Test func twoGroupsOfOneRateMakeOneAmount() throws {
        let book = try Self.book(["invoices/F2026-001.yaml": """
            client: rhone
            issued: 2026-10-15
            sent: 2026-10-15
            exemption: Exonération, art. 261-4-4° du CGI
            items:
              - { description: Conseil, quantity: 1, price: 100.00 }
              - { description: Formation, quantity: 1, price: 30.00, tax: exempt }
              - { description: Livre, quantity: 1, price: 50.00, tax: zero }
            payments:
              - { date: 2026-11-02, amount: 200.00, method: transfer }

            """])
        let statuses = try Self.statuses(book)
        #expect(statuses.count == 1)
        #expect(Set(statuses.first?.split(separator: " ").dropFirst().map(String.init) ?? []) == ["0.00:80.00", "20.00:120.00"], "\(statuses)")
    }

    /// The same invoice to a consumer (no SIREN): its payments go to Flux 10 (10.4, per day and
    /// rate), and the 212s `invoic cdar` would write for them declare the very same amounts:
    /// 32.75 / 37.25 on 2 November, 72.75 / 82.75 on 20 November.
    @Test func theEncaisseesAreFlux10sFigures() throws {
        let consumer = "name: Jeanne Martin\naddress: { street: 3 rue Neuve, city: Lyon, postal_code: \"69003\", country: FR }\n"
        let book = try Self.book(["invoices/F2026-001.yaml": Self.invoice(client: "jeanne", payments: [("2026-11-02", "70.00"), ("2026-11-20", "155.50")])],
                                 clients: ["jeanne": consumer])
        let files = EReporting.files(book: book, period: try #require(EReportingPeriod("2026-11")), platform: EReporting.Platform(matricule: "0042", name: "PA Test"),
                                        now: Date(timeIntervalSince1970: 1_790_841_600))
        let file = try #require(files.files.first { $0.name == "2026-11-payments.xml" }, "\(files.diagnostics.map(\.message))")
        let root = try ExpatReader.parse(file.bytes, maximumDepth: 20)
        defer { withExtendedLifetime(root) {} }
        let flux10 = try #require(root.child("PaymentsReport")).children("Transactions").compactMap { $0.child("Payment") }.map { payment in
            ([payment.value("Date") ?? ""] + payment.children("SubTotals").map { "\($0.value("TaxPercent") ?? ""):\($0.value("Amount") ?? "")" })
        }
        #expect(flux10.map { $0.joined(separator: " ") } == ["20261102 5.5:32.75 20:37.25", "20261120 5.5:72.75 20:82.75"])
        // The 212s for the same payments, day by day and rate by rate (20.00 in a CDAR is 20 in Flux 10).
        func byRate(_ parts: some Sequence<(percent: String, amount: String)>) -> [Int: String] {
            Dictionary(uniqueKeysWithValues: parts.map { (Self.milliPercent($0.percent), $0.amount) })
        }
        let statuses = SellerStatuses.all(book: book)
        let encaissees = try statuses.map { status in
            byRate(try CDARReader.read(status.bytes).references[0].amounts.map { (percent: $0.percent ?? "", amount: $0.money.plain) })
        }
        let reported = flux10.map { line in
            byRate(line.dropFirst().map { let part = $0.split(separator: ":"); return (percent: String(part[0]), amount: String(part[1])) })
        }
        #expect(statuses.map { String($0.id.split(separator: "_")[2]) } == flux10.map { $0[0] })
        #expect(encaissees == reported)
        #expect(encaissees.count == 2 && encaissees[0] == [5500: "32.75", 20000: "37.25"])
    }

    /// `20`, `5.5`, `5.50`, `20.00` in thousandths of a percent.
    static func milliPercent(_ text: String) -> Int {
        let parts = text.split(separator: ".", maxSplits: 1)
        let fraction = parts.count > 1 ? String(parts[1].prefix(3)) : ""
        return (Int(parts.first ?? "") ?? -1) * 1000 + (Int(fraction.padding(toLength: 3, withPad: "0", startingAt: 0)) ?? 0)
    }

    /// A rate as the 212 writes it (MDT-224): 20 % as `20.00`, 5.5 % as `5.50`.
    static func percent(_ rate: Rate) -> String {
        let milli = rate.milliPercent
        let hundredths = milli % 1000 / 10
        return "\(milli / 1000).\(hundredths < 10 ? "0" : "")\(hundredths)"
    }
}
