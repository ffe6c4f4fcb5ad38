import Foundation
import InvoicTestSupport
import InvoicXMLSchema
import Testing

/// Issue 45, points 2, 5 and 6 through the built binary: issuing writes the VeriFactu record,
/// `check` errs without it and validates every record against the AEAT's XSD, and `invoic
/// verifactu send` talks to a fake of the AEAT's web service (Tests/Fixtures/verifactu/fake_aeat.py)
/// over TLS with a PKCS#12 client certificate.
@Suite(.serialized) struct VeriFactuCommandTests {
    static let settings = """
        business: { name: Ana García Estudio, tax_id: ES12345678Z }
        defaults: { currency: EUR, locale: es_ES, tax: 21%, terms: 30, withholding: [{ kind: IRPF, rate: 15% }] }
        numbering: { invoice: "F-{seq:4}", credit_note: "R-{seq:4}" }
        verifactu: { nif: 12345678Z, environment: test }
        """
    static let clients = ["acme": "name: Acme SL\ntax_id: ESB58378431\n", "juan": "name: Juan Pérez\n"]
    static let files = [
        "invoices/F-0001.yaml": "client: acme\nissued: 2026-03-02\nitems:\n  - { description: Consultoría, price: 1000.00 }\n",
        "invoices/F-0002.yaml": "client: juan\nissued: 2026-03-05\nwithholding: []\nitems:\n  - { description: Libro, price: 40.00, tax: 4% }\n",
        "invoices/F-0003.yaml": "client: acme\nissued: 2026-03-09\nitems:\n  - { description: Formación, price: 200.00, tax: 10% }\n",
    ]

    func book(certificate: String? = nil) -> TestBook {
        let settings = certificate.map { Self.settings.replacingOccurrences(of: "environment: test }", with: "environment: test, certificate: \($0) }") } ?? Self.settings
        return TestBook(Self.files, settings: settings, clients: Self.clients)
    }

    func run(_ arguments: [String], _ book: TestBook, environment: [String: String] = [:]) throws -> Invoic.Output {
        try Invoic.run(arguments + ["-C", book.root], environment: environment)
    }

