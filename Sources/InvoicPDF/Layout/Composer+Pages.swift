/// The whole document: the header, then the template's blocks in its order, on pages.
extension Composer {
    mutating func pages() -> [[DrawOp]] {
        var blocks: [FlowBlock] = [template.layout == .classic ? classicHeader() : invoiHeader()]
        var tableHeader: FlowBlock?
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
                blocks.append(totals())
            case .payment:
                if let block = paymentDetails() { blocks.append(block) }
            case .notes:
                if let block = notes() { blocks.append(block) }
            }
        }
        var pages = Pagination(top: top, bottom: bottom).paginate(blocks, tableHeader: tableHeader)
        for index in pages.indices {
            pages[index] += footer(page: index + 1, of: pages.count)
        }
        return pages
    }
}
