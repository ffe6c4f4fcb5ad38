import ArgumentParser
import Foundation
import InvoicBook
import InvoicBuild
import InvoicHistory
import InvoicLedger

extension Period: ExpressibleByArgument {
    public init?(argument: String) { self.init(argument) }
}

extension VATReturn.Format: ExpressibleByArgument {}
/// What `export-journal --format` writes: a text journal, or DATEV's Buchungsstapel.
enum JournalFormat: String, ExpressibleByArgument, CaseIterable {
    case hledger, beancount, datev
}
extension ECSalesList.Layout: ExpressibleByArgument {}

/// The checked book, or the book's errors printed and exit 1: figures of a broken book are not
/// given to a tax office.
private func checkedBook(_ directory: String) throws -> Book {
    let result = try runPipeline(BookPipeline(root: directory), upTo: .book)
    if result.diagnostics.hasErrors {
        Reporter(format: .human, root: directory, sources: result.sources).report(result.diagnostics)
        throw ExitCode(1)
    }
    return result.book
}

struct VATReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vat",
        abstract: "Print the VAT return figures of a period: turnover and VAT by category and rate, input VAT, the balance.",
        discussion: """
            Sales by tax category (standard, zero, exempt E, reverse charge AE, intra-EU goods K, export G, \
            outside the scope O), rate and where the client is (domestic, other EU countries, outside the EU), \
            from invoices and credit notes; purchases and input VAT (none until the book records purchases); \
            the balance to pay or reclaim. On `vat_basis: accrual` (the default) by invoice date, on `cash` by \
            payment date, each payment split over the invoice's tax groups exactly. Documents in another \
            currency count in the book's currency when they state a rate to it (tax_currency:), else apart. \
            --form adds the boxes of a country's return (de-ustva: Germany's UStVA; at-u30: Austria's U 30).
            Exit status: 0 on success, 1 when the book has errors (they are printed instead), 2 for a usage error.
            """
    )

    @OptionGroup var book: BookOptions

    @Option(help: ArgumentHelp("A year (2026), a quarter (2026-Q4) or a month (2026-11).", valueName: "period"))
    var period: Period

    /// `--format` is `report`'s own option (text, csv, json or html here): ArgumentParser gives an
    /// option both a command and its subcommand declare to the command.
    @ParentCommand var report: ReportCommand

    var format: VATReturn.Format? { VATReturn.Format(rawValue: report.format.rawValue) }

    @Option(help: ArgumentHelp("Also fill a country's form: \(VATForm.names.joined(separator: ", ")).", valueName: "form"))
    var form: String?

    @Option(help: ArgumentHelp("accrual or cash, over the book's vat_basis:.", valueName: "basis"))
    var basis: String?

    func validate() throws {
        if let form, !VATForm.names.contains(form) {
            throw ValidationError("unknown form `\(form)`; invoic knows \(VATForm.names.joined(separator: ", "))")
        }
        if let basis, VATBasis(rawValue: basis) == nil { throw ValidationError("unknown basis `\(basis)`; use accrual or cash") }
        if format == nil { throw ValidationError("the VAT return is written as text, csv, json or html, not \(report.format.rawValue)") }
    }

    func run() throws {
        let book = try checkedBook(self.book.directory)
        var vatForm: VATForm?
        if let form {
            switch VATForm.named(form) {
            case .success(let loaded): vatForm = loaded
            case .failure(let problem):
                Terminal.standardError.write("error: \(problem)\n")
                throw ExitCode(2)
            }
        }
        let chosen = basis.flatMap(VATBasis.init(rawValue:))
        let figures = VATReturn(book: book, period: period, basis: chosen, purchases: Purchases(book: book))
        let rendered = figures.render(format ?? .text, form: vatForm)
        guard let until = book.settings.lockedUntil?.value, period.to <= until else {
            Terminal.standardOutput.write(rendered)
            return
        }
        // A locked period's return is filed: its figures are the book's at the committed lock's commit.
        var lock: Result<PeriodLock, PeriodLock.Unchecked>
        do {
            lock = PeriodLock.committed(in: try BookHistory.read(at: self.book.directory)) ?? .failure(.notCommitted(until))
        } catch {
            lock = .failure(.history(error))
        }
        if case .success(let found) = lock, period.to > found.until { lock = .failure(.notCommitted(until)) }
        // Text is read by a person: the status is part of it; other formats keep it on standard error.
        let status = format == .text ? Terminal.standardOutput : Terminal.standardError
        switch lock {
        case .success(let lock):
            let filed = VATReturn(book: lock.book, period: period, basis: chosen, purchases: Purchases(book: lock.book)).render(format ?? .text, form: vatForm)
            status.write("filed (locked until \(lock.until) in commit \(lock.commit.citation)): the figures it was filed with\n")
            Terminal.standardOutput.write(filed)
            if filed != rendered {
                if format == .text, !filed.hasSuffix("\n") { status.write("\n") }
                status.write("note: the book now gives other figures for \(period); a filed return is corrected by a corrected return, not by editing the book (`invoic check` names the changes)\n")
            }
        case .failure(let reason):
            Terminal.standardError.write("warning: \(period) is locked (until \(until)) but \(reason); these are the book's figures now\n")
            Terminal.standardOutput.write(rendered)
        }
    }
}

