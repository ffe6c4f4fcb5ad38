import Foundation
import InvoicBook
import InvoicMoney

/// The items table, the totals, the payment details, the notes and the page footer: the same
/// arrangement in every template, sized and coloured by it.
extension Composer {
    private var inset: Double { color("band") != nil ? 8 : 0 }
    private var gutter: Double { 12 }

    private struct Columns {
        var description: (x: Double, width: Double)
        var quantity: (x: Double, width: Double)
        var rate: (x: Double, width: Double)
        var amount: (x: Double, width: Double)
    }

    /// The table's columns, the quantity column widened from the template's width to the widest
    /// quantity of the document (`62,5 Std.` never wraps), as long as the description keeps a
    /// third of the table; past that, quantities wrap within the template's width.
    private func columns(widestQuantity: Double = 0) -> Columns {
        let table = template.table
        let amountX = right - inset - table.amountWidth
        let rateX = amountX - table.rateWidth
        let descriptionX = left + inset
        var quantityWidth = table.quantityWidth
        let wanted = widestQuantity + gutter
        if wanted > quantityWidth, rateX - wanted - gutter - descriptionX >= (right - left) / 3 { quantityWidth = wanted }
        let quantityX = rateX - quantityWidth
        return Columns(description: (descriptionX, max(40, quantityX - gutter - descriptionX)),
                       quantity: (quantityX, quantityWidth), rate: (rateX, table.rateWidth), amount: (amountX, table.amountWidth))
    }

