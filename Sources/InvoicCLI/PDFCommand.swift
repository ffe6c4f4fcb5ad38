import ArgumentParser

struct PDFCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "pdf", abstract: "Not built yet.")

    func run() throws {
        throw ValidationError("`invoic pdf` is not built yet")
    }
}
