import ArgumentParser
import Foundation
import InvoicBook
import InvoicFrance

struct EReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ereport",
        abstract: "France: write the e-reporting files (Flux 10) of a period: sales to consumers and abroad, and the payments of services.",
        discussion: """
            Writes build/ereporting/<period>-transactions.xml (the invoices to businesses abroad, one by one, \
            and the sales to consumers summed per day, category and rate) and, for a business whose VAT on \
            services is due on receipt (no vat_on_debits:, not in franchise en base), <period>-payments.xml \
            (the money received on those sales). The figures are the VAT return's. The period is what the \
            VAT regime asks: a decade (2026-09-D1) under the réel normal mensuel, a month (2026-09) under the \
            réel normal trimestriel or the régime simplifié, two months (2026-B5) in franchise en base. \
            The files name the plateforme agréée that transmits them (--platform, --platform-name). \
            Exit status: 0 on success, 1 when the book has errors or cannot be reported (the diagnostics say why), \
            2 for a usage error. docs/france.md.
            """)

    @OptionGroup var book: BookOptions

    @Option(help: ArgumentHelp("A decade (2026-09-D1), a month (2026-09) or two months (2026-B5).", valueName: "period"))
    var period: String

    @Option(help: ArgumentHelp("The 4-character matricule of the plateforme agréée that transmits the files.", valueName: "matricule"))
    var platform: String

    @Option(help: ArgumentHelp("The name of that platform.", valueName: "name"))
    var platformName: String

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write to; default: build/ereporting in the book.", valueName: "dir"))
    var out: String?

    @Option(help: .hidden) var now: String?

    /// Read here rather than by ArgumentParser, so a bad period gets the forms it may take.
    func validate() throws {
        if EReportingPeriod(period) == nil { throw ValidationError("`\(period)` is not an e-reporting period: \(EReportingPeriod.help)") }
    }

    func run() throws {
        let period = EReportingPeriod(self.period)!
        let time = try now.map { text -> Date in
            guard let parsed = ISO8601DateFormatter().date(from: text) else { throw ValidationError("--now takes an ISO 8601 time, e.g. 2026-10-01T08:00:00Z") }
            return parsed
        } ?? Date()
        let checked = try bookWithoutErrors(book.directory, before: "e-reporting")
        let result = EReporting.files(book: checked.book, period: period, platform: .init(matricule: platform, name: platformName), now: time)
        if !result.diagnostics.isEmpty {
            Reporter(format: .human, root: book.directory, sources: checked.sources, summarizing: false).report(result.diagnostics)
        }
        guard !result.diagnostics.hasErrors else { throw ExitCode(1) }
        let folder = out ?? BookLoader.join(book.directory, "build/ereporting")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for file in result.files {
            let path = BookLoader.join(folder, file.name)
            try Data(file.bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
            Terminal.standardOutput.writePrintable("wrote \(path) (\(file.flowType))\n")
        }
    }
}
