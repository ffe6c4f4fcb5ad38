import InvoicDiagnostics

/// An estimate's prices hold until its valid-until date; accepting it later is allowed (the
/// client may still want it) but worth a second look before invoicing at the old price.
enum EstimatesAreAcceptedWhileValid: BookCheck {
    static let rule = Rule(.acceptedAfterExpiry, .warning, summary: "an estimate was accepted after it expired",
        explanation: """
        An estimate is valid until `valid_until:` (default: issued + `validity` days). Accepted
        later, its prices may no longer hold: confirm them with the client, or issue a new estimate.
        """,
        example: """
        # file: estimates/EST-0001.yaml
        issued: 2026-03-01
        valid_until: 2026-03-31
        accepted: 2026-05-02   <- a month after it expired
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        for estimate in book.estimates {
            guard let accepted = estimate.accepted, let validUntil = estimate.figures?.dueDate,
                  accepted.value > validUntil else { continue }
            diagnostics.append(.warning(
                rule.code, "estimate is accepted on \(accepted.value), after it expired on \(validUntil)",
                file: estimate.file, range: accepted.range,
                help: "its prices may no longer hold: confirm them with the client, or issue a new estimate"))
        }
    }
}

extension DiagnosticCode {
    public static let acceptedAfterExpiry = DiagnosticCode("accepted-after-expiry")
}
