import InvoicDiagnostics

/// A rule over the whole priced book. Each check lives in its own file, named for what must hold,
/// with its rule and messages beside it.
protocol BookCheck {
    static var rule: Rule { get }
    static func check(_ book: Book, into diagnostics: inout [Diagnostic])
}

extension Rule {
    /// Every code any stage can report, in a stable order.
    public static var all: [Rule] {
        (DecodingRules.all + LedgerRules.all + PricingRules.all + BookChecker.checks.map { $0.rule } + EInvoicesCarryWhatTheirFormatsNeed.rules.dropFirst() + FatturaPARequirements.rules + [RecurringInvoicesAreWritten.rule] + KSeFInvoicesAreSent.rules + PurchaseLoader.rules)
            .sorted { $0.code < $1.code }
    }
}
