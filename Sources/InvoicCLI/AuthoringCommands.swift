import ArgumentParser
import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicInbox
import InvoicDiagnostics
import InvoicMoney

/// Options of every command that writes to a book.
struct EditOptions: ParsableArguments {
    @Option(name: .customShort("C"), help: ArgumentHelp("The book's directory; default: the current one, or the nearest one above it with an invoic.yaml.", valueName: "dir"))
    var givenDirectory: String = "."

    /// The book's folder: run from a sub-folder, invoic finds the book above, as git does.
    var directory: String { BookLocation.root(containing: givenDirectory) }

    @Flag(help: "Print the change as a diff and write nothing.")
    var dryRun = false

    @Option(name: .customLong("today"), help: ArgumentHelp("The day taken as today (YYYY-MM-DD): the default of every date this command writes; default: the system date.", valueName: "date"))
    var givenToday: Day?

    var today: Day { givenToday ?? Day.today() }
}

/// Runs an edit: builds the changes, checks them, writes them (or prints them with --dry-run),
/// and turns every refusal into a message and exit status 1. The book is locked from the check
/// `makeChanges` gets to the last write (`BookEditor.edit`): another invoic writing the book at
/// the same moment goes first or after, never in between.
func performEdit(_ options: EditOptions, allowing: (Diagnostic) -> Bool = { _ in false }, hiding: (Diagnostic) -> Bool = { _ in false },
                 showingDiff: Bool = true,
                 _ makeChanges: (CheckedBook, BookEditor) throws(AuthoringError) -> [FileChange]) throws -> [FileChange] {
    let editor = BookEditor(root: options.directory)
    guard FileManager.default.fileExists(atPath: editor.path(BookSettings.fileName)) else {
        Terminal.standardError.write("error: no invoic.yaml in \(options.directory): this is not an invoic book (run `invoic init`, or pass -C DIR)\n")
        throw ExitCode(2)
    }
    do {
        let (changes, warnings) = try editor.edit(dryRun: options.dryRun, allowing: allowing, makeChanges)
        Reporter(format: .human, root: options.directory, sources: warnings.sources).report(warnings.diagnostics.filter { !hiding($0) })
        if options.dryRun && showingDiff {
            for change in changes { Terminal.standardOutput.write(change.diff) }
        }
        return changes
    } catch {
        if case .wouldIntroduceErrors(let diagnostics, let sources) = error {
            Reporter(format: .human, root: options.directory, sources: sources).report(diagnostics)
        }
        Terminal.standardError.write("error: \(error)\n")
        if case .notInBook = error { throw ExitCode(2) }
        throw ExitCode(1)
    }
}

/// The one refusal of a client id the book does not have, in the same words from every command
/// (`new`, `statement`, `report --client`, ...), which exit with status 2 on it.
func unknownClient(_ id: String, in book: Book) -> AuthoringError {
    let suggestion = closestMatch(to: id, in: Array(book.clients.keys)).map { "; did you mean `\($0)`?" } ?? ""
    return .notInBook("no client `\(id)` in this book (no file clients/\(id).yaml)\(suggestion)")
}

/// Prints the refusal of an unknown client and exits with status 2, for commands that do not edit.
func requireClient(_ id: String, in book: Book) throws {
    guard book.clients[id] == nil else { return }
    Terminal.standardError.write("error: \(unknownClient(id, in: book))\n")
    throw ExitCode(2)
}

/// The document numbered `number`, or a refusal that suggests the closest number.
func document(_ number: String, in book: Book) throws(AuthoringError) -> Document {
    if let document = book.document(number) { return document }
    let suggestion = closestMatch(to: number, in: book.documents.map(\.number)).map { "; did you mean \($0)?" } ?? ""
    throw .notInBook("no document \(number) in this book\(suggestion)")
}

/// Records one dated fact in one document's file.
/// - Parameter issuing: the fact issues the document (`send`): its number is reserved first.
func recordFact(_ options: EditOptions, number: String, issuing: Bool = false, _ edit: (DocumentFacts) throws(AuthoringError) -> String) throws {
    let numbers = NumberGiver(root: options.directory, reserving: issuing && !options.dryRun)
    let changes = try performEdit(options) { result, editor throws(AuthoringError) in
        let target = try document(number, in: result.book)
        if issuing { try numbers.confirm(target, in: result.book) }
        let file = try editor.read(target.file)
        // Amounts are typed in the book's locale (`--amount 500,00` in a de_DE book).
        let facts = try DocumentFacts(document: target, text: file.text, account: result.book.recordedAccount(for: target),
                                      typedIn: result.book.settings.defaults.locale?.value ?? Defaults.fallbackLocale)
        return [FileChange(path: target.file, before: file.bytes, after: try edit(facts))]
    }
    if !options.dryRun, let change = changes.first {
        Terminal.standardError.write("updated \(BookLoader.join(options.directory, change.path))\n")
    }
}

struct SendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "send", abstract: "Record the day a document went to the client.")
    @Argument(help: "The document number, e.g. INV-0007.") var number: String
    @Option(help: "YYYY-MM-DD; default today.") var date: Day?
    @OptionGroup var options: EditOptions

    func run() throws {
        try recordFact(options, number: number, issuing: true) { facts throws(AuthoringError) in try facts.send(on: date ?? options.today) }
        try recordVeriFactu(options)
    }
}

