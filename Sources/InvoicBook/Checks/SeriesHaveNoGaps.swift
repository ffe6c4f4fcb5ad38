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
        for gap in book.gaps() {
            let pattern = book.settings.numbering.pattern(for: gap.kind)
            let single = gap.sequences.count == 1
            let missing = single ? gap.number(gap.sequences.lowerBound)
                : "\(gap.number(gap.sequences.lowerBound)) to \(gap.number(gap.sequences.upperBound - 1))"
            diagnostics.append(Diagnostic(
                severity, rule.code, "\(missing) \(single ? "is" : "are") missing before \(gap.before.number)",
                file: gap.before.file, range: gap.before.numberRange,
                help: "number this document \(pattern.format(year: gap.year, sequence: gap.sequences.lowerBound)), or restore the missing file; void an invoice instead of deleting it"))
        }
    }
}

/// Numbers missing from a series, before the document that follows them.
public struct SeriesGap: Sendable {
    public var kind: DocumentKind
    public var year: Int?
    public var sequences: Range<Int>
    public var before: SeriesMember
    let pattern: NumberPattern

    public func number(_ sequence: Int) -> String { pattern.format(year: year, sequence: sequence) }
}

extension Book {
    /// The gaps of every series, counted from the lowest number present (from 1 in a later year
    /// of a `{year}` series): what `numbering-gap` reports, and what `invoic sync` compares with
    /// the numbers other clones reserved.
    public func gaps() -> [SeriesGap] {
        var gaps: [SeriesGap] = []
        let series = self.series()
        let firstYear: [DocumentKind: Int] = Dictionary(
            series.keys.compactMap { key in key.year.map { (key.kind, $0) } }, uniquingKeysWith: min)
        for key in series.keys.sorted() {
            guard let members = series[key], let firstMember = members.first else { continue }
            let pattern = settings.numbering.pattern(for: key.kind)
            var expected = firstMember.sequence
            if let year = key.year, year != firstYear[key.kind] { expected = 1 }
            for member in members {
                if member.sequence > expected {
                    gaps.append(SeriesGap(kind: key.kind, year: key.year, sequences: expected..<member.sequence, before: member, pattern: pattern))
                }
                expected = max(expected, member.sequence + 1)
            }
        }
        return gaps
    }
}

extension DiagnosticCode {
    public static let numberingGap = DiagnosticCode("numbering-gap")
}
