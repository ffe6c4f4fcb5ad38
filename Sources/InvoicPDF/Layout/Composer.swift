import Foundation
import InvoicBook
import InvoicMoney

/// Everything one document's layout needs: the template, its labels in the document's language,
/// the formatters and the text engine. Each piece of the page (`Composer+Header`, `+Items`, ...)
/// turns the document into `FlowBlock`s; `Pagination` puts them on pages.
struct Composer {
    /// What a page prints besides the document's own fields: the issuer's letterhead, payment
    /// details, paper and default exemption (`settings`), the client, the date of the invoice a
    /// credit note corrects, and the payment codes for an amount. A book's document takes them
    /// from its book (`init(book:document:)`); a received document's from its EN 16931 model.
    struct Parties {
        let settings: BookSettings
        let client: Client?
        let correctedIssued: Day?
        /// The EPC069-12 payload for an amount due, nil when none applies.
        let paymentCode: (Int64) -> String?
        let swissBill: (Int64) -> SwissQRBill.Bill?
        /// The PDF is the courtesy copy of a document that goes through Italy's SdI.
        let isCourtesyCopy: Bool
        /// Spain's VeriFactu QR code's URL, when the book keeps VeriFactu records.
        let veriFactuURL: String?

        init(settings: BookSettings, client: Client?, correctedIssued: Day?, paymentCode: @escaping (Int64) -> String?,
             swissBill: @escaping (Int64) -> SwissQRBill.Bill?, isCourtesyCopy: Bool = false, veriFactuURL: String? = nil) {
            self.isCourtesyCopy = isCourtesyCopy
            self.veriFactuURL = veriFactuURL
            self.settings = settings
            self.client = client
            self.correctedIssued = correctedIssued
            self.paymentCode = paymentCode
            self.swissBill = swissBill
        }

        init(book: Book, document: Document) {
            self.init(settings: book.settings, client: book.clients[document.client.value],
                      correctedIssued: document.corrects.flatMap { book.invoice($0.value)?.issued.value },
                      paymentCode: { PaymentCode.epc(book: book, document: document, amount: $0) },
                      swissBill: { SwissQRBill.bill(book: book, document: document, amount: $0) },
                      isCourtesyCopy: document.kind.isBilling && book.einvoiceFormats(for: document).contains(.fatturapa),
                      veriFactuURL: document.kind.isBilling ? book.settings.verifactu?.qrURL(of: document, in: book) : nil)
        }
    }

    let template: Template
    let labels: Labels
    let text: DocumentText
    let engine: TextEngine
    /// Who issues the document and to whom, as the page prints them.
    let parties: Parties
    let document: Document
    let figures: Figures
    /// What the document asked for on its issue day (invoices and credit notes): all the page states.
    let issued: IssuedFigures
    /// Set when printing a copy that shows today's status: never the document itself.
    var copy: DocumentCopy?
    /// KSeF's KOD I, drawn after the document's blocks.
    var verification: VerificationCode?
    /// Set when viewing a supplier's e-invoice: what it prints beyond the invoice itself.
    var reading: ReadingAppendix?
    /// Set when printing a statement of account: its ledger takes the place of the items and totals.
    var ledger: StatementLedger?
    let client: Client?
    /// The logo's natural size, for its proportions; nil without a logo.
    let logoSize: (width: Double, height: Double)?
    var hasLogo: Bool { logoSize != nil }
    /// Text that no font could draw: the text and its missing characters.
    private(set) var missing: [(text: String, characters: [Unicode.Scalar])] = []

    let pageWidth: Double
    let pageHeight: Double
    var left: Double { template.margins.left }
    var right: Double { pageWidth - template.margins.right }
    var contentWidth: Double { right - left }
    var top: Double { template.margins.top }
    var bottom: Double { pageHeight - template.margins.bottom }

    /// `template` and `labels` are the book's in the document's locale (`PDFRenderer.localized`).
    init(template: Template, labels: Labels, engine: TextEngine, parties: Parties, document: Document, figures: Figures, logoSize: (width: Double, height: Double)?) {
        self.template = template
        self.labels = labels
        self.engine = engine
        self.parties = parties
        self.document = document
        self.figures = figures
        issued = figures.issued(document)
        self.logoSize = logoSize
        client = parties.client
        text = DocumentText(locale: figures.locale, currency: figures.currency)
        // The book's `paper:` first (the user's printer), then a template that sets its page, then
        // the paper usual where the document's locale is (Letter for en_US, A4 for de_DE).
        let paper = parties.settings.paper?.value ?? template.pageSize ?? .usual(forLocale: figures.locale)
        (pageWidth, pageHeight) = paper.points
    }

