extension IndexReport {
    /// Plain text for a terminal: titled sections of aligned columns, no colour, no trailing spaces.
    public func text() -> String {
        var out = title + "\n"
        for line in preamble { out += line + "\n" }
        for section in sections {
            out += "\n" + section.title + "\n" + String(repeating: "-", count: displayWidth(section.title)) + "\n"
            for (index, block) in section.blocks.enumerated() {
                switch block {
                case .note(let text): out += "  " + text + "\n"
                case .heading(let text): out += (index == 0 ? "" : "\n") + "  " + text + "\n"
                case .table(let table):
                    var text = TextTable(table.columns.map { ($0.title, $0.alignment) })
                    for row in table.rows { text.add(row.map(\.text)) }
                    out += text.rendered()
                }
            }
        }
        return out
    }
}
