import InvoicBook
import InvoicMoney

/// What a reader made of an e-invoice a supplier sent, whatever its syntax (UBL 2.1 Invoice or
/// CreditNote, CII D16B of every Factur-X / ZUGFeRD profile, XRechnung, Peppol BIS, FatturaPA,
/// FA(3)), in EN 16931's terms (BT-/BG- noted beside each field): the readers' output, which
/// `ReceivedInvoice(_:)` turns into the model and the envelope that everything else reads. Amounts are exact `Money` of the document currency; prices and quantities
/// keep the decimals the document wrote.
public struct ReceivedDocument: Sendable {
    public enum Syntax: String, Sendable { case ubl = "UBL", cii = "CII", fatturapa = "FatturaPA", fa3 = "FA(3)" }
    public enum Kind: String, Sendable { case invoice, creditNote = "credit-note" }

    public var syntax: Syntax
    /// BT-24: the specification the document follows (EN 16931, XRechnung, Peppol, a Factur-X profile).
    public var customization: String?
    /// BT-23.
    public var businessProcess: String?
    /// BT-1.
    public var number: String
    /// BT-3, as written (380, 381, 384, 386, 389, ...).
    public var typeCode: String
    public var kind: Kind
    /// BT-2.
    public var issued: Day
    /// BT-9.
    public var due: Day?
    /// BT-7.
    public var taxPointDate: Day?
    /// BT-72.
    public var deliveryDate: Day?
    /// BT-80: the country the goods go to (BG-15), which an intra-community supply names (BR-IC-12).
    public var deliverToCountry: String?
    /// BG-14.
    public var periodStart: Day?
    public var periodEnd: Day?
    /// BT-5.
    public var currency: Currency
    /// BT-6.
    public var taxCurrency: Currency?
    /// BT-10.
    public var buyerReference: String?
    /// BT-13.
    public var order: String?
    /// BT-12.
    public var contract: String?
    /// BT-11.
    public var project: String?
    /// BG-3: the invoices a credit note (or a corrected invoice) corrects.
    public var corrects: [(number: String, issued: Day?)] = []
    public var seller: Party
    public var buyer: Party
    /// BG-10.
    public var payee: Party?
    /// BT-63: the VAT identifier of the seller's tax representative (BG-11), which stands for
    /// the seller's own in BR-S-02 and its kin.
    public var taxRepresentativeVATID: String?
    /// BG-11, the whole tax representative party (name, address, identifiers) as written.
    public var taxRepresentative: Party?
    public var lines: [Line] = []
    /// BG-20 and BG-21.
    public var allowancesCharges: [AllowanceCharge] = []
    /// BG-23.
    public var taxes: [TaxGroup] = []
    public var totals: Totals
    /// BG-16.
    public var payment: Payment
    /// BT-22.
    public var notes: [String] = []
    /// BG-24.
    public var attachments: [Attachment] = []
    /// Where an amount had to be read against the rules (more decimals than the currency has):
    /// reported as findings by `Findings`, the figure kept rounded to the currency.
    public var readingProblems: [Finding] = []

    public struct Party: Sendable {
        /// BT-27 / BT-44.
        public var name: String
        /// BT-28 / BT-45.
        public var tradingName: String?
        /// True when the document gives no legal name (BT-27 / BT-44) and `name` is its trading
        /// name (UBL's PartyName): BR-06 / BR-07 are broken though a name is shown.
        public var nameIsTradingName = false
        /// BT-29 / BT-46 (with its scheme).
        public var identifiers: [String] = []
        /// BT-30 / BT-47.
        public var legalID: String?
        /// BT-31 / BT-48.
        public var vatID: String?
        /// BT-32.
        public var taxNumber: String?
        /// BT-34 / BT-49, `scheme:id`.
        public var electronicAddress: String?
        public var address = Address()
        public var contactName: String?
        public var contactPhone: String?
        public var contactEmail: String?

        public init(name: String) { self.name = name }
    }

    public struct Address: Sendable {
        /// Whether the document has the address group at all (BG-5 / BG-8: BR-08 / BR-10 when
        /// not, BR-09 / BR-11 when it has no country).
        public var isPresent = false
        public var lines: [String] = []
        public var city: String?
        public var postalCode: String?
        public var region: String?
        public var country: String?
        public init() {}
    }