    /// Shapes `string` in a template style, upper-cased in the document's language when the style says so.
    mutating func block(_ string: String, _ style: Template.Style, width: Double? = nil, alignment: TextAlignment = .left) -> TextBlock {
        let resolved = template.style(style)
        let shown = resolved.uppercase ? string.uppercased() : string
        // An address in the text is a link, wherever it is written (contact details, payment
        // instructions, notes); drawn as one where the text is a paragraph of its own.
        let block = engine.block(shown, resolved, width: width, alignment: alignment, linked: true)
        if !block.missing.isEmpty { missing.append((shown, block.missing)) }
        return block
    }

    /// The document's title, its type made smaller when the title would take more than `maxWidth`
    /// (a long word such as RECHNUNGSKORREKTUR must not crowd the business's name); at most by a
    /// third, and it stays on one line.
    mutating func titleBlock(maxWidth: Double) -> TextBlock {
        fitted(block(title, .title), maxWidth: maxWidth)
    }

    /// `title` (the title as `block` shaped it) set again in a smaller type when it is wider than
    /// `maxWidth`: at most a third smaller, in half points, so it may still be wider.
    func fitted(_ title: TextBlock, maxWidth: Double) -> TextBlock {
        guard title.width > maxWidth, title.width > 0 else { return title }
        var style = template.style(.title)
        style.size = max(style.size * 2 / 3, (style.size * max(0, maxWidth) / title.width * 2).rounded(.down) / 2)
        return engine.block(title.text, style)
    }

    /// The business's name beside the title in a row `room` wide, `gap` between them, `number`
    /// under the title: the title as `titleBlock(maxWidth: preferred)` sets it when the name keeps
    /// one line beside it, else smaller (by a third at most) to give the name its line; `stacked`
    /// when even that is not enough, and the name takes the row alone (the header sets the title
    /// under it, at the preferred size). A name that does not fit the row alone wraps either way.
    mutating func titleBesideName(room: Double, gap: Double, preferred: Double, number: TextBlock) -> (title: TextBlock, stacked: Bool) {
        let full = block(title, .title)
        let title = fitted(full, maxWidth: preferred)
        let resolved = template.style(.businessName)
        let name = parties.settings.business.name
        let nameLine = engine.block(resolved.uppercase ? name.uppercased() : name, resolved).width
        // A point to spare: pango wraps a line that is its box's width to the last unit.
        func fits(_ title: TextBlock) -> Bool { nameLine + 1 + gap + max(title.width, number.width) <= room }
        if fits(title) { return (title, false) }
        let smaller = fitted(full, maxWidth: room - gap - nameLine - 1)
        if fits(smaller) { return (smaller, false) }
        return (title, true)
    }

    func color(_ name: String) -> RGB? { template.color(name) }

    /// The page's body, between the margins: the tallest a flow block can be and still be drawn.
    var bodyHeight: Double { bottom - top }

    /// The lines of `shaped` (a block of `style` at `width`), each shaped on its own: the line,
    /// its row's top in `shaped`, where to draw it below that top, and the row's height. Text
    /// taller than a page is set from these, a page's worth at a time.
    func lineCuts(_ shaped: TextBlock, _ style: Template.Style, width: Double, alignment: TextAlignment = .left)
        -> [(block: TextBlock, top: Double, y: Double, height: Double)] {
        let resolved = template.style(style)
        let lines = shaped.lines
        return lines.enumerated().map { index, line in
            let piece = engine.block(line.text, resolved, width: width, alignment: alignment, linked: true)
            let next = index + 1 < lines.count ? lines[index + 1].top : shaped.height
            return (piece, line.top, line.baseline - line.top - piece.baseline, max(0, next - line.top))
        }
    }

