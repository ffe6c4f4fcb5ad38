/// Puts flow blocks on as many pages as they need: a block that does not fit starts a new page,
/// a page that starts inside the items table repeats the table's header, a block marked
/// keep-with-next never ends a page (so the totals are never split from the last row), a block
/// marked break-before starts one (the composer moves the last rows over so that a page never holds
/// only what follows the totals), and the notes sit at the foot of the last page.
struct Pagination {
    let top: Double
    let bottom: Double

    func paginate(_ blocks: [FlowBlock], tableHeader: FlowBlock?) -> [[DrawOp]] {
        layout(blocks, tableHeader: tableHeader).pages
    }

    /// The pages, and the index of the first block on the last one.
    func layout(_ blocks: [FlowBlock], tableHeader: FlowBlock?) -> (pages: [[DrawOp]], lastPageStart: Int) {
        var pages: [[DrawOp]] = [[]]
        var lastPageStart = 0
        var y = top
        var pageIsEmpty = true

        var current = 0
        func newPage() {
            pages.append([])
            y = top
            pageIsEmpty = true
            lastPageStart = current
        }
        func place(_ block: FlowBlock, at position: Double) {
            pages[pages.count - 1] += block.ops.map { $0.offset(by: position) }
            y = position + block.height
            pageIsEmpty = false
        }

        for (index, block) in blocks.enumerated() {
            current = index
            var needed = block.spaceBefore + block.height
            // A chain of keep-with-next blocks must fit with its first follower.
            var next = index
            while blocks[next].keepWithNext, next + 1 < blocks.count {
                next += 1
                needed += blocks[next].spaceBefore + blocks[next].height
                if !blocks[next].keepWithNext { break }
            }
            if block.pinnedToBottom {
                if y + block.spaceBefore + block.height > bottom, !pageIsEmpty { newPage() }
                place(block, at: max(y + (pageIsEmpty ? 0 : block.spaceBefore), bottom - block.height))
                continue
            }
            if !pageIsEmpty, y + needed > bottom || block.breakBefore {
                newPage()
            }
            if pageIsEmpty, block.isTableRow, let tableHeader {
                place(tableHeader, at: y)
            }
            place(block, at: pageIsEmpty ? y : y + block.spaceBefore)
        }
        return (pages, lastPageStart)
    }
}
