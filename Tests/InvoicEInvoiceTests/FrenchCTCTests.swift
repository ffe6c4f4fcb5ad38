import Foundation
import InvoicBook
import InvoicEInvoice
import InvoicTestSupport
import Testing

/// The French e-invoicing reform (docs/france.md): every UBL, CII and Factur-X export of a French
/// book passes the official FNFE-MPE BR-FR Flux 2 schematrons (../shared/standards/fr-ctc, version
/// 1.4.0.03), run by scripts/schematron.py over saxonche; the book check reports what those rules
/// forbid at the YAML line; and the French mentions are where the rules look for them.
@Suite struct FrenchCTCTests {
    static let repository = EInvoiceTests.repository
    static let ublRules = FrenchRules.Rules.brFRUBL.rawValue
    static let frenchBooks = ["conseil", "micro"].map { repository.appendingPathComponent("examples/\($0)") }

    /// Writes each format of each billing document of `books` and runs the UBL or CII schematron
    /// on it: the runner's findings, one line each, and its exit status.
    func schematron(_ books: [URL], formats: [EInvoiceFormat]) throws -> (files: Int, result: ProcessOutput) {
        try #require(FileManager.default.fileExists(atPath: Standards.path(Self.ublRules)), "../shared/standards/fr-ctc is absent")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-fr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var ubl: [String] = [], cii: [String] = []
        for book in books {
            let checked = try BookChecker.check(at: book.path)
            #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(book.lastPathComponent): \(checked.diagnostics.map(\.message))")
            for document in checked.book.documents where document.kind.isBilling {
                for format in formats {
                    let xml = try #require(EInvoiceWriter.xml(document, in: checked.book, format: format))
                    let file = folder.appendingPathComponent("\(book.lastPathComponent)-\(document.number).\(format.rawValue).xml")
                    try Data(xml.utf8).write(to: file)
                    if EInvoiceProfile(format).syntax == .ubl { ubl.append(file.path) } else { cii.append(file.path) }
                }
            }
        }
        var output = ProcessOutput(status: 0, stdout: "", stderr: "")
        for (rules, files) in [(FrenchRules.Rules.brFRUBL, ubl), (.brFRCII, cii)] where !files.isEmpty {
            let result = try FrenchRules.schematron(rules, files)
            output.status = max(output.status, result.status)
            output.stdout += result.stdout
            output.stderr += result.stderr
        }
        return (ubl.count + cii.count, output)
    }

    @Test func everyFrenchExportPassesTheBRFRSchematron() throws {
        let (files, result) = try schematron(Self.frenchBooks, formats: [.ubl, .cii, .facturX])
        #expect(files == 9)
        #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(result.stdout)\(result.stderr)")
    }

    /// The control that the runner can fail: a German book's export breaks the French rules it
    /// does not follow (no SIREN, no PMT/PMD/AAB notes, no cadre de facturation), each found.
    @Test func theRunnerFindsWhatANonFrenchExportLacks() throws {
        let (_, result) = try schematron([Self.repository.appendingPathComponent("examples/studio")], formats: [.ubl, .cii])
        #expect(result.status == 1)
        for rule in ["BR-FR-05_BT-22-1", "BR-FR-05_BT-22-2", "BR-FR-05_BT-22-3", "BR-FR-08_BT-23", "BR-FR-10_BT-30", "BR-FR-05_BT-22_PMT"] {
            #expect(result.stdout.contains(" \(rule) at "), "\(rule) not reported")
        }
    }

    /// `einvoice_profile: extended-ctc-fr` (docs/france.md): BT-24 names AFNOR's EXTENDED-CTC-FR in
    /// the UBL and CII and Factur-X's EXTENDED in a Factur-X; an exempt line repeats the breakdown's
    /// exemption reason (BR-FREXT-E-08rev matches lines by it); the EN 16931 default is unchanged.
    /// The files pass the EXTENDED-CTC-FR and BR-FR schematrons and einvoice-check.
    @Test func theExtendedProfileIsWrittenWhereTheBookAsksForIt() throws {
        try #require(FrenchRules.available, "../shared/standards/fr-ctc is absent")
        let book = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-fr-ext-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.frenchBooks[1], to: book)
        defer { try? FileManager.default.removeItem(at: book) }
        let plain = try BookChecker.check(at: book.path)
        let sale = try #require(plain.book.invoice("CM-2027-001"))
        let en16931 = try #require(EInvoiceWriter.xml(sale, in: plain.book, format: .ubl))
        #expect(en16931.contains("<cbc:CustomizationID>urn:cen.eu:en16931:2017</cbc:CustomizationID>"))
        #expect(en16931.components(separatedBy: "<cbc:TaxExemptionReason>").count == 2, "only the breakdown's")

