import ArgumentParser
import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicMoney
import InvoicPDF

struct StatementCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "statement",
        abstract: "Write a client's statement of account: every unsettled invoice with its account, and the balance.",
        discussion: """
            What a business sends when asked "what do I still owe you?": the PDF is a ledger of the \
            client's account (date, document, text, debit, credit, running balance) from the opening \
            balance on --from (by default the issue day of the oldest invoice open on --today) to the \
            balance on --today, with a payment code for it; in the client's language. JSON and CSV list \
            each invoice not settled on --today with its account. Written \
            to build/statements/CLIENT-DATE.pdf (one per currency, named -CUR, when there are several), \
            or as JSON or CSV to standard output or -o.
            """)

    enum Format: String, ExpressibleByArgument, CaseIterable { case pdf, json, csv }

    @Argument(help: "The client's id (its file name in clients/).") var client: String
    @Option(help: "pdf (the default), json or csv.") var format: Format = .pdf
    @Option(name: .shortAndLong, help: ArgumentHelp("Where to write: a folder for PDFs, a file for JSON or CSV.", valueName: "out"))
    var output: String?
    @Option(help: ArgumentHelp("The first day of the period the PDF's ledger covers (YYYY-MM-DD); by default the issue day of the oldest open invoice.", valueName: "date"))
    var from: String?
    @OptionGroup var options: BookOptions

    func run() throws {
        let checked = try bookWithoutErrors(options.directory, before: "writing a statement")
        let book = checked.book
        try requireClient(client, in: book)
        let today = options.resolvedToday
        var start: Day?
        if let from {
            guard let day = Day(from), day <= today else {
                Terminal.standardError.write("error: --from \(from) is not a day on or before \(today) (write YYYY-MM-DD)\n")
                throw ExitCode(2)
            }
            start = day
        }
        let statements = book.statements(of: client, on: today)
        switch format {
        case .json, .csv:
            let text = format == .json ? Self.json(statements, client: client, today: today) : Self.csv(statements)
            if let output { try AtomicFile.write(Array(text.utf8), to: output) } else { Terminal.standardOutput.write(text) }
        case .pdf:
            guard let renderer = checked.renderer else { throw ExitCode(1) }
            if statements.isEmpty { Terminal.standardError.write("nothing is open for \(client) on \(today); the statement shows a balance of 0\n") }
            var shown = statements
            if shown.isEmpty, let currency = book.clients[client]?.currency?.value ?? book.settings.defaults.currency?.value {
                shown = [Statement(client: client, date: today, currency: currency, accounts: [])]
            }
            let folder = output ?? BookLoader.join(options.directory, "build/statements")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for statement in shown {
                let path = BookLoader.join(folder, PDFRenderer.statementName(statement, currencies: shown.count) + ".pdf")
                switch renderer.render(statement, from: start) {
                case .success(let bytes): try AtomicFile.write(bytes, to: path)
                case .failure(let error):
                    Reporter(format: .human, root: options.directory, sources: checked.sources).report(error.diagnostics)
                    throw ExitCode(1)
                }
                Terminal.standardOutput.write(path + "\n")
            }
        }
    }

    static func json(_ statements: [Statement], client: String, today: Day) -> String {
        let entries: [[String: Any]] = statements.map { statement in
            let c = statement.currency
            return [
                "currency": c.code, "balance": MoneyFormat.plain(statement.balance, c),
                "invoices": statement.accounts.map { account -> [String: Any] in
                    [
                        "invoice": account.invoice, "issued": account.issued.description, "due_date": account.dueDate?.description ?? NSNull(),
                        "total": MoneyFormat.plain(account.asIssued.total, c), "prepaid": MoneyFormat.plain(account.asIssued.prepaid, c),
                        "amount_due": MoneyFormat.plain(account.asIssued.due, c), "balance": MoneyFormat.plain(account.balance, c),
                        "entries": account.entries.map { entry -> [String: Any] in
                            var item: [String: Any] = ["kind": entry.kind.rawValue, "date": entry.date.description, "amount": MoneyFormat.plain(entry.amount, c)]
                            if let document = entry.document { item["document"] = document }
                            if let reference = entry.reference { item["reference"] = reference }
                            if let level = entry.level { item["level"] = level }
                            return item
                        },
                    ]
                },
            ]
        }
        let object: [String: Any] = ["client": client, "date": today.description, "statements": entries]
        let data = (try? JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// One row per line of the statement: the invoice's amount due, then each entry of its account.
    static func csv(_ statements: [Statement]) -> String {
        var lines = ["currency,invoice,date,kind,document,amount,balance"]
        for statement in statements {
            let c = statement.currency
            for account in statement.accounts {
                lines.append([c.code, account.invoice, account.issued.description, "invoice", account.invoice,
                              MoneyFormat.plain(account.asIssued.due, c), ""].joined(separator: ","))
                for entry in account.entries {
                    lines.append([c.code, account.invoice, entry.date.description, entry.kind.rawValue, csvField(entry.document ?? ""),
                                  MoneyFormat.plain(entry.amount, c), ""].joined(separator: ","))
                }
                lines.append([c.code, account.invoice, statement.date.description, "balance", account.invoice, "", MoneyFormat.plain(account.balance, c)].joined(separator: ","))
            }
            lines.append([c.code, "", statement.date.description, "total", "", "", MoneyFormat.plain(statement.balance, c)].joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func csvField(_ text: String) -> String {
        text.contains(where: { ",\"\n\r".contains($0) }) ? "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : text
    }
}
