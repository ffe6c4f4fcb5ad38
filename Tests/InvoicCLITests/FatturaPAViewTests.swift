import Foundation
import InvoicTestSupport
import Testing

/// `invoic view` of a FatturaPA shows the figures the official stylesheets show: the Agenzia
/// delle Entrate's (Foglio_di_stile_fatturaordinaria_v1.2.2.xsl) and AssoSoftware's
/// (FoglioStileAssoSoftware.xsl), as OCA's odoo-addon-l10n-it-fatturapa ships them, applied with
/// lxml (libxslt) in the test venv (scripts/einvoice-venv.sh) by
/// Tests/Fixtures/fatturapa/stylesheet_figures.py. For the Agenzia's examples FPR01 and FPR02
/// (../shared/standards, in place) and for every invoice of the Italian example books as
/// `export` writes it: each line's total, each VAT summary's taxable amount and tax, the amount
/// to pay, and the document total when the file states it.
@Suite struct FatturaPAViewTests {
    static let python = Invoic.repository.appendingPathComponent(".build/einvoice-venv/bin/python")

    static func stylesheets() throws -> String {
        let lib = Invoic.repository.appendingPathComponent(".build/einvoice-venv/lib")
        let version = try #require((try? FileManager.default.contentsOfDirectory(atPath: lib.path))?.first { $0.hasPrefix("python3") },
                                   "no test venv at .build/einvoice-venv: run scripts/einvoice-venv.sh (make test does)")
        let folder = lib.appendingPathComponent("\(version)/site-packages/odoo/addons/l10n_it_fatturapa/data").path
        try #require(FileManager.default.fileExists(atPath: folder + "/FoglioStileAssoSoftware.xsl"),
                     "the official stylesheets are not in the test venv: rerun scripts/einvoice-venv.sh")
        return folder
    }

    struct Figures: Equatable, CustomStringConvertible {
        var lines: [Int64]
        /// (taxable, tax) of each VAT summary.
        var groups: [[Int64]]
        var due: Int64
        var total: Int64?
        var description: String { "lines \(lines), groups \(groups), due \(due), total \(total.map(String.init) ?? "-")" }
    }

    /// Cents of `€1,234.56` / `-€2.00`, as `view` prints in en_US.
    static func cents(_ token: Substring) -> Int64? {
        let negative = token.hasPrefix("-")
        let digits = token.filter { $0.isNumber || $0 == "." }
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        guard token.contains("€"), parts.count == 2, parts[1].count == 2, let units = Int64(parts[0]), let hundredths = Int64(parts[1]) else { return nil }
        return (negative ? -1 : 1) * (units * 100 + hundredths)
    }

    /// The figures of `invoic view`'s text: the lines' amounts (last column), the VAT breakdown's
    /// taxable amount and tax, the total and the amount due.
    static func viewed(_ text: String) -> Figures {
        var figures = Figures(lines: [], groups: [], due: 0, total: nil)
        var section = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix(" ") { section = String(line); continue }
            let words = line.split(separator: " ")
            let amounts = words.compactMap(cents)
            switch section {
            case "Lines" where Int(words.first ?? "") != nil:
                if let last = words.last.flatMap(cents) { figures.lines.append(last) }
            case "VAT breakdown" where amounts.count >= 2:
                figures.groups.append(Array(amounts.prefix(2)))
            case "Total":
                if words.first == "Total", words.count == 2 { figures.total = amounts.first }
                if words.starts(with: ["Amount", "due"]) { figures.due = amounts.first ?? 0 }
            default:
                break
            }
        }
        return figures
    }

    /// What each stylesheet shows of the file's one invoice.
    static func shown(_ file: String, stylesheets: String) throws -> [String: Figures] {
        let run = try runProcess(python, [Invoic.repository.appendingPathComponent("Tests/Fixtures/fatturapa/stylesheet_figures.py").path, stylesheets, file])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: [[String: Any]]])
        var shown: [String: Figures] = [:]
        for (sheet, invoices) in json {
            #expect(invoices.count == 1, "\(sheet): one invoice in \(file)")
            guard let invoice = invoices.first else { continue }
            let number = { (value: Any) in (value as? NSNumber)?.int64Value ?? -1 }
            shown[sheet] = Figures(lines: (invoice["lines"] as? [Any] ?? []).map(number),
                                   groups: (invoice["groups"] as? [[Any]] ?? []).map { [number($0[1]), number($0[2])] },
                                   due: (invoice["payments"] as? [Any] ?? []).map(number).reduce(0, +),
                                   total: invoice["total"].flatMap { $0 is NSNull ? nil : number($0) })
        }
        return shown
    }

    /// The file through `view` (outside any book: en_US) and through both stylesheets.
    func compare(_ file: String, stylesheets: String) throws {
        let outside = FileManager.default.temporaryDirectory
        let view = try Invoic.run(["view", file], in: outside)
        #expect(view.status == 0, "\(view.stderr)")
        let viewed = Self.viewed(view.stdout)
        let shown = try Self.shown(file, stylesheets: stylesheets)
        #expect(shown.count == 2)
        for (sheet, figures) in shown.sorted(by: { $0.key < $1.key }) {
            #expect(!figures.lines.isEmpty && !figures.groups.isEmpty, "\(sheet) shows no figures of \(file)")
            #expect(viewed.lines.sorted() == figures.lines.sorted(), "\(sheet), \(file): lines")
            #expect(viewed.groups.sorted { $0.lexicographicallyPrecedes($1) } == figures.groups.sorted { $0.lexicographicallyPrecedes($1) }, "\(sheet), \(file): VAT summary")
            #expect(viewed.due == figures.due, "\(sheet), \(file): amount due\n\(view.stdout)")
            // A file without ImportoTotaleDocumento shows none; the view computes one.
            if let total = figures.total { #expect(viewed.total == total, "\(sheet), \(file): total") }
        }
    }

    @Test func theAgenziasExamplesShowTheSameFigures() throws {
        let stylesheets = try Self.stylesheets()
        // Stated by hand (docs/italy.md): FPR01 5.00 + 1.10 = 6.10; FPR02 5.00 + 20.00 = 25.00, VAT 5.50, 30.50.
        let fpr01 = try Self.shown(Standards.path("it-fatturapa/IT01234567890_FPR01.xml"), stylesheets: stylesheets)
        #expect(fpr01["agenzia"] == Figures(lines: [500], groups: [[500, 110]], due: 610, total: nil))
        let fpr02 = try Self.shown(Standards.path("it-fatturapa/IT01234567890_FPR02.xml"), stylesheets: stylesheets)
        #expect(fpr02["assosoftware"] == Figures(lines: [500, 2000], groups: [[2500, 550]], due: 3050, total: nil))
        for example in ["FPR01", "FPR02"] {
            try compare(Standards.path("it-fatturapa/IT01234567890_\(example).xml"), stylesheets: stylesheets)
        }
    }

    /// invoic's own files: the forfettaria's (N2.2, the stamp duty charged as an N1 line) and the
    /// consultant's (INPS contribution TC22 in the VAT base, ritenuta: 1,522.56 total, 1,272.96 due).
    @Test func invoicsExportsShowTheSameFigures() throws {
        let stylesheets = try Self.stylesheets()
        for example in ["designer-it", "consulente-it"] {
            let book = try Invoic.copy(Invoic.examples.appendingPathComponent(example))
            defer { try? FileManager.default.removeItem(at: book) }
            let out = book.appendingPathComponent("fatturapa")
            let export = try Invoic.run(["export", "--format", "fatturapa", "-o", out.path + "/", "2026/001", "2026/002", "2026/003"], in: book)
            #expect(export.status == 0, "\(export.stderr)")
            let files = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".xml") }.sorted()
            #expect(files.count == 3)
            for file in files { try compare(out.appendingPathComponent(file).path, stylesheets: stylesheets) }
        }
        // The consultant's first invoice, by hand: 1,200.00 + 4 % INPS 48.00 = 1,248.00; VAT 22 % 274.56;
        // total 1,522.56; ritenuta 20 % of 1,248.00 = 249.60; due 1,272.96.
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("consulente-it"))
        defer { try? FileManager.default.removeItem(at: book) }
        let export = try Invoic.run(["export", "--format", "fatturapa", "-o", "-", "2026/001"], in: book)
        let file = book.appendingPathComponent("first.xml")
        try export.stdout.write(to: file, atomically: true, encoding: .utf8)
        let shown = try Self.shown(file.path, stylesheets: stylesheets)
        #expect(shown["agenzia"] == Figures(lines: [120000], groups: [[124800, 27456]], due: 127296, total: 152256))
        #expect(shown["assosoftware"] == shown["agenzia"])
    }
}
