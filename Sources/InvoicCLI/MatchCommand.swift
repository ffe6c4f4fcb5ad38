import ArgumentParser
import Foundation
import InvoicAuthoring
import InvoicBank
import InvoicBook
import InvoicMoney

struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Match bank statements (camt.053/054, MT940, CSV) with open invoices, and record the payments that fit.",
        discussion: """
            Without --apply it lists what each transaction would be (matched, proposal, ambiguous, unmatched, \
            recorded, ignored) and changes nothing. --apply records the matched ones as payments (method \
            bank_transfer, the bank's reference kept), and refunds on credit notes; a second run records \
            nothing twice. A CSV statement needs its layout under `bank:` in invoic.yaml (docs/banking.md). \
            Exit status: 0, or 1 when a statement cannot be read or the book has errors.
            """)

    @Argument(help: ArgumentHelp("Statement files: camt.053 or camt.054 XML, MT940, or CSV.", valueName: "statement"))
    var statements: [String]

    @Flag(help: "Record the matched payments in the book.") var apply = false
    @Flag(help: "Print the results as JSON.") var json = false
    @OptionGroup var options: EditOptions

    func run() throws {
        let editor = BookEditor(root: options.directory)
        guard FileManager.default.fileExists(atPath: editor.path(BookSettings.fileName)) else {
            Terminal.standardError.write("error: no invoic.yaml in \(options.directory): this is not an invoic book (run `invoic init`, or pass -C DIR)\n")
            throw ExitCode(2)
        }
        let checked: CheckedBook
        do { checked = try editor.check() } catch {
            if case .wouldIntroduceErrors(let diagnostics, let sources) = error {
                Reporter(format: .human, root: options.directory, sources: sources).report(diagnostics)
            }
            Terminal.standardError.write("error: \(error)\n")
            throw ExitCode(1)
        }
        if checked.diagnostics.contains(where: { $0.severity == .error }) {
            Reporter(format: .human, root: options.directory, sources: checked.book.sources).report(checked.diagnostics)
            Terminal.standardError.write("error: the book has errors; fix them before matching payments (`invoic check`)\n")
            throw ExitCode(1)
        }
        var transactions: [BankTransaction] = []
        for statement in statements {
            do {
                transactions += try StatementReader.read(path: statement, layout: checked.book.settings.bank)
            } catch {
                Terminal.standardError.write("\(error)\n")
                throw ExitCode(1)
            }
        }
        let results = Matcher(book: checked.book).match(transactions)
        Terminal.standardOutput.write(json ? Self.json(results) : Self.table(results, applying: apply))
        guard apply else { return }
        let matched = results.filter { $0.outcome == .matched }
        guard !matched.isEmpty else {
            Terminal.standardError.write("nothing to record\n")
            return
        }
        // Matched again against the book as it is inside the lock: what another writer recorded
        // meanwhile (a second `match --apply` of the same statement) is not recorded twice.
        var recording = matched
        let changes = try performEdit(options) { result, editor throws(AuthoringError) in
            recording = Matcher(book: result.book).match(transactions).filter { $0.outcome == .matched }
            return try Self.changes(recording: recording, in: result.book, editor: editor)
        }
        if !options.dryRun {
            let count = recording.reduce(0) { $0 + $1.allocations.count }
            Terminal.standardError.write("recorded \(plural(count, "payment")) in \(plural(changes.count, "file"))\n")
        }
    }

    /// One change per document file, with every payment or refund the matched transactions bring
    /// it, appended in date order through the same edits as `invoic pay`: all of a document's in
    /// one edit of its text, so a statement of thousands of transactions is not thousands of
    /// passes over a growing file.
    static func changes(recording matched: [MatchResult], in book: Book, editor: BookEditor) throws(AuthoringError) -> [FileChange] {
        var payments: [String: [DocumentFacts.Receipt]] = [:]
        var refunds: [String: [(minor: Int64, day: Day, method: PaymentMethod, reference: String?)]] = [:]
        var order: [String] = []
        for result in matched.sorted(by: { $0.transaction.date < $1.transaction.date }) {
            let transaction = result.transaction
            for allocation in result.allocations {
                guard book.document(allocation.number) != nil else { throw .refused("no document \(allocation.number)") }
                if payments[allocation.number] == nil, refunds[allocation.number] == nil { order.append(allocation.number) }
                if allocation.isRefund {
                    refunds[allocation.number, default: []].append((allocation.amount, transaction.date, .bankTransfer, transaction.reference))
                } else {
                    payments[allocation.number, default: []].append(DocumentFacts.Receipt(
                        .exactly(MoneyFormat.plain(allocation.amount, transaction.currency)), on: transaction.date,
                        method: .bankTransfer, reference: transaction.reference))
                }
            }
        }
        var changes: [FileChange] = []
        for number in order {
            guard let document = book.document(number) else { continue }
            let file = try editor.read(document.file)
            var text = file.text
            if let refunds = refunds[number] {
                text = try DocumentFacts(document: document, text: text, credited: book.creditedNet(of: document)).refund(refunds)
            }
            if let receipts = payments[number] {
                text = try DocumentFacts(document: document, text: text, credited: book.creditedNet(of: document)).pay(receipts)
            }
            changes.append(FileChange(path: document.file, before: file.bytes, after: text))
        }
        return changes
    }

    // MARK: output

    static func money(_ transaction: BankTransaction, _ minor: Int64? = nil) -> String {
        let sign = transaction.direction == .debit && minor == nil ? "-" : ""
        return sign + MoneyFormat.plain(minor ?? transaction.amount, transaction.currency) + " " + transaction.currency.code
    }

    static func table(_ results: [MatchResult], applying: Bool) -> String {
        guard !results.isEmpty else { return "no transactions\n" }
        let rows = results.map { result -> [String] in
            let transaction = result.transaction
            let documents = result.allocations.map { allocation in
                result.allocations.count > 1 && allocation.amount > 0 ? "\(allocation.number) \(MoneyFormat.plain(allocation.amount, transaction.currency))" : allocation.number
            }.joined(separator: ", ")
            let outcome = result.outcome.rawValue + (result.basis.map { " (\($0.rawValue))" } ?? "")
            let who = [transaction.counterparty, transaction.remittance.isEmpty ? nil : transaction.remittance].compactMap { $0 }.joined(separator: " · ")
            return [transaction.date.description, money(transaction), outcome, documents.isEmpty ? "-" : documents, String(who.prefix(60))]
        }
        let header = ["DATE", "AMOUNT", "RESULT", "DOCUMENTS", "PAYER · TEXT"]
        let widths = (0..<4).map { column in ([header] + rows).map { $0[column].count }.max()! }
        func line(_ cells: [String]) -> String {
            let padded = (0..<4).map { column in
                column == 1 ? String(repeating: " ", count: widths[column] - cells[column].count) + cells[column]
                    : cells[column] + String(repeating: " ", count: widths[column] - cells[column].count)
            }
            return (padded + [cells[4]]).joined(separator: "  ").trimmingCharacters(in: .whitespaces) + "\n"
        }
        var text = line(header)
        for (result, row) in zip(results, rows) {
            text += line(row)
            let place = "\(result.transaction.file):\(result.transaction.line)"
            if let message = result.message { text += "    \(place): \(message)\n" }
        }
        var counts: [MatchResult.Outcome: Int] = [:]
        for result in results { counts[result.outcome, default: 0] += 1 }
        text += "\n" + MatchResult.Outcome.allCases.compactMap { outcome in counts[outcome].map { "\($0) \(outcome.rawValue)" } }.joined(separator: ", ")
        if !applying, let matched = counts[.matched] { text += "; --apply records the \(matched) matched" }
        return text + "\n"
    }

    static func json(_ results: [MatchResult]) -> String {
        let entries: [[String: Any]] = results.map { result in
            let transaction = result.transaction
            var entry: [String: Any] = [
                "file": transaction.file, "line": transaction.line, "date": transaction.date.description,
                "amount": MoneyFormat.plain(transaction.amount, transaction.currency), "currency": transaction.currency.code,
                "direction": transaction.direction.rawValue, "reference": transaction.reference, "remittance": transaction.remittance,
                "outcome": result.outcome.rawValue,
                "allocations": result.allocations.map { allocation -> [String: Any] in
                    ["number": allocation.number, "amount": MoneyFormat.plain(allocation.amount, transaction.currency),
                     "kind": allocation.isRefund ? "refund" : "payment"]
                },
            ]
            if let basis = result.basis { entry["basis"] = basis.rawValue }
            if let message = result.message { entry["message"] = message }
            if let name = transaction.counterparty { entry["counterparty"] = name }
            if let iban = transaction.counterpartyIBAN { entry["iban"] = iban }
            if let reference = transaction.structuredReference { entry["structured_reference"] = reference }
            if transaction.isReversal { entry["reversal"] = true }
            if !transaction.isBooked { entry["booked"] = false }
            return entry
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["transactions": entries], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
