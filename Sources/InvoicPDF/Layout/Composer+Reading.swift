import InvoicBook
import InvoicMoney

/// The view of a supplier's e-invoice (issue 29): what page one says beyond the invoice, and the
/// pages after it: the facts about the document, then the rule findings on a page of their own.
extension Composer {
    /// What the page asks to be paid: the amount due as issued, or on a supplier's e-invoice what
    /// its own figures give (the reader computes it, third-party payments included).
    var amountDue: Int64 { reading?.amountDue ?? ledger.map { max($0.closing, 0) } ?? issued.due }

    /// What a payment code on this page asks for. The document as issued asks for its amount due
    /// as issued, whatever happened since (voiding or paying it later changes no byte of it); a
    /// copy asks for what is still owed on the copy's day, and for nothing once the document is
    /// settled, void or credited, so that no code asks a client to pay twice.
    var codeAmount: Int64 {
        guard let copy else { return amountDue }
        switch copy.status {
        case .paid, .void, .credited: return 0
        default: return max(copy.balance, 0)
        }
    }

    /// Beside the dates: that this is a view (the XML is the invoice), how many rules it breaks,
    /// and an amount due that contradicts the document's own figures.
    func readingRemarks(_ reading: ReadingAppendix) -> [String] {
        var lines = [labels.format("view_legal_note", ["file": reading.file])]
        if !reading.findings.isEmpty { lines.append(labels.format("view_findings_count", ["count": String(reading.findings.count)])) }
        if let stated = reading.statedDue {
            lines.append(labels.format("view_due_stated", ["stated": text.money(stated), "computed": text.money(amountDue)]))
        }
        return lines
    }

    /// Where the items table would be, for a profile that has no lines (Factur-X MINIMUM, BASIC WL).
    mutating func noLinesBlock() -> FlowBlock {
        let note = block(labels.format("view_no_lines", ["profile": reading?.profileWithoutLines ?? ""]), .description, width: contentWidth)
        return FlowBlock(height: note.height, ops: [.text(note, x: left, y: 0)], spaceBefore: 28)
    }

    /// The facts about the document, from a new page, then the findings from another.
    mutating func readingPages(_ reading: ReadingAppendix) -> [[DrawOp]] {
        var about: [FlowBlock] = [heading(labels["view_about"], spaceBefore: 0)]
        about.append(paragraph(labels.format("view_legal_note", ["file": reading.file])))
        about += pairs([(labels["view_format"], reading.format)])
        for party in reading.parties where !party.rows.isEmpty || party.name != nil {
            about.append(heading(labels[party.heading.rawValue]))
            if let name = party.name { about.append(paragraph(name)) }
            about += pairs(party.rows.map { (labels[$0.label.rawValue], $0.value) })
        }
        if !reading.references.isEmpty {
            about.append(heading(labels["view_references"]))
            about += pairs(reading.references.map { (labels[$0.label.rawValue], $0.value) })
        }
        if !reading.taxBreakdown.isEmpty {
            about.append(heading(labels["view_tax_breakdown"]))
            about += table(header: [labels["view_category"], labels["view_taxable"], labels["tax"], labels["view_exemption"]],
                           widths: [0.34, 0.2, 0.16, 0.3], rightAligned: [1, 2],
                           rows: reading.taxBreakdown.map { group in
                               [taxLabel(group.rate) + " (" + group.code + ")", text.money(group.taxable), text.money(group.tax), group.exemption ?? ""]
                           })
        }
        if !reading.attachments.isEmpty {
            about.append(heading(labels["view_attachments"]))
            about += reading.attachments.map { paragraph($0) }
        }
        var findings = [heading(labels["view_findings"], spaceBefore: 0)]
        findings[0].breakBefore = true
        if reading.findings.isEmpty {
            findings.append(paragraph(labels["view_no_findings"]))
        } else {
            findings += reading.findings.map { paragraph($0.rule + ": " + $0.message) }
        }
        // Pagination starts on a fresh page; the findings break to one of their own.
        return Pagination(top: top, bottom: bottom).paginate(about + findings, tableHeader: nil)
    }

    private mutating func heading(_ text: String, spaceBefore: Double = 22) -> FlowBlock {
        let shaped = block(text, .label, width: contentWidth)
        return FlowBlock(height: shaped.height + 6, ops: [.beginTag("H2"), .text(shaped, x: left, y: 0), .endTag("H2")],
                         spaceBefore: spaceBefore, keepWithNext: true)
    }

    private mutating func paragraph(_ text: String) -> FlowBlock {
        let shaped = block(text, .detail, width: contentWidth)
        return FlowBlock(height: shaped.height, ops: [.text(shaped, x: left, y: 0)], spaceBefore: 4)
    }

    /// Label and value in two columns, as the payment details set them; the labels' column as
    /// wide as its widest label (`Elektronische Adresse`), up to a third of the page.
    private mutating func pairs(_ rows: [(String, String)]) -> [FlowBlock] {
        let widest = rows.map { engine.block($0.0, template.style(.paymentLabel)).width }.max() ?? 0
        let labelWidth = min(contentWidth / 3, max(template.paymentLabelWidth, widest + 16))
        return rows.map { label, value in
            let name = block(label, .paymentLabel, width: labelWidth - 8)
            let shaped = block(value, .paymentValue, width: contentWidth - labelWidth)
            let baseline = max(name.baseline, shaped.baseline)
            return FlowBlock(height: max(name.height, shaped.height), ops: [
                .text(name, x: left, y: baseline - name.baseline), .text(shaped, x: left + labelWidth, y: baseline - shaped.baseline),
            ], spaceBefore: 3)
        }
    }

    /// A small table tagged as one: a header row, then a block per row.
    private mutating func table(header: [String], widths: [Double], rightAligned: Set<Int>, rows: [[String]]) -> [FlowBlock] {
        let starts = widths.indices.map { index in widths[..<index].reduce(0, +) * contentWidth }
        func row(_ composer: inout Composer, _ cells: [String], style: Template.Style, tag: String) -> (ops: [DrawOp], height: Double) {
            var ops: [DrawOp] = [.beginTag("TR")]
            var height = 0.0
            for (index, cell) in cells.enumerated() {
                let alignment: TextAlignment = rightAligned.contains(index) ? .right : .left
                // Right-aligned figures end a gutter before the next column's text.
                let shaped = composer.block(cell, style, width: widths[index] * composer.contentWidth - 12, alignment: alignment)
                ops += [.beginTag(tag), .text(shaped, x: composer.left + starts[index], y: 0), .endTag(tag)]
                height = max(height, shaped.height)
            }
            return (ops + [.endTag("TR")], height)
        }
        let head = row(&self, header, style: .tableHeader, tag: "TH")
        var blocks = [FlowBlock(height: head.height + 4, ops: [.beginTag("Table")] + head.ops, spaceBefore: 6, keepWithNext: true)]
        for (index, cells) in rows.enumerated() {
            let body = row(&self, cells, style: .detail, tag: "TD")
            blocks.append(FlowBlock(height: body.height, ops: body.ops + (index == rows.count - 1 ? [.endTag("Table")] : []), spaceBefore: 3))
        }
        if rows.isEmpty { blocks[0].ops.append(.endTag("Table")) }
        return blocks
    }
}
