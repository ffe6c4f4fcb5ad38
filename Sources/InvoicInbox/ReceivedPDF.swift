import InvoicBook
import InvoicDiagnostics
import InvoicMoney
import InvoicPDF

/// `invoic view --format pdf`: a supplier's e-invoice as a PDF in invoic's look and the reader's
/// language. The document becomes a one-invoice book (the seller its business, the buyer its
/// client) whose figures are the supplier's as stated, never invoic's arithmetic over them; what
/// such an invoice has no place for, and the rule findings, follow on pages of their own.
public enum ReceivedPDF {
    /// The PDF, and the characters no font could draw (printed as missing glyphs).
    public static func render(_ document: ReceivedDocument, findings: [Finding], locale: String, file: String) throws(TemplateError)
        -> (bytes: [UInt8], missing: [String]) {
        let (book, invoice) = readingBook(document, locale: locale, file: file)
        let renderer = try PDFRenderer(book: book)
        return renderer.render(invoice, reading: appendix(document, findings: findings, file: file))
    }

    static let here = SourceRange(line: 1, column: 1)

    /// The built-in template's words for `locale` (the text and HTML views use them too).
    static func words(locale: String) -> [String: String] {
        PDFRenderer.labels(of: Book(root: "/dev/null/invoic-view", settings: BookSettings(business: Contact(name: "")), clients: [:], documents: [], sources: [:]),
                           locale: locale)
    }

