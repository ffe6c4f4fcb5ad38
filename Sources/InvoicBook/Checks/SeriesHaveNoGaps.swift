import InvoicDiagnostics

enum SeriesHaveNoGaps: BookCheck {
    static let rule = Rule(.numberingGap, summary: "a number is missing from a series",
        explanation: """
        Tax authorities (France, Spain and others) require gapless series: a missing number looks like
        a hidden invoice. A series is checked from its lowest number present, so a book may continue an
        older tool's numbering; in a yearly series (`{year}`) every year after the book's first starts
        at 1. Never delete an issued invoice: void it. Set `numbering.gaps: warning` where the law only
        asks for unique numbers (Germany).
        """,
        example: """
        # file: invoices/INV-0001.yaml
        # file: invoices/INV-0003.yaml   <- INV-0002 is missing
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        let severity = book.settings.numbering.gaps
        let series = book.series()
        let firstYear: [DocumentKind: Int] = Dictionary(
            series.keys.compactMap { key in key.year.map { (key.kind, $0) } }, uniquingKeysWith: min)
        for key in series.keys.sorted() {
            guard let members = series[key], let firstMember = members.first else { continue }
            let pattern = book.settings.numbering.pattern(for: key.kind)
            var expected = firstMember.sequence
            if let year = key.year, year != firstYear[key.kind] { expected = 1 }
            for member in members {
                if member.sequence > expected {
                    let missing = expected == member.sequence - 1
                        ? pattern.format(year: key.year, sequence: expected)
                        : "\(pattern.format(year: key.year, sequence: expected)) to \(pattern.format(year: key.year, sequence: member.sequence - 1))"
                    diagnostics.append(Diagnostic(
                        severity, rule.code, "\(missing) \(expected == member.sequence - 1 ? "is" : "are") missing before \(member.number)",
                        file: member.file, range: member.numberRange,
                        help: "number this document \(pattern.format(year: key.year, sequence: expected)), or restore the missing file; void an invoice instead of deleting it"))
                }
                expected = max(expected, member.sequence + 1)
            }
        }
    }
}

extension DiagnosticCode {
    public static let numberingGap = DiagnosticCode("numbering-gap")
}
