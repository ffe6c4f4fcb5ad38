import InvoicDiagnostics

enum EstimatesAreConvertedOnce: BookCheck {
    static let rule = Rule(.estimateConvertedTwice, summary: "two invoices convert the same estimate",
        explanation: """
        An estimate becomes at most one invoice; billing it twice is the mistake this catches. For staged
        billing, write one estimate per stage.
        """,
        example: """
        # file: invoices/INV-0003.yaml
        from_estimate: EST-0001
        # file: invoices/INV-0004.yaml
        from_estimate: EST-0001   <- again
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        let conversions = book.conversions
        // By position, the fields read in place: walking `invoices` copies each document.
        let documents = book.documents
        for index in documents.indices where documents[index].kind == .invoice {
            guard let reference = documents[index].fromEstimate, let first = conversions[reference.value],
                  first != documents[index].number else { continue }
            diagnostics.append(.error(
                rule.code, "estimate \(reference.value) is already converted by \(first)",
                file: documents[index].file, range: reference.range,
                help: "remove `from_estimate:` from one of the two invoices; if both are real, the estimate was billed twice"))
        }
    }
}

extension DiagnosticCode {
    public static let estimateConvertedTwice = DiagnosticCode("estimate-converted-twice")
}
