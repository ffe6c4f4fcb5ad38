import InvoicDiagnostics
import InvoicYAML

extension Recurring {
    /// Reads `recurring/NAME.yaml`: the schedule keys here, the invoice keys as the invoice
    /// decoder reads them, so a wrong tax or a missing price is reported at its line in this file
    /// before any invoice is written from it.
    static func decode(_ root: YAMLNode?, name: String, file: String, bytes: [UInt8], limits: BookLimits, reader: inout ValueReader) -> Recurring? {
        guard let fields = reader.topLevel(root, table: Schema.recurring) else { return nil }
        var every: Located<Interval>?
        if let node = fields["every"], let text = reader.text(node) {
            if let interval = Interval(text) {
                every = Located(interval, at: node.range)
            } else {
                reader.error(.wrongType, "`\(text)` is not a schedule", at: node.range,
                             help: "write day, week, month, quarter or year, or a number of them: `2 weeks`, `6 months`")
            }
        }
        var on: Located<Int>?
        if let node = fields["on"], let text = reader.text(node) {
            if let day = Int(text), (1...31).contains(day) {
                on = Located(day, at: node.range)
                if let unit = every?.value.unit, unit == .day || unit == .week {
                    reader.error(.wrongType, "`on:` is a day of the month, and this schedule repeats every \(every!.value)", at: node.range,
                                 help: "remove `on:`; a weekly schedule repeats on the start's weekday")
                }
            } else {
                reader.error(.invalidNumber, "`\(text)` is not a day of the month", at: node.range, help: "write 1 to 31; 31 means the month's last day")
            }
        }
        let start = reader.date(fields["start"])
        let until = reader.date(fields["until"])
        if let start, let until, until.value < start.value {
            reader.error(.invalidDate, "the schedule ends on \(until.value), before it starts on \(start.value)", at: until.range,
                         help: "`until:` is the last day an invoice may be issued; remove it to repeat without end")
        }
        let period = reader.oneOf(fields["period"], ["true", "false"], what: "flag (true or false)")?.value == "true"
        let body = decodeBody(root, file: file, name: name, bytes: bytes, start: start?.value, limits: limits, reader: &reader)
        guard let every, let start else { return nil }
        return Recurring(name: name, file: file, client: body?.client ?? Located("", at: fields.node.range), every: every, on: on,
                         start: start, until: until, period: period, body: body, range: fields.node.range)
    }

    /// The invoice keys decoded as an invoice: the schedule's lines blanked (so every other line
    /// keeps its number) and the start appended as the issue date.
    private static func decodeBody(_ root: YAMLNode?, file: String, name: String, bytes: [UInt8], start: Day?, limits: BookLimits,
                                   reader: inout ValueReader) -> Document? {
        guard let root, let pairs = root.mapping, !root.isFlow else { return nil }
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let schedule = Set(Schema.schedule.map(\.name))
        for pair in pairs where schedule.contains(pair.key.keyText ?? "") {
            for line in pair.key.range.start.line...max(pair.key.range.start.line, pair.value.lastLine) where line - 1 < lines.count {
                lines[line - 1] = ""
            }
        }
        lines.append("issued: \(start ?? Day(year: 2000, month: 1, day: 1)!)")
        let parsed = BookFileDecoder.parse(Array(lines.joined(separator: "\n").utf8), path: file, limits: limits)
        var bodyReader = ValueReader(file: file)
        let document = Document.decode(parsed.root, kind: .invoice, number: "recurring/\(name)", file: file, limits: limits, reader: &bodyReader)
        // Unknown keys were reported against the recurring table already.
        reader.diagnostics += bodyReader.diagnostics.filter { $0.code != .unknownKey }
        return document
    }
}
