import Foundation
import InvoicBook
import InvoicEInvoice
import InvoicTestSupport
import Testing

/// Issue 46 point 3: the four other example books (studio, contractor, musician, wholesale) under
/// French law, every feature they have (credit notes, deposits, allowances and charges, reverse
/// charge, intra-EU supply, export, other currencies, partial payments, estimates), each UBL, CII
/// and Factur-X of each passing the official BR-FR schematron, the EXTENDED-CTC-FR one where the
/// book asks for that profile, and einvoice-check.
///
/// The variants are made from the example books at run time, so they follow every change to
/// them; `FrenchVariant.make` is the whole transformation and says what it changes.
@Suite struct FrenchVariantTests {
    static let books = ["studio", "contractor", "musician", "wholesale"]

    @Test(arguments: books)
    func everyExportOfTheFrenchVariantPassesTheFrenchRules(_ name: String) throws {
        try #require(FrenchRules.available, "../shared/standards/fr-ctc is absent")
        for profile in EInvoiceConformance.allCases {
            let variant = try FrenchVariant.make(name, profile: profile)
            defer { try? FileManager.default.removeItem(at: variant.folder) }
            let checked = try BookChecker.check(at: variant.folder.path)
            let errors = checked.diagnostics.filter { $0.severity == .error }
            #expect(errors.isEmpty, "\(name): \(errors.map { "\($0.file ?? ""):\($0.range?.start.line ?? 0) \($0.message)" })")
            let files = try FrenchVariant.write(checked.book, into: variant.folder.appendingPathComponent("out"))
            #expect(files.ubl.count == files.cii.count && files.ubl.count == files.facturX.count && files.ubl.count >= 3)

            var rules: [(FrenchRules.Rules, [String])] = [(.brFRUBL, files.ubl), (.brFRCII, files.cii + files.facturX)]
            if profile == .extendedCTCFR { rules += [(.extendedUBL, files.ubl), (.extendedCII, files.cii + files.facturX)] }
            for (schema, paths) in rules {
                let result = try FrenchRules.schematron(schema, paths)
                #expect(result.status == 0 && FrenchRules.fatal(result).isEmpty, "\(name) \(schema): \(result.stdout)\(result.stderr)")
            }
            let validated = try FrenchRules.einvoiceCheck(files.ubl + files.cii + files.facturX)
            #expect(validated.status == 0, "\(name) \(profile): \(FrenchRules.fatal(validated))\(validated.stderr)")
            if profile == .extendedCTCFR {
                // A Factur-X EXTENDED is validated against Factur-X's EXTENDED XSD and schematron; the
                // UBL and CII name AFNOR's EXTENDED-CTC-FR (the CII its D22B schema).
                #expect(validated.stdout.components(separatedBy: "factur-x/extended: 0 fatal").count - 1 == files.facturX.count, "\(validated.stdout)")
                #expect(validated.stdout.components(separatedBy: "factur-x/extended-ctc-fr: 0 fatal").count - 1 == files.cii.count, "\(validated.stdout)")
            }

            // The features of the original book are still there, under French law.
            let xml = try (files.ubl + files.cii).map { try String(contentsOfFile: $0, encoding: .utf8) }.joined()
            for feature in FrenchVariant.features[name] ?? [] {
                #expect(xml.contains(feature), "\(name): \(feature) is not in any export")
            }
        }
    }

    /// The control: a variant that lost its SIREN, or charges a rate France does not have, is
    /// refused by `check` at the line and by the official schematron.
    @Test func aVariantWithoutSIRENOrWithAWrongRateFails() throws {
        try #require(FrenchRules.available, "../shared/standards/fr-ctc is absent")
        let noSIREN = try FrenchVariant.make("studio", profile: .en16931) { $0.replacingOccurrences(of: "  siren: \"732829320\"\n", with: "") }
        defer { try? FileManager.default.removeItem(at: noSIREN.folder) }
        let unsigned = try BookChecker.check(at: noSIREN.folder.path)
        #expect(unsigned.diagnostics.contains { $0.code == .brFR && $0.message.contains("BR-FR-10") })
        let files = try FrenchVariant.write(unsigned.book, into: noSIREN.folder.appendingPathComponent("out"))
        let refused = try FrenchRules.schematron(.brFRUBL, files.ubl)
        #expect(refused.status == 1 && refused.stdout.contains(" BR-FR-10_BT-30 at "), "\(refused.stdout)")

        let german = try FrenchVariant.make("studio", profile: .en16931) { $0.replacingOccurrences(of: "  tax: 20%", with: "  tax: 19%") }
        defer { try? FileManager.default.removeItem(at: german.folder) }
        let wrong = try BookChecker.check(at: german.folder.path)
        #expect(wrong.diagnostics.contains { $0.code == .brFR && $0.message.contains("19 % is not a French VAT rate (BR-FR-16)") && $0.file == "invoic.yaml" })
        let written = try FrenchVariant.write(wrong.book, into: german.folder.appendingPathComponent("out"))
        let rate = try FrenchRules.schematron(.brFRCII, written.cii)
        #expect(rate.status == 1 && rate.stdout.contains(" BR-FR-16_BT-152 at "), "\(rate.stdout)")
    }

