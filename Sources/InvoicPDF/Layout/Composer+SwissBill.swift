import InvoicBook

/// The Swiss QR-bill at the foot of the last page (SIX Implementation Guidelines 2.3, section 3):
/// the 62 mm receipt and the 148 mm payment part, 105 mm high, in Liberation Sans (the guidelines
/// allow Arial, Frutiger, Helvetica and Liberation Sans), with its own headings in German, French,
/// Italian or English as the guidelines word them.
extension Composer {
    static let millimetre = 72 / 25.4

    /// The bill this document carries, if any.
    var swissBill: SwissQRBill.Bill? { parties.swissBill(codeAmount) }

    /// A block pinned to the bottom whose drawing fills the last 105 mm of the page (its height is
    /// what it takes of the content area; the rest is the bottom margin, which the bill uses too).
    mutating func swissBillBlock(_ bill: SwissQRBill.Bill) -> FlowBlock? {
        let mm = Self.millimetre
        guard let code = QRCode(bill.payload) else { return nil }
        let words = Self.swissBillWords(language: String(figures.locale.prefix(2)))
        var ops: [DrawOp] = []
        let page = pageWidth

        func style(_ size: Double, bold: Bool) -> TextStyle {
            TextStyle(family: "Liberation Sans, Arial, Helvetica", size: size, weight: bold ? .bold : .regular, italic: false,
                      color: .black, tracking: 0, uppercase: false, lineHeight: 0)
        }
        /// Writes `text` at (x, y) mm; returns the y in mm under it.
        func write(_ text: String, _ size: Double, bold: Bool, x: Double, y: Double, width: Double, alignment: TextAlignment = .left) -> Double {
            let block = engine.block(text, style(size, bold: bold), width: width * mm, alignment: alignment)
            ops.append(.text(block, x: x * mm, y: y * mm))
            return y + block.height / mm
        }
        func section(_ heading: String, _ lines: [String], x: Double, y: Double, width: Double, headingSize: Double, valueSize: Double) -> Double {
            var next = write(heading, headingSize, bold: true, x: x, y: y, width: width)
            next = write(lines.joined(separator: "\n"), valueSize, bold: false, x: x, y: next, width: width)
            return next + (valueSize > 8 ? 3.5 : 2.5)
        }
        func box(x: Double, y: Double, width: Double, height: Double) {
            // The corner marks of an empty field for the payer to fill in.
            let arm = 3.0
            for (cx, cy, dx, dy) in [(x, y, 1.0, 1.0), (x + width, y, -1.0, 1.0), (x, y + height, 1.0, -1.0), (x + width, y + height, -1.0, -1.0)] {
                ops.append(.line(x1: cx * mm, y1: cy * mm, x2: (cx + dx * arm) * mm, y2: cy * mm, width: 0.75, color: .black))
                ops.append(.line(x1: cx * mm, y1: cy * mm, x2: cx * mm, y2: (cy + dy * arm) * mm, width: 0.75, color: .black))
            }
        }

        // The separation: a line over the bill and one between receipt and payment part.
        let rule = RGB(red: 0, green: 0, blue: 0)
        ops.append(.line(x1: 0, y1: 0, x2: page, y2: 0, width: 0.5, color: rule))
        ops.append(.line(x1: 62 * mm, y1: 0, x2: 62 * mm, y2: 105 * mm, width: 0.5, color: rule))
        _ = write(words.separate, 6, bold: false, x: 0, y: -3.2, width: page / mm, alignment: .center)

        let creditor = Self.lines(of: bill.creditor)
        let account = [Self.grouped(bill.iban, by: 4)] + creditor
        let reference = bill.reference == .none ? nil : Self.formatted(bill.reference)
        let amount = Self.formattedAmount(bill.amount)

        // The receipt.
        _ = write(words.receipt, 11, bold: true, x: 5, y: 5, width: 52)
        var y = section(words.account, account, x: 5, y: 12, width: 52, headingSize: 6, valueSize: 8)
        if let reference { y = section(words.reference, [reference], x: 5, y: y, width: 52, headingSize: 6, valueSize: 8) }
        if let debtor = bill.debtor {
            _ = section(words.payableBy, Self.lines(of: debtor), x: 5, y: y, width: 52, headingSize: 6, valueSize: 8)
        } else {
            let under = write(words.payableByBlank, 6, bold: true, x: 5, y: y, width: 52)
            box(x: 5, y: under + 1, width: 52, height: 20)
        }
        _ = write(words.currency, 6, bold: true, x: 5, y: 68, width: 12)
        _ = write(words.amount, 6, bold: true, x: 17, y: 68, width: 40)
        _ = write(bill.currency, 8, bold: false, x: 5, y: 71, width: 12)
        _ = write(amount, 8, bold: false, x: 17, y: 71, width: 40)
        _ = write(words.acceptance, 6, bold: true, x: 5, y: 82, width: 52, alignment: .right)

        // The payment part: the code with the Swiss cross, the amount, then the texts.
        _ = write(words.paymentPart, 11, bold: true, x: 67, y: 5, width: 51)
        let codeFrame = Rect(x: 67 * mm, y: 17 * mm, width: 46 * mm, height: 46 * mm)
        // What the code is, for a reader who hears the page; the account and reference are printed beside it.
        let alt = "\(words.paymentPart): Swiss QR Code, \(bill.creditor.name)" + (amount.isEmpty ? "" : ", \(bill.currency) \(amount)")
        ops.append(.qrCode(code, codeFrame, alt: alt))
        let centre = (x: codeFrame.x + codeFrame.width / 2, y: codeFrame.y + codeFrame.height / 2)
        let white = RGB(red: 1, green: 1, blue: 1)
        for (side, colour) in [(7.0, white), (6.0, RGB.black)] {
            ops.append(.rect(Rect(x: centre.x - side * mm / 2, y: centre.y - side * mm / 2, width: side * mm, height: side * mm),
                             fill: colour, stroke: nil, lineWidth: 0, radius: 0))
        }
        for (w, h) in [(1.17, 3.89), (3.89, 1.17)] {
            ops.append(.rect(Rect(x: centre.x - w * mm / 2, y: centre.y - h * mm / 2, width: w * mm, height: h * mm), fill: white, stroke: nil, lineWidth: 0, radius: 0))
        }
        _ = write(words.currency, 8, bold: true, x: 67, y: 68, width: 20)
        _ = write(words.amount, 8, bold: true, x: 87, y: 68, width: 31)
        _ = write(bill.currency, 10, bold: false, x: 67, y: 72, width: 20)
        _ = write(amount, 10, bold: false, x: 87, y: 72, width: 31)
        y = section(words.account, account, x: 118, y: 5, width: 87, headingSize: 8, valueSize: 10)
        if let reference { y = section(words.reference, [reference], x: 118, y: y, width: 87, headingSize: 8, valueSize: 10) }
        if !bill.message.isEmpty { y = section(words.information, [bill.message], x: 118, y: y, width: 87, headingSize: 8, valueSize: 10) }
        if let debtor = bill.debtor {
            _ = section(words.payableBy, Self.lines(of: debtor), x: 118, y: y, width: 87, headingSize: 8, valueSize: 10)
        } else {
            let under = write(words.payableByBlank, 8, bold: true, x: 118, y: y, width: 87)
            box(x: 118, y: under + 1, width: 65, height: 25)
        }
        return FlowBlock(height: max(0, bottom - (pageHeight - 105 * mm)), ops: ops, spaceBefore: 12, pinnedToBottom: true)
    }