    /// The logo's frame at `x`, `y`: scaled into the template's box, keeping its proportions.
    func logoFrame(x: Double, y: Double) -> Rect? {
        guard let size = logoSize, size.width > 0, size.height > 0 else { return nil }
        let scale = min(template.logo.width / size.width, template.logo.height / size.height)
        return Rect(x: x, y: y, width: size.width * scale, height: size.height * scale)
    }

    /// The client's name as the file writes it, or the reference when the client is unknown.
    var clientContact: Contact { client?.contact ?? Contact(name: document.client.value) }

    var isEstimate: Bool { document.kind == .estimate }

    /// The title as printed: what the document is; a reminder says which one it is.
    var title: String {
        if document.isStatement { return labels["statement"] }
        guard let level = document.reminderLevel else { return labels[titleKey] }
        return level == 1 ? labels["reminder"] : labels["reminder_n"].replacingOccurrences(of: "{n}", with: String(level))
    }

    /// The title's label key: what the document is.
    var titleKey: String {
        switch document.kind {
        case .invoice:
            switch document.type?.value {
            case .prepayment: "prepayment_invoice"
            case .selfBilled: "self_billed_invoice"
            case .commercial, nil: "invoice"
            }
        case .estimate: "estimate"
        case .creditNote: "credit_note"
        }
    }

    /// The stamp: an invoice or credit note as issued has none (what happened later is not part of
    /// the document, docs/decisions.md); a copy shows its status on the copy's day; PAID for an
    /// invoice settled in full on its issue day; ACCEPTED or DECLINED for estimates.
    var stamp: (label: String, color: String)? {
        if let copy { return copy.stamp }
        switch document.kind {
        case .invoice:
            if issued.prepaid > 0, issued.due <= 0, issued.prepaid > figures.prepaid { return ("stamp_paid", "paid") }
            return nil
        case .estimate:
            if document.declined != nil { return ("stamp_declined", "void") }
            if document.accepted != nil { return ("stamp_accepted", "estimate") }
            return nil
        case .creditNote:
            return nil
        }
    }

    /// Contact lines as one block of text. The address takes one line (`Neubaugasse 24/3, 1070 Wien`)
    /// when that fits the column, and a line per part when it does not.
    mutating func contactBlock(_ contact: Contact, phone: Bool = true, style: Template.Style, width: Double,
                               alignment: TextAlignment = .left) -> TextBlock? {
        var lines: [String] = []
        if let email = contact.email, !email.isEmpty { lines.append(email) }
        if phone, let number = contact.phone, !number.isEmpty { lines.append(number) }
        if let address = contact.address {
            let parts = addressLines(address, country: isInternational)
            let joined = parts.joined(separator: ", ")
            if parts.count > 1, engine.block(joined, template.style(style)).width <= width {
                lines.append(joined)
            } else {
                lines += parts
            }
        }
        if let taxID = contact.taxID, !taxID.isEmpty { lines.append("\(labels["tax_id"]) \(taxID)") }
        // France: the SIREN (and the SIRET of the establishment) of both parties is a mandatory mention.
        if let siren = contact.siren, !siren.isEmpty { lines.append("\(labels["siren"]) \(siren)") }
        if let siret = contact.siret, !siret.isEmpty { lines.append("\(labels["siret"]) \(siret)") }
        guard !lines.isEmpty else { return nil }
        return block(lines.joined(separator: "\n"), style, width: width, alignment: alignment)
    }

    /// The client's block both layouts set left of the dates: "Bill to" (or "Estimate for"), the
    /// client's name and its contact lines, each layout with its own gaps; returns its height.
    mutating func clientParty(width: Double, labelGap: Double, nameGap: Double, into ops: inout [DrawOp]) -> Double {
        let contact = clientContact
        var y = 0.0
        let billTo = block(labels[isEstimate ? "estimate_for" : document.isStatement ? "statement_for" : "bill_to"], .label)
        ops.append(.text(billTo, x: left, y: y))
        y += billTo.height + labelGap
        let name = block(contact.name, .clientName, width: width)
        ops.append(.text(name, x: left, y: y))
        y += name.height + nameGap
        if let details = contactBlock(contact, phone: false, style: .detail, width: width) {
            ops.append(.text(details, x: left, y: y))
            y += details.height
        }
        return y
    }

