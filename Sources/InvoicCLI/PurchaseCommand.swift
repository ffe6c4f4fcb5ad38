import ArgumentParser
import InvoicBook
import InvoicInbox

/// `invoic purchase accept|reject`: the decision on a received document that breaks fatal rules,
/// which `check` asks for until it is written.
struct PurchaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "purchase", abstract: "Decide on a received document that breaks fatal rules: accept it or reject it.",
        discussion: "A supplier's e-invoice that breaks a fatal EN 16931 rule is kept (it is the supplier's invoice); `check` warns until you decide. The decision, its reason and the day go on the purchase record.",
        subcommands: [Accept.self, Reject.self])

    struct Decision: ParsableArguments {
        @Argument(help: "The purchase's number (the supplier's invoice number).") var number: String
        @Option(help: "Why: what you checked, or what you asked the supplier for.") var reason: String
        @Option(help: ArgumentHelp("The supplier (suppliers/<id>.yaml), when several sent a document so numbered.", valueName: "id")) var supplier: String?
        @Option(help: "YYYY-MM-DD; default today.") var date: Day?
        @OptionGroup var options: EditOptions

        func run(_ verdict: Purchase.Decision.Verdict) throws {
            do {
                let done = try PurchaseDecision.decide(verdict, root: options.directory, number: number, supplier: supplier, reason: reason,
                                                       on: date ?? options.today, dryRun: options.dryRun)
                Terminal.standardOutput.writePrintable(done + "\n")
            } catch {
                Terminal.standardError.writePrintable("error: \(error.message)\n  help: \(error.help)\n")
                throw ExitCode(1)
            }
        }
    }

    struct Accept: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "accept", abstract: "Keep a document that breaks fatal rules as it is: it counts as any purchase, and `check` stops warning.")
        @OptionGroup var decision: Decision
        func run() throws { try decision.run(.accepted) }
    }

    struct Reject: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "reject", abstract: "Reject a document (ask the supplier for a corrected one): it stays listed, out of the input VAT and the payables.")
        @OptionGroup var decision: Decision
        func run() throws { try decision.run(.rejected) }
    }
}