    /// BR-FR-12 and BR-FR-CO-12 at the YAML line: a client no e-invoice can name an address for,
    /// and an invoice in pounds without its VAT in euros.
    @Test func aClientWithoutAddressAndAForeignCurrencyWithoutEurosAreReported() {
        let book = TestBook(["invoices/F-001.yaml": "client: acme\nissued: 2026-09-15\ncurrency: GBP\nitems:\n  - { description: Conseil, quantity: 1, price: 100.00 }\n",
                             "invoices/F-002.yaml": "client: acme\nissued: 2026-09-16\ncurrency: GBP\ntax_currency: { code: EUR, rate: 1.16 }\nitems:\n  - { description: Conseil, quantity: 1, price: 100.00 }\n",
                             "invoices/F-003.yaml": "client: rhone\nissued: 2026-09-17\nitems:\n  - { description: Conseil, quantity: 1, price: 100.00 }\n"],
                            settings: FrenchBookCheckTests.settings,
                            clients: ["acme": "name: Acme Ltd\naddress: { city: London, country: GB }\n",
                                      "rhone": "name: Rhône SAS\nsiren: 732 829 320\naddress: { city: Lyon, country: FR }\n"])
        let findings = book.check().diagnostics.filter { $0.code == .brFR }
        // Only the French business is in the e-invoicing mandate's scope; the London agency's invoice is e-reported.
        let missingAddress = findings.filter { $0.message.contains("BR-FR-12") }
        #expect(missingAddress.count == 1 && missingAddress.first?.file == "clients/rhone.yaml", "\(findings.map(\.message))")
        let currency = findings.filter { $0.message.contains("BR-FR-CO-12") }
        #expect(currency.count == 1 && currency.first?.file == "invoices/F-001.yaml" && currency.first?.range?.start.line == 2, "\(findings.map(\.message))")
    }
}

/// A French variant of an example book: a copy under the temporary folder, changed as `make` says.
enum FrenchVariant {
    /// Per book: the cadre de facturation (BT-23) and each rate of the original mapped to the French
    /// rate for the same supply. studio: design services at 20 %, the UK agency's 0 % stays 0 %.
    /// contractor: a Texas carpenter's labour (0 %) and materials (8.25 %) become the 10 % of
    /// renovation work on a dwelling (CGI art. 279-0 bis), mixed goods and services (M1).
    /// musician: no sales tax becomes the franchise en base of a micro-entrepreneur (CGI art. 293 B).
    /// wholesale: Swedish 25 % and 6 % (printed matter) become 20 % and 5.5 % (books, CGI art.
    /// 278-0 bis), goods (B1).
    static let law: [String: (mode: String, rates: [String: String])] = [
        "studio": ("S1", ["20%": "20%"]),
        "contractor": ("M1", ["0%": "10%", "8.25%": "10%"]),
        "musician": ("S1", ["0%": "exempt\n  exemption: { code: VATEX-FR-FRANCHISE, text: \"TVA non applicable, art. 293 B du CGI\" }"]),
        "wholesale": ("B1", ["25%": "20%", "6%": "5.5%"]),
    ]