    static func lines(of party: SwissQRBill.Party) -> [String] {
        [party.name, [party.street, party.buildingNumber].filter { !$0.isEmpty }.joined(separator: " "),
         (party.country == "CH" || party.country == "LI" ? "" : party.country + "-") + party.postalCode + " " + party.town]
            .filter { !$0.isEmpty }
    }

    /// `CH44 3199 9123 0008 8901 2`: groups of `size` from the left.
    static func grouped(_ text: String, by size: Int) -> String {
        var groups: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            groups.append(String(rest.prefix(size)))
            rest = rest.dropFirst(size)
        }
        return groups.joined(separator: " ")
    }

    /// A QR reference in groups of five from the right (`21 00000 00003 ...`), a creditor
    /// reference in groups of four from the left.
    static func formatted(_ reference: SwissQRBill.Reference) -> String {
        switch reference {
        case .qr(let digits):
            let head = digits.count % 5
            let first = String(digits.prefix(head))
            return ([first].filter { !$0.isEmpty } + [grouped(String(digits.dropFirst(head)), by: 5)]).joined(separator: " ")
        case .creditor(let text): return grouped(text, by: 4)
        case .none: return ""
        }
    }

    /// `1 949.75`: thousands separated by a space, a point before the cents, as the guidelines write amounts.
    static func formattedAmount(_ plain: String) -> String {
        let parts = plain.split(separator: ".", maxSplits: 1)
        let whole = String(parts[0])
        var groups: [String] = []
        var end = whole.endIndex
        while end > whole.startIndex {
            let start = whole.index(end, offsetBy: -3, limitedBy: whole.startIndex) ?? whole.startIndex
            groups.insert(String(whole[start..<end]), at: 0)
            end = start
        }
        return groups.joined(separator: " ") + (parts.count > 1 ? "." + parts[1] : "")
    }

    struct SwissBillWords {
        var paymentPart, receipt, account, reference, information, payableBy, payableByBlank, currency, amount, acceptance, separate: String
    }

    static func swissBillWords(language: String) -> SwissBillWords {
        switch language {
        case "de": SwissBillWords(paymentPart: "Zahlteil", receipt: "Empfangsschein", account: "Konto / Zahlbar an", reference: "Referenz",
                                  information: "Zusätzliche Informationen", payableBy: "Zahlbar durch", payableByBlank: "Zahlbar durch (Name/Adresse)",
                                  currency: "Währung", amount: "Betrag", acceptance: "Annahmestelle", separate: "Vor der Einzahlung abzutrennen")
        case "fr": SwissBillWords(paymentPart: "Section paiement", receipt: "Récépissé", account: "Compte / Payable à", reference: "Référence",
                                  information: "Informations supplémentaires", payableBy: "Payable par", payableByBlank: "Payable par (nom/adresse)",
                                  currency: "Monnaie", amount: "Montant", acceptance: "Point de dépôt", separate: "A détacher avant le versement")
        case "it": SwissBillWords(paymentPart: "Sezione pagamento", receipt: "Ricevuta", account: "Conto / Pagabile a", reference: "Riferimento",
                                  information: "Informazioni supplementari", payableBy: "Pagabile da", payableByBlank: "Pagabile da (nome/indirizzo)",
                                  currency: "Valuta", amount: "Importo", acceptance: "Punto di accettazione", separate: "Da staccare prima del versamento")
        default: SwissBillWords(paymentPart: "Payment part", receipt: "Receipt", account: "Account / Payable to", reference: "Reference",
                                information: "Additional information", payableBy: "Payable by", payableByBlank: "Payable by (name/address)",
                                currency: "Currency", amount: "Amount", acceptance: "Acceptance point", separate: "Separate before paying in")
        }
    }
}