    /// The table's header row (repeated at the top of every page the table continues on) and one block per item.
    mutating func itemsTable() -> (header: FlowBlock, rows: [FlowBlock]) {
        // Quantities never wrap (`3.5 day`) when the table can make room: shaped first, to size their column.
        var quantities = document.items.map { item in
            block(text.quantity(item.quantity?.value ?? DecimalNumber(integer: 1), unit: item.unit), .quantity)
        }
        let columns = columns(widestQuantity: quantities.map(\.width).max() ?? 0)
        let band = color("band")
        let padding = band != nil ? 7.0 : 0
        let cells = [
            (labels["description"], columns.description, TextAlignment.left),
            (labels["quantity"], columns.quantity, .center),
            (labels["rate"], columns.rate, .right),
            (labels["amount"], columns.amount, .right),
        ]
        var ops: [DrawOp] = []
        var textHeight = 0.0
        var headerTexts: [DrawOp] = []
        for (label, column, alignment) in cells {
            let text = block(label, .tableHeader, width: column.width + (alignment == .right ? trailingTracking(.tableHeader) : 0), alignment: alignment)
            headerTexts.append(.text(text, x: column.x, y: padding))
            textHeight = max(textHeight, text.height)
        }
        var headerBottom = padding + textHeight + (band != nil ? padding : 10)
        if let band { ops.append(.rect(Rect(x: left, y: 0, width: contentWidth, height: headerBottom), fill: band, stroke: nil, lineWidth: 0, radius: 0)) }
        // Tagged as a table for screen readers: a row of header cells, then a row per line.
        ops += [.beginTag("Table"), .beginTag("TR")] + headerTexts.flatMap { [.beginTag("TH"), $0, .endTag("TH")] } + [.endTag("TR")]
        let rule = template.table.headerRule
        if rule > 0 {
            ops.append(.line(x1: left, y1: headerBottom + rule / 2, x2: right, y2: headerBottom + rule / 2, width: rule, color: color("strong") ?? .black))
            headerBottom += rule
        }
        let header = FlowBlock(height: headerBottom, ops: ops, spaceBefore: 28, keepWithNext: true)

        let rates = Set(figures.lines.map(\.tax))
        var rows: [FlowBlock] = []
        for (index, item) in document.items.enumerated() {
            let line: (amount: Int64, tax: TaxRate) = index < figures.lines.count ? (figures.lines[index].amount, figures.lines[index].tax) : (0, TaxRate(rate: .zero))
            let pad = template.table.rowPadding
            let description = block(item.description.trimmingCharacters(in: .whitespacesAndNewlines), .description, width: columns.description.width)
            // Centred by hand; wrapped only when the table could not make the column wide enough.
            var quantity = quantities[index]
            if quantity.width > columns.quantity.width {
                quantity = block(quantity.text, .quantity, width: columns.quantity.width, alignment: .center)
                quantities[index] = quantity
            }
            // A price per a base quantity says so: `12,50 € / 1000`.
            let price = text.price(item.price.value) + (item.per.map { " / " + MoneyFormat.number($0.value, locale: text.locale) } ?? "")
            let rate = block(price, .rate, width: columns.rate.width, alignment: .right)
            let amount = block(text.money(line.amount), .amount, width: columns.amount.width, alignment: .right)
            var descriptionOps: [DrawOp] = [.text(description, x: columns.description.x, y: pad)]
            var cellOps: [DrawOp] = []
            var height = description.height
            var cellsHeight = 0.0
            // Cells share the description's first baseline.
            for (cell, column) in [(quantity, columns.quantity), (rate, columns.rate), (amount, columns.amount)] {
                let y = pad + description.baseline - cell.baseline
                let x = cell.boxWidth == nil ? column.x + (column.width - cell.width) / 2 - cell.offset : column.x
                cellOps += [.beginTag("TD"), .text(cell, x: x, y: y), .endTag("TD")]
                height = max(height, y - pad + cell.height)
                cellsHeight = max(cellsHeight, y - pad + cell.height)
            }
            // Under the description: the line's discounts and charges, then its tax when the
            // document has several.
            var notes: [String] = []
            if let id = item.itemID { notes.append(labels["item_id"] + " " + id) }
            if let period = item.period?.value { notes.append(labels["period"] + " " + text.date(period.from) + " – " + text.date(period.to)) }
            if let note = item.note { notes.append(note) }
            if let list = item.listPrice { notes.append(labels["list_price"] + " " + text.price(list.value)) }
            notes += item.discounts.map { adjustmentText($0, sign: "−") } + item.charges.map { adjustmentText($0, sign: "+") }
            if rates.count > 1 { notes.append(taxLabel(line.tax)) }
            if !notes.isEmpty {
                let note = block(notes.joined(separator: "\n"), .note, width: columns.description.width)
                descriptionOps.append(.text(note, x: columns.description.x, y: pad + description.height + 2))
                height = max(height, description.height + 2 + note.height)
            }
            let isLast = index == document.items.count - 1
            // A row taller than a page (under the repeated header) goes on in rows of a quarter
            // page's worth of its description's lines (so a page is left at most that much short);
            // the quantity, price and amount are in the first.
            let room = bodyHeight - headerBottom - 2 * pad - max(0, template.table.rowRule) - 1
            var pieces: [(ops: [DrawOp], height: Double)] = [(descriptionOps, height)]
            if height > room, room > 0 {
                pieces = []
                var cuts = lineCuts(description, .description, width: columns.description.width)
                if descriptionOps.count > 1, case .text(let note, _, _) = descriptionOps[1] {
                    cuts += lineCuts(note, .note, width: columns.description.width).map { ($0.block, description.height + 2 + $0.top, $0.y, $0.height) }
                }
                var start = 0
                while start < cuts.count {
                    var end = start + 1
                    while end < cuts.count, cuts[end].top + cuts[end].height - cuts[start].top <= room / 4 { end += 1 }
                    // The row's padding above its first piece and below its last only: the lines run on.
                    let top = cuts[start].top, lead = pieces.isEmpty ? pad : 0
                    let ops = cuts[start..<end].map { DrawOp.text($0.block, x: columns.description.x, y: lead + $0.top - top + $0.y) }
                    pieces.append((ops, cuts[end - 1].top + cuts[end - 1].height - top))
                    start = end
                }
                pieces[0].height = max(pieces[0].height, cellsHeight)
            }
            for (number, piece) in pieces.enumerated() {
                // The later pieces are rows of their own, their other cells empty.
                let cells = number == 0 ? cellOps : Array(repeating: [DrawOp.beginTag("TD"), .endTag("TD")], count: 3).flatMap { $0 }
                var rowOps: [DrawOp] = [.beginTag("TR"), .beginTag("TD")] + piece.ops + [.endTag("TD")] + cells + [.endTag("TR")]
                let lastPiece = number == pieces.count - 1
                if isLast, lastPiece { rowOps.append(.endTag("Table")) }
                var rowHeight = (number == 0 ? pad : 0) + piece.height + (lastPiece ? pad : 0)
                if lastPiece, !isLast, template.table.rowRule > 0 {
                    let width = template.table.rowRule
                    rowOps.append(.line(x1: left, y1: rowHeight + width / 2, x2: right, y2: rowHeight + width / 2, width: width, color: color("rule") ?? .black))
                    rowHeight += width
                }
                rows.append(FlowBlock(height: rowHeight, ops: rowOps, isTableRow: true))
            }
        }
        return (header, rows)
    }