    /// What each variant's exports must still show of the original book's features.
    static let features: [String: [String]] = [
        "studio": ["<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>", "<cbc:ID>AE</cbc:ID>", "<cbc:ChargeIndicator>false</cbc:ChargeIndicator>",
                   "<cbc:ProfileID>S1</cbc:ProfileID>"],
        "contractor": ["<cbc:Percent>10</cbc:Percent>", "<cbc:ChargeIndicator>false</cbc:ChargeIndicator>", "<cbc:ProfileID>M1</cbc:ProfileID>"],
        "musician": ["<cbc:DocumentCurrencyCode>GBP</cbc:DocumentCurrencyCode>", "<ram:TaxCurrencyCode>EUR</ram:TaxCurrencyCode>",
                     "<ram:InvoiceCurrencyCode>JPY</ram:InvoiceCurrencyCode>", "TVA non applicable, art. 293 B du CGI", "schemeID=\"EM\""],
        "wholesale": ["<cbc:CreditNoteTypeCode>381</cbc:CreditNoteTypeCode>", "<cbc:ID>K</cbc:ID>", "<cbc:ID>G</cbc:ID>",
                      "<cbc:ChargeIndicator>true</cbc:ChargeIndicator>", "<cbc:Percent>5.5</cbc:Percent>", "<cbc:ProfileID>B1</cbc:ProfileID>",
                      "<ram:TypeCode>386</ram:TypeCode>", "<ram:TotalPrepaidAmount>"],
    ]

    /// Fixed rates for the VAT in euros that BR-FR-CO-12 asks of an invoice in another currency:
    /// euros per unit, as a French book would state the day's ECB rate.
    static let euros: [String: String] = ["GBP": "1.1612", "JPY": "0.0058", "USD": "0.8641", "SEK": "0.0912", "NOK": "0.0851", "DKK": "0.1341"]

    /// The copy of examples/`name` under French law:
    /// - invoic.yaml: the business moves to Lyon with its French identity (SIREN 732 829 320,
    ///   SIRET, FR VAT number, the 0225 address, the billing mode), its address, tax_id, legal_id
    ///   and electronic_address replaced; the book's currency becomes EUR (everywhere a document
    ///   states it too), the locale fr_FR, `payable_rounding` (whole kronor) goes; the book's
    ///   `einvoice:` goes (the test writes every format itself); `einvoice_profile` as asked.
    /// - every file: each rate mapped by `law`; the stated totals (`total:`) go, since they are the
    ///   original rates' figures; clients in the business's old country move to France.
    /// - a document in another currency than the euro states its VAT in euros (`tax_currency:`).
    /// - a payment the lower French rate makes exceed its invoice is cut to the invoice's total
    ///   (the client paid what it owed); anything else `check` says is left for the test to see.
    /// `edit` changes invoic.yaml last (the controls break the variant with it).
    static func make(_ name: String, profile: EInvoiceConformance, edit: (String) -> String = { $0 }) throws -> (folder: URL, mode: String) {
        let source = EInvoiceTests.repository.appendingPathComponent("examples/\(name)")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-fr-\(name)-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: folder)
        try? FileManager.default.removeItem(at: folder.appendingPathComponent("build"))
        let law = try #require(Self.law[name])
        let settingsURL = folder.appendingPathComponent("invoic.yaml")
        let original = try String(contentsOf: settingsURL, encoding: .utf8)
        let country = try #require(original.firstMatch(of: /\n    country: ([A-Z]{2})/)?.1).description
        let currency = try #require(original.firstMatch(of: /\n  currency: ([A-Z]{3})/)?.1).description

        var blocks = topLevelBlocks(original)
        for index in blocks.indices {
            switch blocks[index].key {
            case "business":
                var lines = subBlocks(blocks[index].lines).filter { !["address", "tax_id", "legal_id", "electronic_address"].contains($0.key) }.flatMap(\.lines)
                lines.removeAll { $0.trimmingCharacters(in: .whitespaces).isEmpty }
                lines += ["  address: { street: 12 rue de la République, city: Lyon, postal_code: \"69002\", country: FR }",
                          "  tax_id: FR44732829320", "  siren: \"732829320\"", "  siret: \"73282932000074\"",
                          "  electronic_address: \"0225:732829320\"", "  billing_mode: \(law.mode)", ""]
                blocks[index].lines = lines
            case "defaults":
                blocks[index].lines = blocks[index].lines.filter { !$0.contains("payable_rounding:") }.map {
                    $0.replacing(/^  locale: .*/, with: "  locale: fr_FR")
                }
            case "einvoice":
                blocks[index].lines = []
            default: break
            }
        }
        var settings = blocks.flatMap(\.lines).joined(separator: "\n")
        if profile == .extendedCTCFR { settings += "\neinvoice_profile: extended-ctc-fr\n" }
        try settings.write(to: settingsURL, atomically: true, encoding: .utf8)

