/// The whole document: the header, then the template's blocks in its order, on pages.
extension Composer {
    mutating func pages() -> [[DrawOp]] {
        var blocks: [FlowBlock] = [template.layout == .classic ? classicHeader() : invoiHeader()]
        var tableHeader: FlowBlock?
        var totalsIndex: Int?
        var paymentIndex: Int?
        for kind in template.blocks {
            switch kind {
            case .parties:
                blocks.append(template.layout == .classic ? classicParties() : invoiParties())
            case .items:
                let table = itemsTable()
                tableHeader = table.header
                tableHeader?.spaceBefore = 0
                // Repeated on a new page, the header row continues the table the first one opened.
                tableHeader?.ops.removeAll { if case .beginTag("Table") = $0 { return true } else { return false } }
                blocks.append(table.header)
                blocks += table.rows
            case .totals:
                // The totals never stand alone at the top of a page: the last row comes along.
                if var last = blocks.last, last.isTableRow {
                    last.keepWithNext = true
                    blocks[blocks.count - 1] = last
                }
                totalsIndex = blocks.count
                blocks.append(totals())
            case .payment:
                if let block = paymentDetails() {
                    paymentIndex = blocks.count
                    blocks.append(block)
                }
            case .notes:
                if let block = notes() { blocks.append(block) }
            }
        }
        // A Swiss QR-bill takes the foot of the last page; the notes then follow the payment details.
        let bill = swissBill.flatMap { swissBillBlock($0) }
        if let bill {
            for index in blocks.indices where blocks[index].pinnedToBottom { blocks[index].pinnedToBottom = false }
            blocks.append(bill)
        }
        let pagination = Pagination(top: top, bottom: bottom)
        var (pages, lastPageStart) = pagination.layout(blocks, tableHeader: tableHeader)
        // A last page holding only what follows the totals (payment details, notes) is a page
        // the client turns for nothing: the same blocks with the spacing drawn in once more, if
        // that brings them onto the page before.
        if pages.count > 1, let totalsIndex, lastPageStart > totalsIndex {
            func tightened(_ blocks: [FlowBlock]) -> [FlowBlock] {
                var tight = blocks
                for index in tight.indices where !tight[index].isTableRow {
                    tight[index].spaceBefore = min(tight[index].spaceBefore, index > totalsIndex ? 10 : 16)
                }
                return tight
            }
            let retry = pagination.layout(tightened(blocks), tableHeader: tableHeader)
            if retry.pages.count < pages.count {
                pages = retry.pages
            } else if let paymentIndex, let beside = paymentBesideTotals(blocks[totalsIndex]) {
                // Still a page too many: the payment details go into the room left of the totals.
                var merged = blocks
                merged[totalsIndex] = beside
                merged.remove(at: paymentIndex)
                let again = pagination.layout(tightened(merged), tableHeader: tableHeader)
                if again.pages.count < pages.count { pages = again.pages }
            }
        }
        for index in pages.indices where bill == nil || index < pages.count - 1 {
            pages[index] += footer(page: index + 1, of: pages.count)
        }
        return pages
    }

    /// The totals with the payment details set in the column to their left, when that column is
    /// wide enough and empty (no stamp there).
    mutating func paymentBesideTotals(_ totals: FlowBlock) -> FlowBlock? {
        guard template.layout == .classic || stamp == nil else { return nil }
        let room = contentWidth - template.totals.width - 32
        guard room >= 220, let payment = paymentDetails(width: room) else { return nil }
        var combined = totals
        combined.ops += payment.ops
        combined.height = max(totals.height, payment.height)
        return combined
    }
}
