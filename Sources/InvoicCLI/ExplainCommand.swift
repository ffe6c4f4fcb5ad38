import ArgumentParser
import InvoicBook

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain what a diagnostic code means, with a failing example; with no code, list every code."
    )

    @Argument(help: "A code such as unknown-client or numbering-gap.")
    var code: String?

    func run() throws {
        guard let code else {
            let width = Rule.all.map(\.code.count).max() ?? 0
            for rule in Rule.all {
                let padding = String(repeating: " ", count: width - rule.code.count)
                print("\(rule.code)\(padding)  \(rule.severity.rawValue == "warning" ? "warning: " : "")\(rule.summary)")
            }
            return
        }
        guard let rule = Rule.named(code) else {
            let suggestion = closestMatch(to: code, in: Rule.all.map(\.code)).map { "; did you mean `\($0)`?" } ?? ""
            throw ValidationError("no diagnostic code `\(code)`\(suggestion) (`invoic explain` lists them all)")
        }
        print("\(rule.code) (\(rule.severity.rawValue)): \(rule.summary)\n")
        print(rule.explanation.trimmingCharacters(in: .whitespacesAndNewlines) + "\n")
        print("Example:\n")
        print(rule.example.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n"))
    }
}

import Foundation
import InvoicDiagnostics
