import Foundation
/// The `invoi` header: the business's name large on the left with its contact beneath, the title
/// and number on the right; then BILL TO on the left and the dates in columns on the right.
extension Composer {
    mutating func invoiHeader() -> FlowBlock {
        var ops: [DrawOp] = []
        // The logo, when there is one, sits left of the name, centred on it.
        var nameX = left
        let logo = logoFrame(x: left, y: 0)
        if let logo { nameX = logo.maxX + 14 }
        let number = block(document.number, .number)
        // The name keeps its line: the title made smaller for it, or (a long name, a long title
        // such as RECHNUNGSKORREKTUR) set under it, at the right, beside the contact details.
        let (title, stacked) = titleBesideName(room: right - nameX, gap: 32, preferred: (right - nameX) * 0.5, number: number)
        let titleWidth = max(title.width, number.width)
        let nameWidth = stacked ? right - nameX : right - nameX - titleWidth - 32
        let name = block(parties.settings.business.name, .businessName, width: nameWidth)
        var nameY = 0.0
        if let logo {
            nameY = max(0, (logo.height - name.height) / 2)
            ops.append(.logo(Rect(x: logo.x, y: max(0, (name.height - logo.height) / 2), width: logo.width, height: logo.height), alt: parties.settings.business.name))
        }
        ops.append(.text(name, x: nameX, y: nameY))
        var leftY = max(nameY + name.height, logo.map { max($0.height, name.height) } ?? 0) + 8
        let detailsTop = leftY
        if let details = contactBlock(parties.settings.business, style: .contact, width: contentWidth - titleWidth - 32) {
            ops.append(.text(details, x: left, y: leftY))
            leftY += details.height
        }
        // The title shares the name's baseline; stacked, its capitals start where the details do.
        let titleY = stacked ? detailsTop - title.inkTop : nameY + name.baseline - title.baseline
        ops += [.beginTag("H1"), .text(title, x: right - title.width - title.offset + trailingTracking(.title), y: titleY), .endTag("H1")]
        var rightY = titleY + title.height + 2
        ops.append(.text(number, x: right - number.width, y: rightY))
        rightY += number.height
        // Whatever rises above the top margin (the title's ascent) moves everything down.
        let rise = -min(0, titleY)
        return FlowBlock(height: max(leftY, rightY) + rise, ops: ops.map { $0.offset(by: rise) })
    }

    mutating func invoiParties() -> FlowBlock {
        var ops: [DrawOp] = []
        // Dates in a grid of columns ending at the right margin: as many columns as fit in half the
        // width, further dates in rows beneath, under the same columns.
        let columnGap = 24.0
        var cells: [(label: TextBlock, value: TextBlock)] = []
        let available = contentWidth * 0.5
        for (label, value) in dates {
            // A reference longer than the grid's half of the page wraps within it.
            var cell = (label: block(label, .label), value: block(value, .value))
            if cell.label.width > available { cell.label = block(label, .label, width: available) }
            if cell.value.width > available { cell.value = block(value, .value, width: available) }
            cells.append(cell)
        }
        var columnCount = cells.count
        var widths: [Double] = []
        while columnCount > 0 {
            widths = (0..<columnCount).map { column in
                stride(from: column, to: cells.count, by: columnCount).map { max(cells[$0].label.width, cells[$0].value.width) }.max() ?? 0
            }
            if columnCount == 1 || widths.reduce(0, +) + columnGap * Double(columnCount - 1) <= available { break }
            columnCount -= 1
        }
        let gridWidth = widths.reduce(0, +) + columnGap * Double(max(0, columnCount - 1))
        let datesLeft = right - gridWidth
        var rightY = 0.0
        for rowStart in stride(from: 0, to: cells.count, by: max(1, columnCount)) {
            var x = datesLeft
            var rowHeight = 0.0
            for (column, index) in (rowStart..<min(cells.count, rowStart + columnCount)).enumerated() {
                let cell = cells[index]
                ops.append(.text(cell.label, x: x, y: rightY))
                ops.append(.text(cell.value, x: x, y: rightY + cell.label.height + 6))
                rowHeight = max(rowHeight, cell.label.height + 6 + cell.value.height)
                x += widths[column] + columnGap
            }
            rightY += rowHeight + 14
        }
        rightY = max(0, rightY - 14)
        for remark in remarks {
            let noteWidth = max(gridWidth, contentWidth * 0.4)
            let note = block(remark, .note, width: noteWidth, alignment: .left)
            ops.append(.text(note, x: min(datesLeft, right - noteWidth), y: rightY + 12))
            rightY += 12 + note.height
        }

        let clientWidth = min(datesLeft, right - max(gridWidth, remarks.isEmpty ? 0 : contentWidth * 0.4)) - left - 32
        let leftY = clientParty(width: clientWidth, labelGap: 6, nameGap: 4, into: &ops)
        return FlowBlock(height: max(leftY, rightY), ops: ops, spaceBefore: 28)
    }

    /// Letter spacing also follows the last letter: right-aligned tracked text moves right by it.
    func trailingTracking(_ style: Template.Style) -> Double {
        max(0, template.style(style).tracking)
    }

    /// The status stamp, its right edge at `rightEdge`, its top at `top`.
    mutating func stampOps(label: String, color colorName: String, rightEdge: Double, top: Double) -> (ops: [DrawOp], bottom: Double, minX: Double) {
        let text = block(labels[label].uppercased(), .stamp)
        let color = color(colorName) ?? template.style(.stamp).color
        let padding = (x: 12.0, y: 5.0)
        let width = text.width + 2 * padding.x, height = text.height + 2 * padding.y
        let radians = template.stamp.rotation * .pi / 180
        // The rotated frame's bounding box, so the stamp stays inside the margins.
        let boxWidth = abs(width * cos(radians)) + abs(height * sin(radians))
        let boxHeight = abs(width * sin(radians)) + abs(height * cos(radians))
        let op = DrawOp.stamp(text, centerX: rightEdge - boxWidth / 2, centerY: top + boxHeight / 2,
                              degrees: template.stamp.rotation, color: color, lineWidth: template.stamp.border, padding: padding)
        return ([op], top + boxHeight, rightEdge - boxWidth)
    }
}
