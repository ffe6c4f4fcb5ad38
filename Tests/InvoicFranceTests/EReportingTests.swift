import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicFrance
import InvoicTestSupport
import InvoicXML
import InvoicXMLSchema
import Testing

/// France's e-reporting, Flux 10 (docs/france.md, "E-reporting"): the files of a period pass the
/// PPF's XSD and its schematron, and their figures are the book's, worked out by hand below.
@Suite struct EReportingTests {
    static let repository = Standards.repository
    static let folder = repository.appendingPathComponent("resources/schemas/fr-flux10")
    static let platform = EReporting.Platform(matricule: "0042", name: "PA Test")
    /// 1 October 2026, 08:00:00 UTC.
    static let now = Date(timeIntervalSince1970: 1_790_841_600)

    static let settings = """
        business:
          name: Atelier Lumen SAS
          address: {street: 4 rue des Arts, city: Paris, postal_code: "75003", country: FR}
          siren: 732 829 320
          tax_id: FR44732829320
          billing_mode: S1
        defaults: {currency: EUR, locale: fr_FR, tax: 20%, terms: 30}
        """

    static let clients = [
        // Consumers: one in Paris, one without an address (taken as French), one in Zürich.
        "marie": "name: Marie Dupont\naddress: {street: 2 rue Cler, city: Paris, postal_code: \"75007\", country: FR}\n",
        "paul": "name: Paul Martin\n",
        "lena": "name: Lena Keller\naddress: {street: Bahnhofstrasse 1, city: Zürich, postal_code: \"8001\", country: CH}\n",
        // Businesses abroad: outside the EU, in Germany, in Belgium; and one in France.
        "acme-us": "name: Acme Inc.\naddress: {street: 1 Main St, city: Boston, postal_code: \"02108\", country: US}\nlegal_id: EIN-123456789\n",
        "hans": "name: Hans Bau GmbH\naddress: {street: Hauptstr. 1, city: Berlin, postal_code: \"10115\", country: DE}\ntax_id: DE136695976\n",
        "brux": "name: Bruxelles Events SA\naddress: {street: Rue Neuve 1, city: Bruxelles, postal_code: \"1000\", country: BE}\ntax_id: BE0123456749\n",
        "rhone": "name: Rhône Logistique SARL\naddress: {street: 5 quai Perrache, city: Lyon, postal_code: \"69002\", country: FR}\nsiren: \"552100554\"\nemail: compta@rhone-logistique.example\n",
    ]

    static func sale(_ client: String, _ issued: String, _ extra: String = "", items: String, paid: [(String, String)] = []) -> String {
        var text = "client: \(client)\nissued: \(issued)\nsent: \(issued)\n\(extra)items:\n\(items)"
        if !paid.isEmpty { text += "payments:\n" + paid.map { "  - {date: \($0.0), amount: \($0.1), method: card}\n" }.joined() }
        return text
    }

    /// A Paris photo studio (services, VAT due on receipt) in September 2026.
    static let files = [
        "invoices/INV-0001.yaml": sale("marie", "2026-08-28", items: "  - {description: Séance portrait, quantity: 1, price: 500.00}\n", paid: [("2026-09-02", "600.00")]),
        "invoices/INV-0002.yaml": sale("marie", "2026-09-03", items: "  - {description: Atelier photo, quantity: 1, price: 100.00}\n  - {description: Tirages, quantity: 2, price: 25.00}\n",
                                       paid: [("2026-09-03", "180.00")]),
        "invoices/INV-0003.yaml": sale("paul", "2026-09-03", items: "  - {description: Retouche, quantity: 1, price: 49.90}\n  - {description: Livret, quantity: 1, price: 20.00, tax: 10%}\n",
                                       paid: [("2026-09-20", "40.00")]),
        "invoices/INV-0004.yaml": sale("lena", "2026-09-03", "tax: export\n", items: "  - {description: Album imprimé, quantity: 1, price: 300.00}\n", paid: [("2026-09-04", "300.00")]),
        "invoices/INV-0005.yaml": sale("rhone", "2026-09-05", items: "  - {description: Reportage, quantity: 1, price: 1000.00}\n", paid: [("2026-09-15", "1200.00")]),
        "invoices/INV-0006.yaml": sale("acme-us", "2026-09-10", "tax: outside-scope\n", items: "  - {description: Conseil à distance, quantity: 1, price: 2000.00}\n",
                                       paid: [("2026-09-25", "2000.00")]),
        "invoices/INV-0007.yaml": sale("hans", "2026-09-12", "tax: reverse-charge\n", items: "  - {description: Conception, quantity: 3, price: 400.00}\n"),
        "invoices/INV-0008.yaml": sale("brux", "2026-09-15", items: "  - {description: Animation d'un séminaire à Paris, quantity: 1, price: 800.00}\n",
                                       paid: [("2026-09-30", "960.00")]),
        "credit-notes/CN-0001.yaml": "client: marie\nissued: 2026-09-21\nsent: 2026-09-21\ncorrects: INV-0002\nreason: Un tirage non livré\n"
            + "items:\n  - {description: Tirage non livré, quantity: 1, price: 25.00}\n",
    ]

