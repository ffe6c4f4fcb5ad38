import InvoicDiagnostics

enum InvoicesMatchTheirEstimate: BookCheck {
    static let rule = Rule(.estimateMismatch, summary: "an invoice's client or currency differs from its estimate's",
        explanation: "An invoice converting an estimate bills the same client in the same currency.",
        example: """
        # file: estimates/EST-0001.yaml
        client: meridian
        # file: invoices/INV-0002.yaml
        client: acme
        from_estimate: EST-0001
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for invoice in book.invoicesFromEstimates {
            guard let reference = invoice.fromEstimate,
                  let estimate = book.estimate(reference.value) else { continue }
            if invoice.client.value != estimate.client.value {
                diagnostics.append(.error(
                    rule.code, "client `\(invoice.client.value)` differs from estimate \(estimate.number)'s client `\(estimate.client.value)`",
                    file: invoice.file, range: invoice.client.range, help: "bill the estimate's client, or remove `from_estimate:`"))
            }
            if let a = invoice.figures?.currency, let b = estimate.figures?.currency, a != b {
                diagnostics.append(.error(
                    rule.code, "currency \(a.code) differs from estimate \(estimate.number)'s currency \(b.code)",
                    file: invoice.file, range: invoice.currency?.range ?? reference.range,
                    help: "invoice in \(b.code) as estimated, or write a new estimate"))
            }
        }
    }
}

extension DiagnosticCode {
    public static let estimateMismatch = DiagnosticCode("estimate-mismatch")
}