    static func readingBook(_ document: ReceivedDocument, locale: String, file: String) -> (Book, Document) {
        let currency = document.currency
        var business = contact(document.seller)
        var payment = PaymentDetails()
        if let account = document.payment.accounts.first {
            payment.account = account.iban
            payment.bic = account.bic
            payment.beneficiary = account.name ?? document.payee?.name
        }
        // Only the EPC code, for a euro transfer: a Swiss QR-bill would need a reference invoic made.
        payment.qr = Located(currency.code == "EUR" ? .epc : PaymentCode.Choice.none, at: here)
        if business.name.isEmpty { business.name = "–" }
        var settings = BookSettings(business: business, payment: payment)
        settings.defaults.locale = Located(locale, at: here)
        var buyer = Client(id: "buyer", file: file, contact: contact(document.buyer))
        if buyer.contact.name.isEmpty { buyer.contact.name = "–" }
        buyer.iban = document.payment.debitedAccount.map { Located($0, at: here) }

        var invoice = Document(kind: document.kind == .creditNote ? .creditNote : .invoice, number: document.number, file: file,
                               client: Located("buyer", at: here), issued: Located(document.issued, at: here))
        switch document.typeCode {
        case "386": invoice.type = Located(.prepayment, at: here)
        case "389": invoice.type = Located(.selfBilled, at: here)
        default: break
        }
        invoice.due = document.due.map { Located($0, at: here) }
        invoice.currency = Located(currency, at: here)
        invoice.locale = Located(locale, at: here)
        invoice.delivered = document.deliveryDate.map { Located($0, at: here) }
        if let start = document.periodStart, let end = document.periodEnd { invoice.period = Located(DayRange(from: start, to: end), at: here) }
        invoice.buyerReference = document.buyerReference.map { Located($0, at: here) }
        invoice.order = document.order.map { Located($0, at: here) }
        invoice.contract = document.contract.map { Located($0, at: here) }
        invoice.mandate = document.payment.mandate.map { Located($0, at: here) }
        invoice.remittance = document.payment.reference
        let notes = document.notes.map(noteText).filter { !$0.isEmpty }
        invoice.notes = notes.isEmpty ? nil : notes.joined(separator: "\n")
        if let reason = document.taxes.lazy.compactMap({ $0.exemptionReason ?? $0.exemptionCode }).first {
            invoice.exemption = Located(Exemption(code: document.taxes.lazy.compactMap(\.exemptionCode).first, text: reason), at: here)
        }
        // The corrected invoice's date is printed from the book: a stand-in of it, when the credit
        // note gives the date; else the appendix names it.
        var others: [Document] = []
        if let corrected = document.corrects.first, let day = corrected.issued {
            invoice.corrects = Located(corrected.number, at: here)
            others.append(Document(kind: .invoice, number: corrected.number, file: "", client: Located("buyer", at: here), issued: Located(day, at: here)))
        }

        var lines: [PricedLine] = []
        for line in document.lines {
            let name = [line.name, line.description].compactMap { $0?.trimmingCharacters(in: .whitespacesAndNewlines) }
                .filter { !$0.isEmpty }.joined(separator: "\n")
            let price = line.netPrice ?? decimal(line.net)
            var item = LineItem(description: name, price: price, range: here)
            if line.netPrice != nil { item.quantity = line.quantity.map { Located($0, at: here) } }
            item.unit = line.unit.flatMap(unitSymbol)
            item.per = line.baseQuantity.flatMap { $0 == DecimalNumber(integer: 1) ? nil : Located($0, at: here) }
            item.listPrice = line.grossPrice.flatMap { $0 == line.netPrice ? nil : Located($0, at: here) }
            item.itemID = line.sellerItemID
            item.note = line.note
            if let start = line.periodStart, let end = line.periodEnd { item.period = Located(DayRange(from: start, to: end), at: here) }
            for adjustment in line.allowancesCharges {
                let written = LineAdjustment(reason: adjustment.reason, code: adjustment.reasonCode,
                                             amount: Located(decimal(adjustment.amount), at: here), range: here)
                if adjustment.isCharge { item.charges.append(written) } else { item.discounts.append(written) }
            }
            let tax = taxRate(line.taxCategory, line.taxRate)
            item.tax = Located(tax, at: here)
            invoice.items.append(item)
            lines.append(PricedLine(amount: line.net.minorUnits, tax: tax))
        }
        for adjustment in document.allowancesCharges {
            var written = LineAdjustment(reason: adjustment.reason, code: adjustment.reasonCode,
                                         amount: Located(decimal(adjustment.amount), at: here), range: here)
            written.tax = Located(taxRate(adjustment.taxCategory, adjustment.taxRate), at: here)
            if adjustment.isCharge { invoice.charges.append(written) } else { invoice.allowances.append(written) }
        }

        let totals = document.totals
        let groups = document.taxes.map { group in
            TaxGroup(taxRate: taxRate(group.category, group.rate), net: group.taxable.minorUnits, discount: 0, tax: group.tax.minorUnits)
        }
        let lineSum = document.lines.filter(\.countsInTotals).reduce(Int64(0)) { $0 &+ $1.net.minorUnits }
        let breakdown = PriceBreakdown(
            subtotal: totals.lines?.minorUnits ?? (document.lines.isEmpty ? totals.net?.minorUnits ?? 0 : lineSum), discount: 0, groups: groups,
            tax: totals.tax?.minorUnits ?? groups.reduce(0) { $0 &+ $1.tax },
            total: totals.total?.minorUnits ?? (totals.payable.minorUnits &+ (totals.prepaid?.minorUnits ?? 0) &- (totals.rounding?.minorUnits ?? 0)),
            allowances: totals.allowances?.minorUnits ?? 0, charges: totals.charges?.minorUnits ?? 0)
        var figures = Figures(currency: currency, locale: locale, rounding: .halfAwayFromZero, dueDate: document.due, lines: lines,
                              breakdown: breakdown, payments: [], paid: 0)
        figures.allowances = document.allowancesCharges.filter { !$0.isCharge }.map(\.amount.minorUnits)
        figures.charges = document.allowancesCharges.filter(\.isCharge).map(\.amount.minorUnits)
        figures.prepaid = totals.prepaid?.minorUnits ?? 0
        figures.roundingAmount = totals.rounding?.minorUnits ?? 0
        figures.taxInTaxCurrency = totals.taxInTaxCurrency?.minorUnits
        // The VAT in the tax currency is the supplier's figure (BT-111); no rate is printed, so none is given.
        if let other = document.taxCurrency { invoice.taxCurrency = Located(TaxCurrency(currency: other, rate: DecimalNumber(integer: 1)), at: here) }
        figures.paymentMeans = document.payment.meansCode.map(PaymentMeans.init(code:))
        invoice.figures = figures

        // The document's words, so the fonts it needs (CJK among them) are chosen as for a book.
        func partyWords(_ party: ReceivedDocument.Party?) -> [String?] {
            guard let party else { return [] }
            return [party.name, party.tradingName, party.address.city, party.address.region, party.contactName] + party.address.lines
        }
        let lineWords = document.lines.flatMap { [$0.name, $0.description, $0.note] + $0.allowancesCharges.map(\.reason) }
        let otherWords: [String?] = document.notes + [document.payment.terms, document.payment.reference, document.buyerReference, document.order,
                                                      document.contract, document.project] + document.allowancesCharges.map(\.reason)
            + document.taxes.map(\.exemptionReason) + document.payment.accounts.map(\.name)
        let words = (partyWords(document.seller) + partyWords(document.buyer) + partyWords(document.payee) + lineWords + otherWords)
            .compactMap { $0 }.joined(separator: "\n")
        let book = Book(root: "/dev/null/invoic-view", settings: settings, clients: ["buyer": buyer], documents: [invoice] + others,
                        sources: [file: SourceFile(path: file, text: words)])
        return (book, invoice)
    }