    static func book(_ files: [String: String] = files, settings: String = settings, clients: [String: String] = clients) throws -> Book {
        let checked = TestBook(files, settings: settings, clients: clients).check()
        #expect(!checked.diagnostics.hasErrors, "\(checked.diagnostics.map { "\($0.file ?? ""): \($0.message)" })")
        return checked.book
    }

    static func example(_ name: String) throws -> Book {
        let checked = try BookChecker.check(at: repository.appendingPathComponent("examples/\(name)").path)
        #expect(!checked.diagnostics.hasErrors, "\(checked.diagnostics.map(\.message))")
        return checked.book
    }

    static func report(_ book: Book, _ period: String) throws -> (files: [EReporting.File], diagnostics: [Diagnostic]) {
        let period = try #require(EReportingPeriod(period))
        return EReporting.files(book: book, period: period, platform: platform, now: now)
    }

    /// The file's root element. Its tree lives only as long as it does: a caller keeps it while
    /// reading elements below it.
    static func root(_ file: EReporting.File) throws -> XElement {
        try ExpatReader.parse(file.bytes, maximumDepth: 20)
    }

    static func schema() throws -> XMLSchema {
        try XMLSchema(path: folder.appendingPathComponent("ereporting.xsd").path)
    }

    /// Each Transactions (or payments' Transactions/Payment) as `date category total-ht total-tva
    /// [rate:base:tva ...]`, so a whole report reads as the lines worked out by hand.
    static func lines(_ report: XElement?) -> [String] {
        guard let report else { return [] }
        return report.children("Transactions").map { t in
            if let payment = t.child("Payment") {
                return ([payment.value("Date") ?? ""] + payment.children("SubTotals").map { "\($0.value("TaxPercent") ?? ""):\($0.value("Amount") ?? "")" }).joined(separator: " ")
            }
            return ([t.value("Date") ?? "", t.value("CategoryCode") ?? "", t.value("TaxExclusiveAmount") ?? "", t.value("TaxTotal") ?? ""]
                + t.children("TaxSubtotal").map { "\($0.value("TaxPercent") ?? ""):\($0.value("TaxableAmount") ?? ""):\($0.value("TaxTotal") ?? "")" }).joined(separator: " ")
        }
    }

    // MARK: - Figures, by hand

