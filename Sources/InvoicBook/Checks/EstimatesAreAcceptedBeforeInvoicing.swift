import InvoicDiagnostics

enum EstimatesAreAcceptedBeforeInvoicing: BookCheck {
    static let rule = Rule(.invoicedBeforeAccepted, .warning, summary: "an estimate was invoiced before it was accepted",
        explanation: """
        An invoice converting an estimate is normally issued once the client accepted it. Record
        `accepted:` on the estimate, on or before the invoice's issue date.
        """,
        example: """
        # file: estimates/EST-0001.yaml   (no accepted:)
        # file: invoices/INV-0002.yaml
        from_estimate: EST-0001
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for invoice in book.invoicesFromEstimates {
            guard let reference = invoice.fromEstimate,
                  let estimate = book.estimate(reference.value),
                  estimate.declined == nil else { continue }
            if let accepted = estimate.accepted {
                guard accepted.value > invoice.issued.value else { continue }
                diagnostics.append(.warning(
                    rule.code, "invoice is issued on \(invoice.issued.value), before estimate \(estimate.number) was accepted (\(accepted.value))",
                    file: invoice.file, range: reference.range, help: "check the acceptance date on \(estimate.file)"))
            } else {
                diagnostics.append(.warning(
                    rule.code, "estimate \(estimate.number) was never accepted", file: invoice.file, range: reference.range,
                    help: "add `accepted: YYYY-MM-DD` to \(estimate.file)"))
            }
        }
    }
}

extension DiagnosticCode {
    public static let invoicedBeforeAccepted = DiagnosticCode("invoiced-before-accepted")
}