        let settings = book.appendingPathComponent("invoic.yaml")
        try (String(contentsOf: settings, encoding: .utf8) + "einvoice_profile: extended-ctc-fr\n").write(to: settings, atomically: true, encoding: .utf8)
        let checked = try BookChecker.check(at: book.path)
        #expect(checked.book.settings.einvoiceProfile?.value == .extendedCTCFR)
        let document = try #require(checked.book.invoice("CM-2027-001"))
        let ubl = try #require(EInvoiceWriter.xml(document, in: checked.book, format: .ubl))
        let cii = try #require(EInvoiceWriter.xml(document, in: checked.book, format: .cii))
        let facturX = try #require(EInvoiceWriter.xml(document, in: checked.book, format: .facturX))
        #expect(ubl.contains("<cbc:CustomizationID>urn:cen.eu:en16931:2017#conformant#urn.cpro.gouv.fr:1p0:extended-ctc-fr</cbc:CustomizationID>"))
        #expect(cii.contains("<ram:ID>urn:cen.eu:en16931:2017#conformant#urn.cpro.gouv.fr:1p0:extended-ctc-fr</ram:ID>"))
        #expect(facturX.contains("<ram:ID>urn:cen.eu:en16931:2017#conformant#urn:factur-x.eu:1p0:extended</ram:ID>"))
        // Two lines and the breakdown: three times the franchise's wording and code.
        #expect(ubl.components(separatedBy: "<cbc:TaxExemptionReason>TVA non applicable, art. 293 B du CGI</cbc:TaxExemptionReason>").count == 4, "\(ubl)")
        #expect(cii.components(separatedBy: "<ram:ExemptionReasonCode>VATEX-FR-FRANCHISE</ram:ExemptionReasonCode>").count == 4, "\(cii)")
        // The other formats keep their one profile.
        #expect(EInvoiceWriter.xml(document, in: checked.book, format: .peppol)?.contains("urn:fdc:peppol.eu:2017:poacc:billing:3.0") == true)