struct ECSalesReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ec-sales",
        abstract: "Print the EC Sales List of a period: per client VAT number, intra-EU supplies of goods and services.",
        discussion: """
            Goods are the lines taxed intra-eu (K), services the reverse-charge (AE) lines to clients in \
            other EU countries; credit notes are netted, always by document date. --layout bzst writes the \
            columns of Germany's BZSt import (VAT number, whole euros, L or S), at-zm those of Austria's \
            Zusammenfassende Meldung, plain invoic's own; the default follows the business's country. \
            Clients without a VAT number are named on standard error: the list needs one.
            Exit status: 0 on success, 1 when the book has errors, 2 for a usage error.
            """
    )

    @OptionGroup var book: BookOptions

    @Option(help: ArgumentHelp("A year (2026), a quarter (2026-Q4) or a month (2026-11).", valueName: "period"))
    var period: Period

    /// `report`'s `--format`: csv (also its default, text) or json.
    @ParentCommand var report: ReportCommand

    var format: String { report.format.rawValue == "text" ? "csv" : report.format.rawValue }

    @Option(help: ArgumentHelp("The CSV's columns: bzst, at-zm or plain; default: by the business's country.", valueName: "layout"))
    var layout: ECSalesList.Layout?

    func validate() throws {
        if format != "csv" && format != "json" { throw ValidationError("unknown format `\(format)`; use csv or json") }
    }

    func run() throws {
        let book = try checkedBook(self.book.directory)
        let list = ECSalesList(book: book, period: period)
        for missing in list.missingVATID {
            Terminal.standardError.write("warning: \(missing.document) is an intra-EU supply to `\(missing.client)`, which has no tax_id: the list needs the client's VAT number\n")
        }
        let chosen = layout ?? ECSalesList.defaultLayout(forCountry: book.settings.business.address?.country)
        Terminal.standardOutput.write(format == "json" ? list.renderJSON() : list.renderCSV(chosen))
    }
}

