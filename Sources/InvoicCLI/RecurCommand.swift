import ArgumentParser
import Foundation
import InvoicAuthoring
import InvoicBook

struct RecurCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recur",
        abstract: "List the invoices of recurring/ schedules that fell due up to today; --apply writes them.",
        discussion: """
            Each occurrence becomes an ordinary invoice (with `recurring:` and `occurrence:`), numbered by \
            the series in date order; one already written is never written again, so running it twice \
            writes nothing new. Without --apply it prints the paths it would write and changes nothing (as \
            `match` and `remind` do); with --apply it writes them and prints their paths (`--json`: the \
            number, date, schedule and path of each). More than --limit invoices in one run (default 120) \
            are refused, none written: a `--today` far ahead or an open-ended daily schedule would \
            otherwise write thousands of files.
            """)

    /// How many invoices one run writes at most without being told more.
    static let defaultLimit = 120

    @Flag(help: "Write the invoices into the book.") var apply = false
    @Flag(help: "Print what was written (or would be) as JSON.") var json = false
    @Option(help: ArgumentHelp("Write at most this many invoices in this run; more due refuses the run.", valueName: "n"))
    var limit = RecurCommand.defaultLimit
    @OptionGroup var numbering: NumberingOptions
    @OptionGroup var options: EditOptions

    func validate() throws {
        guard limit >= 1 else { throw ValidationError("--limit must be 1 or more") }
    }

    func run() throws {
        var written: [(number: String, date: Day, schedule: String, path: String)] = []
        let today = options.today
        // With --json, standard output is the JSON alone: the dry run's diff is left out.
        var edit = options
        edit.dryRun = options.dryRun || !apply
        let giver = NumberGiver(root: options.directory, reserving: !edit.dryRun, offline: numbering.offline)
        _ = try performEdit(edit, allowing: giver.allows, showingDiff: options.dryRun && !json) { result, editor throws(AuthoringError) in
            let book = result.book
            // A schedule with errors would copy them into every invoice: fix it first.
            let broken = result.diagnostics.filter { $0.severity == .error && $0.file?.hasPrefix(Recurring.folder + "/") == true }
            if !broken.isEmpty {
                Reporter(format: .human, root: options.directory, sources: book.sources).report(broken)
                throw .refused("a schedule in \(Recurring.folder)/ has errors; fix them before writing its invoices")
            }
            let pending = book.unwrittenOccurrences(through: today)
            if pending.count > limit {
                let last = pending[pending.count - 1].date
                throw .refused("\(pending.count) invoices fell due from \(pending[0].date) to \(last), more than the \(limit) one run writes; "
                               + "check `--today` and the schedules' `until:`, or pass `--limit \(pending.count)` to write them")
            }
            // One after the other, as if each were written before the next (and each reserved).
            var numbers: [String] = []
            for occurrence in pending { numbers.append(try giver.next(for: .invoice, issued: occurrence.date, in: book)) }
            var changes: [FileChange] = []
            for ((schedule, date), number) in zip(pending, numbers) {
                let source = try editor.read(schedule.file)
                let path = book.file(forNew: .invoice, number: number, issued: date)
                changes.append(FileChange(path: path, before: nil,
                                          after: NewFiles.recurringInvoice(schedule, number: number, date: date, book: book, scheduleText: source.text, path: path)))
                written.append((number, date, schedule.name, path))
            }
            return changes
        }
        if json {
            let entries = written.map { ["number": $0.number, "date": $0.date.description, "recurring": $0.schedule, "path": $0.path] }
            let data = (try? JSONSerialization.data(withJSONObject: ["invoices": entries], options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])) ?? Data()
            Terminal.standardOutput.write(String(decoding: data, as: UTF8.self) + "\n")
        } else if !options.dryRun {
            for entry in written { Terminal.standardOutput.write(BookLoader.join(options.directory, entry.path) + "\n") }
        }
        if written.isEmpty {
            Terminal.standardError.write("nothing to write: every occurrence up to \(today) is written\n")
        } else if !apply {
            Terminal.standardError.write("not written: run `invoic recur --apply` to write \(written.count == 1 ? "this invoice" : "these \(written.count) invoices")\n")
        }
    }
}