    /// `mailto:` and the address, percent-encoded past the characters a URI and cairo's attribute
    /// syntax take as they are; nil for what is no address.
    static func mailto(_ address: String) -> String? {
        let address = address.trimmed(leading: \.isWhitespace, trailing: \.isWhitespace)
        guard let at = address.firstIndex(of: "@"), at > address.startIndex, address[at...].dropFirst().contains("."),
              !address.contains(where: \.isWhitespace) else { return nil }
        return "mailto:" + percentEncoded(String(address), keeping: "@+!$*=")
    }

    /// The links of a block of `text` (the text engine finds them once, when it shapes the
    /// block): none without an `@`, `www.` or `http`, else `links(in:)`.
    static func linksOf(_ text: String) -> [(text: String, uri: String)] {
        mayHoldLinks(text.utf8) ? links(in: text) : []
    }

    /// The e-mail addresses and web addresses (http://, https://, www.) written in free text, as
    /// links: `Zelle: billing@ridgeline.com.` links the address without the full stop.
    static func links(in text: String) -> [(text: String, uri: String)] {
        // Words by ASCII white space, in bytes: grapheme by grapheme costs more than the rest.
        let bytes = Array(text.utf8)
        let words = bytes.split { $0 == 32 || $0 == 10 || $0 == 9 || $0 == 13 }.filter { mayHoldLinks($0) }
        return words.map { String(decoding: $0, as: UTF8.self) }.compactMap { word in
            let token = String(word.trimmed(leading: { "(<[\"'“‘«".contains($0) }, trailing: { ".,;:!?)>]\"'”’»".contains($0) }))
            let lower = token.prefix(8).lowercased()
            if lower.hasPrefix("https://") || lower.hasPrefix("http://") {
                return token.count > 8 ? (token, percentEncoded(token, keeping: ":/?#[]@!$&*+,;=%")) : nil
            }
            if lower.hasPrefix("www."), token.dropFirst(4).contains(".") {
                return (token, "https://" + percentEncoded(token, keeping: ":/?#[]@!$&*+,;=%"))
            }
            return mailto(token).map { (token, $0) }
        }
    }

    /// Whether `text` has an `@`, `www.` or `http` at all: most blocks have none, and are not
    /// split into words for it (every block of every page passes here).
    static func mayHoldLinks(_ utf8: some Sequence<UInt8>) -> Bool {
        var window: UInt32 = 0
        for byte in utf8 {
            if byte == UInt8(ascii: "@") { return true }
            window = window << 8 | UInt32(byte | 0x20)
            if window == 0x7777_772E || window == 0x6874_7470 { return true }  // "www.", "http" in any case
        }
        return false
    }

