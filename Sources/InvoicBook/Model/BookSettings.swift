import InvoicDiagnostics
import InvoicMoney

/// `invoic.yaml`: who the business is, how it is paid, and the defaults every document inherits.
public struct BookSettings: Sendable {
    public static let fileName = "invoic.yaml"

    public var business: Contact
    public var logo: Located<String>?
    public var payment: PaymentDetails
    public var defaults: Defaults
    public var numbering: Numbering
    public var template: Located<String>?
    /// The PDF file name pattern, e.g. `"{number} - {business}"`; `{number}` when unset.
    public var pdfName: Located<String>?
    /// `history: true`: `invoic check` judges the book against its git history by default.
    public var history = false
    /// `paper:`, the size every PDF is printed on; by default the usual size of each document's locale.
    public var paper: Located<PaperSize>?
    /// `einvoice:`, the structured invoices `build` writes beside each invoice and credit note.
    public var einvoice: Located<[EInvoiceFormat]>?
    /// `einvoice_profile:`, the profile its UBL, CII and Factur-X follow; EN 16931 when unset.
    public var einvoiceProfile: Located<EInvoiceConformance>?
    /// `bank:`, how `invoic match` reads CSV statements.
    public var bank: BankLayout?
    /// `reminders:`, when and at which fee overdue invoices are reminded.
    public var reminders: ReminderPolicy?
    /// `mail:`, how `invoic mail` sends.
    public var mail: MailSettings?
    /// `peppol:`, the access point provider `invoic peppol` sends through.
    public var peppol: PeppolSettings?
    /// `ksef:`, Poland's KSeF: which environment the FA(3) invoices and their QR codes are for.
    public var ksef: KSeFSettings?
    /// `platform:`, the French approved platform `invoic pa` sends through (docs/france.md).
    public var platform: PlatformSettings?
    /// `fatturapa:`, an Italian business's regime and stamp duty choice (docs/italy.md).
    public var fatturapa: FatturaPASettings?
    /// `verifactu:`, Spain's registration records (docs/spain.md).
    public var verifactu: VeriFactuSettings?
    /// `labels:`, the book's own words for some labels: language or locale -> key -> text.
    public var labels: [String: [String: String]] = [:]
    /// `vat_basis:`, when a sale counts for VAT (`invoic report vat`); accrual when unset.
    public var vatBasis: Located<VATBasis>?
    /// `ledger:`, the account names `invoic export-journal` posts to; the defaults when unset.
    public var ledger: LedgerAccounts?
    /// `locked_until:`, the last day of the periods whose VAT returns are filed: `check` refuses any
    /// dated fact on or before it that the book did not hold when the lock was committed.
    public var lockedUntil: Located<Day>?
    /// `business.billing_mode:`, the French "cadre de facturation" (BT-23): B1 goods, S1 services,
    /// M1 mixed, and their variants (B2/S2/M2 already paid, S3, B4/S4/M4 final after deposit, ...).
    public var billingMode: Located<String>?
    /// `business.vat_on_debits: true`: the seller opted to pay VAT on services when invoiced
    /// ("option pour le paiement de la TVA d'après les débits"), a mention the invoice must carry.
    public var vatOnDebits = false
    /// `amount_in_words: true`: documents in Polish print the total in words ("słownie"), which
    /// Polish practice asks for (docs/poland.md).
    public var amountInWords = false

    public init(business: Contact, logo: Located<String>? = nil, payment: PaymentDetails = PaymentDetails(),
                defaults: Defaults = Defaults(), numbering: Numbering = Numbering(),
                template: Located<String>? = nil, pdfName: Located<String>? = nil) {
        self.business = business
        self.logo = logo
        self.payment = payment
        self.defaults = defaults
        self.numbering = numbering
        self.template = template
        self.pdfName = pdfName
    }
}

/// The PAYMENT DETAILS block of a PDF: printed when any field is set.
public struct PaymentDetails: Sendable, Hashable {
    public var beneficiary: String?
    public var bank: String?
    /// An account number or IBAN.
    public var account: String?
    public var bic: String?
    public var instructions: String?
    /// `creditor_id:`, the SEPA creditor identifier a direct debit is collected under (BT-90).
    public var creditorID: Located<String>?
    /// `qr:`, the payment code printed on invoices: `epc` (the default where it applies) or `none`.
    public var qr: Located<PaymentCode.Choice>?

    public init(beneficiary: String? = nil, bank: String? = nil, account: String? = nil, bic: String? = nil, instructions: String? = nil) {
        self.beneficiary = beneficiary
        self.bank = bank
        self.account = account
        self.bic = bic
        self.instructions = instructions
    }