        let folder = book.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [String: String] = [:]
        for (name, xml) in [("ubl", ubl), ("cii", cii), ("fx", facturX)] {
            files[name] = folder.appendingPathComponent("\(name).xml").path
            try Data(xml.utf8).write(to: URL(fileURLWithPath: files[name]!))
        }
        for (rules, paths) in [(FrenchRules.Rules.extendedUBL, [files["ubl"]!]), (.brFRUBL, [files["ubl"]!]),
                               (.extendedCII, [files["cii"]!, files["fx"]!]), (.brFRCII, [files["cii"]!, files["fx"]!])] {
            let result = try FrenchRules.schematron(rules, paths)
            // Not even a warning: BR-FXEXT-E-08rev's sum over the lines finds them all.
            #expect(result.status == 0 && result.stdout.isEmpty, "\(rules): \(result.stdout)\(result.stderr)")
        }
        let validated = try FrenchRules.einvoiceCheck(Array(files.values))
        #expect(validated.status == 0, "\(validated.stdout)")
        #expect(validated.stdout.contains("cii.xml: factur-x/extended-ctc-fr: 0 fatal") && validated.stdout.contains("fx.xml: factur-x/extended: 0 fatal"), "\(validated.stdout)")
    }

    /// BR-FR-04 whitelists the document type codes (BT-3). invoic writes 381 for a credit note and
    /// the code of its `type:` otherwise, so `check` needs no rule for it as long as each is listed;
    /// this reads the list from the official schematron and fails if a new type's code is not in it.
    @Test func everyTypeCodeInvoicWritesIsOneBRFR04Accepts() throws {
        try #require(FileManager.default.fileExists(atPath: Standards.path(Self.ublRules)), "../shared/standards/fr-ctc is absent")
        let schema = try String(contentsOfFile: Standards.path(Self.ublRules), encoding: .utf8)
        let assert = try #require(schema.range(of: "id=\"BR-FR-04_BT-3\"").map { schema[..<$0.lowerBound] })
        let list = try #require(assert.range(of: ". = (", options: .backwards).map { assert[$0.upperBound...] })
        let accepted = Set(list.prefix { $0 != ")" }.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "' ")) })
        #expect(accepted.count == 16 && accepted.contains("380"), "\(accepted)")
        for code in InvoiceType.allCases.map(\.code) + ["381"] { #expect(accepted.contains(code), "\(code)") }
    }

    /// Where the rules look: SIREN as CompanyID 0002 (BR-FR-10, BR-FR-11), the SIRET as BT-29, the notes tagged
    /// #PMT#/#PMD#/#AAB# in UBL and by SubjectCode in CII (BR-FR-05), BT-23 in ProfileID.
    @Test func theFrenchMentionsAreWhereTheRulesLook() throws {
        let checked = try BookChecker.check(at: Self.frenchBooks[0].path)
        let document = try #require(checked.book.invoice("F2026-001"))
        let ubl = try #require(EInvoiceWriter.xml(document, in: checked.book, format: .ubl))
        #expect(ubl.contains("<cbc:ProfileID>S1</cbc:ProfileID>"))
        #expect(ubl.contains("<cbc:CompanyID schemeID=\"0002\">732829320</cbc:CompanyID>"))
        #expect(ubl.contains("<cbc:CompanyID schemeID=\"0002\">123456782</cbc:CompanyID>"))
        #expect(ubl.contains("<cbc:Note>#PMT#Indemnité forfaitaire pour frais de recouvrement en cas de retard de paiement : 40 €"))
        #expect(ubl.contains("<cbc:Note>#TXD#Option pour le paiement de la taxe d'après les débits.</cbc:Note>"))
        let cii = try #require(EInvoiceWriter.xml(document, in: checked.book, format: .cii))
        #expect(cii.contains("<ram:SubjectCode>PMD</ram:SubjectCode>"))
        // BT-29: the seller's SIRET (invoic.yaml `siret:`) as its party identifier, scheme 0009.
        #expect(ubl.contains("<cac:PartyIdentification>\n        <cbc:ID schemeID=\"0009\">73282932000074</cbc:ID>") ||
                ubl.contains("<cac:PartyIdentification><cbc:ID schemeID=\"0009\">73282932000074</cbc:ID>"), "\(ubl)")
        #expect(cii.contains("<ram:GlobalID schemeID=\"0009\">73282932000074</ram:GlobalID>"), "\(cii)")
        #expect(cii.contains("<ram:BusinessProcessSpecifiedDocumentContextParameter>\n      <ram:ID>S1</ram:ID>") || cii.contains("<ram:ID>S1</ram:ID>"))
        let micro = try BookChecker.check(at: Self.frenchBooks[1].path)
        let sale = try #require(micro.book.invoice("CM-2027-001"))
        let franchise = try #require(EInvoiceWriter.xml(sale, in: micro.book, format: .ubl))
        #expect(franchise.contains("<cbc:TaxExemptionReason>TVA non applicable, art. 293 B du CGI</cbc:TaxExemptionReason>"))
    }
}

/// The BR-FR rules a French book can break, at the YAML line.
@Suite struct FrenchBookCheckTests {
    static let settings = """
        business: { name: Lumière Conseil, siren: 732 829 320, address: { city: Lyon, country: FR } }
        defaults: { currency: EUR, locale: fr_FR, tax: 20%, terms: 30 }
        """
    /// A client an e-invoice can reach (BR-FR-12): at its e-mail, scheme EM.
    static let clients = ["acme": "name: Acme SAS\nemail: compta@acme.example\n"]

