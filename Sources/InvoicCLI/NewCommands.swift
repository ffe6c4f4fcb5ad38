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
        commandName: "new", abstract: "Start a new client, invoice, estimate or credit note; prints the path of the new file.",
        subcommands: [NewClient.self, NewInvoice.self, NewEstimate.self, NewCreditNote.self])
}

struct NewClient: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "client", abstract: "Create clients/ID.yaml.")
    @Argument(help: "The client id: the file name, used as `client:` in documents.") var id: String
    @Option(help: "The client's name as printed.") var name: String
    @Option(help: "Contact e-mail.") var email: String?
    @Option(help: "Phone number, with the country code.") var phone: String?
    @Option(help: ArgumentHelp("The postal address: \"street, postal code city\" (Hauptstraße 5, 10115 Berlin) or \"street, city, region postal code\" (12 Main St, Springfield, IL 62701).", valueName: "address"))
    var address: String?
    @Option(help: ArgumentHelp("The client's country (ISO 3166 code, e.g. DE).", valueName: "code")) var country: String?
    @Option(name: .customLong("vat-id"), help: ArgumentHelp("The client's VAT number (written as tax_id:, checked like every VAT number).", valueName: "id"))
    var vatID: String?
    @Option(name: .customLong("electronic-address"), help: ArgumentHelp("Where e-invoices reach the client: SCHEME:ID (Peppol, BT-49), e.g. 0204:04011000-12345-03.", valueName: "scheme:id"))
    var electronicAddress: String?
    @Option(help: "The client's default currency, e.g. EUR.") var currency: Currency?
    @Option(help: "The client's default locale, e.g. de_DE (or de-DE).") var locale: String?
    @OptionGroup var options: EditOptions

    func validate() throws {
        guard !id.isEmpty, id.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw ValidationError("a client id is letters, digits, - and _, e.g. meridian or acme-corp")
        }
        if let country, !(country.count == 2 && country.allSatisfy(\.isLetter)) {
            throw ValidationError("--country takes a two-letter ISO 3166 code, e.g. DE, AT, FR, US")
        }
        if let address, NewFiles.Address.parse(address, country: nil) == nil {
            throw ValidationError("--address takes \"street, postal code city\" (e.g. \"Hauptstraße 5, 10115 Berlin\") or \"street, city, region postal code\"; got \"\(address)\"")
        }
        if let locale, !LocaleCatalog.isKnown(LocaleCatalog.canonical(locale)) {
            throw ValidationError("`\(locale)` is not a locale ICU knows; use e.g. en_US, de_DE, fr_FR")
        }
    }

    func run() throws {
        let path = "clients/\(id).yaml"
        let country = self.country?.uppercased()
        var postal = address.flatMap { NewFiles.Address.parse($0, country: country) }
        if postal == nil, let country { postal = NewFiles.Address(country: country) }
        let text = NewFiles.client(id: id, name: name, email: email, currency: currency, locale: locale.map(LocaleCatalog.canonical),
                                   phone: phone, address: postal, taxID: vatID, electronicAddress: electronicAddress)
        // A client made a moment ago has no documents yet: that is no finding to show now.
        _ = try performEdit(options, hiding: { $0.code == .unusedClient && $0.file == path }) { _, _ in
            [FileChange(path: path, before: nil, after: text)]
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
    var line: [String] { get }
    var options: EditOptions { get }
    var numbering: NumberingOptions { get }
}

/// `--offline`, for the commands that give a final number (docs/teams.md): in a book that reserves
/// its numbers on a remote, the document is written under a draft number (`DRAFT-…`) that `send`
/// refuses, instead of the command refusing because the remote cannot be reached.
struct NumberingOptions: ParsableArguments {
    @Flag(help: "When the book reserves its numbers on a remote: write the document under a draft number (DRAFT-…), reserving nothing; it cannot be sent (docs/teams.md).")
    var offline = false
}

/// `--line "Beratung;6;h;95.00"`: description, quantity, unit (optional), price.
let lineHelp = ArgumentHelp("An item: \"DESCRIPTION;QUANTITY;UNIT;PRICE\" or \"DESCRIPTION;QUANTITY;PRICE\", e.g. \"Beratung;6;h;95.00\"; repeat for more lines.",
                            valueName: "item")

extension NewFiles.Item {
    /// An item as `--line` writes it, or why it is none.
    static func parse(_ text: String) -> Result<NewFiles.Item, ValidationError> {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 3 || parts.count == 4, !parts[0].isEmpty else {
            return .failure(ValidationError("--line takes \"DESCRIPTION;QUANTITY;UNIT;PRICE\" or \"DESCRIPTION;QUANTITY;PRICE\", e.g. \"Beratung;6;h;95.00\"; got \"\(text)\""))
        }
        let (quantity, price) = (parts[1], parts[parts.count - 1])
        for (name, value) in [("quantity", quantity), ("price", price)] {
            if case .failure = DecimalNumber.parse(value) {
                return .failure(ValidationError("the \(name) of --line \"\(text)\" is not a number: \"\(value)\" (write it with a decimal point, e.g. 95.00)"))
            }
        }
        return .success(NewFiles.Item(description: parts[0], quantity: quantity, unit: parts.count == 4 && !parts[2].isEmpty ? parts[2] : nil, price: price))
    }
}

extension NewDocumentCommand {
    func validate() throws {
        for text in line { _ = try NewFiles.Item.parse(text).get() }
        if like != nil && !line.isEmpty { throw ValidationError("--like and --line both give the items: use one") }
    }

    func run() throws {
        let issued = self.issued ?? options.today
        let items = try line.map { try NewFiles.Item.parse($0).get() }
        var path = ""
        let numbers = NumberGiver(root: options.directory, reserving: !options.dryRun, offline: numbering.offline)
        _ = try performEdit(options, allowing: { ($0.code == .missingKey && $0.file == path) || numbers.allows($0) }) { result, _ throws(AuthoringError) in
            let book = result.book
            guard let client = book.clients[client] else { throw unknownClient(self.client, in: book) }
            let template = try like.map { number throws(AuthoringError) in try document(number, in: book) }
            let number = try numbers.next(for: Self.kind, issued: issued, in: book)
            path = book.file(forNew: Self.kind, number: number, issued: issued)
            return [FileChange(path: path, before: nil,
                               after: NewFiles.document(Self.kind, number: number, client: client, book: book, issued: issued, like: template,
                                                        items: items, path: path))]
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
    @Option(help: lineHelp) var line: [String] = []
    @OptionGroup var numbering: NumberingOptions
    @OptionGroup var options: EditOptions
}

struct NewEstimate: NewDocumentCommand {
    static let configuration = CommandConfiguration(commandName: "estimate", abstract: "Start the next estimate for a client.")
    static let kind = DocumentKind.estimate
    @Option(help: "The client id.") var client: String
    @Option(help: "The issue date, YYYY-MM-DD; default today.") var issued: Day?
    @Option(help: "Start from the items, project and category of an earlier document, e.g. EST-0002.") var like: String?
    @Option(help: lineHelp) var line: [String] = []
    @OptionGroup var numbering: NumberingOptions
    @OptionGroup var options: EditOptions
}

struct NewCreditNote: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "credit-note", abstract: "Start the next credit note for an issued invoice, with one line to fill in.",
        discussion: "To credit lines of the invoice as they were charged, use `invoic credit NUMBER [--lines 1,3]`.")
    @Option(help: "The invoice it corrects, e.g. INV-0007.") var corrects: String
    @Option(help: "Why the invoice is credited: printed on the credit note.") var reason: String?
    @Option(help: "The issue date, YYYY-MM-DD; default today.") var issued: Day?
    @OptionGroup var numbering: NumberingOptions
    @OptionGroup var options: EditOptions

    func run() throws {
        try writeCreditNote(corrects, lines: [], reason: reason, issued: issued ?? options.today, offline: numbering.offline, options: options)
    }
}

struct CreditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "credit", abstract: "Write the credit note that reverses an issued invoice, in whole or in part; prints its path.",
        discussion: """
        The credit note takes the invoice's client, currency, locale and tax, and its lines as written \
        (all of them, or those --lines names), so it credits exactly what was charged. Refuses a draft \
        (edit it instead), a void invoice and one credited in full already. When the client paid, record \
        the money you pay back under the credit note's `refunds:`.
        """)
    @Argument(help: "The invoice number, e.g. INV-0007.") var number: String
    @Option(help: "Credit only these lines, numbered from 1 as on the invoice: 1,3 or 2-4.") var lines: String?
    @Option(help: "Why the invoice is credited: printed on the credit note.") var reason: String?
    @Option(help: "The credit note's issue date, YYYY-MM-DD; default today.") var issued: Day?
    @OptionGroup var numbering: NumberingOptions
    @OptionGroup var options: EditOptions

    func validate() throws {
        if let lines, Self.lineNumbers(lines) == nil {
            throw ValidationError("--lines takes line numbers from 1, separated by commas, or ranges: 1,3 or 2-4")
        }
    }

    /// `1,3,5-7` -> [1, 3, 5, 6, 7]; nil when it is not such a list.
    static func lineNumbers(_ text: String) -> [Int]? {
        var numbers: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let bounds = part.trimmingCharacters(in: .whitespaces).split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(bounds.count), let low = Int(bounds[0]), let high = Int(bounds.last!), low >= 1, low <= high, high - low < 10_000 else {
                return nil
            }
            for number in low...high where !numbers.contains(number) { numbers.append(number) }
        }
        return numbers.isEmpty ? nil : numbers
    }

    func run() throws {
        try writeCreditNote(number, lines: lines.flatMap(Self.lineNumbers), reason: reason, issued: issued ?? options.today, offline: numbering.offline, options: options)
    }
}

