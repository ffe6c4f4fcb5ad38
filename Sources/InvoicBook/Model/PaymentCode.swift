import InvoicMoney

/// The QR code printed on an invoice so the client pays from a banking app: EPC069-12 ("GiroCode",
/// SEPA credit transfer) for an invoice in EUR paid to an IBAN. `payment.qr:` in invoic.yaml
/// chooses: `epc` (the default where it applies) or `none`.
public enum PaymentCode {
    public enum Choice: String, Sendable, CaseIterable {
        case epc, swiss, none
    }

    /// Why no code can be printed for an invoice, in words for `check`; nil when one can.
    public static func epcProblem(book: Book, document: Document) -> String? { epcProblem(settings: book.settings, document: document) }

    static func epcProblem(settings: BookSettings, document: Document) -> String? {
        guard let figures = document.figures else { return "it has no figures" }
        if figures.currency.code != "EUR" { return "a SEPA transfer code (EPC) is in euros, and \(document.number) is in \(figures.currency.code)" }
        guard let account = settings.payment.account, Identifiers.looksLikeIBAN(account) else {
            return "a SEPA transfer code needs the IBAN to pay into: set `account:` under `payment:` in invoic.yaml"
        }
        return nil
    }

    /// The EPC069-12 payload of `document` for `amount` due (minor units), or nil when none
    /// applies: not an invoice, nothing due, not EUR, no IBAN, or `payment.qr: none`. Whether the
    /// document was voided since is the caller's to weigh: the document as issued keeps its code.
    /// Version 002, UTF-8 (1), SCT; the BIC when the book has one; the beneficiary (70 characters at
    /// most); the IBAN without spaces; `EUR` and the amount; the invoice number as the unstructured
    /// remittance. Lines end with LF; the empty trailing ones are left out.
    public static func epc(book: Book, document: Document, amount: Int64) -> String? { epc(settings: book.settings, document: document, amount: amount) }

    /// `epc(book:...)` for a document whose issuer and payment details are `settings` (a received
    /// document's, in the PDF view of it).
    public static func epc(settings: BookSettings, document: Document, amount: Int64) -> String? {
        guard document.kind == .invoice, amount > 0,
              settings.payment.qr?.value == .epc || (settings.payment.qr == nil && !SwissQRBill.isSwiss(settings)),
              epcProblem(settings: settings, document: document) == nil, let figures = document.figures, amount <= 999_999_999_99,
              let account = settings.payment.account else { return nil }
        let payment = settings.payment
        return epcPayload(bic: payment.bic, beneficiary: payment.beneficiary ?? settings.business.name, iban: account,
                          amount: amount, currency: figures.currency, remittance: document.remittance ?? document.number)
    }

    /// The EPC069-12 lines for a euro amount (minor units) to `iban`: the one writer of the
    /// format, for invoic's invoices and for the view of a supplier's (InvoicInbox).
    public static func epcPayload(bic: String?, beneficiary: String, iban: String, amount: Int64, currency: Currency, remittance: String) -> String {
        [
            "BCD", "002", "1", "SCT",
            (bic ?? "").replacingOccurrences(of: " ", with: ""),
            String(beneficiary.prefix(70)),
            iban.replacingOccurrences(of: " ", with: "").uppercased(),
            "EUR" + MoneyFormat.plain(amount, currency),
            "", "",
            String(remittance.prefix(140)),
        ].joined(separator: "\n")
    }
}

/// The Swiss QR-bill (SIX Implementation Guidelines 2.3): the payment part and receipt at the foot
/// of an invoice in CHF or EUR paid to a Swiss or Liechtenstein IBAN.
public enum SwissQRBill {
    public struct Party: Sendable, Hashable {
        public var name: String
        public var street: String
        public var buildingNumber: String
        public var postalCode: String
        public var town: String
        public var country: String
    }

    public enum Reference: Sendable, Hashable {
        /// A QR reference (27 digits, with a QR-IBAN).
        case qr(String)
        /// An ISO 11649 creditor reference (`RF...`).
        case creditor(String)
        case none

        public var type: String {
            switch self {
            case .qr: "QRR"
            case .creditor: "SCOR"
            case .none: "NON"
            }
        }

        public var value: String {
            switch self {
            case .qr(let text), .creditor(let text): text
            case .none: ""
            }
        }
    }

    public struct Bill: Sendable, Hashable {
        public var iban: String
        public var creditor: Party
        public var amount: String
        public var currency: String
        public var debtor: Party?
        public var reference: Reference
        public var message: String

        /// The payload of the QR code, elements separated by LF, as the guidelines list them.
        public var payload: String {
            func party(_ p: Party?) -> [String] {
                guard let p else { return ["", "", "", "", "", "", ""] }
                return ["S", p.name, p.street, p.buildingNumber, p.postalCode, p.town, p.country]
            }
            let elements = ["SPC", "0200", "1", iban] + party(creditor) + Array(repeating: "", count: 7)
                + [amount, currency] + party(debtor) + [reference.type, reference.value, message, "EPD"]
            return elements.joined(separator: "\n")
        }
    }