    @Test func sirenAndSiretAreLuhnChecked() {
        // 732 829 320: 0 is the Luhn digit of 73282932 (sum 7+6+2+8+2+18->9+3+4+0 = 40).
        #expect(Identifiers.sirenProblem("732 829 320") == nil)
        #expect(Identifiers.sirenProblem("732 829 321") != nil)
        #expect(Identifiers.sirenProblem("73282932") != nil)
        #expect(Identifiers.siretProblem("73282932000074") == nil)
        #expect(Identifiers.siretProblem("73282932000075") != nil)
        // Its first 9 digits are not a valid SIREN although the 14 pass Luhn.
        #expect(Identifiers.siretProblem("73282932100007")?.contains("SIREN") == true)
        #expect(Identifiers.electronicAddressProblem("0225:732829320") == nil)
        #expect(Identifiers.electronicAddressProblem("0225:732829320_73282932000074") == nil)
        #expect(Identifiers.electronicAddressProblem("0225:732829321") != nil)
    }

    @Test func aWrongSirenOrBillingModeIsReportedAtItsValue() {
        let book = TestBook(["invoices/F-001.yaml": invoice()], settings: """
            business: { name: Lumière, siren: 732 829 321, billing_mode: services, address: { country: FR } }
            defaults: { currency: EUR, locale: fr_FR, tax: 20%, terms: 30 }
            """, clients: ["acme": "name: Acme SAS\nsiret: \"73282932000075\"\n"])
        let findings = book.findings()
        #expect(findings.contains("invoic.yaml:1:35 invalid-siren"), "\(findings)")
        #expect(findings.contains("invoic.yaml:1:62 invalid-billing-mode"), "\(findings)")
        #expect(findings.contains("clients/acme.yaml:2:8 invalid-siren"), "\(findings)")
    }

    @Test func aRateFranceDoesNotHaveAndALongOrOddNumberAreReported() {
        let long = "F-" + String(repeating: "1", count: 34)
        let book = TestBook(["invoices/F-001.yaml": invoice(items: "  - { description: Design, quantity: 2, price: 100.00, tax: 19% }\n"),
                             "invoices/\(long).yaml": invoice(),
                             "invoices/F 2.yaml": invoice()], settings: Self.settings, clients: Self.clients)
        let findings = book.check().diagnostics.filter { $0.code == .brFR }
        let messages = findings.map(\.message)
        #expect(findings.count == 3, "\(messages)")
        #expect(messages.contains { $0.contains("19 % is not a French VAT rate (BR-FR-16)") })
        #expect(messages.contains { $0.contains("36 characters, more than the 35 of BR-FR-01") })
        #expect(messages.contains { $0.contains("F 2 has a character BR-FR-02 forbids") })
        let rate = findings.first { $0.message.contains("BR-FR-16") }
        #expect(rate?.file == "invoices/F-001.yaml" && rate?.range?.start.line == 4)
    }

    @Test func aFrenchBusinessWithoutSirenIsReported() {
        let book = TestBook(["invoices/F-001.yaml": invoice()], settings: """
            business: { name: Lumière, address: { country: FR } }
            defaults: { currency: EUR, locale: fr_FR, tax: 5.5%, terms: 30 }
            """, clients: Self.clients)
        let messages = book.check().diagnostics.filter { $0.code == .brFR }.map(\.message)
        #expect(messages == ["a French business names its SIREN on every invoice (BR-FR-10)"])
    }

    @Test func theFrenchProfileOutsideFranceIsReported() {
        let book = TestBook(["invoices/INV-0001.yaml": invoice()], settings: """
            business: { name: Brenner, address: { country: AT } }
            defaults: { currency: EUR, locale: de_AT, tax: 20%, terms: 30 }
            einvoice_profile: extended-ctc-fr
            """)
        let diagnostics = book.check().diagnostics
        let findings = diagnostics.filter { $0.code == .brFR }
        #expect(findings.count == 1 && findings.first?.severity == .warning && findings.first?.range?.start.line == 3, "\(findings.map(\.message))")
        #expect(!diagnostics.contains { $0.severity == .error }, "\(diagnostics.map(\.message))")
    }

    @Test func aBookOutsideFranceIsNotHeldToTheFrenchRules() {
        let book = TestBook(["invoices/F 1.yaml": invoice(items: "  - { description: Design, quantity: 2, price: 100.00, tax: 19% }\n")])
        #expect(!book.check().diagnostics.contains { $0.code == .brFR })
    }
}