        // Every YAML file: rates, the book's currency, stated totals, domestic clients.
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL }.filter { $0.pathExtension == "yaml" } ?? []
        var clientCurrency: [String: String] = [:]
        for file in files {
            var text = try String(contentsOf: file, encoding: .utf8)
            text = text.replacing(/\btax: (\d+(?:\.\d+)?%)/) { match in "tax: " + (law.rates[String(match.1)] ?? String(match.1)) }
            text = text.replacing(/\bcurrency: ([A-Z]{3})\b/) { match in match.1 == currency ? "currency: EUR" : "currency: \(match.1)" }
            text = text.replacing(/(?m)^total: .*\n/, with: "")
            if file.deletingLastPathComponent().lastPathComponent == "clients" {
                text = text.replacing("country: \(country)", with: "country: FR")
                if let code = text.firstMatch(of: /(?m)^currency: ([A-Z]{3})/)?.1 { clientCurrency[file.deletingPathExtension().lastPathComponent] = String(code) }
            }
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        for file in files where file.deletingLastPathComponent().lastPathComponent != "clients" && file.lastPathComponent != "invoic.yaml" {
            var text = try String(contentsOf: file, encoding: .utf8)
            guard let client = text.firstMatch(of: /(?m)^client: ([\w.-]+)/)?.1 else { continue }
            let code = text.firstMatch(of: /(?m)^currency: ([A-Z]{3})/)?.1.description ?? clientCurrency[String(client)]
            guard let code, code != "EUR", !text.contains("tax_currency:") else { continue }
            let rate = try #require(euros[code], "no euro rate for \(code)")
            text += (text.hasSuffix("\n") ? "" : "\n") + "tax_currency: { code: EUR, rate: \(rate) }\n"
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        try edit(String(contentsOf: settingsURL, encoding: .utf8)).write(to: settingsURL, atomically: true, encoding: .utf8)

        // Payments cut to the lower French total, at the line `check` names.
        for diagnostic in try BookChecker.check(at: folder.path).diagnostics where diagnostic.code == .overpayment {
            guard let file = diagnostic.file, let line = diagnostic.range?.start.line,
                  let excess = diagnostic.message.firstMatch(of: /by (\d+\.\d\d)$/)?.1, let over = Decimal(string: String(excess)) else { continue }
            let url = folder.appendingPathComponent(file)
            var lines = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")
            guard let amount = lines[line - 1].firstMatch(of: /amount: (\d+\.\d\d)/), let paid = Decimal(string: String(amount.1)) else { continue }
            let cut = NSDecimalNumber(decimal: paid - over).stringValue
            lines[line - 1] = lines[line - 1].replacingCharacters(in: amount.range, with: "amount: \(cut.contains(".") ? cut : cut + ".00")")
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        }
        return (folder, law.mode)
    }

    /// Each format of each invoice and credit note, written into `folder`: the UBL, CII and
    /// Factur-X (the CII a Factur-X PDF embeds) files.
    static func write(_ book: Book, into folder: URL) throws -> (ubl: [String], cii: [String], facturX: [String]) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: (ubl: [String], cii: [String], facturX: [String]) = ([], [], [])
        for document in book.documents where document.kind.isBilling {
            for format in [EInvoiceFormat.ubl, .cii, .facturX] {
                guard let xml = EInvoiceWriter.xml(document, in: book, format: format) else { continue }
                let file = folder.appendingPathComponent("\(document.number.replacingOccurrences(of: "/", with: "_")).\(format.rawValue).xml")
                try Data(xml.utf8).write(to: file)
                switch format {
                case .ubl: files.ubl.append(file.path)
                case .cii: files.cii.append(file.path)
                default: files.facturX.append(file.path)
                }
            }
        }
        return files
    }

    /// The top-level blocks of a YAML file: each key with its lines (comments and blank lines
    /// before the first key under a nil key).
    static func topLevelBlocks(_ text: String) -> [(key: String?, lines: [String])] {
        var blocks: [(key: String?, lines: [String])] = []
        for line in text.components(separatedBy: "\n") {
            if let key = line.firstMatch(of: /^([a-z_]+):/)?.1 {
                blocks.append((String(key), [line]))
            } else if blocks.isEmpty {
                blocks.append((nil, [line]))
            } else {
                blocks[blocks.count - 1].lines.append(line)
            }
        }
        return blocks
    }

    /// The second-level keys of a block (its first line the key's own), each with its lines.
    static func subBlocks(_ lines: [String]) -> [(key: String?, lines: [String])] {
        var blocks: [(key: String?, lines: [String])] = [(nil, [lines[0]])]
        for line in lines.dropFirst() {
            if let key = line.firstMatch(of: /^  ([a-z_]+):/)?.1 {
                blocks.append((String(key), [line]))
            } else {
                blocks[blocks.count - 1].lines.append(line)
            }
        }
        return blocks
    }
}
