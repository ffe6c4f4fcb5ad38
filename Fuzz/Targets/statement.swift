// libFuzzer target: any bytes as a bank statement, through everything `invoic match` does before
// it writes: the format told apart by content (camt XML through expat, MT940, CSV through two
// `bank:` layouts, UTF-16 by its byte order mark), every transaction matched against the small
// book of Fuzz/book, and the error or the results made printable. It must read or refuse, never
// trap, hang or crash (a camt statement nested 40,000 deep once did: the tree was freed recursively).
import Foundation
@testable import InvoicBank
import InvoicBook
import InvoicMoney

private let root: String = {
    let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    return ProcessInfo.processInfo.environment["FUZZ_BOOK"] ?? here.appendingPathComponent("book").path
}()

private let book: Book = {
    guard let checked = try? BookChecker.check(at: root) else { fatalError("no fuzz book at \(root)") }
    return checked.book
}()

/// A German bank's export (named columns, decimal comma, DD.MM.YYYY) and a headerless one by position.
private let layouts: [BankLayout] = {
    var german = BankLayout()
    german.columns = ["date": .named("Buchungstag"), "amount": .named("Betrag"), "currency": .named("Währung"), "remittance": .named("Verwendungszweck"),
                      "counterparty": .named("Auftraggeber/Empfänger"), "iban": .named("IBAN")]
    german.delimiter = ";"
    german.decimalComma = true
    german.dateFormat = "DD.MM.YYYY"
    german.skip = 0
    var plain = BankLayout()
    plain.columns = ["date": .numbered(1), "amount": .numbered(2), "remittance": .numbered(3), "reference": .numbered(4)]
    plain.hasHeader = false
    plain.dateFormat = "YYYY-MM-DD"
    plain.currency = Currency.named("EUR")
    return [german, plain]
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 ? Data() : Data(UnsafeBufferPointer(start: data, count: size))
    for layout in layouts {
        do {
            let transactions = try StatementReader.read(bytes, file: "fuzz.statement", layout: layout)
            for transaction in transactions {
                precondition(transaction.amount >= 0, "a negative amount: the direction says which way")
                for text in [transaction.remittance, transaction.reference, transaction.counterparty ?? "", transaction.counterpartyIBAN ?? ""] {
                    precondition(!printable(text).unicodeScalars.contains(where: isUnprintable), "printable left a control character")
                }
            }
            let results = Matcher(book: book).match(transactions)
            precondition(results.count == transactions.count, "one result per transaction")
            for result in results where result.outcome == .matched {
                precondition(result.allocations.allSatisfy { $0.amount > 0 }, "a matched allocation of nothing")
            }
        } catch {
            precondition(!error.printableDescription.unicodeScalars.contains { isUnprintable($0) && $0 != "\n" }, "an error that prints a control character")
        }
    }
    return 0
}
