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
        VoidedPaymentsAreRefunded.self,
        RefundsFollowThePaymentsTheyReturn.self,
        SentInvoicesHaveADueDate.self,
        FrenchInvoicesFollowBRFR.self,
        EstimatesAreAcceptedBeforeInvoicing.self,
        EstimatesAreAcceptedWhileValid.self,
        ClientsAreUsed.self,
        TemplateExists.self,
        LogoExists.self,
        PathsStayInsideTheBook.self,
        OutputNamesFit.self,
        ReverseChargeNamesBothParties.self,
        IntraCommunitySupplyNamesBothVATNumbers.self,
        IntraCommunitySupplyHasADeliveryDate.self,
        IntraCommunitySupplyNamesTheDestination.self,
        TransfersNameTheAccount.self,
        DirectDebitsNameTheMandate.self,
        PaymentCodesCanBeMade.self,
        ExportNamesTheSeller.self,
        OutsideScopeStandsAlone.self,
        ExemptLinesSayWhy.self,
        CreditNotesCorrectAnInvoice.self,
        CreditNotesMatchTheirInvoice.self,
        CreditsDoNotExceedWhatIsOwed.self,
        RefundsOwedArePaid.self,
        RefundsDoNotExceedWhatWasOwed.self,
        RefundsDoNotExceedTheCredit.self,
        EInvoicesCarryWhatTheirFormatsNeed.self,
        KSeFNumbersAreValid.self,
        SplitPaymentIsStated.self,
        RecurringSchedulesKeepWhatIsWritten.self,
    ] }

    public static func check(at root: String, overrides: [String: [UInt8]] = [:], limits: BookLimits = .standard,
                             cache: DecodeCache? = nil) throws(BookLoadError) -> CheckedBook {
        let (book, diagnostics) = try BookLoader.load(at: root, overrides: overrides, limits: limits, cache: cache)
        return check(consume book, loadDiagnostics: diagnostics)
    }

    /// Prices and checks a loaded book (the fuzz target builds one in memory). The book is taken,
    /// not copied: pricing writes every document's figures, and a second owner of the documents
    /// would make that a copy of all of them (2.4 KB each).
    static func check(_ loaded: consuming Book, loadDiagnostics: [Diagnostic]) -> CheckedBook {
        var book = consume loaded
        var diagnostics = loadDiagnostics
        diagnostics += book.price()
        // The checks only read the book, so they run side by side; the diagnostics are sorted
        // below, so the order they finish in never shows.
        let priced = book
        // A small book's checks are cheaper than the threads that would share them.
        diagnostics += parallelMap(Array(checks.indices), serialBelow: priced.documents.count < 32 ? Int.max : 0) { index in
            var found: [Diagnostic] = []
            checks[index].check(priced, into: &found)
            return found
        }.joined()
        return CheckedBook(book: book, diagnostics: diagnostics.sorted())
    }
}

/// A book that was checked: priced, with everything the checks found, in reading order.
public struct CheckedBook: Sendable {
    public var book: Book
    public var diagnostics: [Diagnostic]
}
