import ArgumentParser
import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicDiagnostics
import InvoicHistory
import InvoicMoney

extension Currency: ExpressibleByArgument {
    public init?(argument: String) {
        guard let currency = Currency.named(argument.uppercased()) else { return nil }
        self = currency
    }
}

struct NewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "new", abstract: "Start a new client, invoice or estimate; prints the path of the new file.",
        subcommands: [NewClient.self, NewInvoice.self, NewEstimate.self])
}

struct NewClient: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "client", abstract: "Create clients/ID.yaml.")
    @Argument(help: "The client id: the file name, used as `client:` in documents.") var id: String
    @Option(help: "The client's name as printed.") var name: String
    @Option(help: "Contact e-mail.") var email: String?
    @Option(help: "The client's default currency, e.g. EUR.") var currency: Currency?
    @Option(help: "The client's default locale, e.g. de_DE.") var locale: String?
    @OptionGroup var options: EditOptions

    func validate() throws {
        guard !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw ValidationError("a client id is letters, digits, - and _, e.g. meridian or acme-corp")
        }
    }

    func run() throws {
        let path = "clients/\(id).yaml"
        _ = try performEdit(options) { _, _ in
            [FileChange(path: path, before: nil, after: NewFiles.client(id: id, name: name, email: email, currency: currency, locale: locale))]
        }
        if !options.dryRun { print(BookLoader.join(options.directory, path)) }
    }
}

/// `new invoice` and `new estimate` differ only in their kind.
protocol NewDocumentCommand: ParsableCommand {
    static var kind: DocumentKind { get }
    var client: String { get }
    var issued: Day? { get }
    var like: String? { get }
    var options: EditOptions { get }
}

extension NewDocumentCommand {
    func run() throws {
        let issued = self.issued ?? options.today
        var path = ""
        _ = try performEdit(options, allowing: { $0.code == .missingKey && $0.file == path }) { result, _ throws(AuthoringError) in
            let book = result.book
            guard let client = book.clients[client] else {
                let suggestion = closestMatch(to: client, in: book.clients.keys).map { "; did you mean \($0)?" } ?? ""
                throw .refused("no client \(self.client) (clients/\(self.client).yaml)\(suggestion)")
            }
            let template = try like.map { number throws(AuthoringError) in try document(number, in: book) }
            let number = book.nextNumber(for: Self.kind, issued: issued)
            path = Self.kind.file(forNumber: number)
            return [FileChange(path: path, before: nil,
                               after: NewFiles.document(Self.kind, number: number, client: client, book: book, issued: issued, like: template))]
        }
        if !options.dryRun { print(BookLoader.join(options.directory, path)) }
    }
}

struct NewInvoice: NewDocumentCommand {
    static let configuration = CommandConfiguration(commandName: "invoice", abstract: "Start the next invoice for a client.")
    static let kind = DocumentKind.invoice
    @Option(help: "The client id.") var client: String
    @Option(help: "The issue date, YYYY-MM-DD; default today.") var issued: Day?
    @Option(help: "Start from the items, project and category of an earlier document, e.g. INV-0005.") var like: String?
    @OptionGroup var options: EditOptions
}