    public var isEmpty: Bool { [beneficiary, bank, account, bic, instructions].allSatisfy { $0 == nil } }
}

public struct Defaults: Sendable {
    public var currency: Located<Currency>?
    public var locale: Located<String>?
    public var tax: Located<TaxRate>?
    /// Days from issue to due.
    public var terms: Located<Int>?
    /// Days an estimate stays valid.
    public var validity: Located<Int>?
    public var rounding: RoundingRule
    public var exemption: Located<Exemption>?
    public var payableRounding: Located<DecimalNumber>?
    public var paymentMeans: Located<PaymentMeans>?
    /// `withholding:`, the taxes every client withholds unless its own or a document's say otherwise.
    public var withholding: Located<[Withholding]>?

    public init(currency: Located<Currency>? = nil, locale: Located<String>? = nil, tax: Located<TaxRate>? = nil,
                terms: Located<Int>? = nil, validity: Located<Int>? = nil, rounding: RoundingRule = .halfAwayFromZero) {
        self.currency = currency
        self.locale = locale
        self.tax = tax
        self.terms = terms
        self.validity = validity
        self.rounding = rounding
    }

    /// The locale when neither document, client nor book names one.
    public static let fallbackLocale = "en_US"
}

public struct Numbering: Sendable {
    public var invoice: Located<NumberPattern>?
    public var estimate: Located<NumberPattern>?
    public var creditNote: Located<NumberPattern>?
    /// How a gap in a series is reported: France and Spain require gapless series, Germany only unique ones.
    public var gaps: Severity
    /// The git remote every final number is reserved on before it is given (`reserve: origin`),
    /// so two clones of one book never give one number twice (docs/teams.md); nil: numbers are
    /// taken from this copy of the book alone.
    public var reserve: Located<String>?

    public init(invoice: Located<NumberPattern>? = nil, estimate: Located<NumberPattern>? = nil,
                creditNote: Located<NumberPattern>? = nil, gaps: Severity = .error, reserve: Located<String>? = nil) {
        self.invoice = invoice
        self.estimate = estimate
        self.creditNote = creditNote
        self.gaps = gaps
        self.reserve = reserve
    }

    public static let defaultInvoicePattern = NumberPattern.parse("INV-{seq:4}")!
    public static let defaultEstimatePattern = NumberPattern.parse("EST-{seq:4}")!
    public static let defaultCreditNotePattern = NumberPattern.parse("CN-{seq:4}")!

    public func pattern(for kind: DocumentKind) -> NumberPattern {
        switch kind {
        case .invoice: return invoice?.value ?? Numbering.defaultInvoicePattern
        case .estimate: return estimate?.value ?? Numbering.defaultEstimatePattern
        case .creditNote: return creditNote?.value ?? Numbering.defaultCreditNotePattern
        }
    }
}

/// The sheet a PDF is laid out on.
public enum PaperSize: String, Sendable, CaseIterable {
    case a4 = "A4", letter = "Letter"

    /// Where US Letter is the usual office paper (ISO 3166-1 alpha-2): the United States and
    /// Canada, Mexico and most of Central America, Chile, Colombia, Venezuela, the Philippines.
    static let letterCountries: Set<String> = ["US", "CA", "MX", "GT", "SV", "HN", "NI", "CR", "PA", "DO", "PR", "CL", "CO", "VE", "PH"]

    /// The usual paper for a locale (`en_US` -> Letter, `de_DE` -> A4); A4 when the locale names no country.
    public static func usual(forLocale locale: String) -> PaperSize {
        let parts = locale.replacingOccurrences(of: "-", with: "_").split(separator: "_")
        guard let region = parts.dropFirst().first(where: { $0.count == 2 && $0.allSatisfy(\.isLetter) }) else { return .a4 }
        return letterCountries.contains(region.uppercased()) ? .letter : .a4
    }
}

extension BookSettings {
    /// The cadres de facturation BR-FR-08 accepts (BR-FR Flux 2 schematron 1.4.0.03).
    public static let billingModes = ["B1", "S1", "M1", "B2", "S2", "M2", "S3", "B4", "S4", "M4", "S5", "S6", "B7", "S7", "B8", "S8", "M8", "B9", "S9", "M9"]

    /// Whether the French rules apply: the business is in France or names its SIREN.
    public var isFrench: Bool {
        business.siren != nil || business.address?.country?.uppercased() == "FR"
    }
}