struct ExportJournalCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-journal",
        abstract: "Write the book as an hledger or Beancount journal: invoices, credit notes, payments, refunds, fees.",
        discussion: """
            Every transaction is balanced, in the document's currency (with a price to the book's currency \
            when the document states one), with the document number and the client as payee and narration \
            and tags or metadata naming its file. --format datev writes DATEV's Buchungsstapel (EXTF) for \
            one fiscal year, with the consultant, client and chart of `ledger: datev:` in invoic.yaml. Accounts: Assets:Receivable:<client>, Income:<category> or \
            Income:Sales, Liabilities:VAT:Output:<rate>, Assets:Bank, ...; rename them in invoic.yaml's ledger: \
            block. The same book gives the same bytes. --since DATE writes only what happened from DATE on, \
            without the header, to append to a journal an earlier export wrote; with -o FILE it appends to \
            FILE, and refuses when FILE already holds transactions from DATE on.
            Exit status: 0 on success, 1 when the book has errors, 2 for a usage error or a file that cannot be written.
            """
    )

    @OptionGroup var book: BookOptions

    @Option(help: ArgumentHelp("hledger, beancount or datev (DATEV's Buchungsstapel, with `ledger: datev:` in invoic.yaml).", valueName: "format"))
    var format: JournalFormat

    @Option(help: ArgumentHelp("Only this year (2026), quarter (2026-Q4) or month (2026-11).", valueName: "period"))
    var period: Period?

    @Option(help: ArgumentHelp("Only what happened on or after this day (YYYY-MM-DD), to append to an earlier export.", valueName: "date"))
    var since: Day?

    @Option(name: .shortAndLong, help: ArgumentHelp("The journal file; default: standard output.", valueName: "file"))
    var output: String?

    func run() throws {
        let book = try checkedBook(self.book.directory)
        let purchases = Purchases(book: book)
        let journal = Journal(book: book, purchases: purchases)
        guard let textFormat = Journal.Format(rawValue: format.rawValue) else {
            try writeDATEV(journal, book: book, purchases: purchases)
            return
        }
        let text = journal.render(textFormat, period: period, since: since)
        guard let output, output != "-" else {
            Terminal.standardOutput.write(text)
            return
        }
        let existing = FileManager.default.contents(atPath: output).map { String(decoding: $0, as: UTF8.self) }
        var bytes = Array(text.utf8)
        if let existing {
            if let since {
                // Appending: the file must end before `since`, or the same transactions would be there twice.
                if let last = Self.lastDate(in: existing), last >= since {
                    Terminal.standardError.write("error: \(output) already has transactions up to \(last); --since must be after that day, e.g. --since \(last.adding(days: 1))\n")
                    throw ExitCode(2)
                }
                bytes = Array(existing.utf8) + (existing.isEmpty || existing.hasSuffix("\n\n") || text.isEmpty ? [] : existing.hasSuffix("\n") ? [10] : [10, 10]) + bytes
            } else if !existing.hasPrefix("; \(journal.title): journal written by invoic export-journal") {
                Terminal.standardError.write("error: \(output) exists and was not written by invoic export-journal; name another file, or append with --since\n")
                throw ExitCode(2)
            }
        }
        do {
            try AtomicFile.write(bytes, to: output)
        } catch {
            Terminal.standardError.write("error: cannot write \(output): \(error)\n")
            throw ExitCode(2)
        }
    }

    /// DATEV's Buchungsstapel of the period, to -o FILE (replaced: a batch is written whole) or
    /// standard output; what DATEV cannot take is refused with exit 2 and the reason.
    private func writeDATEV(_ journal: Journal, book: Book, purchases: Purchases) throws {
        if since != nil {
            Terminal.standardError.write("error: --since appends to a text journal; a DATEV batch is written whole for a --period\n")
            throw ExitCode(2)
        }
        let export: DATEVExport
        do {
            export = try DATEVExport(journal: journal, book: book, purchases: purchases, period: period)
        } catch {
            Terminal.standardError.write("error: \(error.description)\n")
            throw ExitCode(2)
        }
        let bytes = export.render()
        guard let output, output != "-" else {
            FileHandle.standardOutput.write(Data(bytes))
            return
        }
        do {
            try AtomicFile.write(bytes, to: output)
        } catch {
            Terminal.standardError.write("error: cannot write \(output): \(error)\n")
            throw ExitCode(2)
        }
    }

    /// The latest date a transaction or directive of a journal starts with.
    static func lastDate(in journal: String) -> Day? {
        journal.split(separator: "\n").compactMap { line in line.count >= 10 ? Day(line.prefix(10)) : nil }.max()
    }
}
