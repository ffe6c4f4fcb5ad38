import ArgumentParser
import InvoicBook
import InvoicBuild
import InvoicDiagnostics
import InvoicHistory

/// `invoic log INV-0007`: a document's life from the book's git history, in words.
struct LogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Tell the life of one document from the book's git history.",
        discussion: """
            Every commit that changed the document, with its date and author and what it did in words: created, \
            items and totals before and after, sent, payments, voided; then changes not committed yet and where the \
            document stands today. An invoice converted from an estimate is told after the estimate's story.
            """
    )

    @Argument(help: "The document number, e.g. INV-0007 or EST-0003.")
    var number: String

    @OptionGroup var book: BookOptions

    func run() throws {
        let reading = HistoryReading(at: book.directory)
        let result = try runPipeline(BookPipeline(root: book.directory), upTo: .book)
        let history: BookHistory
        do {
            history = try reading.history()
        } catch {
            Terminal.standardError.write("error: \(error)\n  = help: \(error.help)\n")
            throw ExitCode(2)
        }
        guard let story = history.story(of: number, in: result.book, today: book.resolvedToday) else {
            let known = Set(result.book.documents.map(\.number)).union(history.numbers)
            let suggestion = closestMatch(to: number, in: known.sorted()).map { "; did you mean \($0)?" } ?? ""
            Terminal.standardError.write("error: no document \(number) in the book or its history\(suggestion)\n")
            throw ExitCode(1)
        }
        Terminal.standardOutput.write(story.text)
    }
}
