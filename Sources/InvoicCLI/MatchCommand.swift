import ArgumentParser
import Foundation
import InvoicAuthoring
import InvoicBank
import InvoicBook
import InvoicDiagnostics
import InvoicInbox
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
            Exit status: 0, or 1 when a statement cannot be read, the book has errors, or --apply \
            refused a matched transaction (the others are recorded; each refused one is printed with its reason).
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
                Terminal.standardError.write(error.printableDescription + "\n")
                throw ExitCode(1)
            }
        }
        let results = Matcher(book: checked.book).match(transactions)
        // Debits no invoice or credit note took: the purchases they pay (issue 29).
        let unmatched = results.filter { [.unmatched, .ignored].contains($0.outcome) && $0.transaction.direction == .debit }.map(\.transaction)
        let purchases = PurchaseMatcher.match(unmatched, book: checked.book)
        Terminal.standardOutput.write(json ? Self.json(results, purchases: purchases) : Self.table(results, applying: apply))
        if !json, !purchases.isEmpty {
            var text = "\npurchases paid:\n"
            for match in purchases {
                text += "  \(match.transaction.date)  \(Self.money(match.transaction))  \(match.outcome.rawValue) (\(match.basis))  "
                    + printable("\(match.purchase.number) \(match.purchase.supplierName)") + "\n"
            }
            Terminal.standardOutput.write(text)
        }
        if apply, !options.dryRun {
            for match in purchases where match.outcome == .matched {
                do {
                    let done = try PurchasePayments.pay(root: options.directory, number: match.purchase.number, supplier: match.purchase.supplier,
                                                        amount: .exactly(MoneyFormat.plain(match.transaction.amount, match.transaction.currency)),
                                                        on: match.transaction.date, method: nil, reference: match.transaction.reference)
                    Terminal.standardError.write(done + "\n")
                } catch {
                    Terminal.standardError.write("error: \(match.transaction.date) \(Self.money(match.transaction)) is not recorded on purchase \(printable(match.purchase.number)): \(error.message)\n")
                }
            }
        }
        guard apply else { return }
        let matched = results.filter { $0.outcome == .matched }
        guard !matched.isEmpty else {
            if !purchases.contains(where: { $0.outcome == .matched }) { Terminal.standardError.write("nothing to record\n") }
            return
        }
        // Each transaction is recorded or refused on its own: one that cannot be recorded (its
        // reason printed) never keeps the others from the book. Matched again against the book as
        // it is inside the lock: what another writer recorded meanwhile (a second `match --apply`
        // of the same statement) is not recorded twice.
        var refused: [(result: MatchResult, reason: String)] = []
        var recorded: [MatchResult] = []
        let changes = try performEdit(options) { result, editor throws(AuthoringError) in
            let recording = Matcher(book: result.book).match(transactions).filter { $0.outcome == .matched }
            let outcome = try Self.checkedChanges(recording: recording, in: result.book, editor: editor)
            refused = outcome.refused
            recorded = outcome.recorded
            return outcome.changes
        }
        for (result, reason) in refused {
            let transaction = result.transaction
            Terminal.standardError.write(printable("\(transaction.file):\(transaction.line)") + ": error: \(transaction.date) \(Self.money(transaction)) is not recorded on "
                + printable(result.allocations.map(\.number).joined(separator: ", ")) + ": " + printable(reason) + "\n")
        }
        if !options.dryRun {
            let count = recorded.reduce(0) { $0 + $1.allocations.count }
            Terminal.standardError.write("recorded \(plural(count, "payment")) in \(plural(changes.count, "file"))\n")
        }
        if !refused.isEmpty {
            Terminal.standardError.write("error: \(plural(refused.count, "matched transaction")) not recorded (above); the others are\n")
            throw ExitCode(1)
        }
    }

    /// The changes of `changes(recording:)` that check clean together: when the book checked with
    /// them would have a new error, the transactions that edit a file with such an error are
    /// refused with it and the rest are checked again, so one bad entry never keeps the others out.
    static func checkedChanges(recording matched: [MatchResult], in book: Book, editor: BookEditor) throws(AuthoringError)
        -> (changes: [FileChange], recorded: [MatchResult], refused: [(result: MatchResult, reason: String)]) {
        var candidates = matched
        var refused: [(result: MatchResult, reason: String)] = []
        while true {
            let outcome = try changes(recording: candidates, in: book, editor: editor)
            refused += outcome.refused
            // Every transaction refused on an earlier pass stays refused: when none is left to
            // record, they are the whole answer (a lone credit dated before its invoice was
            // reported as "recorded 0 payments" with exit 0: issue 38).
            guard !outcome.changes.isEmpty else { return (outcome.changes, outcome.recorded, refused) }
            do throws(AuthoringError) {
                _ = try editor.commit(outcome.changes, dryRun: true)
                return (outcome.changes, outcome.recorded, refused)
            } catch {
                guard case .wouldIntroduceErrors(let diagnostics, _) = error else { throw error }
                var reasons: [String: String] = [:]
                for diagnostic in diagnostics { if let file = diagnostic.file, reasons[file] == nil { reasons[file] = "it would add an error to \(file): \(diagnostic.message)" } }
                let failing = outcome.recorded.filter { result in result.allocations.contains { reasons[$0.file] != nil } }
                // An error in a file no transaction edits: not one of these edits alone; stop as before.
                guard !failing.isEmpty else { throw error }
                for result in failing {
                    refused.append((result, result.allocations.compactMap { reasons[$0.file] }.first!))
                }
                func key(_ result: MatchResult) -> String { "\(result.transaction.file):\(result.transaction.line):\(result.transaction.reference)" }
                let failed = Set(failing.map(key))
                candidates = outcome.recorded.filter { !failed.contains(key($0)) }
            }
        }
    }

    /// One change per document file, with every payment or refund the matched transactions bring
    /// it, appended in date order through the same edits as `invoic pay`: all of a document's in
    /// one edit of its text, so a statement of thousands of transactions is not thousands of
    /// passes over a growing file. Each transaction is first weighed against what its documents
    /// still take (the account's balance, or the refund owed), in date order: one that does not
    /// fit (all of its allocations, or none) is left out with its reason.
    static func changes(recording matched: [MatchResult], in book: Book, editor: BookEditor) throws(AuthoringError)
        -> (changes: [FileChange], recorded: [MatchResult], refused: [(result: MatchResult, reason: String)]) {
        var room: [String: Int64] = [:]
        func left(_ document: Document) -> Int64 {
            if let known = room[document.number] { return known }
            let account = book.recordedAccount(for: document)
            return document.kind == .creditNote ? account?.refundOwed(by: document) ?? 0 : account?.balance ?? document.figures?.balance ?? 0
        }
        var accepted: [MatchResult] = []
        var order: [String] = []
        var refused: [(result: MatchResult, reason: String)] = []
        for result in matched.sorted(by: { $0.transaction.date < $1.transaction.date }) {
            if result.transaction.reference.unicodeScalars.contains(where: isUnprintable) {
                refused.append((result, "its reference `\(printable(result.transaction.reference))` holds a control character; record it by hand with `invoic pay`"))
                continue
            }
            var trial = room
            var reason: String?
            for allocation in result.allocations {
                guard let document = book.document(allocation.number) else { reason = "no document \(allocation.number)"; break }
                let available = trial[document.number] ?? left(document)
                guard allocation.amount <= available else {
                    let c = result.transaction.currency
                    reason = "\(MoneyFormat.plain(allocation.amount, c)) is more than the \(MoneyFormat.plain(max(0, available), c)) "
                        + (allocation.isRefund ? "owed back on" : "due on") + " \(document.number)"
                    break
                }
                trial[document.number] = available - allocation.amount
            }
            if let reason {
                refused.append((result, reason))
            } else {
                room = trial
                accepted.append(result)
            }
        }
        var payments: [String: [DocumentFacts.Receipt]] = [:]
        var refunds: [String: [(minor: Int64, day: Day, method: PaymentMethod, reference: String?)]] = [:]
        for result in accepted {
            let transaction = result.transaction
            for allocation in result.allocations {
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
        var failed: [String: String] = [:]
        for number in order {
            guard let document = book.document(number) else { continue }
            let file = try editor.read(document.file)
            let account = book.recordedAccount(for: document)
            do throws(AuthoringError) {
                var text = file.text
                if let refunds = refunds[number] { text = try DocumentFacts(document: document, text: text, account: account).refund(refunds) }
                if let receipts = payments[number] { text = try DocumentFacts(document: document, text: text, account: account).pay(receipts) }
                changes.append(FileChange(path: document.file, before: file.bytes, after: text))
            } catch {
                // A file changed on disk stops the run; a refused edit only the transactions of that document.
                guard case .refused(let reason) = error else { throw error }
                failed[number] = reason
            }
        }
        guard !failed.isEmpty else { return (changes, accepted, refused) }
        let blocked = accepted.filter { $0.allocations.contains { failed[$0.number] != nil } }
        refused += blocked.map { result in (result, result.allocations.compactMap { failed[$0.number] }.first!) }
        let again = try Self.changes(recording: accepted.filter { result in !result.allocations.contains { failed[$0.number] != nil } }, in: book, editor: editor)
        return (again.changes, again.recorded, refused + again.refused)
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
            return [transaction.date.description, money(transaction), outcome, printable(documents.isEmpty ? "-" : documents), printable(String(who.prefix(60)))]
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
            let place = printable("\(result.transaction.file):\(result.transaction.line)")
            if let message = result.message { text += "    \(place): \(printable(message))\n" }
        }
        var counts: [MatchResult.Outcome: Int] = [:]
        for result in results { counts[result.outcome, default: 0] += 1 }
        text += "\n" + MatchResult.Outcome.allCases.compactMap { outcome in counts[outcome].map { "\($0) \(outcome.rawValue)" } }.joined(separator: ", ")
        if !applying, let matched = counts[.matched] { text += "; --apply records the \(matched) matched" }
        return text + "\n"
    }

    static func json(_ results: [MatchResult], purchases: [PurchaseMatch] = []) -> String {
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
        // The debits that pay suppliers' invoices: the purchase each pays, and whether `--apply`
        // records it (`matched`) or the book has it already (`recorded`).
        let paid: [[String: Any]] = purchases.map { match in
            let transaction = match.transaction
            return ["file": transaction.file, "line": transaction.line, "date": transaction.date.description,
                    "amount": MoneyFormat.plain(transaction.amount, transaction.currency), "currency": transaction.currency.code,
                    "direction": transaction.direction.rawValue, "reference": transaction.reference, "outcome": match.outcome.rawValue, "basis": match.basis,
                    "number": match.purchase.number, "supplier": match.purchase.supplier, "supplier_name": match.purchase.supplierName,
                    "record": match.purchase.file]
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["transactions": entries, "purchases": paid],
                                                 options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return jsonEscapingControls(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// JSON with every character `printable` would escape written as `\uXXXX` instead (the
    /// same JSON, only C0 is escaped by JSONSerialization): a terminal showing it sees no C1
    /// control, separator or bidirectional override from a statement.
    static func jsonEscapingControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnprintableInJSON) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isUnprintableInJSON(scalar) {
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// What `printable` escapes, but the line breaks and spaces of JSON's own layout (inside
    /// strings JSONSerialization has already escaped every C0 character).
    static func isUnprintableInJSON(_ scalar: Unicode.Scalar) -> Bool {
        scalar != "\n" && scalar != "\t" && scalar != "\r" && isUnprintable(scalar)
    }
}
