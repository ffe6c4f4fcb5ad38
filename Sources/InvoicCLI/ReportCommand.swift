import ArgumentParser
import InvoicBook
import InvoicPeppol
import InvoicSDI
import InvoicFrance
import InvoicBuild
import InvoicMoney
import InvoicReport

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Print the index report: what is owed, what is overdue, what came in.",
        discussion: """
            The same report `invoic build` writes to build/index.{html,md,csv,json}, printed to standard output.
            Figures are per currency, never added across currencies. Documents issued after --today are left out.
            Exit status: 0 on success, 1 when the book has errors (they are printed instead), 2 for a usage error.
            """,
        subcommands: [VATReportCommand.self, ECSalesReportCommand.self]
    )

    @OptionGroup var book: BookOptions

    @Option(help: ArgumentHelp("text, md, csv, json, html or ics (an iCalendar of due dates).", valueName: "format"))
    var format: IndexReport.Format = .text

    @Option(help: ArgumentHelp("Only documents with this status (\(Status.allCases.map(\.rawValue).joined(separator: ", "))).",
                               valueName: "status"))
    var status: String?

    @Option(help: ArgumentHelp("Only documents of this client (its file name in clients/, without .yaml).", valueName: "id"))
    var client: String?

    @Option(help: ArgumentHelp("Only documents in this currency (ISO 4217 code, e.g. EUR).", valueName: "code"))
    var currency: String?

    func validate() throws {
        if let status, Status(rawValue: status) == nil {
            throw ValidationError("unknown status `\(status)`; use one of \(Status.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        if let currency, Currency.named(currency) == nil {
            let upper = currency.uppercased()
            let hint = Currency.named(upper) != nil ? "; did you mean `\(upper)`?" : ""
            throw ValidationError("unknown currency `\(currency)`\(hint)")
        }
    }

    func run() throws {
        let result = try runPipeline(BookPipeline(root: book.directory), upTo: .book)
        if result.diagnostics.hasErrors {
            Reporter(format: .human, root: book.directory, sources: result.sources).report(result.diagnostics)
            throw ExitCode(1)
        }
        if let client { try requireClient(client, in: result.book) }
        let filter = IndexReport.Filter(status: status.flatMap(Status.init(rawValue:)), client: client,
                                        currency: currency.flatMap(Currency.named))
        let report = IndexReport(book: result.book, today: book.resolvedToday, warnings: result.diagnostics, filter: filter,
                                 issuingCommits: BookPipeline.issuingCommits(of: result.book),
                                 peppolStates: PeppolChecks.states(root: book.directory).mapValues { attempt in
                                     IndexReport.PeppolState(state: attempt.state.rawValue, since: attempt.since ?? "", provider: attempt.provider, detail: attempt.history.last?.detail)
                                 },
                                 sdiStates: SDIChecks.states(book: result.book, root: book.directory).mapValues { attempt in
                                     IndexReport.PeppolState(state: attempt.state.rawValue, since: attempt.since ?? "", provider: "SdI", detail: SDIChecks.summary(attempt).detail)
                                 },
                                 lifeCycleStates: LifeCycleChecks.latest(book: result.book, root: book.directory).mapValues { kept in
                                     let summary = LifeCycleChecks.summary(kept)
                                     return IndexReport.LifeCycleState(code: kept.status.code, name: kept.status.name, since: summary.since, motif: summary.detail.isEmpty ? nil : summary.detail)
                                 })
        Terminal.standardOutput.write(report.render(format))
    }
}

extension IndexReport.Format: ExpressibleByArgument {}