struct NewEstimate: NewDocumentCommand {
    static let configuration = CommandConfiguration(commandName: "estimate", abstract: "Start the next estimate for a client.")
    static let kind = DocumentKind.estimate
    @Option(help: "The client id.") var client: String
    @Option(help: "The issue date, YYYY-MM-DD; default today.") var issued: Day?
    @Option(help: "Start from the items, project and category of an earlier document, e.g. EST-0002.") var like: String?
    @OptionGroup var options: EditOptions
}

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert", abstract: "Turn an accepted estimate into the next invoice; prints the path of the new invoice.")
    @Argument(help: "The estimate number, e.g. EST-0003.") var number: String
    @Option(help: "The invoice's issue date, YYYY-MM-DD; default today.") var issued: Day?
    @Flag(help: "Record the estimate's acceptance (on the issue date) first.") var accept = false
    @OptionGroup var options: EditOptions

    func run() throws {
        let issued = self.issued ?? options.today
        var path = ""
        _ = try performEdit(options) { result, editor throws(AuthoringError) in
            let book = result.book
            let estimate = try document(number, in: book)
            guard estimate.kind == .estimate else { throw .refused("\(number) is an invoice; only an estimate converts") }
            if let declined = estimate.declined { throw .refused("\(number) was declined on \(declined.value); it cannot be invoiced") }
            if let invoice = book.conversions[number] { throw .refused("\(number) is already converted by \(invoice)") }
            guard estimate.figures != nil else { throw .refused("\(number) has errors; fix them first (`invoic check`)") }
            var changes: [FileChange] = []
            if estimate.accepted == nil {
                guard accept else { throw .refused("\(number) is not accepted; record it with `invoic accept \(number)`, or convert with --accept") }
                let file = try editor.read(estimate.file)
                changes.append(FileChange(path: estimate.file, before: file.bytes,
                                          after: try DocumentFacts(document: estimate, text: file.text).accept(on: issued)))
            }
            let invoiceNumber = book.nextNumber(for: .invoice, issued: issued)
            path = DocumentKind.invoice.file(forNumber: invoiceNumber)
            changes.append(FileChange(path: path, before: nil, after: NewFiles.conversion(
                of: estimate, number: invoiceNumber, client: book.clients[estimate.client.value], book: book, issued: issued,
                estimateText: try editor.read(estimate.file).text)))
            return changes
        }
        if !options.dryRun { print(BookLoader.join(options.directory, path)) }
    }
}

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "init", abstract: "Start a new book in a folder.")
    @Argument(help: "The folder; default the current one.") var directory: String = "."
    @Option(help: "The business name.") var name: String = "My Business"
    @Option(help: "The default currency.") var currency: Currency = Currency.named("USD")!
    @Option(help: "The default locale.") var locale: String = "en_US"
    @Flag(help: "Keep the book in git with a pre-commit hook that refuses a change to an issued invoice (`invoic check --history --staged`); makes the folder a git repository if it is not in one. On an existing book, only installs the hook.")
    var hooks = false

    func run() throws {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: BookLoader.join(directory, BookSettings.fileName)) {
            if hooks { return try installPreCommitHook(in: directory) }
            Terminal.standardError.write("error: \(directory) already has an invoic.yaml; invoic init never touches an existing book\n")
            throw ExitCode(1)
        }
        // The same test `check` applies to `locale:`, so init accepts what check accepts (zh_CN).
        guard LocaleCatalog.isKnown(locale) else {
            throw ValidationError("`\(locale)` is not a locale ICU knows; use e.g. en_US, de_DE, fr_FR")
        }
        // A folder with files in it is adopted, but nothing in it is ever overwritten: say which
        // files invoic wrote and which it left as they were.
        var written: [String] = [], kept: [String] = []
        for file in BookScaffold.files(name: name, currency: currency, locale: locale, history: hooks) {
            let path = BookLoader.join(directory, file.path)
            if fileManager.fileExists(atPath: path) {
                kept.append(file.path)
                continue
            }
            let parent = (path as NSString).deletingLastPathComponent
            if !parent.isEmpty { try fileManager.createDirectory(atPath: parent, withIntermediateDirectories: true) }
            try file.text.write(toFile: path, atomically: true, encoding: .utf8)
            written.append(file.path)
        }
        if hooks { try installPreCommitHook(in: directory) }
        var message = "started a book in \(directory)\nwrote: \(written.joined(separator: ", "))\n"
        if !kept.isEmpty {
            message += "kept as they were (already there, not overwritten): \(kept.joined(separator: ", "))\n"
            if kept.contains(".gitignore") { message += "note: add `build/` to your .gitignore: it holds outputs, never inputs\n" }
            if kept.contains("Makefile") { message += "note: to build with make, copy the rules of the Makefile `invoic init` writes into an empty folder into yours\n" }
        }
        message += "next: invoic new client acme --name \"Acme Corp\"\(directory == "." ? "" : " -C \(directory)")\n"
        Terminal.standardError.write(message)
    }
}

struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema", abstract: "Print the JSON Schema (draft 2020-12) of a kind of file, for editors.")
    @Argument(help: "book, client, invoice or estimate.") var kind: JSONSchema.Kind

    func run() throws {
        print(JSONSchema.text(kind), terminator: "")
    }
}

extension JSONSchema.Kind: ExpressibleByArgument {}
