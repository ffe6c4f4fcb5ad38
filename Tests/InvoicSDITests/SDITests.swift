import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicSDI
import InvoicTestSupport
import Testing

/// The SdI's receipts as the Agenzia publishes them (../shared/standards/it-fatturapa/notifications,
/// from italia/fatturapa-testsdi, read in place), what a hostile one gets, the record's text, and
/// the progressive the book keeps.
@Suite struct SDITests {
    static let notifications = Standards.path("it-fatturapa/notifications")

    static func official(_ kind: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: notifications + "/IT01234567890_11111_\(kind)_001.xml")))
    }

    /// Each official example, read field by field as the file states it.
    @Test func readsTheOfficialReceipts() throws {
        let rc = try SDIReceipt.parse(Self.official("RC")).get()
        #expect(rc.kind == .rc && rc.sdiID == "111" && rc.fileName == "IT01234567890_11111.xml.p7m" && rc.at == "2013-06-06T12:01:00Z")
        let ns = try SDIReceipt.parse(Self.official("NS")).get()
        #expect(ns.kind == .ns && ns.errors == [SDIReceipt.Error(code: "00100", description: "Certificato di firma scaduto")])
        #expect(ns.at == "2013-06-06T12:00:00Z")
        let mc = try SDIReceipt.parse(Self.official("MC")).get()
        #expect(mc.kind == .mc && mc.fileName == "IT01234567890_11111.xml.p7m" && mc.errors.isEmpty)
        let dt = try SDIReceipt.parse(Self.official("DT")).get()
        #expect(dt.kind == .dt && dt.sdiID == "111")
        let at = try SDIReceipt.parse(Self.official("AT")).get()
        #expect(at.kind == .at && at.at == "2014-04-01T12:00:00")
        let ne = try SDIReceipt.parse(Self.official("NE")).get()
        #expect(ne.kind == .ne && ne.outcome == "EC01")
        #expect(SDIRecord.State.init(rawValue: "accepted") != nil)
        #expect(try SDIReceipt.parse(Self.official("EC")).get().kind == .ec)
        #expect(try SDIReceipt.parse(Self.official("SE")).get().kind == .se)
        // The name of the attachment: the file's name and the kind.
        for kind in ["RC", "NS", "MC", "DT", "AT", "NE", "EC", "SE"] {
            let parsed = SDIReceipt.attachmentName("IT01234567890_11111_\(kind)_001.xml")
            #expect(parsed?.file == "IT01234567890_11111" && parsed?.kind.rawValue == kind)
        }
        #expect(SDIReceipt.stem("IT01234567890_11111.xml.p7m") == "IT01234567890_11111")
    }

    /// What a mail may carry instead of a receipt: none of it is taken for one.
    @Test func refusesWhatIsNoReceipt() throws {
        #expect(SDIReceipt.attachmentName("daticert.xml") == nil)
        #expect(SDIReceipt.attachmentName("../../invoic.yaml_RC_001.xml") == nil, "no path in a name the record keeps")
        #expect(SDIReceipt.attachmentName("IT01234567890_11111_XX_001.xml") == nil)
        #expect(SDIReceipt.attachmentName("IT01234567890_1111111_RC_001.xml") == nil, "a progressive has at most 5 characters")
        #expect(SDIReceipt.attachmentName(String(repeating: "A", count: 200) + "_1_RC_001.xml") == nil)
        let large = Array("<RicevutaConsegna>".utf8) + [UInt8](repeating: 0x20, count: SDIReceipt.maximumBytes) + Array("</RicevutaConsegna>".utf8)
        #expect(throws: SDIError.self) { try SDIReceipt.parse(large).get() }
        #expect(throws: SDIError.self) { try SDIReceipt.parse(Array("<NotificaScarto><IdentificativoSdI>1".utf8)).get() }
        #expect(throws: SDIError.self) { try SDIReceipt.parse(Array("<Invoice/>".utf8)).get() }
        // An entity expansion (billion laughs) is not expanded into a receipt.
        let laughs = """
            <?xml version="1.0"?><!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>
            <RicevutaConsegna><Note>&c;&c;&c;</Note></RicevutaConsegna>
            """
        if case .success(let receipt) = SDIReceipt.parse(Array(laughs.utf8)) { #expect((receipt.note ?? "").count <= 1000) }
    }

    /// The record's text reads back as written, receipts and errors included.
    @Test func recordRoundTrip() throws {
        var record = SDIRecord(number: "2026/001")
        record.attempts.append(SDIRecord.Attempt(
            progressive: "00003", file: "IT03456789019_00003.xml", sha256: "ab", to: "sdi01@pec.fatturapa.it", messageID: "x@pec.example",
            resendReason: nil, history: [
                SDIRecord.Event(at: "2026-11-25T10:00:00Z", state: .recorded),
                SDIRecord.Event(at: "2026-11-25T10:00:01Z", state: .sent, detail: "taken"),
                SDIRecord.Event(at: "2026-11-25T11:00:00Z", state: .rejected, detail: "NS: 00305 IdFiscaleIVA: non valido", receipt: "IT03456789019_00003_NS_001.xml",
                                sdiID: "111", from: "sdi23@pec.fatturapa.it", errors: [SDIReceipt.Error(code: "00305", description: "1.4.1.1.2 <IdCodice> non valido: \"x\"")]),
            ]))
        let parsed = try SDIRecord.parse(Array(record.yaml().utf8), path: "sdi.yaml").get()
        #expect(parsed == record)
        #expect(parsed.current?.state == .rejected && parsed.current?.errors.first?.code == "00305" && parsed.current?.sdiID == "111")
    }

    /// When a document may go (again), and under which progressive.
    @Test func decidesWhatASendMayDo() throws {
        func record(_ states: [SDIRecord.State], progressive: String = "00002") -> SDIRecord {
            SDIRecord(number: "F-1", attempts: [SDIRecord.Attempt(progressive: progressive, file: "IT1_\(progressive).xml", sha256: "", to: "", messageID: "", resendReason: nil,
                                                                   history: states.map { SDIRecord.Event(at: "2026-11-25T10:00:00Z", state: $0) })])
        }
        #expect(try SDISender.decide(nil, number: "F-1", progressive: nil, resend: nil) == false)
        #expect(try SDISender.decide(record([.recorded, .failed]), number: "F-1", progressive: "00002", resend: nil) == false, "never left: same name")
        #expect(try SDISender.decide(record([.recorded, .sent, .rejected]), number: "F-1", progressive: "00002", resend: nil) == true, "rejected: a new name")
        #expect(throws: SDIError.self) { try SDISender.decide(record([.recorded]), number: "F-1", progressive: "00002", resend: nil) }
        #expect(try SDISender.decide(record([.recorded]), number: "F-1", progressive: "00002", resend: "lost") == false, "unknown: the same name, which the SdI takes once")
        #expect(throws: SDIError.self) { try SDISender.decide(record([.recorded, .sent, .delivered]), number: "F-1", progressive: "00002", resend: nil) }
        #expect(try SDISender.decide(record([.recorded, .sent, .delivered]), number: "F-1", progressive: "00002", resend: "again") == true)
    }

    static let settings = """
        business:
          name: Studio Test
          address: { street: Via Roma 1, city: Milano, region: MI, postal_code: "20121", country: IT }
          tax_id: IT12345678903
        defaults: { currency: EUR, locale: it_IT, tax: 22%, terms: 30 }
        numbering: { invoice: "F-{seq}" }
        einvoice: [fatturapa]
        fatturapa: { regime: RF01 }
        """
    static let client = """
        name: Cliente S.r.l.
        address: { street: Via Po 3, city: Torino, region: TO, postal_code: "10123", country: IT }
        tax_id: IT03456789019
        fatturapa: { recipient: ABC1234 }
        """

    /// The book keeps the counter: a document sent keeps its progressive; the others take the
    /// next after the highest written, in order of issue (stated by hand: 7 written, so 8 and 9,
    /// in base 36 on five characters).
    @Test func theProgressiveIsACounterTheBookKeeps() throws {
        let files = ["invoices/F-1.yaml": "number: F-1\n" + invoice(issued: "2026-03-01"),
                     "invoices/F-2.yaml": "number: F-2\n" + invoice(issued: "2026-03-02") + "sdi_progressive: \"00007\"\n",
                     "invoices/F-3.yaml": "number: F-3\n" + invoice(issued: "2026-03-03")]
        let checked = TestBook(files, settings: Self.settings, clients: ["acme": Self.client]).check()
        #expect(checked.diagnostics.filter { $0.severity == .error }.isEmpty, "\(checked.diagnostics)")
        let book = checked.book
        #expect(["F-1", "F-2", "F-3"].map { book.sdiFileName(for: book.document($0)!) } == ["IT12345678903_00008", "IT12345678903_00007", "IT12345678903_00009"])
        #expect(Book.base36(36 + 10, width: 5) == "0001A")
        // Two documents with one progressive, and one the SdI cannot take.
        let twice = TestBook(["invoices/F-1.yaml": "number: F-1\n" + invoice() + "sdi_progressive: \"00007\"\n",
                              "invoices/F-2.yaml": "number: F-2\n" + invoice() + "sdi_progressive: \"00007\"\n",
                              "invoices/F-3.yaml": "number: F-3\n" + invoice() + "sdi_progressive: \"0_1\"\n"],
                             settings: Self.settings, clients: ["acme": Self.client]).findings()
        #expect(twice == ["invoices/F-1.yaml:6:18 fatturapa-progressive", "invoices/F-2.yaml:6:18 fatturapa-progressive", "invoices/F-3.yaml:6:18 fatturapa-progressive"])
    }

    /// `sdi_progressive:` written after `sent_via:`, and replaced in place when sent again.
    @Test func writesTheProgressiveIntoTheDocument() throws {
        let book = TestBook(["invoices/F-1.yaml": "number: F-1\nclient: acme\nissued: 2026-03-01\nsent: 2026-03-02\nsent_via: sdi\nitems:\n  - { description: Design, price: 100.00 }\n"],
                            settings: Self.settings, clients: ["acme": Self.client])
        defer { book.remove() }
        let checked = book.checkKeeping()
        let document = try #require(checked.book.document("F-1"))
        let text = try String(contentsOfFile: book.root + "/invoices/F-1.yaml", encoding: .utf8)
        let first = try DocumentFacts(document: document, text: text).sdiProgressive("00003")
        #expect(first == "number: F-1\nclient: acme\nissued: 2026-03-01\nsent: 2026-03-02\nsent_via: sdi\nsdi_progressive: \"00003\"\nitems:\n  - { description: Design, price: 100.00 }\n")
        book.write("invoices/F-1.yaml", first)
        let again = try #require(book.checkKeeping().book.document("F-1"))
        #expect(again.sdiProgressive?.value == "00003")
        let second = try DocumentFacts(document: again, text: first).sdiProgressive("0000A")
        #expect(second == first.replacingOccurrences(of: "\"00003\"", with: "\"0000A\""))
    }
}
