import ArgumentParser

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "build", abstract: "Not built yet.")

    func run() throws {
        throw ValidationError("`invoic build` is not built yet")
    }
}