    /// Whether `iban` is a QR-IBAN: its institution id (characters 5 to 9) is 30000 to 31999.
    public static func isQRIBAN(_ iban: String) -> Bool {
        let compact = iban.replacingOccurrences(of: " ", with: "").uppercased()
        guard compact.count == 21, let iid = Int(compact.dropFirst(4).prefix(5)) else { return false }
        return (30000...31999).contains(iid)
    }

    /// The check digit of a QR reference: modulo 10, recursive (the table of the guidelines).
    public static func mod10Recursive(_ digits: String) -> Int {
        let table = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5]
        var carry = 0
        for character in digits { carry = table[(carry + (character.wholeNumberValue ?? 0)) % 10] }
        return (10 - carry) % 10
    }

    /// The QR reference of an invoice number: its digits, zero-padded to 26, and the check digit.
    public static func qrReference(for number: String) -> String? {
        let digits = number.filter { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 26 else { return nil }
        let padded = String(repeating: "0", count: 26 - digits.count) + digits
        return padded + String(mod10Recursive(padded))
    }

    /// The ISO 11649 creditor reference of an invoice number: `RF`, two check digits, the number's
    /// letters and digits (at most 21).
    public static func creditorReference(for number: String) -> String? {
        let body = String(number.uppercased().filter { $0.isASCII && ($0.isLetter || $0.isNumber) })
        guard !body.isEmpty, body.count <= 21 else { return nil }
        let rearranged = body + "RF00"
        var remainder = 0
        for character in rearranged {
            let value = character.isNumber ? character.wholeNumberValue! : Int(character.asciiValue! - 55)
            for digit in String(value) { remainder = (remainder * 10 + digit.wholeNumberValue!) % 97 }
        }
        let check = 98 - remainder
        return "RF" + (check < 10 ? "0" : "") + String(check) + body
    }

    static func party(_ contact: Contact) -> Party? {
        guard let address = contact.address, let country = address.country?.uppercased(), country.count == 2,
              let postalCode = address.postalCode, !postalCode.isEmpty, let town = address.city, !town.isEmpty else { return nil }
        let street = (address.street ?? "").split(separator: "\n").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return Party(name: String(contact.name.prefix(70)), street: String(street.prefix(70)), buildingNumber: "",
                     postalCode: String(postalCode.prefix(16)), town: String(town.prefix(35)), country: country)
    }

    /// Why an invoice cannot carry a QR-bill, in words for `check`; nil when it can.
    public static func problem(book: Book, document: Document) -> String? {
        guard let figures = document.figures else { return "it has no figures" }
        guard ["CHF", "EUR"].contains(figures.currency.code) else { return "a QR-bill is in CHF or EUR, and \(document.number) is in \(figures.currency.code)" }
        guard let account = book.settings.payment.account?.replacingOccurrences(of: " ", with: "").uppercased(),
              account.hasPrefix("CH") || account.hasPrefix("LI"), Identifiers.looksLikeIBAN(account) else {
            return "a QR-bill pays into a Swiss or Liechtenstein IBAN: set it as `account:` under `payment:` in invoic.yaml"
        }
        guard party(book.settings.business) != nil else {
            return "a QR-bill names the creditor's address with postal code, town and country: write the business address as a mapping"
        }
        if isQRIBAN(account), qrReference(for: document.number) == nil {
            return "a QR-IBAN takes a QR reference made from the invoice number's digits, and \(document.number) has none"
        }
        return nil
    }

    /// The bill of `document` for `amount` due, or nil when none applies (see ``problem``), the
    /// book chose another code, or nothing is due.
    public static func bill(book: Book, document: Document, amount: Int64) -> Bill? {
        guard document.kind == .invoice, amount > 0, amount <= 999_999_999_99,
              book.settings.payment.qr?.value == .swiss || (book.settings.payment.qr == nil && isSwiss(book)),
              problem(book: book, document: document) == nil, let figures = document.figures,
              let account = book.settings.payment.account?.replacingOccurrences(of: " ", with: "").uppercased(),
              let creditor = party(book.settings.business) else { return nil }
        let reference: Reference
        if isQRIBAN(account) {
            reference = .qr(qrReference(for: document.number)!)
        } else {
            reference = creditorReference(for: document.number).map(Reference.creditor) ?? .none
        }
        let debtor = book.clients[document.client.value].flatMap { party($0.contact) }
        return Bill(iban: account, creditor: creditor, amount: MoneyFormat.plain(amount, figures.currency), currency: figures.currency.code,
                    debtor: debtor, reference: reference, message: document.number)
    }

    /// A book whose account is a Swiss or Liechtenstein IBAN prints QR-bills by default.
    static func isSwiss(_ book: Book) -> Bool { isSwiss(book.settings) }

    static func isSwiss(_ settings: BookSettings) -> Bool {
        guard let account = settings.payment.account?.replacingOccurrences(of: " ", with: "").uppercased() else { return false }
        return account.hasPrefix("CH") || account.hasPrefix("LI")
    }
}