/// Writes the next credit note of the invoice numbered `number`: see ``NewFiles/creditNote``.
private func writeCreditNote(_ number: String, lines: [Int]?, reason: String?, issued: Day, offline: Bool, options: EditOptions) throws {
    var path = ""
    var written = ""
    var paid = false
    let numbers = NumberGiver(root: options.directory, reserving: !options.dryRun, offline: offline)
    // Until the person writes the reason, and records a refund of money the client paid, the new
    // credit note is written with those errors: they are what is left to do.
    _ = try performEdit(options, allowing: { ([.missingKey].contains($0.code) && $0.file == path) || numbers.allows($0) }) { result, editor throws(AuthoringError) in
        let book = result.book
        let invoice = try document(number, in: book)
        guard invoice.kind == .invoice else { throw .refused("\(number) is \(invoice.kind == .estimate ? "an estimate" : "a credit note"); a credit note corrects an invoice") }
        if let void = invoice.void { throw .refused("\(number) was voided on \(void.date.value); there is nothing left to credit") }
        guard let figures = invoice.figures else { throw .refused("\(number) has errors; fix them first (`invoic check`)") }
        guard invoice.sent != nil || !invoice.payments.isEmpty else {
            throw .refused("\(number) was never sent; edit the draft instead (a credit note corrects an invoice the client has)")
        }
        guard book.creditNotes(correcting: number).reduce(Int64(0), { $0 + ($1.figures?.payable ?? 0) }) < figures.payable else {
            throw .refused("\(number) is credited in full already")
        }
        if let lines {
            if let wrong = lines.first(where: { $0 > invoice.items.count }) {
                throw .refused("\(number) has \(invoice.items.count) line\(invoice.items.count == 1 ? "" : "s"); there is no line \(wrong)")
            }
            if let negative = lines.first(where: { invoice.items[$0 - 1].quantity?.value.isNegative == true }) {
                throw .refused("line \(negative) of \(number) takes something back already (negative quantity); leave it out of --lines")
            }
        } else if invoice.items.contains(where: { $0.quantity?.value.isNegative == true }) {
            throw .refused("\(number) has lines with a negative quantity; name the lines to credit with --lines")
        }
        paid = figures.paid > 0
        let creditNumber = try numbers.next(for: .creditNote, issued: issued, in: book)
        written = creditNumber
        path = book.file(forNew: .creditNote, number: creditNumber, issued: issued)
        let text = NewFiles.creditNote(reversing: invoice, lines: lines, number: creditNumber, reason: reason, issued: issued,
                                       invoiceText: try editor.read(invoice.file).text, path: path)
        return [FileChange(path: path, before: nil, after: text)]
    }
    if !options.dryRun {
        print(BookLoader.join(options.directory, path))
        if reason == nil { Terminal.standardError.write("note: write the reason for the credit under `reason:`; it is printed\n") }
        if paid {
            Terminal.standardError.write("note: \(number) was paid: once the credit note is sent, the client is owed a refund; record it with `invoic refund \(written)` when you pay it back\n")
        }
    }
}

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert", abstract: "Turn an accepted estimate into the next invoice; prints the path of the new invoice.")
    @Argument(help: "The estimate number, e.g. EST-0003.") var number: String
    @Option(help: "The invoice's issue date, YYYY-MM-DD; default today.") var issued: Day?
    @Flag(help: "Record the estimate's acceptance (on the issue date) first.") var accept = false
    @OptionGroup var numbering: NumberingOptions
    @OptionGroup var options: EditOptions

    func run() throws {
        let issued = self.issued ?? options.today
        var path = ""
        let numbers = NumberGiver(root: options.directory, reserving: !options.dryRun, offline: numbering.offline)
        _ = try performEdit(options, allowing: numbers.allows) { result, editor throws(AuthoringError) in
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
            let invoiceNumber = try numbers.next(for: .invoice, issued: issued, in: book)
            path = book.file(forNew: .invoice, number: invoiceNumber, issued: issued)
            changes.append(FileChange(path: path, before: nil, after: NewFiles.conversion(
                of: estimate, number: invoiceNumber, client: book.clients[estimate.client.value], book: book, issued: issued,
                estimateText: try editor.read(estimate.file).text, path: path)))
            return changes
        }
        if !options.dryRun { print(BookLoader.join(options.directory, path)) }
    }
}

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init", abstract: "Start a new book in a folder.",
        discussion: """
            The book fits the business's country: its currency, its standard VAT rate and the locale of its \
            documents (labels, dates, amounts) come from --country, or from the region of --locale \
            (de_DE: Germany, EUR, 19 %); --currency, --tax and --locale override them. Known countries: \
            \(CountryDefaults.codes.joined(separator: ", ")). For another, pass --currency and --tax.
            """)
    @Argument(help: "The folder; default the current one.") var directory: String = "."
    @Option(help: "The business name.") var name: String = "My Business"
    @Option(help: ArgumentHelp("The business's country (ISO 3166 code, e.g. DE): its currency, VAT rate and locale; default: the region of --locale, else US.", valueName: "code"))
    var country: String?
    @Option(help: "The default currency; default: the country's.") var currency: Currency?
    @Option(help: ArgumentHelp("The default tax rate, e.g. 19%; default: the country's standard rate.", valueName: "rate")) var tax: String?
    @Option(name: .customLong("locale"), help: "The default locale, e.g. de_DE (or de-DE); default: the country's.") var givenLocale: String?
    var locale: String? { givenLocale.map(LocaleCatalog.canonical) }
    @Flag(help: "Keep the book in git with a pre-commit hook that refuses a change to an issued invoice (`invoic check --history --staged`); makes the folder a git repository if it is not in one. On an existing book, only installs the hook.")
    var hooks = false

    func validate() throws {
        if let tax, case .failure = Rate.parse(tax) { throw ValidationError("--tax \(tax) is not a rate; write it as in the book, e.g. 19% or 8.1%") }
        if let country, !(country.count == 2 && country.allSatisfy(\.isLetter)) {
            throw ValidationError("--country takes a two-letter ISO 3166 code, e.g. DE, AT, FR, US")
        }
    }

    /// The country, currency, rate and locale the book is set up with, and a note when a choice
    /// was made for the user that they should know of.
    func setting() throws -> (country: String, currency: Currency, tax: String?, locale: String, note: String?) {
        let code = (country ?? locale.flatMap(CountryDefaults.country(ofLocale:)))?.uppercased()
        guard let code else {
            let us = CountryDefaults.named("US")!
            return ("US", currency ?? us.currency, tax, locale ?? us.locale,
                    currency == nil && tax == nil ? "note: set up for the United States (USD, en_US, no VAT: set your sales tax as `tax:` in invoic.yaml); for another country pass it, e.g. `invoic init --country DE`" : nil)
        }
        if let known = CountryDefaults.named(code) {
            let note = known.tax == nil && tax == nil ? "note: \(known.name) has no national rate: set your sales tax as `tax:` in invoic.yaml" : nil
            return (code, currency ?? known.currency, tax ?? known.tax, locale ?? known.locale, note)
        }
        guard let currency, let tax else {
            throw ValidationError("invoic has no defaults for the country \(code): pass its currency and standard tax rate, e.g. --currency EUR --tax 20%")
        }
        return (code, currency, tax, locale ?? "en_\(code)", nil)
    }

    func run() throws {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: BookLoader.join(directory, BookSettings.fileName)) {
            if hooks { return try installPreCommitHook(in: directory) }
            Terminal.standardError.write("error: \(directory) already has an invoic.yaml; invoic init never touches an existing book\n")
            throw ExitCode(1)
        }
        let setting = try self.setting()
        let locale = setting.locale
        // The same test `check` applies to `locale:`, so init accepts what check accepts (zh_CN).
        guard LocaleCatalog.isKnown(locale) else {
            throw ValidationError("`\(locale)` is not a locale ICU knows; use e.g. en_US, de_DE, fr_FR")
        }
        // A folder with files in it is adopted, but nothing in it is ever overwritten: say which
        // files invoic wrote and which it left as they were.
        var written: [String] = [], kept: [String] = []
        for file in BookScaffold.files(name: name, currency: setting.currency, locale: locale, tax: setting.tax, country: setting.country, history: hooks) {
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
        // Book files merge by their meaning wherever the book is shared (docs/teams.md).
        let shared = (try? setUpSharing(in: directory, requireRepository: false)) ?? []
        if !shared.isEmpty { written.append(".gitattributes") }
        var message = "started a book in \(directory) (\(setting.country): \(setting.currency.code), tax \(setting.tax ?? "0%"), \(locale))\nwrote: \(written.joined(separator: ", "))\n"
        if let note = setting.note { message += note + "\n" }
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
    @Argument(help: "book, client, invoice, estimate, credit_note or recurring.") var kind: JSONSchema.Kind

    func run() throws {
        print(JSONSchema.text(kind), terminator: "")
    }
}

extension JSONSchema.Kind: ExpressibleByArgument {}