    public struct Line: Sendable {
        /// BT-126.
        public var id: String
        /// BT-127.
        public var note: String?
        /// BT-153.
        public var name: String
        /// BT-154.
        public var description: String?
        /// BT-155.
        public var sellerItemID: String?
        /// BT-129.
        public var quantity: DecimalNumber?
        /// BT-130.
        public var unit: String?
        /// BT-146.
        public var netPrice: DecimalNumber?
        /// BT-148.
        public var grossPrice: DecimalNumber?
        /// BT-149.
        public var baseQuantity: DecimalNumber?
        /// BT-131.
        public var net: Money
        /// BT-131 exactly as written, when it has more decimals than the currency: the sums of
        /// BR-CO-10 and BR-x-08 add these and round the sum, as CEN's rules do.
        public var exactNet: DecimalNumber?
        /// BT-151, BT-152.
        public var taxCategory: String?
        public var taxRate: DecimalNumber?
        public var allowancesCharges: [AllowanceCharge] = []
        public var periodStart: Day?
        public var periodEnd: Day?
        /// Factur-X EXTENDED's sub-invoice lines: the line's subtype (BT-X-8: DETAIL, GROUP or
        /// INFORMATION) and the line it belongs to (BT-X-304).
        public var status: String?
        public var parentID: String?

        /// Whether BT-131 adds to the sum of line nets (BT-106) and the tax groups: a GROUP line
        /// is the subtotal of its DETAIL lines and an INFORMATION line is for reading only, so
        /// summing them too would count the same amount twice (Factur-X EXTENDED's BR-FXEXT-CO-10
        /// sums the lines with no subtype or DETAIL).
        public var countsInTotals: Bool { status == nil || status?.uppercased() == "DETAIL" }
    }

    public struct AllowanceCharge: Sendable {
        public var isCharge: Bool
        public var amount: Money
        public var base: Money?
        public var percent: DecimalNumber?
        public var reason: String?
        public var reasonCode: String?
        /// BT-95 / BT-102 (document level only).
        public var taxCategory: String?
        public var taxRate: DecimalNumber?
    }

    public struct TaxGroup: Sendable {
        /// BT-118 (UNCL 5305: S, Z, E, AE, K, G, O, L, M).
        public var category: String
        /// BT-119; absent for category O.
        public var rate: DecimalNumber?
        /// BT-116.
        public var taxable: Money
        /// BT-117.
        public var tax: Money
        /// BT-120, BT-121.
        public var exemptionReason: String?
        public var exemptionCode: String?
    }

    public struct Totals: Sendable {
        /// BT-106.
        public var lines: Money?
        /// BT-107, BT-108.
        public var allowances: Money?
        public var charges: Money?
        /// BT-109.
        public var net: Money?
        /// BT-110 (in the document currency).
        public var tax: Money?
        /// BT-111 (in the tax currency, when one is named).
        public var taxInTaxCurrency: Money?
        /// BT-112.
        public var total: Money?
        /// BT-113.
        public var prepaid: Money?
        /// BT-114.
        public var rounding: Money?
        /// BT-115.
        public var payable: Money
        /// XRechnung's extension: the third-party payments (BG-DEX-09, the sum of BT-DEX-002,
        /// UBL's cac:PrepaidPayment), which BT-115 includes (BR-DEX-09 replaces BR-CO-16).
        public var thirdPartyPaid: Money? = nil
        /// What the buyer withholds and pays the tax office instead (FatturaPA's DatiRitenuta):
        /// the amount due is the total less it.
        public var withheld: Money? = nil
    }

    public struct Payment: Sendable {
        /// BT-81 (UNCL 4461: 30 credit transfer, 58 SEPA credit transfer, 59 SEPA direct debit, ...).
        public var meansCode: String?
        public var meansText: String?
        /// BT-83.
        public var reference: String?
        /// BG-17.
        public var accounts: [(iban: String, name: String?, bic: String?)] = []
        /// BT-89, BT-91.
        public var mandate: String?
        public var debitedAccount: String?
        /// BT-20.
        public var terms: String?
    }

    public struct Attachment: Sendable {
        /// BT-122.
        public var id: String
        /// BT-123.
        public var description: String?
        /// BT-125's filename and mime code; `data` its decoded bytes.
        public var filename: String?
        public var mimeCode: String?
        public var data: [UInt8]?
        /// BT-124.
        public var uri: String?
    }
}

/// A rule of EN 16931 (or of its syntax binding) a received document breaks: listed on its
/// record by rule id. A supplier's invoice that breaks rules is still received.
public struct Finding: Sendable, Hashable, CustomStringConvertible {
    /// The flag the official artefact gives the rule (CEN's schematron: `fatal` or `warning`;
    /// a violation of the XML Schema is fatal): only a fatal finding makes a document invalid.
    public enum Severity: String, Sendable, Hashable { case fatal, warning }
    public var rule: String
    public var message: String
    public var severity: Severity
    /// Where in the document: `line 12` for a schema violation, else nil (the message names the
    /// business term).
    public var location: String?
    public init(rule: String, message: String, severity: Severity = .fatal, location: String? = nil) {
        self.rule = rule
        self.message = message
        self.severity = severity
        self.location = location
    }
    public var description: String { "\(rule): \(message)" + (location.map { " (\($0))" } ?? "") }
}
