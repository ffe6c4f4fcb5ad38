import InvoicBook
import InvoicMoney

extension IndexReport {
    /// The ways a report is rendered.
    public enum Format: String, Sendable, CaseIterable {
        /// Plain text for a terminal: aligned columns, no colour.
        case text
        /// GitHub-flavoured Markdown tables.
        case markdown = "md"
        /// The invoice table only, one row per invoice.
        case csv
        /// Every section, amounts as integer minor units and as text; sorted keys.
        case json
        /// One self-contained page: inline CSS and SVG, no scripts.
        case html
        /// An iCalendar file of due dates (RFC 5545) that calendar apps subscribe to.
        case ics

        /// The file name the build writes, beside the PDFs; nil for text, which is only printed.
        public var fileName: String? {
            switch self {
            case .text: return nil
            case .markdown: return "index.md"
            case .csv: return "index.csv"
            case .json: return "index.json"
            case .html: return "index.html"
            case .ics: return "calendar.ics"
            }
        }
    }

    /// The report in `format`; the same report always gives the same bytes.
    public func render(_ format: Format) -> String {
        switch format {
        case .text: return text()
        case .markdown: return markdown()
        case .csv: return csv()
        case .json: return json()
        case .html: return html()
        case .ics: return calendar()
        }
    }

    /// The four files the build writes into `build/`, beside the PDFs they link to:
    /// `index.html`, `index.md`, `index.csv`, `index.json`, in that order.
    public func renderAll() -> [(fileName: String, bytes: [UInt8])] {
        [Format.html, .markdown, .csv, .json, .ics].map { format in
            (format.fileName!, format == .json ? jsonTree().writtenBytes() : Array(render(format).utf8))
        }
    }
}

// MARK: Shared by the renderers

extension IndexReport {
    /// `$1,234.50` in the report's locale.
    func money(_ minorUnits: Int64, _ currency: Currency) -> String {
        MoneyFormat.format(minorUnits, currency, locale: locale)
    }

    func money(_ value: Money) -> String { money(value.minorUnits, value.currency) }

    /// The report's words, in the language of its locale.
    var words: ReportWords { ReportWords.of(locale) }

    /// A line saying which filters shaped the report, or nil.
    var filterSummary: String? {
        guard !filter.isEmpty else { return nil }
        var parts: [String] = []
        if let status = filter.status { parts.append(words.format("filter_status", ["value": self.status(status)])) }
        if let client = filter.client { parts.append(words.format("filter_client", ["value": client])) }
        if let currency = filter.currency { parts.append(words.format("filter_currency", ["value": currency.code])) }
        return words.format("filtered", ["filters": parts.joined(separator: ", ")])
    }

    /// "3 documents issued after 2026-06-30 are not included", or nil.
    var notYetIssuedSummary: String? {
        guard notYetIssued > 0 else { return nil }
        return words.count("not_included", notYetIssued, ["date": today.description])
    }

    var overflowNote: String { words["overflow"] }

    /// A status as the report's language says it (`paid`, `bezahlt`).
    func status(_ status: Status) -> String { words["status_\(status.rawValue)"] }

    /// An age bucket's column title: `Current`, `1-30`, ... `90+`.
    func ageTitle(_ bucket: AgeBucket) -> String {
        switch bucket {
        case .current: words["age_current"]
        case .over90: words["age_over_90"]
        default: bucket.title
        }
    }

    /// `overdue 12 days, part paid`: a status with its age, for text and Markdown.
    func statusText(_ row: InvoiceRow) -> String {
        // The French life-cycle status, when one came, after the book's own.
        guard let state = row.lifeCycle else { return bookStatusText(row) }
        return bookStatusText(row) + " (\(state.code) \(state.name))"
    }

    private func bookStatusText(_ row: InvoiceRow) -> String {
        if row.refundOwed.minorUnits > 0 {
            return status(.void) + ", " + words.format("refund_owed", ["amount": row.refundOwed.formatted(row.locale)])
        }
        guard row.status == .overdue, let days = row.daysPastDue else { return status(row.status) }
        return words.format("overdue_by", ["days": words.count("days", days)])
            + (row.paid.minorUnits > 0 ? ", " + words["part_paid"] : "")
    }
}

/// Percent-encodes a file name for a relative link: unreserved ASCII stays, everything else
/// (spaces, `#`, `?`, `%`, non-ASCII as UTF-8) becomes `%XX`.
func urlPath(_ fileName: String) -> String {
    var result = ""
    for byte in fileName.utf8 {
        let unreserved = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
        if unreserved {
            result.unicodeScalars.append(Unicode.Scalar(byte))
        } else {
            let hex = Array("0123456789ABCDEF".unicodeScalars)
            result += "%"
            result.unicodeScalars.append(hex[Int(byte >> 4)])
            result.unicodeScalars.append(hex[Int(byte & 0x0F)])
        }
    }
    // A relative link that starts with a segment containing `:` could read as a scheme; ours cannot
    // (`:` is encoded), and `./` keeps it unambiguous anyway.
    return "./" + result
}
