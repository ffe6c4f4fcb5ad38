import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicTestSupport
import Testing
@testable import InvoicAuthoring

@Suite struct LockedEditTests {
    static let invoiceText = HostileTextTests.invoiceText

    func pay(_ editor: BookEditor, method: String = "cash") throws(AuthoringError) {
        try editor.edit { checked, editor throws(AuthoringError) in
            guard let document = checked.book.document("INV-0001") else { throw .refused("no INV-0001") }
            let file = try editor.read(document.file)
            let facts = try DocumentFacts(document: document, text: file.text)
            return [FileChange(path: document.file, before: file.bytes,
                               after: try facts.pay(.exactly("1.00"), on: Day("2026-03-05")!, method: PaymentMethod(rawValue: method), note: nil))]
        }
    }

    /// Threads of one process (the web app's requests) take turns as processes do: every edit
    /// reads what the one before it wrote.
    @Test func editsOnSeveralThreadsAllLand() throws {
        let book = TestBook(["invoices/INV-0001.yaml": Self.invoiceText])
        defer { book.remove() }
        let editor = BookEditor(root: book.root)
        let failures = Failures()
        DispatchQueue.concurrentPerform(iterations: 12) { _ in
            do { try pay(editor) } catch { failures.add("\(error)") }
        }
        #expect(failures.all.isEmpty, "\(failures.all)")
        let document = try #require(book.checkKeeping().book.document("INV-0001"))
        #expect(document.payments.count == 12)
        // The lock and the temporary files live where git never looks, and nothing is left over.
        let tmp = BookLock.folder(of: book.root)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp).sorted() == [".gitignore", "book.lock"])
        #expect(try String(contentsOfFile: tmp + "/.gitignore", encoding: .utf8).hasSuffix("\n*\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: book.root + "/invoices") == ["INV-0001.yaml"])
    }

    /// A control character the book refuses (ESC) is refused with the book's own error, and
    /// nothing is written.
    @Test func aValueTheBookRefusesIsNotWritten() throws {
        let book = TestBook(["invoices/INV-0001.yaml": Self.invoiceText])
        defer { book.remove() }
        #expect {
            try pay(BookEditor(root: book.root), method: "a\u{1B}[31mred")
        } throws: { error in
            guard case AuthoringError.wouldIntroduceErrors(let diagnostics, _) = error else { return false }
            return diagnostics.map(\.code) == [.invalidUtf8]
        }
        #expect(try String(contentsOfFile: book.root + "/invoices/INV-0001.yaml", encoding: .utf8) == Self.invoiceText)
    }
}

/// Errors collected from several threads.
final class Failures: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [String] = []
    func add(_ failure: String) { lock.withLock { list.append(failure) } }
    var all: [String] { lock.withLock { list } }
}
