import ArgumentParser
import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicBuild
import InvoicMoney
import InvoicPDF
import InvoicReport

struct RemindCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remind",
        abstract: "Write a payment reminder for each overdue invoice that reached a new reminder level.",
        discussion: """
            The levels, fees and interest come from `reminders:` in invoic.yaml or the client's file. Each \
            reminder is a PDF in the invoice's language and the book's template, build/reminders/NUMBER-LEVEL.pdf \
            by default: what is still due, earlier fees, this level's fee, the interest (days / 365) and the new \
            amount due, with the payment code. --apply writes each reminder into its invoice (`reminders:`), \
            so the next level comes next time; fees and interest never change the invoice's own figures.
            """)

    @Flag(help: "Record each reminder in its invoice's file.") var apply = false
    /// The flag's name until match, remind and recur took one name for "write what you propose".
    @Flag(name: .customLong("record"), help: .hidden) var record = false
    @Flag(help: "List the reminders as JSON.") var json = false
    @Option(name: .shortAndLong, help: ArgumentHelp("The folder for the PDFs; default: build/reminders in the book.", valueName: "dir"))
    var output: String?
    @OptionGroup var options: EditOptions

    func run() throws {
        let checked = try bookWithoutErrors(options.directory, before: "sending reminders")
        let reminders = checked.book.remindersDue(on: options.today)
        let folder = output ?? BookLoader.join(options.directory, "build/reminders")
        var paths: [String] = []
        if let renderer = checked.renderer {
            if !options.dryRun && !reminders.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            for reminder in reminders {
                let path = BookLoader.join(folder, "\(DocumentKind.fileStem(forNumber: reminder.invoice.number))-\(reminder.level).pdf")
                paths.append(path)
                guard !options.dryRun else { continue }
                switch renderer.render(reminder) {
                case .success(let bytes):
                    do { try AtomicFile.write(bytes, to: path) } catch {
                        Terminal.standardError.write("error: cannot write \(path): \(error)\n")
                        throw ExitCode(1)
                    }
                case .failure(let error):
                    Reporter(format: .human, root: options.directory, sources: checked.sources).report(error.diagnostics)
                    throw ExitCode(1)
                }
            }
        }
        Terminal.standardOutput.write(json ? Self.json(reminders, paths: paths) : Self.table(reminders, paths: paths, locale: checked.book.settings.defaults.locale?.value ?? Defaults.fallbackLocale))
        if reminders.isEmpty {
            Terminal.standardError.write(Self.notSetUp(checked.book, today: options.today) ?? "no invoice reached a new reminder level on \(options.today)\n")
        }
        guard apply || record, !reminders.isEmpty else { return }
        let recorded = try performEdit(options, showingDiff: !json) { result, editor throws(AuthoringError) in
            // Inside the book's lock: a reminder another writer recorded meanwhile is not recorded twice.
            let due = Set(result.book.remindersDue(on: options.today).map { "\($0.invoice.number)\u{0}\($0.level)" })
            return try reminders.filter { due.contains("\($0.invoice.number)\u{0}\($0.level)") }.map { reminder throws(AuthoringError) in
                let invoice = try document(reminder.invoice.number, in: result.book)
                let file = try editor.read(invoice.file)
                let facts = try DocumentFacts(document: invoice, text: file.text, account: result.book.recordedAccount(for: invoice))
                return FileChange(path: invoice.file, before: file.bytes, after: try facts.remind(reminder))
            }
        }
        if !options.dryRun { Terminal.standardError.write("recorded \(plural(recorded.count, "reminder"))\n") }
    }

    /// When overdue invoices have no reminder levels (no `reminders:` in invoic.yaml nor in their
    /// client's file), "no invoice reached a new level" would hide why: say so, and what to add.
    static func notSetUp(_ book: Book, today: Day) -> String? {
        let conversions = book.conversions
        let overdue = book.invoices.filter { book.status(of: $0, today: today, conversions: conversions) == .overdue && book.reminderPolicy(for: $0) == nil }
        guard let oldest = overdue.compactMap({ invoice in invoice.figures?.dueDate.map { (invoice.number, $0.days(until: today)) } }).max(by: { $0.1 < $1.1 }) else {
            return nil
        }
        let others = overdue.count - 1
        return """
            reminders are not set up: \(oldest.0) is \(plural(oldest.1, "day")) overdue\(others > 0 ? " (and \(plural(others, "other invoice")))" : ""), \
            but neither invoic.yaml nor \(others > 0 ? "their clients' files have" : "its client's file has") `reminders:`. Add the levels to invoic.yaml, e.g.

            reminders:
              levels:                 # days past the due date, and the fee each level adds
                - { after: 7 }
                - { after: 21, fee: 5.00 }
                - { after: 35, fee: 10.00 }
              interest: 8%            # optional: yearly, on the amount due

            then run `invoic remind` again (docs/book-format.md, "Reminders").

            """
    }

    static func plain(_ minor: Int64, _ reminder: Reminder) -> String { MoneyFormat.plain(minor, reminder.currency) }

    /// The table a person reads, in the book's language and its way of writing amounts (the JSON
    /// stays plain, for programs).
    static func table(_ reminders: [Reminder], paths: [String], locale: String) -> String {
        guard !reminders.isEmpty else { return "" }
        let words = ReportWords.of(locale)
        let header = ["invoice", "level", "days", "due", "fees", "interest", "total", "pdf"].map { words["remind_" + $0] }
        func money(_ minor: Int64, _ reminder: Reminder) -> String {
            MoneyFormat.number(DecimalNumber(significand: Int128(minor), scale: reminder.currency.exponent) ?? DecimalNumber(integer: 0), locale: locale)
        }
        let rows = zip(reminders, paths).map { reminder, path in
            [reminder.invoice.number, String(reminder.level), String(reminder.interestDays), money(reminder.due, reminder),
             money(reminder.earlierFees + reminder.fee, reminder), money(reminder.interest, reminder),
             MoneyFormat.format(reminder.total, reminder.currency, locale: locale), path]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max()! }
        return ([header] + rows).map { cells in
            cells.enumerated().map { column, cell in
                let pad = String(repeating: " ", count: widths[column] - cell.count)
                return (1...6).contains(column) ? pad + cell : cell + (column == cells.count - 1 ? "" : pad)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }

    static func json(_ reminders: [Reminder], paths: [String]) -> String {
        let entries: [[String: Any]] = zip(reminders, paths).map { reminder, path in
            var entry: [String: Any] = [
                "invoice": reminder.invoice.number, "level": reminder.level, "date": reminder.date.description,
                "pay_by": reminder.payBy.description, "days_past_due": reminder.interestDays, "currency": reminder.currency.code,
                "due": plain(reminder.due, reminder), "earlier_fees": plain(reminder.earlierFees, reminder), "fee": plain(reminder.fee, reminder),
                "interest": plain(reminder.interest, reminder), "total": plain(reminder.total, reminder), "pdf": path,
            ]
            if let rate = reminder.rate { entry["interest_rate"] = rate.description }
            return entry
        }
        let data = (try? JSONSerialization.data(withJSONObject: ["reminders": entries], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