    /// `− Loyalty 20 %` or `+ Insurance 1,50 €`: what a line's discount or charge is, as written.
    func adjustmentText(_ adjustment: LineAdjustment, sign: String) -> String {
        let what = adjustment.percent.map { text.rate($0.value) } ?? adjustment.amount.map { text.price($0.value) } ?? ""
        return [sign, adjustment.reason, what].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Subtotal, discount, one line per tax rate, the total; with payments, what was paid and what is due.
    /// - Parameter stamped: whether invoi's status stamp sits in the room left of the totals
    ///   (not when the payment details take that room).
    mutating func totals(stamped: Bool = true) -> FlowBlock {
        let breakdown = figures.breakdown
        let width = template.totals.width
        let x = right - inset - width
        var ops: [DrawOp] = []
        var y = 0.0

        func row(_ composer: inout Composer, _ label: String, _ value: String, labelStyle: Template.Style = .totalsLabel,
                 valueStyle: Template.Style = .totalsValue) {
            let valueBlock = composer.block(value, valueStyle)
            let labelBlock = composer.block(label, labelStyle, width: max(40, width - valueBlock.width - 16))
            let baseline = max(labelBlock.baseline, valueBlock.baseline)
            ops.append(.text(labelBlock, x: x, y: y + baseline - labelBlock.baseline))
            ops.append(.text(valueBlock, x: x + width - valueBlock.width - valueBlock.offset + composer.trailingTracking(valueStyle), y: y + baseline - valueBlock.baseline))
            y += max(baseline - labelBlock.baseline + labelBlock.height, baseline - valueBlock.baseline + valueBlock.height) + 6
        }

        for (label, amount) in Self.figureRows(document: document, figures: figures, text: text, reading: reading != nil, labels: { labels[$0] }) {
            row(&self, label, text.money(amount))
        }
        y += 4
        let ruleWidth = min(width, template.totals.ruleWidth)
        ops.append(.line(x1: x + width - ruleWidth, y1: y + 0.5, x2: x + width, y2: y + 0.5, width: 1, color: color("rule") ?? .black))
        y += 12
        row(&self, labels["total"], text.money(breakdown.total), labelStyle: .totalLabel, valueStyle: .totalValue)
        // The VAT total in a second currency (BT-111), e.g. the seller's national one: under the
        // total, as information, never part of the sum.
        if let converted = figures.taxInTaxCurrency, let target = document.taxCurrency?.value.currency {
            row(&self, labels["tax"] + " (" + target.code + ")", MoneyFormat.format(converted, target, locale: figures.locale))
        }
        // The document as issued: what was paid by its issue day is prepaid, and the amount due is
        // what it asked for then. Later payments belong to the account, never to the page.
        let thirdParty = reading?.thirdPartyPaid ?? 0
        if issued.prepaid != 0 || issued.rounding != 0 || thirdParty != 0 || issued.withheld != 0 || issued.splitPaymentTax != 0 {
            y += 2
            let credit = document.kind == .creditNote
            // Taxes the client withholds (Spain's "Retención IRPF 15 %") come off after VAT.
            for withheld in figures.withholdings {
                row(&self, labels.format("withholding", ["kind": withheld.kind, "rate": text.rate(withheld.rate)]), text.money(-withheld.amount))
            }
            // Italy's split payment: the public client pays the VAT to the State, not to us.
            if issued.splitPaymentTax != 0 { row(&self, labels["split_payment_vat"], text.money(-issued.splitPaymentTax)) }
            if issued.prepaid != 0 { row(&self, labels[credit && figures.prepaid == 0 ? "refunded" : "prepaid"], text.money(-issued.prepaid)) }
            if issued.rounding != 0 { row(&self, labels["rounding"], text.money(issued.rounding)) }
            if thirdParty != 0 { row(&self, labels["view_third_party"], text.money(thirdParty)) }
            row(&self, labels[credit ? "credit_remaining" : "amount_due"], text.money(amountDue), labelStyle: .totalsValue, valueStyle: .amount)
        }
        // "Słownie": the amount asked for, in Polish words, when the book asks (`amount_in_words:`).
        if let words = amountInWords(issued.prepaid != 0 || issued.rounding != 0 || thirdParty != 0 || issued.withheld != 0 || issued.splitPaymentTax != 0 ? amountDue : breakdown.total) {
            let line = block(words, .totalsLabel, width: width)
            ops.append(.text(line, x: x, y: y + 2))
            y += line.height + 8
        }
        // invoi sets the status stamp like a rubber stamp, beside the totals.
        if stamped, template.layout == .invoi, let stamp {
            let probe = stampOps(label: stamp.label, color: stamp.color, rightEdge: 0, top: 0)
            let width = -probe.minX
            let stampRight = min(x - 24, left + (x - 24 - left) / 2 + width / 2)
            ops += stampOps(label: stamp.label, color: stamp.color, rightEdge: stampRight, top: max(0, (y - 6 - probe.bottom) / 2)).ops
        }
        return FlowBlock(height: y - 6, ops: ops, spaceBefore: 18)
    }

    /// PAYMENT DETAILS: a rule, the label, then payee, bank, account and BIC in two columns, for
    /// an invoice paid by transfer; for one paid by direct debit or card, how it is paid.
    /// - Parameter width: the column it is set in, from the left margin: the content's width, or
    ///   the room beside the totals when the page would otherwise spill.
    mutating func paymentDetails(width columnWidth: Double? = nil) -> FlowBlock? {
        let contentWidth = columnWidth ?? self.contentWidth
        let right = left + contentWidth
        let payment = parties.settings.payment
        let means = figures.paymentMeans
        var how: String?
        if means?.isDirectDebit == true {
            how = labels.format("payment_direct_debit", ["iban": client?.iban?.value ?? "–", "mandate": document.mandate?.value ?? "–"])
        } else if means?.isCard == true, let card = document.card?.value {
            how = labels.format("payment_card", ["card": card])
        }
        let byTransfer = means.map { $0.isTransfer || !($0.isDirectDebit || $0.isCard || $0 == .cash) } ?? true
        // A credit note asks for no payment: it gives money back.
        let readingRows = reading.map { $0.paymentReference != nil || $0.paymentTerms != nil } ?? false
        guard document.kind == .invoice, copy?.status != .void, (byTransfer && !payment.isEmpty) || how != nil || readingRows else { return nil }
        var ops: [DrawOp] = [.line(x1: left, y1: 0.5, x2: right, y2: 0.5, width: 1, color: color("rule") ?? .black)]
        var y = 18.0
        let label = block(labels["payment_details"], .label)
        ops.append(.text(label, x: left, y: y))
        let top = y
        y += label.height + 8
        // A payment code at the right, for a banking app: EPC069-12 (SEPA credit transfer) for an
        // invoice in EUR to an IBAN with an amount due. 30 mm square, the text beside it narrower.
        var codeBottom = 0.0
        var textWidth = contentWidth
        // A supplier's e-invoice whose amount due contradicts its own figures gets no code: the
        // reader decides what to pay (the findings say why).
        if byTransfer, reading?.statedDue == nil, let payload = parties.paymentCode(codeAmount),
           let code = QRCode(payload) {
            let side = 30 / 25.4 * 72
            let caption = block(labels["pay_with_app"], .note, width: side + 24, alignment: .center)
            let x = right - side
            // What the code is, for a reader who hears the page: a transfer of the amount due to
            // the beneficiary (field 6 of the payload). The IBAN is in the payment details as text.
            let beneficiary = payload.split(separator: "\n", omittingEmptySubsequences: false)[5]
            let alt = "\(labels["pay_with_app"]): EPC QR code, \(beneficiary), \(text.money(codeAmount)), \(document.number)"
            ops.append(.qrCode(code, Rect(x: x, y: top, width: side, height: side), alt: alt))
            ops.append(.text(caption, x: x + side / 2 - (side + 24) / 2, y: top + side + 4))
            codeBottom = top + side + 4 + caption.height + 4
            textWidth = contentWidth - side - 24
        }
        let labelWidth = template.paymentLabelWidth
        let rows: [(String, String?)] = byTransfer
            ? [("beneficiary", payment.beneficiary), ("bank", payment.bank), ("account", payment.account), ("bic", payment.bic)] : []

        for (key, value) in rows {
            guard let value, !value.isEmpty else { continue }
            let name = block(labels[key], .paymentLabel, width: labelWidth - 8)
            let text = block(value, .paymentValue, width: textWidth - labelWidth)
            let baseline = max(name.baseline, text.baseline)
            ops.append(.text(name, x: left, y: y + baseline - name.baseline))
            ops.append(.text(text, x: left + labelWidth, y: y + baseline - text.baseline))
            y += max(name.height, text.height) + 2
        }
        if let how {
            let text = block(how, .paymentValue, width: textWidth)
            ops.append(.text(text, x: left, y: y))
            y += text.height + 2
        }
        // A supplier's e-invoice: its payment reference and terms, each a line of its own.
        let said = [("view_payment_reference", reading?.paymentReference), ("view_terms", reading?.paymentTerms)]
            .compactMap { key, value in value.map { labels[key] + ": " + $0 } }
        if !said.isEmpty {
            y += 4
            let text = block(said.joined(separator: "\n"), .paymentValue, width: textWidth)
            ops.append(.text(text, x: left, y: y))
            y += text.height + 2
        }
        if let instructions = payment.instructions?.trimmingCharacters(in: .whitespacesAndNewlines), !instructions.isEmpty {
            y += 6
            let text = block(instructions, .notes, width: textWidth)
            ops.append(.text(text, x: left, y: y))
            y += text.height + 4
        }
        return FlowBlock(height: max(y - 2, codeBottom), ops: ops, spaceBefore: 26)
    }

    /// The rows of the totals above the total, as amounts: the subtotal, the discount, the
    /// document's allowances and charges, one row per tax group shown and, with several, the tax
    /// total. The PDF prints them and the web app's document page shows the same rows.
    /// - Parameter reading: a supplier's e-invoice, which may state its VAT without a breakdown.
    static func figureRows(document: Document, figures: Figures, text: DocumentText, reading: Bool, labels: (String) -> String) -> [(String, Int64)] {
        let breakdown = figures.breakdown
        var rows: [(String, Int64)] = [(labels("subtotal"), breakdown.subtotal)]
        // A written discount is shown even when it rounds to 0.00: the client sees it was granted.
        if breakdown.discount != 0 || document.discount != nil {
            var label = labels("discount")
            if case .percentage(let rate)? = document.discount?.value { label += " " + text.rate(rate) }
            rows.append((label, -breakdown.discount))
        }
        // Document allowances and charges, each by its reason (EN 16931 BG-20, BG-21).
        for (adjustment, amount) in zip(document.allowances, figures.allowances) {
            rows.append((adjustment.reason ?? labels("allowance"), -amount))
        }
        for (adjustment, amount) in zip(document.charges, figures.charges) {
            rows.append((adjustment.reason ?? labels("charge"), amount))
        }
        let groups = taxGroupsShown(breakdown.groups)
        for group in groups {
            rows.append((taxLabel(group.taxRate, text: text, labels: labels), group.tax))
        }
        // A supplier's e-invoice may state its VAT without a breakdown (Factur-X MINIMUM): the sum alone.
        if groups.count > 1 || (reading && groups.isEmpty && breakdown.tax != 0) { rows.append((labels("tax_total"), breakdown.tax)) }
        return rows
    }

    /// The tax lines of the totals: every taxed group, and every group whose category the law
    /// wants named (exempt, reverse charge, intra-EU, export, outside the scope of VAT). A
    /// zero-rated group is named only beside other groups: a book that charges no tax at all
    /// prints no "Tax 0 %" line.
    var taxGroupsShown: [TaxGroup] { Self.taxGroupsShown(figures.breakdown.groups) }

    /// The groups of `taxGroupsShown`, for the web app's document page as for the PDF.
    static func taxGroupsShown(_ groups: [TaxGroup]) -> [TaxGroup] {
        groups.filter { group in
            switch group.category {
            case .zero: return groups.count > 1
            case .exempt, .reverseCharge, .intraCommunity, .export, .outsideScope: return true
            case .standard, .canaryIslands, .ceutaMelilla, .splitPayment: return !group.rate.isZero
            }
        }
    }

    /// `Tax 20 %`, `VAT 0 % · reverse charge`, `not subject to VAT`.
    func taxLabel(_ tax: TaxRate) -> String { Self.taxLabel(tax, text: text) { labels[$0] } }

    static func taxLabel(_ tax: TaxRate, text: DocumentText, labels: (String) -> String) -> String {
        let rate = "\(labels("tax")) \(text.rate(tax.rate))"
        switch tax.category {
        case .standard, .canaryIslands, .ceutaMelilla, .splitPayment: return rate
        // A plain `Tax 0 %` names a zero-rated group in every tax system, sales tax included.
        case .zero: return rate
        case .exempt: return rate + " · " + labels("tax_exempt")
        case .reverseCharge: return rate + " · " + labels("tax_reverse_charge")
        case .intraCommunity: return rate + " · " + labels("tax_intra_eu")
        case .export: return rate + " · " + labels("tax_export")
        case .outsideScope: return labels("tax_outside_scope")
        }
    }

    /// `amount` in Polish words under the label "Słownie: {amount}", on a document in Polish of a
    /// book that asks for it (`amount_in_words: true`); the words exist in Polish only.
    func amountInWords(_ amount: Int64) -> String? {
        guard parties.settings.amountInWords, reading == nil, figures.locale.lowercased().hasPrefix("pl") else { return nil }
        return labels.format("amount_in_words", ["amount": PolishWords.amount(amount, figures.currency)])
    }

    /// Why no VAT is charged, as the law asks it printed: the document's (or its client's, or the
    /// book's) `exemption:` text, else the category's legal text in the document's language.
    var legalTexts: [String] {
        let exemption = (document.exemption ?? client?.exemption ?? parties.settings.defaults.exemption)?.value
        var texts: [String] = []
        for category in Set(figures.breakdown.groups.map(\.category)).sorted() where category.needsExemptionReason {
            let fallback: String? = switch category {
            case .reverseCharge: labels["legal_reverse_charge"]
            case .intraCommunity: labels["legal_intra_eu"]
            case .export: labels["legal_export"]
            case .outsideScope: labels["legal_outside_scope"]
            default: nil
            }
            if let text = exemption?.text ?? fallback, !texts.contains(text) { texts.append(text) }
        }
        // A French book's invoices and credit notes: the mentions of Code de commerce L441-9/L441-10
        // the e-invoice carries as notes PMT, PMD and AAB (docs/france.md), and the option for VAT on debits.
        if parties.settings.isFrench, reading == nil, !isEstimate, !document.isStatement {
            texts += ["fr_recovery_fee", "fr_late_penalties", "fr_no_discount"].map { labels[$0] }
            if parties.settings.vatOnDebits { texts.append(labels["fr_vat_on_debits"]) }
        }
        // Poland's split payment (MPP): the words art. 106e ust. 1 pkt 18a of the VAT Act asks for.
        if document.splitPayment?.value == true, reading == nil, !isEstimate { texts.append(labels["split_payment"]) }
        // An invoice that goes through the SdI: the PDF is its courtesy copy (docs/italy.md).
        if parties.isCourtesyCopy { texts.append(labels["courtesy_copy"]) }
        return texts
    }

    /// The legal texts and the document's notes, set at the foot of the last page; notes taller
    /// than a page follow what comes before them, a line at a time, onto as many pages as they need.
    mutating func notes() -> [FlowBlock] {
        let written = document.notes?.trimmingCharacters(in: .whitespacesAndNewlines)
        let notes = (legalTexts + [written].compactMap { $0 }.filter { !$0.isEmpty }).joined(separator: "\n")
        guard !notes.isEmpty else { return [] }
        let text = block(notes, .notes, width: contentWidth)
        guard text.height > bodyHeight else {
            return [FlowBlock(height: text.height, ops: [.text(text, x: left, y: 0)], spaceBefore: 20, pinnedToBottom: true)]
        }
        var lines = lineCuts(text, .notes, width: contentWidth).map { FlowBlock(height: $0.height, ops: [.text($0.block, x: left, y: $0.y)]) }
        lines[0].spaceBefore = 20
        return lines
    }

    /// The number and "Page 2 of 3" under the bottom margin line.
    mutating func footer(page: Int, of pages: Int) -> [DrawOp] {
        switch template.pageNumbers {
        case .never: return []
        case .auto where pages == 1: return []
        default: break
        }
        let number = block(document.number, .footer)
        let count = block(labels.format("page", ["page": String(page), "pages": String(pages)]), .footer)
        let y = bottom + max(6, (template.margins.bottom - number.height) / 2 - 2)
        // Running page furniture (Pagination, in PDF/UA's words): the number is in the header too.
        return [.beginArtifact, .text(number, x: left, y: y), .text(count, x: right - count.width - count.offset, y: y), .endArtifact]
    }
}