    /// September 2026 of the studio, by hand:
    /// - 3 September, services to consumers (TPS1): INV-0002 100.00 + 2 x 25.00 = 150.00 at 20 %
    ///   (VAT 30.00) and INV-0003 49.90 at 20 % (VAT 9.98) and 20.00 at 10 % (VAT 2.00): 20 %
    ///   199.90 / 39.98, 10 % 20.00 / 2.00, in all 219.90 / 41.98. Lena's album to Zürich is an
    ///   export, not taxed in France (TNT1): 300.00 at 0 %.
    /// - 21 September: the credit note of one print, -25.00 / -5.00 at 20 %.
    /// - INV-0001 (28 August) is August's; INV-0005 goes to a French business: e-invoiced, not here.
    /// - Three invoices to businesses abroad, one by one: INV-0006 (US, 0227, outside the scope,
    ///   2000.00), INV-0007 (Germany, 0223, reverse charge, 3 x 400.00 = 1200.00), INV-0008
    ///   (Belgium, 0223, 800.00 at 20 %, VAT 160.00).
    @Test func theTransactionsOfSeptemberAreTheBooksByHand() throws {
        let result = try Self.report(try Self.book(), "2026-09")
        let file = try #require(result.files.first { $0.name == "2026-09-transactions.xml" })
        #expect(file.flowType == "MultiFlowReport")
        let root = try Self.root(file)
        // The tree lives as long as its root: keep it while its elements are read.
        defer { withExtendedLifetime(root) {} }
        let report = try #require(root.child("TransactionsReport"))
        #expect(report.value("ReportPeriod", "StartDate") == "20260901" && report.value("ReportPeriod", "EndDate") == "20260930")
        #expect(Self.lines(report) == [
            "20260903 TNT1 300.00 0.00 0:300.00:0.00",
            "20260903 TPS1 219.90 41.98 10:20.00:2.00 20:199.90:39.98",
            "20260921 TPS1 -25.00 -5.00 20:-25.00:-5.00",
        ])
        let invoices = report.children("Invoice")
        #expect(invoices.map { $0.value("ID") ?? "" } == ["INV-0006", "INV-0007", "INV-0008"])
        #expect(invoices.map { "\($0.child("Buyer")?.child("CompanyId")?.attributes["schemeId"] ?? "") \($0.value("Buyer", "CompanyId") ?? "") \($0.value("Buyer", "PostalAddress", "CountryId") ?? "")" }
            == ["0227 EIN-123456789 US", "0223 DE136695976 DE", "0223 BE0123456749 BE"])
        #expect(invoices.map { "\($0.value("TaxSubTotal", "TaxCategory", "Code") ?? "") \($0.value("MonetaryTotal", "TaxExclusiveAmount") ?? "") \($0.value("MonetaryTotal", "TaxAmount") ?? "")" }
            == ["O 2000.00 0.00", "AE 1200.00 0.00", "S 800.00 160.00"])
        #expect(invoices.allSatisfy { $0.value("Seller", "CompanyId") == "732829320" && $0.value("Seller", "TaxRegistrationId") == "FR44732829320" })
        #expect(invoices.dropFirst().first?.value("TaxSubTotal", "TaxCategory", "TaxExemptionReasonCode") == "VATEX-EU-AE")
    }

    /// The money received in September on services to consumers and abroad, VAT due on receipt:
    /// - 2 September: INV-0001's 600.00 (August's invoice, paid now), all at 20 %.
    /// - 3 September: INV-0002's 180.00 at 20 %.
    /// - 20 September: 40.00 on INV-0003 (49.90 + 9.98 at 20 %, 20.00 + 2.00 at 10 %, 81.88 in all),
    ///   split as the cash-basis return splits it (docs/accounting.md): the floors of 4000 x
    ///   4990/8188, 998/8188, 2000/8188, 200/8188 cents are 2437, 487, 977, 97 (3998); the two
    ///   missing cents go to the largest remainders (.71 and .70): 2438 + 487 = 29.25 at 20 %,
    ///   977 + 98 = 10.75 at 10 %.
    /// - 30 September: INV-0008 to Brussels, 960.00 at 20 %, reported with its invoice.
    /// Not reported: Lena's export and Acme's outside-scope service (no VAT due), the French
    /// business's 1200.00 (its CDAR "encaissée" says it), and the 30.00 refunded on 22 September
    /// (no negative amount in Flux 10: a warning says so).
    @Test func thePaymentsOfSeptemberAreTheBooksByHand() throws {
        var files = Self.files
        files["credit-notes/CN-0001.yaml"]! += "refunds:\n  - {date: 2026-09-22, amount: 30.00, method: card}\n"
        let result = try Self.report(try Self.book(files), "2026-09")
        let file = try #require(result.files.first { $0.name == "2026-09-payments.xml" })
        let root = try Self.root(file)
        // The tree lives as long as its root: keep it while its elements are read.
        defer { withExtendedLifetime(root) {} }
        let report = try #require(root.child("PaymentsReport"))
        #expect(Self.lines(report) == ["20260902 20:600.00", "20260903 20:180.00", "20260920 10:10.75 20:29.25"])
        let invoices = report.children("Invoice")
        #expect(invoices.map { "\($0.value("InvoiceID") ?? "") \($0.value("IssueDate") ?? "") \($0.value("Payment", "Date") ?? "") \($0.value("Payment", "SubTotals", "Amount") ?? "")" }
            == ["INV-0008 20260915 20260930 960.00"])
        #expect(result.diagnostics.map(\.code.name) == ["ereport-refund"])
        #expect(result.diagnostics.first?.message.contains("on 2026-09-22 the refunds to consumers at 20% exceed the money received by 30.00 EUR") == true)
    }

    /// One file, one report (G6.29); the sender is the platform, the declarant the seller.
    @Test func theEnvelopeNamesThePlatformAndTheDeclarant() throws {
        let result = try Self.report(try Self.book(), "2026-09")
        #expect(result.files.map(\.name) == ["2026-09-transactions.xml", "2026-09-payments.xml"])
        for file in result.files {
            let root = try Self.root(file)
            #expect(root.children("TransactionsReport").count + root.children("PaymentsReport").count == 1)
            #expect(root.value("ReportDocument", "IssueDateTime", "DateTimeString") == "20261001080000")
            #expect(root.child("ReportDocument")?.child("Sender")?.child("Id")?.attributes["schemeId"] == "0238")
            #expect(root.value("ReportDocument", "Sender", "Id") == "0042" && root.value("ReportDocument", "Sender", "RoleCode") == "WK")
            #expect(root.value("ReportDocument", "Issuer", "Id") == "732829320" && root.value("ReportDocument", "Issuer", "RoleCode") == "SE")
        }
        #expect(try Self.root(result.files[0]).value("ReportDocument", "Id") == "732829320-2026-09-T")
        #expect(try Self.root(result.files[1]).value("ReportDocument", "Id") == "732829320-2026-09-P")
    }

    @Test func theSameBookPeriodAndTimeGiveTheSameBytes() throws {
        let book = try Self.book()
        let first = try Self.report(book, "2026-09").files.map(\.bytes)
        let second = try Self.report(book, "2026-09").files.map(\.bytes)
        #expect(first == second && !first.isEmpty)
    }

    // MARK: - The PPF's XSD and schematron

    static func everyFile() throws -> [(String, EReporting.File)] {
        var all: [(String, EReporting.File)] = []
        for (label, book, period) in [("studio", try Self.book(), "2026-09"), ("studio-empty", try Self.book(), "2026-09-D3"),
                                      ("conseil", try Self.example("conseil"), "2026-09"), ("conseil-empty", try Self.example("conseil"), "2026-01"),
                                      ("micro", try Self.example("micro"), "2027-B5")] {
            let result = try Self.report(book, period)
            #expect(!result.diagnostics.hasErrors, "\(label): \(result.diagnostics.map(\.message))")
            all += result.files.map { ("\(label)/\($0.name)", $0) }
        }
        return all
    }

    @Test func everyFilePassesThePPFsXSD() throws {
        let schema = try Self.schema()
        let files = try Self.everyFile()
        #expect(files.count == 7)
        for (label, file) in files { #expect(schema.validate(file.bytes).isEmpty, "\(label): \(schema.validate(file.bytes))") }
        // The control: the schema refuses what it should (a report without its period).
        let broken = String(decoding: files[0].1.bytes, as: UTF8.self).replacingOccurrences(of: "<ReportPeriod>", with: "<Period>")
            .replacingOccurrences(of: "</ReportPeriod>", with: "</Period>")
        #expect(!schema.validate(Array(broken.utf8)).isEmpty)
    }

    /// The AIFE's business rules (PPF_Flux10 v1.0: formats, code lists, G1.53's sums, G6.29's one
    /// report per file), run by scripts/schematron.py as the BR-FR ones are.
    @Test func everyFilePassesThePPFsSchematron() throws {
        let python = ProcessInfo.processInfo.environment["EINVOICE_PYTHON"] ?? Self.repository.appendingPathComponent(".build/einvoice-venv/bin/python").path
        try #require(FileManager.default.fileExists(atPath: python), "the test venv is absent: run scripts/einvoice-venv.sh (make test does)")
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-f10-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var paths: [String] = []
        for (index, (_, file)) in try Self.everyFile().enumerated() {
            let path = scratch.appendingPathComponent("\(index)-\(file.name)").path
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let rules = Self.folder.appendingPathComponent("PPF_Flux10_v1.0.sch").path
        let runner = Self.repository.appendingPathComponent("scripts/schematron.py").path
        let result = try runProcess(URL(fileURLWithPath: python), [runner, rules] + paths)
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result.stdout)\(result.stderr)")
        // The control: a category the PPF does not know, and a platform id of 5 characters.
        let bad = scratch.appendingPathComponent("bad.xml")
        let text = try String(contentsOfFile: paths[0], encoding: .utf8).replacingOccurrences(of: "TNT1", with: "TXX1")
            .replacingOccurrences(of: ">0042<", with: ">00421<")
        try text.write(to: bad, atomically: true, encoding: .utf8)
        let failed = try runProcess(URL(fileURLWithPath: python), [runner, rules, bad.path])
        #expect(failed.status == 1 && failed.stdout.contains("[G1.68]") && failed.stdout.contains("[G6.22]"), "\(failed.stdout)\(failed.stderr)")
    }

    // MARK: - Empty periods and the examples

    /// A period without such sales is still declared: the report with its period and nothing else.
    /// Lumière Conseil opted for VAT on debits, so it reports no payments at all.
    @Test func anEmptyPeriodIsAReportWithItsPeriodOnly() throws {
        let result = try Self.report(try Self.example("conseil"), "2026-01")
        #expect(result.diagnostics.isEmpty)
        #expect(result.files.map(\.name) == ["2026-01-transactions.xml"])
        let root = try Self.root(result.files[0])
        // The tree lives as long as its root: keep it while its elements are read.
        defer { withExtendedLifetime(root) {} }
        let report = try #require(root.child("TransactionsReport"))
        #expect(report.elements.map(\.name) == ["ReportPeriod"])
        #expect(report.value("ReportPeriod", "StartDate") == "20260101" && report.value("ReportPeriod", "EndDate") == "20260131")
    }

    /// The two French examples sell only to French businesses: e-invoiced, so nothing to report;
    /// the micro-entrepreneur in franchise en base owes no VAT, so no payments either.
    @Test func theFrenchExamplesHaveNothingToReport() throws {
        for (name, period, start, end) in [("conseil", "2026-09", "20260901", "20260930"), ("micro", "2027-B5", "20270901", "20271031")] {
            let result = try Self.report(try Self.example(name), period)
            #expect(result.diagnostics.isEmpty, "\(name): \(result.diagnostics.map(\.message))")
            #expect(result.files.count == 1, "\(name)")
            let root = try Self.root(result.files[0])
            // The tree lives as long as its root: keep it while its elements are read.
            defer { withExtendedLifetime(root) {} }
            let report = try #require(root.child("TransactionsReport"))
            #expect(report.elements.map(\.name) == ["ReportPeriod"], "\(name)")
            #expect(report.value("ReportPeriod", "StartDate") == start && report.value("ReportPeriod", "EndDate") == end)
        }
    }

    /// A micro-entrepreneur in franchise en base (examples/micro's settings) selling to a
    /// consumer: the sale is reported, 300.00 with no VAT at 0 % under services, for September and
    /// October together; no payments file, since no VAT is ever due on receipt.
    @Test func aFranchiseReportsItsConsumerSalesAtZeroEveryTwoMonths() throws {
        let settings = try String(contentsOf: Self.repository.appendingPathComponent("examples/micro/invoic.yaml"), encoding: .utf8)
        let files = ["invoices/CM-2027-001.yaml": Self.sale("paul", "2027-10-12", items: "  - {description: Faire-part, quantity: 1, price: 300.00}\n",
                                                          paid: [("2027-10-12", "300.00")])]
        let result = try Self.report(try Self.book(files, settings: settings, clients: ["paul": "name: Paul Martin\naddress: {city: Nantes, country: FR}\n"]), "2027-B5")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        #expect(result.files.map(\.name) == ["2027-B5-transactions.xml"])
        let file = try #require(result.files.first)
        let root = try Self.root(file)
        defer { withExtendedLifetime(root) {} }
        #expect(Self.lines(root.child("TransactionsReport")) == ["20271012 TPS1 300.00 0.00 0:300.00:0.00"])
        #expect(try Self.schema().validate(file.bytes).isEmpty)
    }

    // MARK: - Periods

    @Test func periodsAreTheLawsDecadesMonthsAndPairsOfMonths() throws {
        let cases: [(String, String, String)] = [
            ("2026-09-D1", "2026-09-01", "2026-09-10"), ("2026-09-D2", "2026-09-11", "2026-09-20"), ("2026-09-D3", "2026-09-21", "2026-09-30"),
            ("2028-02-D3", "2028-02-21", "2028-02-29"), ("2026-02", "2026-02-01", "2026-02-28"), ("2026-B1", "2026-01-01", "2026-02-28"),
            ("2026-B6", "2026-11-01", "2026-12-31"),
        ]
        for (text, from, to) in cases {
            let period = try #require(EReportingPeriod(text), "\(text)")
            #expect(period.from.description == from && period.to.description == to, "\(text)")
        }
        // Periods without dates: no such decade, month or pair, a year alone, a quarter, nothing.
        for text in ["", "2026", "2026-Q3", "2026-13", "2026-00", "2026-09-D4", "2026-09-D0", "2026-B7", "2026-B0", "2026-9", "1999-09", "26-09", "2026-09-01", "2026-09-D1-x", "２０２６-09"] {
            #expect(EReportingPeriod(text) == nil, "\(text)")
        }
    }

    /// A business in franchise en base reports every two months; one liable to VAT never does.
    @Test func thePeriodMustBeTheOneTheRegimeAsks() throws {
        let micro = try Self.report(try Self.example("micro"), "2027-09")
        #expect(micro.files.isEmpty)
        let diagnostic = try #require(micro.diagnostics.first)
        #expect(diagnostic.code.name == "ereport-period" && diagnostic.file == "invoic.yaml" && diagnostic.help?.contains("--period 2027-B5") == true, "\(diagnostic)")
        let studio = try Self.report(try Self.book(), "2026-B5")
        #expect(studio.files.isEmpty && studio.diagnostics.map(\.code.name) == ["ereport-period"])
    }

    // MARK: - Hostile and odd books

    /// A consumer without a country is taken as French, but a sale taxed as an export to one
    /// cannot be placed; nor can a business whose VAT number is foreign and whose country is unknown.
    @Test func aClientAbroadWithoutACountryIsNamed() throws {
        var clients = Self.clients
        clients["lena"] = "name: Lena Keller\n"
        clients["hans"] = "name: Hans Bau GmbH\ntax_id: DE136695976\n"
        let result = try Self.report(try Self.book(Self.files, clients: clients), "2026-09")
        #expect(result.files.isEmpty)
        let found = result.diagnostics.filter { $0.code.name == "ereport-client-country" }
        #expect(found.map { $0.file ?? "" }.sorted() == ["clients/hans.yaml", "clients/lena.yaml"], "\(result.diagnostics.map(\.message))")
        #expect(found.allSatisfy { $0.severity == .error && $0.help?.contains("country") == true })
        #expect(found.first { $0.file == "clients/lena.yaml" }?.message.contains("INV-0004") == true)
    }

    /// Flux 10 is in euros (G6.23): a sale in dollars that states no rate to the euro is named
    /// at its file, not converted by a guess; with `tax_currency:` it counts at its own rate.
    @Test func aSaleInAnotherCurrencyNeedsItsRateToTheEuro() throws {
        var files = Self.files
        files["invoices/INV-0009.yaml"] = Self.sale("paul", "2026-09-20", "currency: USD\n", items: "  - {description: Tirage, quantity: 1, price: 10.00}\n")
        // `check` refuses it already (BR-FR-CO-12); e-reporting names it too rather than guess a rate.
        let unconverted = TestBook(files, settings: Self.settings, clients: Self.clients).check()
        #expect(unconverted.diagnostics.filter { $0.severity == .error }.map { "\($0.file ?? ""): \($0.message)" }
                == ["invoices/INV-0009.yaml: invoice INV-0009 is in USD: a French invoice in another currency states its VAT in euros too (BR-FR-CO-12)"])
        let result = try Self.report(unconverted.book, "2026-09")
        #expect(result.files.isEmpty)
        #expect(result.diagnostics.map { "\($0.code.name) \($0.file ?? "")" } == ["ereport-currency invoices/INV-0009.yaml"])
        files["invoices/INV-0009.yaml"] = Self.sale("paul", "2026-09-20", "currency: USD\ntax_currency: {code: EUR, rate: 0.9}\n",
                                                    items: "  - {description: Tirage, quantity: 1, price: 10.00}\n")
        let converted = try Self.report(try Self.book(files), "2026-09")
        // 10.00 USD at 0.9 is 9.00 EUR, its 20 % VAT 2.00 USD 1.80 EUR.
        let first = try #require(converted.files.first)
        let root = try Self.root(first)
        // The tree lives as long as its root: keep it while its elements are read.
        defer { withExtendedLifetime(root) {} }
        let report = try #require(root.child("TransactionsReport"))
        #expect(Self.lines(report).contains("20260920 TPS1 9.00 1.80 20:9.00:1.80"), "\(Self.lines(report))")
    }

    @Test func theDeclarantNeedsItsSIRENAndThePlatformItsMatricule() throws {
        let noSIREN = Self.settings.replacingOccurrences(of: "  siren: 732 829 320\n", with: "")
        let checked = TestBook(Self.files, settings: noSIREN, clients: Self.clients).check()
        let result = EReporting.files(book: checked.book, period: try #require(EReportingPeriod("2026-09")), platform: Self.platform, now: Self.now)
        #expect(result.files.isEmpty && result.diagnostics.contains { $0.code.name == "ereport-seller-id" && $0.help?.contains("siren") == true })
        for matricule in ["", "42", "00421", "00 4", "0<42"] {
            let bad = EReporting.files(book: try Self.book(), period: try #require(EReportingPeriod("2026-09")),
                                       platform: .init(matricule: matricule, name: "PA"), now: Self.now)
            #expect(bad.files.isEmpty && bad.diagnostics.map(\.code.name) == ["ereport-platform"], "\(matricule)")
        }
    }

    /// A credit note to a business abroad is reported with the invoice it corrects and that
    /// invoice's date (G1.32; `check` already refuses a credit note without `corrects:`).
    @Test func aCreditNoteAbroadNamesTheInvoiceItCorrects() throws {
        var files = Self.files
        files["credit-notes/CN-0002.yaml"] = "client: brux\nissued: 2026-09-28\nsent: 2026-09-28\ncorrects: INV-0008\nreason: Une heure de moins\n"
            + "items:\n  - {description: Animation, quantity: 1, price: 100.00}\n"
        let result = try Self.report(try Self.book(files), "2026-09")
        let file = try #require(result.files.first)
        let root = try Self.root(file)
        defer { withExtendedLifetime(root) {} }
        let credit = try #require(root.child("TransactionsReport")?.children("Invoice").first { $0.value("ID") == "CN-0002" })
        // The credit note states its own figures, positive, under type 381: 100.00 at 20 %, VAT 20.00.
        #expect(credit.value("TypeCode") == "381" && credit.value("ReferencedDocument", "ID") == "INV-0008"
            && credit.value("ReferencedDocument", "IssueDate") == "20260915")
        #expect(credit.value("MonetaryTotal", "TaxExclusiveAmount") == "100.00" && credit.value("MonetaryTotal", "TaxAmount") == "20.00")
        #expect(try Self.schema().validate(file.bytes).isEmpty)
    }

    /// What Flux 10 cannot say is said: a void of an invoice abroad (no void in e-reporting: a
    /// warning), a billing mode outside G1.02's list, a buyer id over G2.19's 18 characters.
    @Test func whatFlux10CannotCarryIsNamed() throws {
        var files = Self.files
        files["invoices/INV-0007.yaml"]! += "void: {date: 2026-09-14, reason: Doublon}\n"
        let voided = try Self.report(try Self.book(files), "2026-09")
        #expect(voided.diagnostics.map { "\($0.severity) \($0.code.name) \($0.file ?? "")" } == ["warning ereport-void invoices/INV-0007.yaml"])
        #expect(!voided.files.isEmpty)
        let s3 = try Self.report(try Self.book(settings: Self.settings.replacingOccurrences(of: "billing_mode: S1", with: "billing_mode: S3")), "2026-09")
        #expect(s3.files.isEmpty && Set(s3.diagnostics.map(\.code.name)) == ["ereport-billing-mode"])
        #expect(s3.diagnostics.first?.file == "invoic.yaml" && s3.diagnostics.first?.range != nil)
        var clients = Self.clients
        clients["acme-us"] = "name: Acme Inc.\naddress: {country: US}\nlegal_id: EIN-123456789-BOSTON-MA\n"
        let long = try Self.report(try Self.book(clients: clients), "2026-09")
        #expect(long.files.isEmpty && long.diagnostics.map { "\($0.code.name) \($0.file ?? "")" } == ["ereport-buyer-id clients/acme-us.yaml"])
    }

    /// Text from the book is escaped, never markup: a name with `<` and `&` stays a name.
    @Test func namesAreTextNotMarkup() throws {
        let settings = Self.settings.replacingOccurrences(of: "name: Atelier Lumen SAS", with: "name: \"Lumen & <Fils> SAS\"")
        let result = try Self.report(try Self.book(settings: settings), "2026-09")
        let first = try #require(result.files.first)
        let root = try Self.root(first)
        #expect(root.value("ReportDocument", "Issuer", "Name") == "Lumen & <Fils> SAS")
        #expect(try Self.schema().validate(result.files[0].bytes).isEmpty)
    }
}
