import InvoicDiagnostics

enum EstimatesAreNotBothAcceptedAndDeclined: BookCheck {
    static let rule = Rule(.acceptedAndDeclined, summary: "an estimate is both accepted and declined",
        explanation: "A client accepts or declines an estimate, not both: remove the one that is not true.",
        example: """
        # file: estimates/EST-0001.yaml
        accepted: 2026-03-05
        declined: 2026-03-06
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for estimate in book.estimates {
            guard let accepted = estimate.accepted, let declined = estimate.declined else { continue }
            let later = accepted.value > declined.value ? accepted : declined
            diagnostics.append(.error(
                rule.code, "estimate \(estimate.number) is both accepted (\(accepted.value)) and declined (\(declined.value))",
                file: estimate.file, range: later.range, help: "keep only what happened; a new offer is a new estimate"))
        }
    }
}

extension DiagnosticCode {
    public static let acceptedAndDeclined = DiagnosticCode("accepted-and-declined")
}
