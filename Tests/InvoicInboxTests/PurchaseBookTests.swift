import Foundation
@testable import InvoicInbox
import InvoicBook
import InvoicTestSupport
import Testing

/// A book with purchases, loaded, checked and dropped as every front end does: the purchase in the
/// model with its figures, status and input VAT; the audit clean; the record edited, found.
@Suite struct PurchaseBookTests {
    /// The book, and what the audit found while its files were there.
    static let checked: (book: Book, audit: [String]) = {
        let test = TestBook([:])
        defer { test.remove() }
        let outcomes = Inbox.receive(bytes: try! fixture("zugferd-pdf_zf_en16931_1.pdf"), filename: "r.pdf", into: test.root, today: Day("2026-11-26")!)
        precondition(outcomes.first?.status == .received)
        let checked = test.checkKeeping()
        precondition(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.map(\.message))")
        return (checked.book, PurchaseAudit.check(checked.book).map(\.message))
    }()
    static var book: Book { checked.book }

    @Test func purchasesAreInTheBook() throws {
        let purchase = try #require(Self.book.purchases.first)
        #expect(Self.book.purchases.count == 1)
        #expect(purchase.number == "471102" && purchase.supplier == "lieferant-gmbh" && purchase.kind == .invoice)
        #expect(purchase.payable.plain == "529.87" && purchase.tax.plain == "56.87")
        #expect(purchase.taxes.map { "\($0.category) \($0.rate?.description ?? "-") \($0.taxable.plain) \($0.tax.plain)" } == ["S 7% 275.00 19.25", "S 19% 198.00 37.62"])
        #expect(purchase.status(on: Day("2026-11-26")!) == .open)
        #expect(Self.book.suppliers["lieferant-gmbh"]?.vatIDs == ["DE123456789"])
        #expect(Self.checked.audit.isEmpty)
    }

    @Test func anEditedRecordIsFound() throws {
        let test = TestBook([:])
        defer { test.remove() }
        _ = Inbox.receive(bytes: try fixture("zugferd-pdf_zf_en16931_1.pdf"), filename: "r.pdf", into: test.root, today: Day("2026-11-26")!)
        let path = test.root + "/purchases/2018/lieferant-gmbh-471102.yaml"
        let text = try String(contentsOfFile: path, encoding: .utf8).replacingOccurrences(of: "  tax: 56.87", with: "  tax: 56.88")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        let book = test.checkKeeping().book
        #expect(PurchaseAudit.check(book).map(\.code.name) == ["purchase-record-differs"])
    }
}
