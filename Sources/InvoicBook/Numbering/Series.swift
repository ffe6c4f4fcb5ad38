import InvoicDiagnostics

/// One numbering series: a kind of document, and with a `{year}` pattern, one year of it.
public struct SeriesKey: Hashable, Sendable, Comparable {
    public var kind: DocumentKind
    public var year: Int?

    public init(kind: DocumentKind, year: Int?) {
        self.kind = kind
        self.year = year
    }

    public static func < (a: SeriesKey, b: SeriesKey) -> Bool {
        (a.kind.rawValue, a.year ?? 0) < (b.kind.rawValue, b.year ?? 0)
    }
}

public struct SeriesMember: Sendable {
    public var number: String
    public var file: String
    public var sequence: Int
    /// The issue date and where the number is written; nil for a file that could not be read:
    /// its number is taken all the same. (Facts, not the document: a series is sorted, and
    /// moving whole documents about cost more than the checks that read it.)
    public var issued: Located<Day>?
    public var numberRange: SourceRange?
}

extension Book {
    /// Documents whose numbers fit their pattern, by series, in sequence order.
    public func series() -> [SeriesKey: [SeriesMember]] {
        var result: [SeriesKey: [SeriesMember]] = [:]
        func add(kind: DocumentKind, number: String, file: String, issued: Located<Day>?, numberRange: SourceRange?) {
            guard let parts = settings.numbering.pattern(for: kind).match(number) else { return }
            result[SeriesKey(kind: kind, year: parts.year), default: []].append(SeriesMember(
                number: number, file: file, sequence: parts.sequence, issued: issued, numberRange: numberRange))
        }
        // By position, reading the fields in place: `for document in documents` copies each
        // 2.4 KB document, and at 10,000 documents that copy was most of a keystroke's check.
        for index in documents.indices {
            add(kind: documents[index].kind, number: documents[index].number, file: documents[index].file,
                issued: documents[index].issued, numberRange: documents[index].numberKey?.range)
        }
        for stub in unreadable {
            add(kind: stub.kind, number: stub.number, file: stub.file, issued: nil, numberRange: nil)
        }
        return result.mapValues { $0.sorted { ($0.sequence, $0.file) < ($1.sequence, $1.file) } }
    }

    /// The next numbers for documents issued on `days`, in that order: consecutive within each
    /// series (a year, with a `{year}` pattern), as if each were written before the next.
    public func nextNumbers(for kind: DocumentKind, issued days: [Day]) -> [String] {
        let pattern = settings.numbering.pattern(for: kind)
        let existing = series()
        var last: [Int?: Int] = [:]
        return days.map { day in
            let year = pattern.hasYear ? day.year : nil
            let next = (last[year] ?? existing[SeriesKey(kind: kind, year: year)]?.last?.sequence ?? 0) + 1
            last[year] = next
            return pattern.format(year: year, sequence: next)
        }
    }

    /// The next number of a series: one past the highest, starting at 1.
    public func nextNumber(for kind: DocumentKind, issued: Day) -> String {
        let pattern = settings.numbering.pattern(for: kind)
        let year = pattern.hasYear ? issued.year : nil
        let last = series()[SeriesKey(kind: kind, year: year)]?.last?.sequence ?? 0
        return pattern.format(year: year, sequence: last + 1)
    }
}
