import InvoicDiagnostics

/// Loads, prices and checks a book: every diagnostic of every stage, in reading order.
public enum BookChecker {
    static var checks: [any BookCheck.Type] { [
        NumbersFitTheirPattern.self,
        NumberYearsMatchIssueDates.self,
        NumbersAreUnique.self,
        SeriesHaveNoGaps.self,
        NumbersFollowIssueDates.self,
        ClientReferencesResolve.self,
        ArchivedClientsAreNotUsed.self,
        EstimateReferencesResolve.self,
        DeclinedEstimatesAreNotInvoiced.self,
        EstimatesAreConvertedOnce.self,
        InvoicesMatchTheirEstimate.self,
        DatesFollowTheIssueDate.self,
        EstimatesAreNotBothAcceptedAndDeclined.self,
        PaymentsDoNotExceedTheTotal.self,
        VoidInvoicesTakeNoPayments.self,
        SentInvoicesHaveADueDate.self,
        EstimatesAreAcceptedBeforeInvoicing.self,
        ClientsAreUsed.self,
        TemplateExists.self,
        LogoExists.self,
    ] }

    /// The result of checking a book: the priced book and everything found.
    public struct Result: Sendable {
        public var book: Book
        public var diagnostics: [Diagnostic]
    }

    public static func check(at root: String, overrides: [String: [UInt8]] = [:]) throws(BookLoadError) -> Result {
        var (book, diagnostics) = try BookLoader.load(at: root, overrides: overrides)
        diagnostics += book.price()
        for check in checks {
            check.check(book, into: &diagnostics)
        }
        return Result(book: book, diagnostics: diagnostics.sorted())
    }
}