    static func appendix(_ document: ReceivedDocument, findings: [Finding], file: String) -> ReadingAppendix {
        let format = [document.syntax.rawValue, document.profile, document.customization, document.typeCode]
            .compactMap { $0 }.joined(separator: " · ")
        var appendix = ReadingAppendix(file: file, format: format)
        func identifiers(_ party: ReceivedDocument.Party) -> [(label: ReadingAppendix.Label, value: String)] {
            var rows: [(label: ReadingAppendix.Label, value: String)] = []
            if let value = party.legalID { rows.append((.legalID, value)) }
            if let value = party.electronicAddress { rows.append((.electronicAddress, value)) }
            // The VAT id is printed with the party on page one; a tax number beside it is not.
            if let value = party.taxNumber, party.vatID != nil { rows.append((.taxNumber, value)) }
            return rows
        }
        appendix.parties = [(.seller, nil, identifiers(document.seller)), (.buyer, nil, identifiers(document.buyer))]
        if let payee = document.payee { appendix.parties.append((.payee, payee.name, identifiers(payee))) }
        for account in document.payment.accounts.dropFirst() {
            appendix.references.append((.account, [account.iban, account.bic].compactMap { $0 }.joined(separator: " · ")))
        }
        if let project = document.project { appendix.references.append((.projectReference, project)) }
        for corrected in document.corrects where corrected.issued == nil || corrected.number != document.corrects.first?.number {
            appendix.references.append((.corrects, corrected.number + (corrected.issued.map { " (\($0))" } ?? "")))
        }
        appendix.taxBreakdown = document.taxes.map { group in
            let exemption = [group.exemptionCode, group.exemptionReason].compactMap { $0 }.joined(separator: " ")
            return (taxRate(group.category, group.rate), group.category, group.taxable.minorUnits, group.tax.minorUnits, exemption.isEmpty ? nil : exemption)
        }
        appendix.attachments = document.attachments.map { attachment in
            [attachment.id, attachment.description, attachment.filename, attachment.uri, attachment.data.map { "\($0.count) bytes" }]
                .compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " – ")
        }
        appendix.findings = findings.map { ($0.rule, $0.message) }
        let t = document.totals
        appendix.thirdPartyPaid = t.thirdPartyPaid?.minorUnits
        let byFigures = t.dueByFigures().map { Int64(clamping: $0) }
        appendix.amountDue = byFigures ?? t.payable.minorUnits
        if let byFigures, byFigures != t.payable.minorUnits { appendix.statedDue = t.payable.minorUnits }
        appendix.paymentReference = document.payment.reference
        appendix.paymentTerms = document.payment.terms
        if document.lines.isEmpty { appendix.profileWithoutLines = document.profile ?? document.syntax.rawValue }
        return appendix
    }

    /// A note as a reader reads it: without XRechnung's subject code in front (`#ADU#`, UNCL 4451).
    static func noteText(_ note: String) -> String {
        var text = Substring(note.trimmingCharacters(in: .whitespacesAndNewlines))
        if text.first == "#", let close = text.dropFirst().firstIndex(of: "#"), text.distance(from: text.startIndex, to: close) == 4,
           text[text.index(after: text.startIndex)..<close].allSatisfy({ $0.isASCII && $0.isLetter }) {
            text = text[text.index(after: close)...]
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func contact(_ party: ReceivedDocument.Party) -> Contact {
        let street = party.address.lines.joined(separator: "\n")
        let address = Address(street: street.isEmpty ? nil : street, city: party.address.city, region: party.address.region,
                              postalCode: party.address.postalCode, country: party.address.country)
        var contact = Contact(name: party.name, email: party.contactEmail, phone: party.contactPhone,
                              address: [address.street, address.city, address.postalCode, address.country].allSatisfy { $0 == nil } ? nil : address,
                              taxID: party.vatID ?? party.taxNumber, electronicAddress: party.electronicAddress, legalID: party.legalID)
        contact.taxNumber = party.taxNumber
        return contact
    }

    /// A category and rate as the book's model holds them; an unknown category reads as standard.
    static func taxRate(_ category: String?, _ rate: DecimalNumber?) -> TaxRate {
        TaxRate(category.flatMap(TaxCategory.init(rawValue:)) ?? (rate.map { $0.isZero } == true ? .zero : .standard), rate.map(Self.rate) ?? .zero)
    }

    /// A percentage in thousandths of a percent, rounded there (presentation only; the taxes
    /// printed are the supplier's).
    static func rate(_ value: DecimalNumber) -> Rate {
        let number = value.normalized
        var milli = number.significand
        if number.scale <= 3 {
            for _ in number.scale..<3 { milli *= 10 }
        } else {
            for _ in 3..<number.scale { milli = (milli + (milli < 0 ? -5 : 5)) / 10 }
        }
        return Rate(milliPercent: Int(clamping: milli))
    }

    static func decimal(_ money: Money) -> DecimalNumber {
        DecimalNumber(significand: Int128(money.minorUnits), scale: money.currency.exponent) ?? DecimalNumber(integer: 0)
    }

    /// UN/ECE Recommendation 20 codes printed as the symbol every language reads; a count (one,
    /// piece, each) prints none; other codes as they are.
    static func unitSymbol(_ code: String) -> String? {
        switch code.uppercased() {
        case "C62", "H87", "EA", "NAR", "XPP": return nil
        case "HUR": return "h"
        case "MIN": return "min"
        case "SEC": return "s"
        case "KGM": return "kg"
        case "GRM": return "g"
        case "TNE": return "t"
        case "MTR": return "m"
        case "KMT": return "km"
        case "CMT": return "cm"
        case "MMT": return "mm"
        case "MTK": return "m²"
        case "MTQ": return "m³"
        case "LTR": return "l"
        case "MLT": return "ml"
        case "KWH": return "kWh"
        case "KWT": return "kW"
        case "MWH": return "MWh"
        default: return code
        }
    }
}
