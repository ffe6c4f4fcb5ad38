import Foundation
import InvoicBook
import InvoicPeppol
import InvoicTestSupport
import Synchronization
@testable import InvoicVeriFactu
import InvoicXMLSchema
import Testing

/// Issue 45, points 2, 3 and 5: VeriFactu records, their hash chain and the AEAT's schemas.
@Suite struct VeriFactuTests {
    // MARK: - 3. The hash: the AEAT specification's three examples (hash-specification.txt, 6.1-6.3)

    @Test func theFirstRecordOfAChainHashesAsTheSpecificationSays() {
        #expect(VeriFactuHash.alta(issuer: "89890001K", number: "12345678/G33", date: "01-01-2024", type: "F1", taxTotal: "12.35", total: "123.45",
                                   previous: "", generated: "2024-01-01T19:20:30+01:00")
                == "3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60")
    }

    @Test func theSecondRecordChainsTheFirstsHuella() {
        #expect(VeriFactuHash.alta(issuer: "89890001K", number: "12345679/G34", date: "01-01-2024", type: "F1", taxTotal: "12.35", total: "123.45",
                                   previous: "3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60", generated: "2024-01-01T19:20:35+01:00")
                == "F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97")
    }

    @Test func anAnulacionHashesItsFiveFields() {
        #expect(VeriFactuHash.anulacion(issuer: "89890001K", number: "12345679/G34", date: "01-01-2024",
                                        previous: "F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97", generated: "2024-01-01T19:20:40+01:00")
                == "177547C0D57AC74748561D054A9CEC14B4C4EA23D1BEFD6F2E69E3A388F90C68")
    }

    /// Section 3: spaces at either end of a value are not part of it.
    @Test func valuesAreTrimmed() {
        #expect(VeriFactuHash.input([("NumSerieFactura", " 12345678 / G33 "), ("Huella", "")]) == "NumSerieFactura=12345678 / G33&Huella=")
    }

    // MARK: - 4. The QR code's URL (qr-specification.txt, section 4)

    @Test func theQRCodesURLPercentEncodesTheNumber() {
        #expect(VeriFactuQR.url(nif: "89890001K", number: "12345678&G33", date: "01-01-2024", total: "241.4", test: true)
                == "https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4")
        #expect(VeriFactuQR.url(nif: "B12345674", number: "F/2026/ñ 1", date: "02-03-2026", total: "1210.00", test: false)
                == "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=B12345674&numserie=F%2F2026%2F%C3%B1%201&fecha=02-03-2026&importe=1210.00")
    }

    // MARK: - 2. Records of a book

    static let settings = """
        business: { name: Ana García Estudio, tax_id: ES12345678Z }
        defaults: { currency: EUR, locale: es_ES, tax: 21%, terms: 30, withholding: [{ kind: IRPF, rate: 15% }] }
        numbering: { invoice: "F-{seq:4}", credit_note: "R-{seq:4}" }
        verifactu: { nif: 12345678Z, environment: test }
        """
    static let clients = ["acme": "name: Acme SL\ntax_id: ESB58378431\n", "juan": "name: Juan Pérez\n"]
    static let files = [
        "invoices/F-0001.yaml": "client: acme\nissued: 2026-03-02\nsent: 2026-03-02\nitems:\n  - { description: Consultoría, price: 1000.00 }\n  - { description: Formación, price: 200.00, tax: 10% }\n",
        "invoices/F-0002.yaml": "client: juan\nissued: 2026-03-05\nsent: 2026-03-05\nwithholding: []\nitems:\n  - { description: Libro, price: 40.00, tax: 4% }\n",
        "invoices/F-0003.yaml": "client: acme\nissued: 2026-03-09\nitems:\n  - { description: Borrador, price: 10.00 }\n",
        "credit-notes/R-0001.yaml": "client: acme\nissued: 2026-03-10\nsent: 2026-03-10\ncorrects: F-0001\nreason: Formación no impartida\nitems:\n  - { description: Formación, price: 200.00, tax: 10% }\n",
    ]

    static func checked(_ files: [String: String] = files, settings: String = settings) -> (TestBook, CheckedBook) {
        let book = TestBook(files, settings: settings, clients: clients)
        return (book, book.checkKeeping())
    }

    static let now = Date(timeIntervalSince1970: 1_772_447_400) // 2026-03-02T10:30:00Z

    @Test func aNIFWithAWrongControlLetterIsRefused() {
        let findings = TestBook([:], settings: Self.settings.replacingOccurrences(of: "nif: 12345678Z", with: "nif: 12345678A")).findings()
        #expect(findings.contains("invoic.yaml:4:19 invalid-vat-number"), "\(findings)")
    }

    @Test func everyIssuedDocumentGetsARecordChainedToTheOneBefore() throws {
        let (book, checked) = Self.checked()
        defer { book.remove() }
        #expect(checked.diagnostics.filter { $0.severity == .error }.isEmpty, "\(checked.diagnostics)")
        let written = try VeriFactuRegister.record(book: checked.book, root: book.root, version: "0.2.0", now: Self.now,
                                                   timeZone: TimeZone(identifier: "Europe/Madrid")!)
        #expect(written == ["verifactu/records/000001-alta-F-0001.xml", "verifactu/records/000002-alta-F-0002.xml",
                            "verifactu/records/000003-alta-R-0001.xml"])
        let register = VeriFactuRegister.read(root: book.root)
        #expect(register.firstBreak == nil)
        let records = register.entries.map(\.record)
        // F-0001: 1,000.00 at 21 % + 200.00 at 10 %: CuotaTotal 210.00 + 20.00, ImporteTotal 1,430.00
        // (the IRPF withheld is no part of the invoice's total).
        #expect(records[0].type == "F1" && records[0].taxTotal == "230.00" && records[0].total == "1430.00" && records[0].previous == nil)
        #expect(records[0].date == "02-03-2026" && records[0].generated == "2026-03-02T11:30:00+01:00")
        // F-0002 to a buyer without a NIF: a simplified invoice.
        #expect(records[1].type == "F2" && records[1].total == "41.60" && records[1].previous?.huella == records[0].huella)
        // The credit note, a rectificativa by difference: its figures negative.
        #expect(records[2].type == "R1" && records[2].total == "-220.00" && records[2].taxTotal == "-20.00")
        #expect(records[2].previous == VeriFactuRecord.Link(issuer: "12345678Z", number: "F-0002", date: "05-03-2026", huella: records[1].huella))
        // The huella recomputed independently from the record's own fields, as the AEAT does.
        let first = records[0]
        #expect(first.huella == VeriFactuHash.alta(issuer: "12345678Z", number: "F-0001", date: "02-03-2026", type: "F1", taxTotal: "230.00",
                                                   total: "1430.00", previous: "", generated: "2026-03-02T11:30:00+01:00"))
        // Run again: nothing is pending, nothing is written.
        #expect(try VeriFactuRegister.record(book: checked.book, root: book.root, version: "0.2.0", now: Self.now, timeZone: .gmt).isEmpty)
    }

    /// Voiding an invoice with a record writes its RegistroAnulacion at the end of the chain.
    @Test func voidingWritesAnAnulacion() throws {
        let (book, checked) = Self.checked()
        defer { book.remove() }
        _ = try VeriFactuRegister.record(book: checked.book, root: book.root, version: "0.2.0", now: Self.now, timeZone: .gmt)
        book.write("invoices/F-0002.yaml", Self.files["invoices/F-0002.yaml"]! + "void: { date: 2026-03-20, reason: Duplicada }\n")
        let again = book.checkKeeping()
        let written = try VeriFactuRegister.record(book: again.book, root: book.root, version: "0.2.0", now: Self.now.addingTimeInterval(86_400 * 18), timeZone: .gmt)
        #expect(written == ["verifactu/records/000004-anulacion-F-0002.xml"])
        let register = VeriFactuRegister.read(root: book.root)
        #expect(register.firstBreak == nil)
        #expect(register.entries.last?.record.kind == .anulacion && register.entries.last?.record.previous?.number == "R-0001")
    }

    /// `check`'s walk names the first broken link: a changed amount breaks that record's huella; a
    /// removed record breaks the next one's link.
    @Test func theFirstBrokenLinkIsNamed() throws {
        let (book, checked) = Self.checked()
        defer { book.remove() }
        _ = try VeriFactuRegister.record(book: checked.book, root: book.root, version: "0.2.0", now: Self.now, timeZone: .gmt)
        let second = book.root + "/verifactu/records/000002-alta-F-0002.xml"
        let original = try String(contentsOfFile: second, encoding: .utf8)
        try original.replacingOccurrences(of: "<sum1:ImporteTotal>41.60<", with: "<sum1:ImporteTotal>4.60<").write(toFile: second, atomically: true, encoding: .utf8)
        let changed = try #require(VeriFactuRegister.read(root: book.root).firstBreak)
        #expect(changed.file == "verifactu/records/000002-alta-F-0002.xml" && changed.message.contains("not the hash of its fields"), "\(changed)")
        #expect(changed.line > 1)
        try FileManager.default.removeItem(atPath: second)
        let removed = try #require(VeriFactuRegister.read(root: book.root).firstBreak)
        #expect(removed.file == "verifactu/records/000003-alta-R-0001.xml" && removed.message.contains("names F-0002"), "\(removed)")
        // No record is added to a broken chain.
        #expect(throws: VeriFactuRegister.RecordError.self) {
            try VeriFactuRegister.record(book: checked.book, root: book.root, version: "0.2.0", now: Self.now, timeZone: .gmt)
        }
    }

    // MARK: - 5. The AEAT's XML Schemas

    /// Every record, alta and anulación, of a rectificativa by difference and by substitution,
    /// validates against SuministroLR.xsd (which imports SuministroInformacion.xsd and xmldsig).
    @Test func everyRecordValidatesAgainstTheAEATsSchema() throws {
        let xsd = Standards.path("es-verifactu/SuministroLR.xsd")
        try #require(FileManager.default.fileExists(atPath: xsd), "../shared/standards/es-verifactu is absent")
        let schema = try XMLSchema(path: xsd, resolving: ["http://www.w3.org/TR/xmldsig-core/": Standards.path("es-verifactu/")])
        // The AEAT's own example validates once its placeholder NIFs (AAAA, BBBB, NNNN: 4
        // characters where the schema asks 9) are real ones: the schema is loaded and strict.
        var body = try Self.body(of: Standards.path("es-verifactu/example-alta.xml"))
        #expect(schema.validate(Array(body.utf8)).count == 5)
        for placeholder in ["AAAA", "BBBB", "NNNN"] { body = body.replacingOccurrences(of: ">\(placeholder)<", with: ">89890001K<") }
        let example = schema.validate(Array(body.utf8))
        #expect(example.isEmpty, "\(example)")
        var checkedFiles = 0
        for rectification in ["difference", "substitution"] {
            let settings = Self.settings.replacingOccurrences(of: "environment: test", with: "environment: test, rectification: \(rectification)")
            let (book, checked) = Self.checked(Self.files.merging(["invoices/F-0004.yaml": "client: acme\nissued: 2026-03-12\nsent: 2026-03-12\nvoid: { date: 2026-03-13 }\nitems:\n  - { description: Reverse, price: 100.00, tax: reverse-charge }\n  - { description: Exento, price: 50.00, tax: exempt }\nexemption: Exenta, art. 20 LIVA\n"]) { $1 }, settings: settings)
            defer { book.remove() }
            #expect(checked.diagnostics.filter { $0.severity == .error }.isEmpty, "\(checked.diagnostics)")
            let written = try VeriFactuRegister.record(book: checked.book, root: book.root, version: "0.2.0", now: Self.now, timeZone: .gmt)
            #expect(written.count == 5)
            for file in written {
                let violations = schema.validate(Array(try Data(contentsOf: URL(fileURLWithPath: book.root + "/" + file))))
                #expect(violations.isEmpty, "\(rectification) \(file): \(violations)")
                checkedFiles += 1
            }
        }
        #expect(checkedFiles == 10)
        // And a broken record does not: the schema is not a formality.
        #expect(!schema.validate(Array("<sum:RegFactuSistemaFacturacion xmlns:sum=\"\(VeriFactuNamespace.lr)\"/>".utf8)).isEmpty)
    }

    /// The Spanish example book (examples/autonomo: IRPF, a suplido, a simplified invoice, a
    /// rectificativa): its chain holds, every record passes the AEAT's schema, and every huella
    /// recomputes with Python's hashlib from the record's own XML, independently of invoic's SHA-256.
    @Test func theExampleBooksRecordsValidateAndTheirHashesRecomputeIndependently() throws {
        let xsd = Standards.path("es-verifactu/SuministroLR.xsd")
        try #require(FileManager.default.fileExists(atPath: xsd), "../shared/standards/es-verifactu is absent")
        let schema = try XMLSchema(path: xsd, resolving: ["http://www.w3.org/TR/xmldsig-core/": Standards.path("es-verifactu/")])
        let root = Standards.repository.appendingPathComponent("examples/autonomo").path
        let register = VeriFactuRegister.read(root: root)
        #expect(register.entries.count == 5 && register.firstBreak == nil)
        #expect(register.entries.map(\.record.type) == ["F1", "F1", "F1", "F2", "R1"])
        let script = """
            import hashlib, sys, xml.etree.ElementTree as ET
            ns = '{\(VeriFactuNamespace.info)}'
            for path in sys.argv[1:]:
                alta = ET.parse(path).getroot().find('.//' + ns + 'RegistroAlta')
                v = lambda p: (alta.find(p.replace('/', '/' + ns).join([ns, ''])) .text or '').strip() if alta.find(p.replace('/', '/' + ns).join([ns, ''])) is not None else ''
                prev = alta.find(ns + 'Encadenamiento/' + ns + 'RegistroAnterior/' + ns + 'Huella')
                fields = [('IDEmisorFactura', v('IDFactura/IDEmisorFactura')), ('NumSerieFactura', v('IDFactura/NumSerieFactura')),
                          ('FechaExpedicionFactura', v('IDFactura/FechaExpedicionFactura')), ('TipoFactura', v('TipoFactura')),
                          ('CuotaTotal', v('CuotaTotal')), ('ImporteTotal', v('ImporteTotal')), ('Huella', prev.text.strip() if prev is not None else ''),
                          ('FechaHoraHusoGenRegistro', v('FechaHoraHusoGenRegistro'))]
                computed = hashlib.sha256('&'.join(k + '=' + x for k, x in fields).encode('utf-8')).hexdigest().upper()
                print(computed == v('Huella'), computed)
            """
        var files: [String] = []
        for entry in register.entries {
            let path = root + "/" + entry.file
            files.append(path)
            let violations = schema.validate(Array(try Data(contentsOf: URL(fileURLWithPath: path))))
            #expect(violations.isEmpty, "\(entry.file): \(violations)")
        }
        let result = try runProcess(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script] + files)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines == register.entries.map { "True \($0.record.huella)" }, "\(result.stdout)\(result.stderr)")
    }

    // MARK: - 6. Sending: messages of at most `batchSize` records, the AEAT's wait between them

    /// RegFactuSistemaFacturacion takes at most 1,000 records: more are sent in several messages,
    /// each after the TiempoEsperaEnvio of the answer before (here 2 per message, 3 records).
    @Test func recordsBeyondOneMessageWaitForTheAEATsTime() throws {
        let fake = try FakeAEAT(["--wait", "45"])
        defer { fake.stop() }
        let (book, checked) = Self.checked()
        defer { book.remove() }
        _ = try VeriFactuRegister.record(book: checked.book, root: book.root, version: "0.2.0", now: Self.now, timeZone: .gmt)
        var client = HTTPClient()
        client.clientCertificate = .init(path: fake.clientP12, password: FakeAEAT.password)
        client.caFile = fake.caFile
        var sender = VeriFactuSender(root: book.root, book: checked.book, url: fake.url, client: client)
        #expect(VeriFactuSender(root: book.root, book: checked.book, client: client).url == "https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP",
                "environment: test is the AEAT's pre-production service")
        sender.batchSize = 2
        let waited = Mutex<[Int]>([])
        sender.sleep = { seconds in waited.withLock { $0.append(seconds) } }
        let outcomes = try sender.send(now: Self.now)
        #expect(outcomes.map(\.number) == ["F-0001", "F-0002", "R-0001"] && outcomes.allSatisfy { $0.submission.state == .correcto })
        #expect(waited.withLock { $0 } == [45])
        #expect(fake.requests.count == 2)
        let requests = try fake.exchanged("request").map { try String(contentsOf: $0, encoding: .utf8) }
        #expect(requests.map { $0.components(separatedBy: "RegistroFactura>").count - 1 } == [4, 2])
        // The last answer's wait holds for the next run.
        #expect(try String(contentsOfFile: book.root + "/" + VeriFactuSender.waitFile, encoding: .utf8).contains("next_send: 2026-03-02T10:30:45Z"))
    }

    /// The answer as the AEAT's schema has it, read field by field; a fault is a refusal; a
    /// server's control characters are not kept.
    @Test func theAnswerIsReadAsRespuestaSuministroHasIt() throws {
        let info = VeriFactuNamespace.info
        let answer = """
            <env:Envelope xmlns:env="http://schemas.xmlsoap.org/soap/envelope/"><env:Body>
            <tikR:RespuestaRegFactuSistemaFacturacion xmlns:tikR="https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/RespuestaSuministro.xsd" xmlns:tik="\(info)">
            <tikR:CSV>A-ABC</tikR:CSV><tikR:Cabecera><tik:ObligadoEmision><tik:NombreRazon>X</tik:NombreRazon><tik:NIF>12345678Z</tik:NIF></tik:ObligadoEmision></tikR:Cabecera>
            <tikR:TiempoEsperaEnvio>60</tikR:TiempoEsperaEnvio><tikR:EstadoEnvio>ParcialmenteCorrecto</tikR:EstadoEnvio>
            <tikR:RespuestaLinea><tikR:IDFactura><tik:IDEmisorFactura>12345678Z</tik:IDEmisorFactura><tik:NumSerieFactura>F-1</tik:NumSerieFactura><tik:FechaExpedicionFactura>02-03-2026</tik:FechaExpedicionFactura></tikR:IDFactura>
            <tikR:Operacion><tik:TipoOperacion>Alta</tik:TipoOperacion></tikR:Operacion><tikR:EstadoRegistro>Incorrecto</tikR:EstadoRegistro>
            <tikR:CodigoErrorRegistro>3000</tikR:CodigoErrorRegistro><tikR:DescripcionErrorRegistro>dup&#x9B;licado</tikR:DescripcionErrorRegistro>
            <tikR:RegistroDuplicado><tik:IdPeticionRegistroDuplicado>1</tik:IdPeticionRegistroDuplicado><tik:EstadoRegistroDuplicado>Correcta</tik:EstadoRegistroDuplicado></tikR:RegistroDuplicado></tikR:RespuestaLinea>
            </tikR:RespuestaRegFactuSistemaFacturacion></env:Body></env:Envelope>
            """
        let parsed = try VeriFactuResponse.parse(Array(answer.utf8))
        #expect(parsed.csv == "A-ABC" && parsed.wait == 60 && parsed.estadoEnvio == "ParcialmenteCorrecto")
        #expect(parsed.lines == [VeriFactuResponse.Line(number: "F-1", date: "02-03-2026", operation: "Alta", estado: "Incorrecto", codigo: "3000",
                                                        descripcion: "dup\u{FFFD}licado", duplicateState: "Correcta")])
        let fault = "<s:Envelope xmlns:s=\"http://schemas.xmlsoap.org/soap/envelope/\"><s:Body><s:Fault><faultcode>s:Server</faultcode><faultstring>Certificado revocado</faultstring></s:Fault></s:Body></s:Envelope>"
        do {
            _ = try VeriFactuResponse.parse(Array(fault.utf8))
            Issue.record("a fault is not an answer")
        } catch {
            #expect(error.isRefusal && error.message.contains("s:Server: Certificado revocado"))
        }
    }

    /// The body of a SOAP example: its RegFactuSistemaFacturacion, with the namespaces it uses.
    static func body(of path: String) throws -> String {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(text.range(of: "<sum:RegFactuSistemaFacturacion>"))
        let end = try #require(text.range(of: "</sum:RegFactuSistemaFacturacion>"))
        return "<sum:RegFactuSistemaFacturacion xmlns:sum=\"\(VeriFactuNamespace.lr)\" xmlns:sum1=\"\(VeriFactuNamespace.info)\">"
            + text[start.upperBound..<end.upperBound]
    }
}
