import Foundation
import InvoicTestSupport
import Testing

/// examples/poland end to end: `build` writes each FA(3) file beside its PDF, and the PDF (and a
/// copy) carries KOD I, whose link holds the SHA-256 of exactly that file, with OFFLINE under it
/// until KSeF gives the invoice its number (kody-qr.md).
@Suite struct PolishBookTests {
    /// The payloads of the QR codes on the last page of `pdf`, read by zxing-cpp.
    static func qrCodes(_ pdf: URL, in folder: URL) throws -> [String] {
        let stem = folder.appendingPathComponent(pdf.deletingPathExtension().lastPathComponent).path
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftoppm"), ["-gray", "-r", "200", pdf.path, stem])
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix(pdf.deletingPathExtension().lastPathComponent + "-") && $0.hasSuffix(".pgm") }.sorted()
        let page = try #require(pages.last)
        let read = try runProcess(Invoic.repository.appendingPathComponent("scripts/read-qr.py"), [folder.appendingPathComponent(page).path])
        return read.stdout.split(separator: "\n").map { hex in
            String(decoding: stride(from: 0, to: hex.count - 1, by: 2).compactMap { offset -> UInt8? in
                let start = hex.index(hex.startIndex, offsetBy: offset)
                return UInt8(hex[start..<hex.index(start, offsetBy: 2)], radix: 16)
            }, as: UTF8.self)
        }
    }

    /// Base64URL of the SHA-256 of `file`, by Python's hashlib (not invoic's SHA-256).
    static func hash(_ file: URL) throws -> String {
        let python = try runProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c",
            "import sys,hashlib,base64; print(base64.urlsafe_b64encode(hashlib.sha256(open(sys.argv[1],'rb').read()).digest()).decode().rstrip('='))", file.path])
        return python.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func everyPDFCarriesKODIOfItsFA3File() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("poland"))
        defer { try? FileManager.default.removeItem(at: book) }
        // A new invoice, not yet in KSeF: OFFLINE under its code (and `check` says when it is due).
        try """
            client: kwadrat
            issued: 2026-11-20
            items:
              - { description: Backend development, quantity: 8, unit: godz., price: 150.00 }
            """.write(to: book.appendingPathComponent("invoices/2026/FV-2026-004.yaml"), atomically: true, encoding: .utf8)
        let built = try Invoic.run(["build", "--today", "2026-11-21"], in: book)
        #expect(built.status == 0, "\(built.stderr)")
        let checked = try Invoic.run(["check", "--today", "2026-11-21", "--diagnostics-format", "gnu"], in: book)
        #expect(checked.status == 0 && checked.stderr.contains("warning: FV-2026-004 has no KSeF number: send it to KSeF by 2026-11-23 [ksef-send-due]"), "\(checked.stderr)")
        let late = try Invoic.run(["check", "--today", "2026-11-24", "--diagnostics-format", "gnu"], in: book)
        #expect(late.status == 1 && late.stderr.contains("error: FV-2026-004 was due in KSeF by 2026-11-23"), "\(late.stderr)")
        let build = book.appendingPathComponent("build")
        let pages = book.appendingPathComponent("pages")
        try FileManager.default.createDirectory(at: pages, withIntermediateDirectories: true)
        for (number, issued, caption) in [("FV-2026-001", "05-10-2026", "6771234561-20261005-0100004B2C11-BA"), ("FV-2026-002", "20-10-2026", "6771234561-20261020-0100005C3D58-8F"),
                                          ("KOR-2026-001", "12-10-2026", "6771234561-20261012-01000051E7A3-9B"), ("FV-2026-004", "20-11-2026", "OFFLINE")] {
            let xml = build.appendingPathComponent("\(number).fa3.xml")
            let url = "https://qr-test.ksef.mf.gov.pl/invoice/6771234561/\(issued)/\(try Self.hash(xml))"
            let codes = try Self.qrCodes(build.appendingPathComponent("\(number).pdf"), in: pages)
            #expect(codes == [url], "\(number): \(codes)")
            let text = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftotext"), ["-layout", build.appendingPathComponent("\(number).pdf").path, "-"]).stdout
            #expect(text.contains(caption), "\(number): \(caption) under the code\n\(text)")
            #expect(text.contains("NIP PL6771234561"), "\(text)")
        }
        // A copy (`pdf --copy`) shows the same code: the file is the invoice's, not the copy's.
        let copied = try Invoic.run(["pdf", "--copy", "--today", "2026-11-21", "FV-2026-002", "-o", "copies"], in: book)
        #expect(copied.status == 0, "\(copied.stderr)")
        let copy = try #require(try FileManager.default.contentsOfDirectory(atPath: book.appendingPathComponent("copies").path).first { $0.hasSuffix(".pdf") })
        let url = "https://qr-test.ksef.mf.gov.pl/invoice/6771234561/20-10-2026/\(try Self.hash(build.appendingPathComponent("FV-2026-002.fa3.xml")))"
        #expect(try Self.qrCodes(book.appendingPathComponent("copies/\(copy)"), in: pages) == [url])
    }

    /// `export --format fa3` writes the same bytes as `build`, and `init --country PL` starts a
    /// book in PLN at 23 % in Polish.
    @Test func exportAndInit() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("poland"))
        defer { try? FileManager.default.removeItem(at: book) }
        #expect(try Invoic.run(["build", "--today", "2026-11-21"], in: book).status == 0)
        let exported = try Invoic.run(["export", "--format", "fa3", "FV-2026-003", "-o", "-"], in: book)
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(exported.stdout == (try String(contentsOf: book.appendingPathComponent("build/FV-2026-003.fa3.xml"), encoding: .utf8)))
        let folder = book.appendingPathComponent("new")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(try Invoic.run(["init", "pl", "--country", "PL"], in: folder).status == 0)
        let settings = try String(contentsOf: folder.appendingPathComponent("pl/invoic.yaml"), encoding: .utf8)
        #expect(settings.contains("currency: PLN") && settings.contains("tax: 23%") && settings.contains("locale: pl_PL"), "\(settings)")
    }
}
