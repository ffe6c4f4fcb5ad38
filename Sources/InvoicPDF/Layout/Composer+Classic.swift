/// The `classic` header: the logo top left, the business's name and contact on the right, a rule,
/// then the title with the number and the status stamp; then the client on the left and the dates
/// as label/value rows on the right.
extension Composer {
    mutating func classicHeader() -> FlowBlock {
        var ops: [DrawOp] = []
        let business = parties.settings.business
        let number = block(document.number, .number)
        // Without a logo the title sits beside the name: made smaller for the name to keep its
        // line, or (a long name, a long title such as RECHNUNGSKORREKTUR) set under it, as it is
        // under a logo.
        var title: TextBlock, titleBelow = hasLogo
        if hasLogo {
            title = titleBlock(maxWidth: contentWidth * 0.5)
        } else {
            (title, titleBelow) = titleBesideName(room: contentWidth, gap: 24, preferred: contentWidth * 0.5, number: number)
        }

        // Left: the logo, or with none the title and number. Right: the business, right-aligned.
        var leftY = 0.0
        var leftWidth = max(title.width, number.width)
        if let logo = logoFrame(x: left, y: 0) {
            ops.append(.logo(logo, alt: business.name))
            leftY = logo.height
            leftWidth = logo.width
        } else if !titleBelow {
            ops += [.beginTag("H1"), .text(title, x: left, y: -title.inkTop), .endTag("H1")]
            leftY = title.height - title.inkTop + 2
            ops.append(.text(number, x: left, y: leftY))
            leftY += number.height
        }
        // With nothing at the left (the title set under the name), the name has the whole width.
        let columnWidth = titleBelow && !hasLogo ? contentWidth : contentWidth - leftWidth - 24
        var rightY = 0.0
        let name = block(business.name, .businessName, width: columnWidth, alignment: .right)
        ops.append(.text(name, x: right - columnWidth, y: rightY))
        rightY += name.height + 3
        if let details = contactBlock(business, style: .contact, width: columnWidth, alignment: .right) {
            ops.append(.text(details, x: right - columnWidth, y: rightY))
            rightY += details.height
        }
        var bottom = max(leftY, rightY)
        // The title row: under the logo when there is one, else the title and number at the top left.
        var titleTop = 0.0, titleBottom = leftY, titleRight = left + leftWidth
        if titleBelow {
            titleTop = bottom + 22
            ops += [.beginTag("H1"), .text(title, x: left, y: titleTop - title.inkTop), .endTag("H1")]
            ops.append(.text(number, x: left + title.width + 14, y: titleTop - title.inkTop + title.baseline - number.baseline))
            titleBottom = titleTop + title.height - title.inkTop
            titleRight = left + title.width + 14 + number.width
            bottom = titleBottom
        }
        if let stamp {
            // Beside the title, centred on it.
            let probe = stampOps(label: stamp.label, color: stamp.color, rightEdge: 0, top: 0)
            let stampOps = stampOps(label: stamp.label, color: stamp.color, rightEdge: titleRight + 28 - probe.minX,
                                    top: titleTop + (titleBottom - titleTop - probe.bottom) / 2)
            ops += stampOps.ops
            bottom = max(bottom, stampOps.bottom)
        }
        bottom += 16
        ops.append(.line(x1: left, y1: bottom, x2: right, y2: bottom, width: 0.75, color: color("rule") ?? .black))
        return FlowBlock(height: bottom + 0.75, ops: ops)
    }

    mutating func classicParties() -> FlowBlock {
        var ops: [DrawOp] = []
        let datesWidth = min(230.0, contentWidth * 0.45)
        let datesX = right - datesWidth
        var rightY = 0.0
        for (label, value) in dates {
            let name = block(label, .paymentLabel, width: datesWidth * 0.55)
            let text = block(value, .value, width: datesWidth * 0.45 + trailingTracking(.value), alignment: .right)
            let baseline = max(name.baseline, text.baseline)
            ops.append(.text(name, x: datesX, y: rightY + baseline - name.baseline))
            ops.append(.text(text, x: datesX + datesWidth * 0.55, y: rightY + baseline - text.baseline))
            rightY += max(name.height, text.height) + 5
        }
        for remark in remarks {
            let note = block(remark, .note, width: datesWidth, alignment: .right)
            ops.append(.text(note, x: datesX, y: rightY + 4))
            rightY += 4 + note.height
        }

        let clientWidth = datesX - left - 24
        let leftY = clientParty(width: clientWidth, labelGap: 5, nameGap: 2, into: &ops)
        return FlowBlock(height: max(leftY, rightY), ops: ops, spaceBefore: 22)
    }
}
