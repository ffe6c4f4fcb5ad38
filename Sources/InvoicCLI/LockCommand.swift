import ArgumentParser
import InvoicAuthoring
import InvoicBook
import InvoicLedger

/// `invoic lock 2026-Q3`: the VAT returns up to the period's last day are filed; `check` then
/// refuses changes dated in them (docs/accounting.md, "Filed periods").
struct LockCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lock",
        abstract: "Lock the filed VAT periods: set locked_until: in invoic.yaml to a period's last day.",
        discussion: """
            After the lock is committed, `invoic check` refuses any document, payment, refund or void dated on or \
            before that day that the book did not hold in the locking commit, and `invoic report vat` prints a \
            locked period's figures as they were filed. The lock only moves forward.
            Exit status: 0 on success, 1 when refused (the lock would move back, or past today), 2 for a usage error.
            """
    )

    @Argument(help: ArgumentHelp("A period (2026-Q3, 2026-09, 2026) or a day (2026-09-30): the last day locked.", valueName: "period"))
    var until: String

    @OptionGroup var options: EditOptions

    var day: Day? { Period(until)?.to ?? Day(until) }

    func validate() throws {
        if day == nil { throw ValidationError("`\(until)` is neither a period nor a day: \(Period.help), or a day YYYY-MM-DD") }
    }

    func run() throws {
        guard let day else { throw ExitCode(2) }
        let changes = try performEdit(options) { result, editor throws(AuthoringError) in
            let file = try editor.read(BookSettings.fileName)
            let text = try PeriodLockText.locking(file.text, until: day, current: result.book.settings.lockedUntil, today: options.today)
            return [FileChange(path: BookSettings.fileName, before: file.bytes, after: text)]
        }
        if !options.dryRun, !changes.isEmpty {
            Terminal.standardError.write("locked until \(day) in \(BookLoader.join(options.directory, BookSettings.fileName)); commit it: the lock holds from that commit\n")
        }
    }
}
