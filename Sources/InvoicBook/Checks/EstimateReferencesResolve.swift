import InvoicDiagnostics

enum EstimateReferencesResolve: BookCheck {
    static let rule = Rule(.unknownEstimate, summary: "an invoice converts an estimate that does not exist",
        explanation: "`from_estimate:` names the number of an estimate in `estimates/`.",
        example: """
        # file: invoices/INV-0004.yaml
        from_estimate: EST-0099   <- no such estimate
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for invoice in book.invoicesFromEstimates {
            guard let reference = invoice.fromEstimate, book.estimate(reference.value) == nil else { continue }
            let estimates = book.estimates.map(\.number)
            let fix = closestMatch(to: reference.value, in: estimates)
            let help = fix.map { "did you mean \($0)?" } ?? "name an estimate in estimates/, or remove `from_estimate:`"
            diagnostics.append(Diagnostic.error(
                rule.code, "estimate \(reference.value) does not exist", file: invoice.file, range: reference.range, help: help).replacing(with: fix))
        }
    }
}

extension DiagnosticCode {
    public static let unknownEstimate = DiagnosticCode("unknown-estimate")
}
