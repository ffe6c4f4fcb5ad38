import ArgumentParser
import InvoicBook
import InvoicInbox
import InvoicHistory
import InvoicPeppol
import InvoicPlatform
import InvoicSDI
import InvoicFrance
import InvoicVeriFactu

struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain what a diagnostic code means, with a failing example; with no code, list every code."
    )

    @Argument(help: "A code such as unknown-client or numbering-gap.")
    var code: String?

    /// Every code any stage reports: reading and checking the book, its history, and rendering it.
    static let rules = (Rule.all + BookHistory.rules + PeriodLock.rules + PDFRenderer.rules + PeppolChecks.rules + SDIChecks.rules + LifeCycleChecks.rules + PlatformChecks.rules + VeriFactuChecks.rules + PurchaseAudit.rules).sorted { $0.code < $1.code }

    func run() throws {
        guard let code else {
            let width = Self.rules.map(\.code.name.count).max() ?? 0
            for rule in Self.rules {
                let padding = String(repeating: " ", count: width - rule.code.name.count)
                print("\(rule.code)\(padding)  \(rule.severity.rawValue == "warning" ? "warning: " : "")\(rule.summary)")
            }
            return
        }
        guard let rule = Self.rules.first(where: { $0.code.name == code }) else {
            let suggestion = closestMatch(to: code, in: Self.rules.map(\.code.name)).map { "; did you mean `\($0)`?" } ?? ""
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
import InvoicPDF
