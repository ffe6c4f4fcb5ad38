/// The whole document: the header, then the template's blocks in its order, on pages.
extension Composer {
    mutating func pages() -> [[DrawOp]] {
        var blocks: [FlowBlock] = [template.layout == .classic ? classicHeader() : invoiHeader()]
        if let qr = veriFactuBlock() { blocks.append(qr) }
        var tableHeader: FlowBlock?
        var totalsIndex: Int?
        var paymentIndex: Int?
        for kind in template.blocks {
            switch kind {
            case .parties:
                blocks.append(template.layout == .classic ? classicParties() : invoiParties())
            case .items:
                // A supplier's e-invoice of a profile without lines says so where the table would be.
                if reading != nil, document.items.isEmpty {
                    blocks.append(noLinesBlock())
                    continue
                }
                let table = ledger.map { ledgerTable($0) } ?? itemsTable()
                // Repeated on a new page, the header row is for the eye: a screen reader has heard
                // the column headers once, and every cell is already tied to its header.
                var repeated = table.header
                repeated.spaceBefore = 0
                repeated.ops = [.beginArtifact] + repeated.ops.filter {
                    switch $0 {
                    case .beginTag, .endTag: return false
                    default: return true
                    }
                } + [.endArtifact]
                tableHeader = repeated
                blocks.append(table.header)
                blocks += table.rows
            case .totals:
                // The totals never stand alone at the top of a page: the last row comes along.
                if var last = blocks.last, last.isTableRow {
                    last.keepWithNext = true
                    blocks[blocks.count - 1] = last
                }
                totalsIndex = blocks.count
                blocks.append(ledger.map { ledgerBalance($0) } ?? totals())
            case .payment:
                if let block = paymentDetails() {
                    paymentIndex = blocks.count
                    blocks.append(block)
                }
            case .notes:
                blocks += notes()
            }
        }
        if let verification, let block = verificationBlock(verification) { blocks.append(block) }
        // A Swiss QR-bill takes the foot of the last page; the notes then follow the payment details.
        let bill = swissBill.flatMap { swissBillBlock($0) }
        if let bill {
            for index in blocks.indices where blocks[index].pinnedToBottom { blocks[index].pinnedToBottom = false }
            blocks.append(bill)
        }
        let pagination = Pagination(top: top, bottom: bottom)
        var (pages, lastPageStart) = pagination.layout(blocks, tableHeader: tableHeader)
        // The blocks as laid out, and where their totals are.
        var laidOut = blocks
        var laidTotals = totalsIndex
        // A last page holding only what follows the totals (payment details, notes) is a page
        // the client turns for nothing: the spacing drawn in, then the payment details beside
        // the totals, then (nothing left to pay) without them, whichever first saves the page.
        if pages.count > 1, let totalsIndex, lastPageStart > totalsIndex {
            func tightened(_ blocks: [FlowBlock]) -> [FlowBlock] {
                var tight = blocks
                for index in tight.indices where !tight[index].isTableRow {
                    tight[index].spaceBefore = min(tight[index].spaceBefore, index > totalsIndex ? 8 : 12)
                }
                return tight
            }
            var attempts: [(blocks: [FlowBlock], totals: Int)] = [(blocks, totalsIndex)]
            if let paymentIndex {
                let totalsAfter = paymentIndex < totalsIndex ? totalsIndex - 1 : totalsIndex
                // The payment details in the room left of the totals.
                if let beside = paymentBesideTotals() {
                    var merged = blocks
                    merged[totalsIndex] = beside
                    merged.remove(at: paymentIndex)
                    attempts.append((merged, totalsAfter))
                }
                // An invoice with nothing left to pay does without them rather than print a page
                // of bank details alone.
                if issued.due <= 0 {
                    var paid = blocks
                    paid.remove(at: paymentIndex)
                    attempts.append((paid, totalsAfter))
                }
            }
            for attempt in attempts {
                let tight = tightened(attempt.blocks)
                let retry = pagination.layout(tight, tableHeader: tableHeader)
                if retry.pages.count < pages.count {
                    (pages, lastPageStart) = retry
                    (laidOut, laidTotals) = (tight, attempt.totals)
                    break
                }
            }
        }
        // Still a last page of leftovers (the notes, the payment details alone): the last row goes
        // over with the totals (it keeps with them), when what follows it fits that page; more rows
        // would not make more room. Notes longer than a page still flow on alone. Never the first
        // row: the table's header would end the page before.
        if pages.count > 1, let totals = laidTotals, lastPageStart > totals, totals >= 2,
           laidOut[totals - 1].isTableRow, laidOut[totals - 2].isTableRow {
            var attempt = laidOut
            attempt[totals - 1].breakBefore = true
            let retry = pagination.layout(attempt, tableHeader: tableHeader)
            if retry.pages.count <= pages.count, retry.lastPageStart <= totals { (pages, lastPageStart) = retry }
        }
        if let reading { pages += readingPages(reading) }
        for index in pages.indices where bill == nil || index < pages.count - 1 {
            pages[index] += footer(page: index + 1, of: pages.count)
        }
        return pages
    }

    /// The totals with the payment details set in the column to their left, when that column is
    /// wide enough; invoi's status stamp, which sat there, goes under the payment details.
    mutating func paymentBesideTotals() -> FlowBlock? {
        let room = contentWidth - template.totals.width - 32
        guard room >= 220, let payment = paymentDetails(width: room) else { return nil }
        var combined = totals(stamped: false)
        combined.ops += payment.ops
        combined.height = max(combined.height, payment.height)
        if template.layout == .invoi, let stamp {
            let probe = stampOps(label: stamp.label, color: stamp.color, rightEdge: 0, top: 0)
            let placed = stampOps(label: stamp.label, color: stamp.color, rightEdge: left - probe.minX + 8, top: payment.height + 10)
            combined.ops += placed.ops
            combined.height = max(combined.height, placed.bottom)
        }
        return combined
    }
}
