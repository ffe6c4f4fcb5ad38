import InvoicDiagnostics

/// Loads, prices and checks a book: every diagnostic of every stage, in reading order.
public enum BookChecker {
    static var checks: [any BookCheck.Type] { documentChecks + crossDocumentChecks }

    /// The checks whose findings about a document depend on that document alone, with the
    /// settings and the clients: run on a book of any subset of the documents, they find exactly
    /// that subset's share of the whole book's findings. The language server re-runs only these
    /// for the document being edited (`IncrementalBook`); a check that reads another document
    /// (its number, its series, what it corrects or is corrected by, an account) belongs below.
    static var documentChecks: [any BookCheck.Type] { [
        NumbersFitTheirPattern.self,
        NumberYearsMatchIssueDates.self,
        DatesFollowTheIssueDate.self,
        EstimatesAreNotBothAcceptedAndDeclined.self,
        VoidInvoicesTakeNoPayments.self,
        VoidedPaymentsAreRefunded.self,
        SentInvoicesHaveADueDate.self,
        EstimatesAreAcceptedWhileValid.self,
        ReverseChargeNamesBothParties.self,
        IntraCommunitySupplyNamesBothVATNumbers.self,
        IntraCommunitySupplyHasADeliveryDate.self,
        IntraCommunitySupplyNamesTheDestination.self,
        TransfersNameTheAccount.self,
        DirectDebitsNameTheMandate.self,
        ExportNamesTheSeller.self,
        OutsideScopeStandsAlone.self,
        ExemptLinesSayWhy.self,
        EInvoicesCarryWhatTheirFormatsNeed.self,
        KSeFNumbersAreValid.self,
        SplitPaymentIsStated.self,
    ] }

    /// The checks that relate documents to each other (numbers, series, references, accounts,
    /// clients' use) or look at the book as a whole: re-run on the whole book after every edit.
    static var crossDocumentChecks: [any BookCheck.Type] { [
        NumbersAreUnique.self,
        SeriesHaveNoGaps.self,
        NumbersFollowIssueDates.self,
        ClientReferencesResolve.self,
        ArchivedClientsAreNotUsed.self,
        EstimateReferencesResolve.self,
        DeclinedEstimatesAreNotInvoiced.self,
        EstimatesAreConvertedOnce.self,
        InvoicesMatchTheirEstimate.self,
        PaymentsDoNotExceedTheTotal.self,
        RefundsFollowThePaymentsTheyReturn.self,
        FrenchInvoicesFollowBRFR.self,
        EstimatesAreAcceptedBeforeInvoicing.self,
        ClientsAreUsed.self,
        TemplateExists.self,
        LogoExists.self,
        PathsStayInsideTheBook.self,
        OutputNamesFit.self,
        PaymentCodesCanBeMade.self,
        CreditNotesCorrectAnInvoice.self,
        CreditNotesMatchTheirInvoice.self,
        CreditsDoNotExceedWhatIsOwed.self,
        RefundsOwedArePaid.self,
        RefundsDoNotExceedWhatWasOwed.self,
        RefundsDoNotExceedTheCredit.self,
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
        diagnostics += run(checks, on: book)
        return CheckedBook(book: book, diagnostics: diagnostics.sorted())
    }

    /// What `checks` find in `book`, in no particular order (callers sort).
    static func run(_ checks: [any BookCheck.Type], on book: Book) -> [Diagnostic] {
        // A small book's checks are cheaper than the threads that would share them.
        Array(parallelMap(Array(checks.indices), serialBelow: book.documents.count < 32 ? Int.max : 0) { index in
            var found: [Diagnostic] = []
            checks[index].check(book, into: &found)
            return found
        }.joined())
    }
}

/// A book that was checked: priced, with everything the checks found, in reading order.
public struct CheckedBook: Sendable {
    public var book: Book
    public var diagnostics: [Diagnostic]
}
