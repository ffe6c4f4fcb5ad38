import Foundation
import InvoicBook
import InvoicPDF
import InvoicTestSupport
import Testing

/// Issue 45, point 4: the VeriFactu QR code on the PDF, read back by zxing-cpp from the rendered
/// page (AEAT QR specification: level M, 30-40 mm, at the top of page 1, "QR tributario:" above,
/// "VERI*FACTU" below, the validation URL with the number percent-encoded).
@Suite struct VeriFactuQRTests {
    static let settings = """
        business: { name: Ana García, tax_id: ES12345678Z }
        defaults: { currency: EUR, locale: es_ES, tax: 21%, terms: 30, withholding: [{ kind: IRPF, rate: 15% }] }
        numbering: { invoice: "F/{seq:4}", credit_note: "R/{seq:4}" }
        verifactu: { nif: 12345678Z, environment: test }
        """

    /// zxing's reading of page 1: payload, symbology, and the code's top and width in mm.
    func read(_ number: String) throws -> (codes: [(text: String, level: String, top: Double, width: Double)], text: String) {
        let book = TestBook([
            "invoices/F_0001.yaml": "number: F/0001\nclient: acme\nissued: 2026-03-02\nsent: 2026-03-02\nitems:\n  - { description: Consultoría, price: 1000.00 }\n",
            "credit-notes/R_0001.yaml": "number: R/0001\nclient: acme\nissued: 2026-03-09\nsent: 2026-03-09\ncorrects: F/0001\nreason: Error\nitems:\n  - { description: Consultoría, price: 100.00 }\n",
        ], settings: Self.settings, clients: ["acme": "name: Acme SL\ntax_id: ESB58378431\n"])
        defer { book.remove() }
        let checked = book.checkKeeping()
        #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.map(\.message))")
        let pdf = try PDFTest.render(try #require(checked.book.document(number)), with: try PDFRenderer(book: checked.book))
        let folder = URL(fileURLWithPath: book.root)
        try Data(pdf).write(to: folder.appendingPathComponent("x.pdf"))
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/pdftoppm"), ["-gray", "-r", "200", "-f", "1", "-l", "1",
                                                                      folder.appendingPathComponent("x.pdf").path, folder.appendingPathComponent("page").path])
        let page = try #require(try FileManager.default.contentsOfDirectory(atPath: book.root).first { $0.hasPrefix("page") && $0.hasSuffix(".pgm") })
        // scripts/read-qr.py's PGM reader, and zxing's level and position beside the payload.
        let script = """
            import contextlib, io, runpy, sys, zxingcpp
            script, page = sys.argv[1], sys.argv[2]
            sys.argv = [script, page]
            with contextlib.redirect_stdout(io.StringIO()):
                reader = runpy.run_path(script, run_name='reader')
            for r in zxingcpp.read_barcodes(reader['read_pgm'](page), formats=zxingcpp.BarcodeFormat.QRCode):
                p = r.position
                print(r.text, r.format, min(p.top_left.y, p.top_right.y) * 25.4 / 200, (p.top_right.x - p.top_left.x) * 25.4 / 200, sep='\\t')
            """
        let read = try runProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, PDFTest.repository.appendingPathComponent("scripts/read-qr.py").path,
                                                                             folder.appendingPathComponent(page).path])
        #expect(read.status == 0, "\(read.stderr)")
        let codes = read.stdout.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t").map(String.init)
            return (fields[0], fields[1], Double(fields[2]) ?? -1, Double(fields[3]) ?? -1)
        }
        return (codes, try PDFTest.text(pdf))
    }

    @Test func theInvoiceCarriesTheAEATsCodeAtTheTopOfPageOne() throws {
        let (codes, text) = try read("F/0001")
        // 1,000.00 + 21 % = 1,210.00: ImporteTotal, before the IRPF withheld; `/` is %2F.
        let code = try #require(codes.first { $0.text.contains("ValidarQR") }, "\(codes)")
        #expect(code.text == "https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=12345678Z&numserie=F%2F0001&fecha=02-03-2026&importe=1210.00")
        // zxing-cpp's Python binding does not say the error-correction level; QRCode(level: .m)
        // asks libqrencode for M (QR_ECLEVEL_M).
        #expect(code.level == "BarcodeFormat.QRCode")
        #expect(code.width >= 29 && code.width <= 40, "\(code.width) mm")
        #expect(code.top < 100, "\(code.top) mm from the top")
        let lines = text.split(separator: "\n").map(String.init)
        let above = try #require(lines.firstIndex { $0.contains("QR tributario:") }, "\(text)")
        let below = try #require(lines.firstIndex { $0.contains("VERI*FACTU") })
        let items = try #require(lines.firstIndex { $0.contains("Consultoría") })
        #expect(above < below && below < items)
    }

    /// A rectificativa by difference states its negative total, as its record does.
    @Test func aCreditNotesCodeStatesItsRecordsTotal() throws {
        let (codes, _) = try read("R/0001")
        #expect(codes.map(\.text).contains("https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=12345678Z&numserie=R%2F0001&fecha=09-03-2026&importe=-121.00"), "\(codes)")
    }
}
