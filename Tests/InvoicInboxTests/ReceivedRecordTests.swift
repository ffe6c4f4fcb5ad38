import Foundation
@testable import InvoicInbox
import InvoicBook
import InvoicDiagnostics
import InvoicTestSupport
import InvoicYAML
import Testing

/// Issue 38: whatever a received document holds, the files `receive` writes are read back by the
/// book's own reader (control characters escaped, long values cut, each with a finding); no value
/// becomes a key (comments included); an interrupted receipt is adopted, not copied.
@Suite struct ReceivedRecordTests {
    static let today = Day("2026-11-27")!

    /// Received into an empty book: the outcome, the book's diagnostics after, the book.
    static func receive(_ bytes: [UInt8], _ name: String, into test: TestBook) -> [ReceiveOutcome] {
        Inbox.receive(bytes: bytes, filename: name, into: test.root, today: today)
    }

    static func parse(_ path: String, in test: TestBook) throws -> YAMLNode {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: test.root + "/" + path)))
        let parsed = YAMLParser.parse(bytes, path: path)
        #expect(parsed.diagnostics.isEmpty, "\(path): \(parsed.diagnostics.map(\.message))")
        return try #require(parsed.root)
    }

    /// The book loaded and audited: no error, whatever was received.
    static func errors(_ test: TestBook) -> [String] {
        let checked = test.checkKeeping()
        return (checked.diagnostics + PurchaseAudit.check(checked.book)).filter { $0.severity == .error }.map { "\($0.code.name): \($0.message)" }
    }

    @Test func controlCharactersAreEscapedOnTheRecordWithAFinding() throws {
        let test = TestBook([:])
        defer { test.remove() }
        let outcome = try #require(Self.receive(try HostileReceived.controlCharacters(), "c1.xml", into: test).first)
        #expect(outcome.status == .received, "\(outcome.refusal?.message ?? "")")
        let record = try Self.parse(try #require(outcome.record), in: test)
        // Kept, visibly: U+009B as `\u{9B}`, CR, DEL and NEL likewise; the original keeps them raw.
        #expect(record["number"]?.scalar?.text == "C1\\u{9B}[31m")
        let note = try #require(record["notes"]?.sequence?.first?.scalar?.text)
        #expect(note.hasPrefix("\\u{9B}31m red \\u{9B}2J\\u{D}\\u{7F}\\u{85} Alle leveringen"))
        let findings = (record["findings"]?.sequence ?? []).compactMap { $0["rule"]?.scalar?.text }
        #expect(findings.filter { $0 == "record-escaped" }.count == 2, "number and notes: \(findings)")
        #expect(outcome.findings.contains { $0.rule == "record-escaped" && $0.message.contains("U+009B, U+000D, U+007F, U+0085") })
        #expect(Self.errors(test).isEmpty, "\(Self.errors(test))")
        // Received again: recognised by its number as the record holds it, nothing written.
        #expect(Self.receive(try HostileReceived.controlCharacters(), "c1.xml", into: test).map(\.status) == [.duplicate])
    }

    @Test func longValuesAreCutWithAFinding() throws {
        let test = TestBook([:])
        defer { test.remove() }
        let long = try #require(Self.receive(try HostileReceived.longNote(), "long.xml", into: test).first)
        #expect(long.status == .received, "\(long.refusal?.message ?? "")")
        let huge = try #require(Self.receive(try HostileReceived.hugeAttribute(), "huge.xml", into: test).first)
        #expect(huge.status == .received, "\(huge.refusal?.message ?? "")")
        let longRecord = try #require(long.record)
        let note = try #require(try Self.parse(longRecord, in: test)["notes"]?.sequence?.first?.scalar?.text)
        #expect(note.utf8.count <= 32 * 1024 && note.hasPrefix("lang lang ") && note.hasSuffix("…"))
        #expect(long.findings.map(\.rule).contains("record-cut"))
        #expect(long.findings.first { $0.rule == "record-cut" }?.message.contains("`notes` is 300") == true)
        let hugeRecord = try #require(huge.record)
        let address = try #require(try Self.parse(hugeRecord, in: test)["seller"]?["electronic_address"]?.scalar?.text)
        #expect(address.utf8.count <= 32 * 1024 && address.hasPrefix("aaaa"))
        #expect(huge.findings.contains { $0.rule == "record-cut" && $0.message.contains("`seller.electronic_address` is 52428804 bytes") })
        // The supplier's file holds the cut address too, and reads back.
        _ = try Self.parse("suppliers/de-koksmaat.yaml", in: test)
        #expect(Self.errors(test).isEmpty, "\(Self.errors(test))")
    }

    /// A seller known only by a name with U+009B: recognised by its file, which stores it escaped.
    @Test func aSupplierWithAControlCharacterInItsNameIsRecognised() throws {
        let test = TestBook([:])
        defer { test.remove() }
        var document = try EInvoiceReader.read(try fixture("ubl-tc434-example1.xml"))
        document.seller.name = "Evil\u{9B}2J Corp"
        document.seller.vatID = nil
        document.seller.electronicAddress = nil
        document.seller.legalID = nil
        document.payment.accounts = []
        try FileManager.default.createDirectory(atPath: test.root + "/suppliers", withIntermediateDirectories: true)
        try SupplierDirectory.text(id: "evil", document: ReceivedInvoice(document)).write(toFile: test.root + "/suppliers/evil.yaml", atomically: true, encoding: .utf8)
        #expect(try Self.parse("suppliers/evil.yaml", in: test)["name"]?.scalar?.text == "Evil\\u{9B}2J Corp")
        #expect(SupplierDirectory.load(root: test.root).recognise(ReceivedInvoice(document)) == "evil")
    }

    /// A record the book could not read (here: past its 4 MiB a file) is refused, nothing written.
    @Test func aRecordTooLargeForTheBookIsRefusedAndNothingWritten() throws {
        let test = TestBook([:])
        defer { test.remove() }
        let before = try FileManager.default.subpathsOfDirectory(atPath: test.root).sorted()
        let notes = String(repeating: "<cbc:Note>" + String(repeating: "n", count: 30_000) + "</cbc:Note>", count: 150)
        let text = try HostileReceived.example().replacingOccurrences(of: "<cbc:DocumentCurrencyCode>", with: notes + "<cbc:DocumentCurrencyCode>")
        let outcome = try #require(Self.receive(Array(text.utf8), "many-notes.xml", into: test).first)
        #expect(outcome.status == .refused)
        #expect(outcome.refusal?.message.contains("more than the 4 MiB a book file may have") == true, "\(outcome.refusal?.message ?? "")")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: test.root).filter { !$0.hasPrefix(".invoic") }.sorted()
                == before.filter { !$0.hasPrefix(".invoic") })
    }

    /// `X-1&#10;category: injected` was written raw into the supplier file's comment: a key.
    @Test func aNumberWithALineBreakAddsNoKey() throws {
        let test = TestBook([:])
        defer { test.remove() }
        let outcome = try #require(Self.receive(try HostileReceived.injectedNumber(), "x.xml", into: test).first)
        #expect(outcome.status == .received)
        let supplier = try Self.parse("suppliers/de-koksmaat.yaml", in: test)
        #expect(supplier["category"] == nil)
        let record = try Self.parse(try #require(outcome.record), in: test)
        #expect(record["category"] == nil)
        #expect(record["number"]?.scalar?.text == "X-1\ncategory: injected", "kept as the supplier wrote it")
        let text = try String(contentsOfFile: test.root + "/suppliers/de-koksmaat.yaml", encoding: .utf8)
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("category") })
        #expect(text.hasPrefix("# Made by `invoic receive` from \"X-1\\ncategory: injected\":"))
        #expect(Self.errors(test).isEmpty, "\(Self.errors(test))")
    }

    /// An attachment named `x\ncategory: injected\n<ESC>]0;owned<BEL>.xml` (RFC 2231) in a mail.
    @Test func aMailAttachmentNameWithALineBreakAddsNoKey() throws {
        let test = TestBook([:])
        defer { test.remove() }
        let outcome = try #require(Self.receive(try HostileReceived.mailWithInjectedName(), "mail.eml", into: test).first)
        #expect(outcome.status == .received, "\(outcome.refusal?.message ?? "")")
        let path = try #require(outcome.record)
        let record = try Self.parse(path, in: test)
        #expect(record["category"] == nil)
        #expect(record["source"]?["received_as"]?.scalar?.text == "mail.eml: x\ncategory: injected\n\\u{1B}]0;owned\\u{7}.xml")
        #expect(record["source"]?["mail"]?.scalar?.text == "mail.eml")
        let text = try String(contentsOfFile: test.root + "/" + path, encoding: .utf8)
        #expect(!text.split(separator: "\n").contains { $0.hasPrefix("category") })
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(Self.errors(test).isEmpty, "\(Self.errors(test))")
    }

    /// Issue 38, point 13: a receipt killed between the original and its record. The crash is
    /// made by hand: the original alone at the place receive writes it.
    @Test func anInterruptedReceiptIsFoundAndAdopted() throws {
        let bytes = try fixture("xrechnung-02.01a-INVOICE_ubl.xml")
        // Where a complete receipt puts its files.
        let whole = TestBook([:])
        defer { whole.remove() }
        let reference = try #require(Self.receive(bytes, "r.xml", into: whole).first)
        let record = try #require(reference.record)
        let original = String(record.dropLast(5)) + ".xml"
        let folder = (record as NSString).deletingLastPathComponent
        let attachments = try FileManager.default.contentsOfDirectory(atPath: whole.root + "/" + String(record.dropLast(5)) + ".attachments")
        #expect(!attachments.isEmpty, "the case has an attachment (BG-24)")

        for withAttachment in [false, true] {
            let test = TestBook([:])
            defer { test.remove() }
            try FileManager.default.createDirectory(atPath: test.root + "/" + folder, withIntermediateDirectories: true)
            try Data(bytes).write(to: URL(fileURLWithPath: test.root + "/" + original))
            if withAttachment {
                // Killed after the attachment too.
                let from = whole.root + "/" + String(record.dropLast(5)) + ".attachments"
                try FileManager.default.copyItem(atPath: from, toPath: test.root + "/" + String(record.dropLast(5)) + ".attachments")
            }
            let checked = test.checkKeeping()
            let found = PurchaseAudit.check(checked.book)
            #expect(found.map(\.code.name) == ["purchase-orphan"])
            #expect(found.first?.severity == .warning)
            #expect(found.first?.message.contains(original) == true)

            let again = try #require(Self.receive(bytes, "r.xml", into: test).first)
            #expect(again.status == .received, "\(again.refusal?.message ?? "")")
            #expect(again.record == record, "adopted: no -2 copy")
            let files = try FileManager.default.contentsOfDirectory(atPath: test.root + "/" + folder).sorted()
            #expect(files == (try FileManager.default.contentsOfDirectory(atPath: whole.root + "/" + folder).sorted()))
            #expect(!files.contains { $0.contains("-2") })
            #expect(PurchaseAudit.check(test.checkKeeping().book).isEmpty)
        }
    }

    /// A different file where the original would go is no orphan of this receipt: a `-2` beside it.
    @Test func anotherFileInThePlaceIsNotAdopted() throws {
        let bytes = try fixture("ubl-tc434-example1.xml")
        let test = TestBook([:])
        defer { test.remove() }
        try FileManager.default.createDirectory(atPath: test.root + "/purchases/2015", withIntermediateDirectories: true)
        try Data("<other/>".utf8).write(to: URL(fileURLWithPath: test.root + "/purchases/2015/de-koksmaat-12115118.xml"))
        let outcome = try #require(Self.receive(bytes, "r.xml", into: test).first)
        #expect(outcome.record == "purchases/2015/de-koksmaat-12115118-2.yaml")
        #expect(try Data(contentsOf: URL(fileURLWithPath: test.root + "/purchases/2015/de-koksmaat-12115118.xml")) == Data("<other/>".utf8))
    }

    /// Issue 38, point 4: qpdf's errors are said as what they are, never "no embedded file".
    @Test func aDamagedPDFIsSaidToBeDamaged() {
        do {
            _ = try Inbox.read(bytes: HostileReceived.pdfWithoutCatalog, filename: "x.pdf")
            Issue.record("a PDF without its catalog was read")
        } catch {
            #expect(error.message == "the PDF is damaged: unable to find /Root dictionary")
        }
    }

    @Test func aMalformedAmountIsSaidToBeMalformed() throws {
        let malformed = try HostileReceived.malformedAmount()
        do {
            _ = try Inbox.read(bytes: malformed, filename: "x.xml")
            Issue.record("a malformed amount due was read")
        } catch {
            #expect(error.message.hasPrefix("the amount due (cbc:PayableAmount, BT-115) `12,5x250.33` (line "), "\(error.message)")
            #expect(error.message.hasSuffix(") is not a number"))
        }
        // The same in CII, and a number too large for an amount.
        let cii = String(decoding: try fixture("CII_example1.xml"), as: UTF8.self)
        let due = try #require(cii.range(of: #"<ram:DuePayableAmount>[^<]*</ram:DuePayableAmount>"#, options: .regularExpression))
        let large = cii.replacingCharacters(in: due, with: "<ram:DuePayableAmount>99999999999999999999999.00</ram:DuePayableAmount>")
        do {
            _ = try Inbox.read(bytes: Array(large.utf8), filename: "x.xml")
            Issue.record("an amount due past every bound was read")
        } catch {
            #expect(error.message.hasPrefix("the amount due (ram:DuePayableAmount, BT-115) `99999999999999999999999.00` (line "), "\(error.message)")
            #expect(error.message.hasSuffix(") is too large for an amount"))
        }
    }
}

/// Issue 38, point 6: the one terminal escaper, shared by every front end.
@Suite struct TerminalTextTests {
    @Test func escapesWhatDrivesATerminal() {
        #expect(printable("a\u{1B}[2Jb\u{7}c\u{9B}31md\u{1B}]0;x\u{7}") == "a\\u{1B}[2Jb\\u{7}c\\u{9B}31md\\u{1B}]0;x\\u{7}")
        #expect(printable("\u{202E}cod.exe") == "\\u{202E}cod.exe")
        #expect(printable("Käufer 12,50 €") == "Käufer 12,50 €")
        #expect(printableLines("one\ntwo\u{1B}[1m\rthree\n") == "one\ntwo\\u{1B}[1m\\u{D}three\n")
    }
}