struct AcceptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "accept", abstract: "Record that the client accepted an estimate.")
    @Argument(help: "The estimate number, e.g. EST-0003.") var number: String
    @Option(help: "YYYY-MM-DD; default today.") var date: Day?
    @OptionGroup var options: EditOptions

    func run() throws {
        try recordFact(options, number: number) { facts throws(AuthoringError) in try facts.accept(on: date ?? options.today) }
    }
}

struct DeclineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "decline", abstract: "Record that the client declined an estimate.")
    @Argument(help: "The estimate number, e.g. EST-0003.") var number: String
    @Option(help: "YYYY-MM-DD; default today.") var date: Day?
    @OptionGroup var options: EditOptions

    func run() throws {
        try recordFact(options, number: number) { facts throws(AuthoringError) in try facts.decline(on: date ?? options.today) }
    }
}

struct VoidCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "void", abstract: "Cancel an invoice, keeping it and its number for the record.")
    @Argument(help: "The invoice number, e.g. INV-0007.") var number: String
    @Option(help: "Why, for the record.") var reason: String
    @Option(help: "YYYY-MM-DD; default today.") var date: Day?
    @OptionGroup var options: EditOptions

    func run() throws {
        try recordFact(options, number: number) { facts throws(AuthoringError) in try facts.void(on: date ?? options.today, reason: reason) }
        try recordVeriFactu(options)
    }
}

extension PaymentMethod: ExpressibleByArgument {
    public init?(argument: String) {
        guard !argument.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        // A known method however it is typed (`Bank transfer`, `CASH`, `bank-transfer`) is that
        // method, as the book spells it; any other word is kept as written (`PayPal`).
        let folded = argument.trimmingCharacters(in: .whitespaces).lowercased().replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "-", with: "_")
        self = PaymentMethod.known.first { $0.rawValue == folded } ?? PaymentMethod(rawValue: argument)
    }
}

struct RefundCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "refund", abstract: "Record money paid back to the client on a credit note.",
        discussion: """
        A credit note on a paid or part-paid invoice leaves the client owed money: `invoic check` warns \
        `refund-owed` until it is paid back. Without --amount the refund is all that is owed. Refuses more \
        than the client is owed, or than the credit note credits.
        """)
    @Argument(help: "The credit note's number, e.g. CN-0002.") var number: String
    @Option(help: "The amount paid back, as the book's locale writes it or plain (120.00); default all that is owed.") var amount: String?
    @Option(help: "YYYY-MM-DD; default today.") var date: Day?
    @Option(help: "How it was paid back: bank_transfer (the default), cash, card, check, other, or any other word.") var method: PaymentMethod = .bankTransfer
    @Option(help: "The bank's reference of the transaction.") var reference: String?
    @OptionGroup var options: EditOptions

    func run() throws {
        let refunded: DocumentFacts.Amount = amount.map { .exactly($0) } ?? .full
        try recordFact(options, number: number) { facts throws(AuthoringError) in
            try facts.refund(refunded, on: date ?? options.today, method: method, reference: reference)
        }
    }
}

/// A number no invoice of the book has but a received purchase does: `pay` pays the purchase.
private func isOnlyAPurchase(_ number: String, in root: String) -> Bool {
    guard let book = try? BookLoader.load(at: root).0 else { return false }
    return book.invoice(number) == nil && book.purchases.contains { $0.number == number }
}

struct PayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pay", abstract: "Record a payment on an invoice.",
        discussion: "Refuses an amount above what is due, a payment on a void invoice, and an amount with more decimals than the currency has.")
    @Argument(help: "The invoice number, e.g. INV-0007.") var number: String
    @Option(help: "The amount paid, as the book's locale writes it (500,00 or 1.000,00 in de_DE) or plain (120.00).") var amount: String?
    @Flag(help: "Pay what is still due.") var full = false
    @Option(help: "YYYY-MM-DD; default today.") var date: Day?
    @Option(help: "How it was paid: cash, card, bank_transfer (the default), check, other, or any other word such as PayPal.") var method: PaymentMethod = .bankTransfer
    @Option(help: "Any remark.") var note: String?
    @Option(help: "The bank's reference of the transaction; `invoic match` knows a payment by it.") var reference: String?
    @Option(help: ArgumentHelp("Pay a received purchase of this supplier (suppliers/<id>.yaml) rather than an invoice; a number only a purchase has needs none.", valueName: "id")) var supplier: String?
    @OptionGroup var options: EditOptions

    func validate() throws {
        if full == (amount != nil) { throw ValidationError("give either --amount AMOUNT or --full") }
    }

    func run() throws {
        if supplier != nil || isOnlyAPurchase(number, in: options.directory) {
            do {
                print(try PurchasePayments.pay(root: options.directory, number: number, supplier: supplier, amount: full ? .full : .exactly(amount ?? ""),
                                               on: date ?? options.today, method: method == .bankTransfer ? nil : method.rawValue, reference: reference, dryRun: options.dryRun))
            } catch {
                Terminal.standardError.write("error: \(error.message)\n  help: \(error.help)\n")
                throw ExitCode(1)
            }
            return
        }
        let paid: DocumentFacts.Amount = full ? .full : .exactly(amount ?? "")
        try recordFact(options, number: number) { facts throws(AuthoringError) in
            try facts.pay(paid, on: date ?? options.today, method: method, note: note, reference: reference)
        }
    }
}
