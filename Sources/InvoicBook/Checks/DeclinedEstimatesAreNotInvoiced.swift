import InvoicDiagnostics

enum DeclinedEstimatesAreNotInvoiced: BookCheck {
    static let rule = Rule(.declinedEstimate, summary: "an invoice converts an estimate the client declined",
        explanation: "A declined estimate was turned down: it cannot become an invoice. Write a new estimate.",
        example: """
        # file: estimates/EST-0002.yaml
        declined: 2026-02-20
        # file: invoices/INV-0005.yaml
        from_estimate: EST-0002
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for invoice in book.invoicesFromEstimates {
            guard let reference = invoice.fromEstimate, let estimate = book.estimate(reference.value),
                  let declined = estimate.declined else { continue }
            diagnostics.append(.error(
                rule.code, "estimate \(estimate.number) was declined on \(declined.value) and cannot be invoiced",
                file: invoice.file, range: reference.range,
                help: "remove `from_estimate:`, or record the acceptance instead if the client changed their mind"))
        }
    }
}

extension DiagnosticCode {
    public static let declinedEstimate = DiagnosticCode("declined-estimate")
}