    /// `text` with every byte outside the URI's unreserved characters and `keeping` written %XX,
    /// so the URI is ASCII and cairo's quoted attribute holds it as it is (no quote, no backslash).
    private static func percentEncoded(_ text: String, keeping: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        for byte in text.utf8 {
            if unreserved.contains(byte) || keeping.utf8.contains(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    private static let unreserved = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".utf8)

    /// A document between two countries names them in both addresses; a domestic one in neither.
    var isInternational: Bool {
        let own = parties.settings.business.address?.country?.uppercased()
        let theirs = client?.contact.address?.country?.uppercased()
        return own != theirs
    }

    /// An address as its country writes it (`1070 Wien`, `Austin, TX 78702`), the country named
    /// in the document's language (`AT` -> `Österreich` in German).
    func addressLines(_ address: Address, country showCountry: Bool) -> [String] {
        func clean(_ value: String?) -> String? {
            guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
            return value
        }
        var lines = (address.street ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let country = clean(address.country)?.uppercased()
        let city = clean(address.city), region = clean(address.region), postal = clean(address.postalCode)
        switch country.map(Self.addressStyle) ?? .cityFirst {
        case .postalFirst:
            if let place = [postal, city].compactMap({ $0 }).joined(separator: " ").nonEmpty { lines.append(place) }
            if let region { lines.append(region) }
        case .postalAfter:
            if let place = [city, postal].compactMap({ $0 }).joined(separator: " ").nonEmpty { lines.append(place) }
            if let region { lines.append(region) }
        case .cityFirst:
            let tail = [region, postal].compactMap { $0 }.joined(separator: " ")
            if let place = [city, tail.nonEmpty].compactMap({ $0 }).joined(separator: ", ").nonEmpty { lines.append(place) }
        }
        if let country, showCountry {
            let name = country.count == 2 ? Locale(identifier: text.locale).localizedString(forRegionCode: country) : nil
            lines.append(name ?? country)
        }
        return lines
    }

    private enum AddressStyle { case postalFirst, postalAfter, cityFirst }

    private static let postalFirstCountries: Set<String> = [
        "AT", "DE", "CH", "LI", "FR", "MC", "BE", "NL", "LU", "IT", "SM", "VA", "ES", "AD", "PT", "DK", "NO", "SE", "FI", "IS",
        "PL", "CZ", "SK", "HU", "SI", "HR", "RO", "BG", "GR", "CY", "EE", "LV", "LT", "IL", "TR", "RU", "UA", "BY", "MD",
        "RS", "BA", "ME", "MK", "AL", "GE", "AM", "AZ", "KZ", "UZ", "KG", "TN", "MA", "DZ", "MX", "AR", "CL", "UY", "PY",
        "GL", "FO",
    ]

    private static func addressStyle(_ country: String) -> AddressStyle {
        if postalFirstCountries.contains(country) { return .postalFirst }
        if ["GB", "IE", "IM", "JE", "GG", "NZ", "SG", "JP", "KR", "CN", "TW", "HK", "IN"].contains(country) { return .postalAfter }
        return .cityFirst
    }

    /// The dated facts printed beside the client: issue, due or valid-until, delivery.
    var dates: [(label: String, value: String)] {
        let reminder = document.reminderLevel != nil || document.isStatement
        var result = [(labels[isEstimate ? "estimate_date" : reminder ? "reminder_date" : "issue_date"], text.date(document.issued.value))]
        if let due = figures.dueDate { result.append((labels[isEstimate ? "valid_until" : reminder ? "pay_by" : "due_date"], text.date(due))) }
        if let delivered = document.delivered?.value { result.append((labels["delivery_date"], text.date(delivered))) }
        if let period = document.period?.value { result.append((labels[document.isStatement ? "statement_period" : "period"], text.date(period.from) + " – " + text.date(period.to))) }
        if let reference = (document.buyerReference ?? client?.buyerReference)?.value { result.append((labels["buyer_reference"], reference)) }
        if let order = document.order?.value { result.append((labels["order"], order)) }
        if let contract = document.contract?.value { result.append((labels["contract"], contract)) }
        return result
    }

    /// Small print under the dates: where an invoice came from, why it was voided, which invoice
    /// a credit note corrects and why.
    var remarks: [String] {
        var lines: [String] = []
        if let corrected = document.corrects?.value {
            let date = parties.correctedIssued.map { text.date($0) } ?? "?"
            lines.append(labels.format("corrects_invoice", ["number": corrected, "date": date]))
        }
        if let reason = document.reason?.value { lines.append(labels.format("credit_reason", ["reason": reason])) }
        if let place = (document.deliverTo ?? client?.deliverTo)?.value {
            let parts = [place.name].compactMap { $0 } + (place.address.map { addressLines($0, country: isInternational || $0.country != nil) } ?? [])
            lines.append(labels["deliver_to"] + ": " + parts.joined(separator: ", "))
        }
        if let estimate = document.fromEstimate?.value { lines.append(labels.format("converted_from", ["number": estimate])) }
        if let copy {
            if let reason = document.void?.reason, !reason.isEmpty, copy.status == .void { lines.append(labels.format("void_reason", ["reason": reason])) }
            lines.append(labels.format(copy.balance > 0 ? "copy_note_due" : "copy_note", ["date": text.date(copy.date), "amount": text.money(copy.balance)]))
        }
        if let reading { lines += readingRemarks(reading) }
        return lines
    }
}

/// A piece of the page flow, drawn relative to its own top.
struct FlowBlock {
    var height: Double
    var ops: [DrawOp]
    /// Space above the block, dropped at the top of a page.
    var spaceBefore: Double = 0
    /// Never end a page after this block (a table header, the last row before the totals).
    var keepWithNext = false
    /// A row of the items table: a page that starts with it repeats the table's header.
    var isTableRow = false
    /// Set at the foot of the page rather than under the block before it (the notes).
    var pinnedToBottom = false
    /// Start a new page with this block, whatever room is left (set only by the composer's
    /// widow control, never by a piece of the page).
    var breakBefore = false
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