    func records(_ book: TestBook) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: book.root + "/verifactu/records")) ?? []).filter { $0.hasSuffix(".xml") }.sorted()
    }

    func text(_ book: TestBook, _ path: String) throws -> String {
        try String(contentsOfFile: book.root + "/" + path, encoding: .utf8)
    }

    // MARK: - Point 2: the record is written when the invoice is issued

    @Test func sendAndVoidWriteTheRecordAndCheckErrsOnAnIssuedInvoiceWithoutOne() throws {
        let book = book()
        defer { book.remove() }
        let sent = try run(["send", "F-0001", "--date", "2026-03-02"], book)
        #expect(sent.status == 0, "\(sent.stderr)")
        #expect(records(book) == ["000001-alta-F-0001.xml"])
        #expect(sent.stderr.contains("wrote ") && sent.stderr.contains("verifactu/records/000001-alta-F-0001.xml"), "\(sent.stderr)")
        // 1,000.00 at 21 %: CuotaTotal 210.00, ImporteTotal 1,210.00 (the IRPF withheld is no part of it).
        let alta = try text(book, "verifactu/records/000001-alta-F-0001.xml")
        #expect(alta.contains("<sum1:NumSerieFactura>F-0001</sum1:NumSerieFactura>") && alta.contains("<sum1:ImporteTotal>1210.00</sum1:ImporteTotal>"))
        #expect(alta.contains("<sum1:PrimerRegistro>S</sum1:PrimerRegistro>"), "the first record of the chain")
        #expect(try run(["send", "F-0002", "--date", "2026-03-05"], book).status == 0)
        let voided = try run(["void", "F-0002", "--reason", "Duplicada", "--date", "2026-03-06"], book)
        #expect(voided.status == 0, "\(voided.stderr)")
        #expect(records(book) == ["000001-alta-F-0001.xml", "000002-alta-F-0002.xml", "000003-anulacion-F-0002.xml"])
        let anulacion = try text(book, "verifactu/records/000003-anulacion-F-0002.xml")
        #expect(anulacion.contains("<sum1:NumSerieFacturaAnulada>F-0002</sum1:NumSerieFacturaAnulada>") && anulacion.contains("<sum1:NumSerieFactura>F-0002</sum1:NumSerieFactura>"),
                "chained to F-0002's alta")
        // --dry-run writes neither the fact nor a record.
        #expect(try run(["send", "F-0003", "--dry-run"], book).status == 0)
        #expect(records(book).count == 3)
        #expect(try run(["check"], book).status == 0)

        // An invoice marked sent by hand has no record: an error, until `verifactu record`.
        book.write("invoices/F-0003.yaml", Self.files["invoices/F-0003.yaml"]! + "sent: 2026-03-09\n")
        let unrecorded = try run(["check", "--diagnostics-format", "gnu"], book)
        #expect(unrecorded.status == 1)
        #expect(unrecorded.stderr.contains("invoices/F-0003.yaml:5:7: error: invoice F-0003 is issued without its VeriFactu record [verifactu-not-recorded]"),
                "\(unrecorded.stdout)\(unrecorded.stderr)")
        #expect(try run(["verifactu", "record"], book).status == 0)
        #expect(try run(["check"], book).status == 0)
    }

    // MARK: - Point 5: check validates every record against the AEAT's XSD

    /// A change outside the hashed fields keeps the chain whole; only the schema sees it.
    @Test func checkValidatesEveryRecordAgainstTheAEATsSchema() throws {
        let book = book()
        defer { book.remove() }
        #expect(try run(["send", "F-0001", "--date", "2026-03-02"], book).status == 0)
        let file = "verifactu/records/000001-alta-F-0001.xml"
        let original = try text(book, file)
        let line = try #require(original.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains("<sum1:IDVersion>") }) + 1
        book.write(file, original.replacingOccurrences(of: "<sum1:IDVersion>1.0</sum1:IDVersion>", with: "<sum1:IDVersion>2.0</sum1:IDVersion>"))
        let checked = try run(["check", "--diagnostics-format", "gnu"], book)
        #expect(checked.status == 1)
        #expect(checked.stderr.contains("\(file):\(line):1: error: the VeriFactu record does not pass the AEAT's schema (SuministroLR.xsd):"), "\(checked.stderr)")
        #expect(checked.stderr.contains("IDVersion") && checked.stderr.contains("[verifactu-record-invalid]"), "\(checked.stderr)")
        #expect(!checked.stderr.contains("verifactu-chain-broken"), "IDVersion is not hashed: the chain holds")
        // The record as written passes.
        book.write(file, original)
        #expect(try run(["check"], book).status == 0)
    }

    // MARK: - Point 6: invoic verifactu send

    static let environment = ["INVOIC_VERIFACTU_PASSWORD": FakeAEAT.password]

    func send(_ book: TestBook, _ fake: FakeAEAT, now: String = "2026-03-10T09:00:00Z", environment: [String: String] = environment) throws -> Invoic.Output {
        try run(["verifactu", "send", "--url", fake.url, "--ca-file", fake.caFile, "--now", now], book, environment: environment)
    }

    func issueAll(_ book: TestBook) throws {
        for (number, day) in [("F-0001", "2026-03-02"), ("F-0002", "2026-03-05"), ("F-0003", "2026-03-09")] {
            let sent = try run(["send", number, "--date", day], book)
            #expect(sent.status == 0, "\(sent.stderr)")
        }
    }

    func answer(_ book: TestBook, _ record: String) throws -> String {
        try text(book, "verifactu/records/" + record.replacingOccurrences(of: ".xml", with: ".aeat.yaml"))
    }

    /// Every request the fake received passes SuministroLR.xsd and every answer it gave
    /// RespuestaSuministro.xsd: invoic speaks, and is tested against, the AEAT's own schemas.
    func expectEveryExchangeValidates(_ fake: FakeAEAT) throws {
        let folder = Standards.path("es-verifactu") + "/"
        try #require(FileManager.default.fileExists(atPath: folder + "SuministroLR.xsd"), "../shared/standards/es-verifactu is absent")
        let resolving = ["http://www.w3.org/TR/xmldsig-core/": folder]
        let request = try XMLSchema(path: folder + "SuministroLR.xsd", resolving: resolving)
        let answer = try XMLSchema(path: folder + "RespuestaSuministro.xsd", resolving: resolving)
        for file in fake.exchanged("request") {
            let violations = request.validate(Array(try Data(contentsOf: file)))
            #expect(violations.isEmpty, "\(file.lastPathComponent): \(violations)")
        }
        for file in fake.exchanged("answer") {
            let violations = answer.validate(Array(try Data(contentsOf: file)))
            #expect(violations.isEmpty, "\(file.lastPathComponent): \(violations)")
        }
    }

    @Test func sendPostsThePendingRecordsAndKeepsEachAnswerBesideIt() throws {
        let fake = try FakeAEAT(["--reject", "F-0002", "--with-errors", "F-0003", "--wait", "60"])
        defer { fake.stop() }
        let book = book(certificate: fake.clientP12)
        defer { book.remove() }
        try issueAll(book)
        let sent = try send(book, fake)
        #expect(sent.status == 1, "a record was rejected")
        #expect(sent.stdout.contains("F-0001 alta: Correcto, CSV A-Y23JP358293401"), "\(sent.stdout)")
        #expect(sent.stderr.contains("warning: F-0003 alta: AceptadoConErrores, CSV A-Y23JP358293401 (EstadoRegistro AceptadoConErrores 2000: El cálculo"), "\(sent.stderr)")
        #expect(sent.stderr.contains("error: F-0002 alta: Incorrecto (EstadoRegistro Incorrecto 1100: Valor o tipo incorrecto del campo: DescripcionOperacion <script>"), "\(sent.stderr)")
        #expect(!sent.stderr.unicodeScalars.contains { $0.value == 0x9B }, "the server's control character never reaches the terminal")
        // One message, the three records in the order of the chain, authenticated by the client certificate.
        #expect(fake.requests == ["1 GARCIA ANA - 12345678Z text/xml; charset=utf-8 \"\""])
        let request = try String(contentsOf: try #require(fake.exchanged("request").first), encoding: .utf8)
        #expect(request.components(separatedBy: "RegistroFactura>").count - 1 == 6, "three RegistroFactura")
        try expectEveryExchangeValidates(fake)
        // Each answer beside its record, as the AEAT gave it.
        let first = try answer(book, "000001-alta-F-0001.xml")
        #expect(first.contains("state: Correcto\ncsv: \"A-Y23JP358293401\"\nestado_envio: ParcialmenteCorrecto\n"), "\(first)")
        let rejected = try answer(book, "000002-alta-F-0002.xml")
        #expect(rejected.contains("state: Incorrecto\n") && rejected.contains("codigo_error: \"1100\"\n") && !rejected.contains("csv:"), "\(rejected)")
        #expect(try answer(book, "000003-alta-F-0003.xml").contains("state: AceptadoConErrores\ncsv: \"A-Y23JP358293401\"\nestado_envio: ParcialmenteCorrecto\ncodigo_error: \"2000\"\n"))
        #expect(try run(["check"], book).status == 0, "the answers are the book's too")

        // Nothing is sent twice: accepted and rejected records alike have their answer.
        let again = try send(book, fake, now: "2026-03-10T09:30:00Z")
        #expect(again.status == 0 && again.stdout.contains("every record has the AEAT's answer"), "\(again.stdout)\(again.stderr)")
        #expect(fake.requests.count == 1)

        // A new record waits for the AEAT's TiempoEsperaEnvio (60 s after its last answer).
        #expect(try run(["void", "F-0001", "--reason", "Error en el cliente", "--date", "2026-03-10"], book).status == 0)
        let early = try send(book, fake, now: "2026-03-10T09:00:30Z")
        #expect(early.status == 1 && early.stderr.contains("the AEAT asked to wait until 2026-03-10T09:01:00Z"), "\(early.stderr)")
        #expect(fake.requests.count == 1)
        let later = try send(book, fake, now: "2026-03-10T09:01:00Z")
        #expect(later.status == 0 && later.stdout.contains("F-0001 anulacion: Correcto, CSV A-Y23JP358293402"), "\(later.stdout)\(later.stderr)")
        #expect(fake.requests.count == 2)
        try expectEveryExchangeValidates(fake)
    }

    /// The connection drops after the AEAT took the records: they stay `sending`, the next send
    /// posts them again, and the AEAT's duplicate answer (3000) is their acceptance.
    @Test func aLostAnswerIsSentAgainAndTheDuplicateCountsAsAccepted() throws {
        let fake = try FakeAEAT(["--drop-once"])
        defer { fake.stop() }
        let book = book(certificate: fake.clientP12)
        defer { book.remove() }
        try issueAll(book)
        let lost = try send(book, fake)
        #expect(lost.status == 1 && lost.stderr.contains("the records stay `sending`"), "\(lost.stderr)")
        #expect(try answer(book, "000001-alta-F-0001.xml").contains("state: sending\n"))
        let again = try send(book, fake, now: "2026-03-10T09:05:00Z")
        #expect(again.status == 0, "\(again.stdout)\(again.stderr)")
        #expect(again.stdout.contains("F-0002 alta: Correcto (registered by an earlier message whose answer was lost"), "\(again.stdout)")
        let kept = try answer(book, "000002-alta-F-0002.xml")
        #expect(kept.contains("state: Correcto\n") && !kept.contains("codigo_error"), "\(kept)")
        // The second message was answered with three duplicates: the AEAT registered each once.
        let second = try String(contentsOf: try #require(fake.exchanged("answer").last), encoding: .utf8)
        #expect(second.components(separatedBy: "<tikR:CodigoErrorRegistro>3000<").count - 1 == 3)
        #expect(fake.requests.count == 2)
        try expectEveryExchangeValidates(fake)
        #expect(try send(book, fake, now: "2026-03-10T09:10:00Z").stdout.contains("every record has the AEAT's answer"))
    }

    /// A SOAP fault refuses the whole message: nothing was registered, so the records are sent
    /// again (and accepted) once the cause is gone.
    @Test func aRefusedMessageIsSentAgain() throws {
        let fake = try FakeAEAT(["--fault-once"])
        defer { fake.stop() }
        let book = book(certificate: fake.clientP12)
        defer { book.remove() }
        try issueAll(book)
        let refused = try send(book, fake)
        #expect(refused.status == 1 && refused.stderr.contains("the AEAT refused the message: env:Client: Codigo[4102]"), "\(refused.stderr)")
        #expect(try answer(book, "000003-alta-F-0003.xml").contains("state: refused\n"))
        let again = try send(book, fake, now: "2026-03-10T09:05:00Z")
        #expect(again.status == 0 && again.stdout.contains("F-0003 alta: Correcto, CSV"), "\(again.stdout)\(again.stderr)")
        #expect(!again.stdout.contains("earlier message"), "a refused message registered nothing: no duplicate")
    }

    /// The certificate: named in the book, its password only in the environment; the server
    /// refuses a client without one it trusts.
    @Test func theCertificateAndItsPasswordAreRequired() throws {
        let fake = try FakeAEAT()
        defer { fake.stop() }
        let without = book()
        defer { without.remove() }
        try issueAll(without)
        let noCertificate = try send(without, fake)
        #expect(noCertificate.status == 1 && noCertificate.stderr.contains("names no `certificate:`"), "\(noCertificate.stderr)")
        let book = book(certificate: fake.clientP12)
        defer { book.remove() }
        try issueAll(book)
        let noPassword = try send(book, fake, environment: [:])
        #expect(noPassword.status == 1 && noPassword.stderr.contains("set INVOIC_VERIFACTU_PASSWORD"), "\(noPassword.stderr)")
        let wrong = try send(book, fake, environment: ["INVOIC_VERIFACTU_PASSWORD": "wrong"])
        #expect(wrong.status == 1, "\(wrong.stderr)")
        #expect(fake.requests.isEmpty, "no message without the certificate")
        #expect(try send(book, fake).status == 0)
    }
}
