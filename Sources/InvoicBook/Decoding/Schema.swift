/// The keys every kind of file accepts. The decoder reads files through these tables, so an
/// unknown key, a missing one and a JSON Schema for editors all come from one place.
public struct KeyTable: Sendable {
    public let name: String
    public let keys: [KeySpec]

    public subscript(key: String) -> KeySpec? { keys.first { $0.name == key } }
    public var names: [String] { keys.map(\.name) }
}

public struct KeySpec: Sendable {
    public let name: String
    public let type: ValueType
    public let required: Bool
    public let help: String

    init(_ name: String, _ type: ValueType, required: Bool = false, _ help: String) {
        self.name = name
        self.type = type
        self.required = required
        self.help = help
    }
}

public indirect enum ValueType: Sendable {
    case text
    case date
    /// Whole days, e.g. payment terms.
    case days
    /// An exact decimal amount in the document's currency.
    case amount
    /// A price per unit: up to eight more decimals than the currency has.
    case price
    /// A positive decimal with at most six decimals.
    case quantity
    /// A percentage written with its sign: `20%`.
    case rate
    /// A tax rate, a category word or `{category, rate}`.
    case tax
    /// A percentage (`10%`) or an amount (`50.00`).
    case discount
    case currency
    case locale
    case oneOf([String])
    /// `true` or `false`.
    case flag
    case pattern
    /// A mapping of the given keys, or (for addresses) one string of street lines.
    case mapping(KeyTable, orText: Bool = false)
    case list(ValueType)
    /// A mapping from a language or locale (`de`, `de_AT`) to a mapping of the table's keys.
    case byLanguage(KeyTable)
}

public enum Schema {
    static let address = KeyTable(name: "address", keys: [
        KeySpec("street", .text, "street lines; use `|` for several"),
        KeySpec("city", .text, "city or town"),
        KeySpec("region", .text, "state, county or region"),
        KeySpec("postal_code", .text, "postal code; quote it to keep leading zeros: \"01234\""),
        KeySpec("country", .text, "ISO 3166-1 alpha-2 country code, e.g. US"),
    ])

    static let contactPoint = KeyTable(name: "contact", keys: [
        KeySpec("name", .text, "the person or department to ask (BT-41, BT-56)"),
        KeySpec("phone", .text, "their phone (BT-42, BT-57)"),
        KeySpec("email", .text, "their e-mail (BT-43, BT-58)"),
    ])

    static let einvoiceFormats = ValueType.list(.oneOf(EInvoiceFormat.allCases.map(\.rawValue)))

    static let business = KeyTable(name: "business", keys: [
        KeySpec("name", .text, required: true, "the business name printed on every document"),
        KeySpec("email", .text, "contact e-mail"),
        KeySpec("phone", .text, "contact phone"),
        KeySpec("address", .mapping(address, orText: true), "postal address"),
        KeySpec("tax_id", .text, "VAT number (with its country prefix, checked) or another tax id, printed when set"),
        KeySpec("tax_number", .text, "a national tax number other than the VAT number, e.g. a German Steuernummer (BT-32)"),
        KeySpec("legal_id", .text, "the company registration id, `scheme:id` or the id alone (BT-30)"),
        KeySpec("electronic_address", .text, "where e-invoices reach the business: `scheme:id`, e.g. 0208:0123456749 (BT-34)"),
        KeySpec("siren", .text, "France: the 9-digit SIREN, Luhn-checked (BT-30, scheme 0002)"),
        KeySpec("siret", .text, "France: the 14-digit SIRET of the establishment that invoices (BT-29, scheme 0009)"),
        KeySpec("billing_mode", .text, "France: the cadre de facturation (BT-23): B1 goods, S1 services, M1 mixed, or a variant (B2, S2, ...)"),
        KeySpec("vat_on_debits", .flag, "France: true when the business opted to pay VAT on its services when invoiced (TVA sur les débits)"),
        KeySpec("contact", .mapping(contactPoint), "the person to ask about invoices (BG-6; XRechnung needs name, phone and e-mail)"),
        KeySpec("logo", .text, "PNG, JPEG or SVG file, relative to the book"),
    ])

    static let payment = KeyTable(name: "payment", keys: [
        KeySpec("beneficiary", .text, "account holder"),
        KeySpec("bank", .text, "bank name"),
        KeySpec("account", .text, "account number or IBAN"),
        KeySpec("bic", .text, "SWIFT/BIC code"),
        KeySpec("instructions", .text, "free text, e.g. other ways to pay"),
        KeySpec("creditor_id", .text, "your SEPA creditor identifier, for direct debits (BT-90)"),
        KeySpec("qr", .oneOf(PaymentCode.Choice.allCases.map(\.rawValue)), "the payment QR code on invoices: swiss (the QR-bill, the default with a Swiss or Liechtenstein IBAN), epc (SEPA transfer, the default for EUR invoices to another IBAN) or none"),
    ])

    static let defaults = KeyTable(name: "defaults", keys: [
        KeySpec("currency", .currency, "ISO 4217 code used when a client or document names none"),
        KeySpec("locale", .locale, "formatting of money, dates and labels, e.g. en_US"),
        KeySpec("tax", .tax, "default tax of a line: a rate (20%) or a category (reverse-charge, intra-eu, export, exempt, outside-scope)"),
        KeySpec("exemption", .mapping(exemption, orText: true), "why no VAT is charged on exempt, reverse-charge, intra-EU, export and outside-scope lines"),
        KeySpec("payable_rounding", .amount, "round the amount due to a multiple of this: 0.05 (Swiss cash), 1 (Swedish kronor)"),
        KeySpec("withholding", withholding, "taxes the clients withhold from what they pay: [{kind: IRPF, rate: 15%}]; [] for none"),
        KeySpec("payment_means", .text, "how invoices are paid (BT-81): 58 SEPA credit transfer (default with an IBAN), 30, 59 direct debit, 48 card, 10 cash"),
        KeySpec("terms", .days, "days from issue to due"),
        KeySpec("validity", .days, "days an estimate stays valid"),
        KeySpec("rounding", .oneOf(["half_away_from_zero", "half_even"]), "rounding of amounts to the currency's minor unit"),
    ])

    static let numbering = KeyTable(name: "numbering", keys: [
        KeySpec("invoice", .pattern, "invoice number pattern, e.g. \"INV-{seq:4}\" or \"INV-{year}-{seq:3}\""),
        KeySpec("estimate", .pattern, "estimate number pattern, e.g. \"EST-{seq:4}\""),
        KeySpec("credit_note", .pattern, "credit note number pattern, e.g. \"CN-{seq:4}\" (its own series)"),
        KeySpec("gaps", .oneOf(["error", "warning"]), "whether a gap in a series is an error or a warning"),
        KeySpec("reserve", .text, "the git remote each final number is reserved on first, e.g. origin (docs/teams.md)"),
    ])

    static let lineAdjustment = KeyTable(name: "line discount or charge", keys: [
        KeySpec("reason", .text, "why, as printed, e.g. Loyalty"),
        KeySpec("percent", .rate, "a percent of the base, e.g. 20%"),
        KeySpec("amount", .amount, "an amount, e.g. 2.00; with a percent, the stated result, checked"),
        KeySpec("base", .amount, "what the percent applies to; default the line's quantity x price"),
        KeySpec("code", .text, "UNCL 5189 (discounts) or 7161 (charges), e.g. \"95\""),
    ])

    static let documentAdjustment = KeyTable(name: "allowance or charge", keys: lineAdjustment.keys + [
        KeySpec("tax", .tax, "the tax group it belongs to; default the document's"),
    ])

    static let period = KeyTable(name: "period", keys: [
        KeySpec("from", .date, required: true, "the first day"),
        KeySpec("to", .date, required: true, "the last day"),
    ])

    static let deliveryPlace = KeyTable(name: "deliver_to", keys: [
        KeySpec("name", .text, "the name of the place, e.g. Warehouse North"),
        KeySpec("address", .mapping(address, orText: true), "where the goods went"),
    ])

    static let taxCurrency = KeyTable(name: "tax_currency", keys: [
        KeySpec("code", .currency, required: true, "the currency the VAT total is also stated in, e.g. SEK (BT-6)"),
        KeySpec("rate", .amount, required: true, "how many of it one unit of the document's currency is worth, e.g. 10.4852"),
    ])

    static let exemption = KeyTable(name: "exemption", keys: [
        KeySpec("code", .text, "the VATEX code, e.g. VATEX-EU-132-1C (BT-121)"),
        KeySpec("text", .text, "the reason as printed, e.g. Medical care exempt under Art. 132(1)(c) (BT-120)"),
    ])

    static let withholdingEntry = KeyTable(name: "withholding", keys: [
        KeySpec("kind", .text, required: true, "the tax withheld, as the country's forms name it: IRPF (Spain), RT01, RT02 (Italy)"),
        KeySpec("rate", .rate, required: true, "its rate, e.g. 15%"),
    ])

    /// `withholding:`, a list so that two taxes may be withheld together (Italy's ritenuta and a pension fund's).
    static let withholding = ValueType.list(.mapping(withholdingEntry))

    static let taxCategory = KeyTable(name: "tax", keys: [
        KeySpec("category", .text, required: true, "a UNCL 5305 code (S, Z, E, AE, K, G, O, L, M, B) or a category word"),
        KeySpec("rate", .rate, "the rate, for S, L, M and B"),
    ])

    static let labels = KeyTable(name: "labels", keys: LabelKeys.meanings.map { KeySpec($0.key, .text, $0.value) })

    static let reminderLevel = KeyTable(name: "reminder level", keys: [
        KeySpec("after", .days, required: true, "days past the due date"),
        KeySpec("fee", .amount, "the fee this reminder adds, in the invoice's currency"),
    ])

    static let reminderPolicy = KeyTable(name: "reminders", keys: [
        KeySpec("levels", .list(.mapping(reminderLevel)), required: true, "the reminders in order: [{after: 7}, {after: 21, fee: 5.00}]"),
        KeySpec("interest", .rate, "yearly interest on the amount due from the due date, e.g. 12.27% (German base rate + 9 points)"),
    ])

    static let reminderEntry = KeyTable(name: "reminder", keys: [
        KeySpec("date", .date, required: true, "the day the reminder went out"),
        KeySpec("level", .days, required: true, "1 for the first reminder, 2 for the second, ..."),
        KeySpec("fee", .amount, "the fee it asked for"),
        KeySpec("interest", .amount, "the interest it asked for"),
    ])

    static let mail = KeyTable(name: "mail", keys: [
        KeySpec("from", .text, "the sender, `Name <address>`; default: the business's name and e-mail"),
        KeySpec("bcc", .text, "an address that gets a copy of every message"),
        KeySpec("host", .text, "the SMTP server; without it the message goes to the local sendmail"),
        KeySpec("port", .text, "default 587 (starttls), 465 (tls), 25 (none)"),
        KeySpec("security", .oneOf(MailSettings.Security.allCases.map(\.rawValue)), "starttls (default), tls or none (a server on this machine)"),
        KeySpec("username", .text, "the SMTP login"),
        KeySpec("password_env", .text, "the environment variable that holds the password (default INVOIC_SMTP_PASSWORD), else ~/.netrc; never the book"),
        KeySpec("sendmail", .text, "the sendmail program without `host:` (default /usr/sbin/sendmail)"),
    ])

    static let peppol = KeyTable(name: "peppol", keys: [
        KeySpec("provider", .oneOf(PeppolSettings.Provider.allCases.map(\.rawValue)), "the access point provider `invoic peppol send` hands the Peppol BIS file to: e-invoice.be, recommand, scrada or http (any API that takes the UBL by POST)"),
        KeySpec("url", .text, "the API's base URL, https://...; default: the provider's production URL (a sandbox's here); required for http"),
        KeySpec("token_env", .text, "the environment variable that holds the API key (default INVOIC_PEPPOL_TOKEN), else ~/.netrc for the URL's host; never the book"),
        KeySpec("company", .text, "the sending company's id at the provider, which Recommand's and Scrada's API paths name"),
        KeySpec("connect_timeout", .text, "seconds to wait for a connection to the provider (default 10)"),
        KeySpec("idle_timeout", .text, "seconds to wait for the provider's next byte, e.g. its answer (default 30)"),
    ])

    static let ksef = KeyTable(name: "ksef", keys: [
        KeySpec("environment", .oneOf(KSeFSettings.Environment.allCases.map(\.rawValue)), "the KSeF environment the FA(3) invoices and their QR codes are for: test (the default), demo or production"),
        KeySpec("offline_certificate", .text, "the KSeF offline certificate and its private key (a PEM or PKCS#12 file outside git; its password in INVOIC_KSEF_CERTIFICATE_PASSWORD): invoices without a KSeF number carry KOD II"),
    ])

    static let platform = KeyTable(name: "platform", keys: [
        KeySpec("flow_url", .text, required: true, "the platform's AFNOR XP Z12-013 Flow Service, https://.../flow-service (`invoic pa send|status|receive`)"),
        KeySpec("directory_url", .text, "its Directory Service, https://.../directory-service (`invoic pa lookup`)"),
        KeySpec("token_url", .text, "its OAuth2 token endpoint: invoic asks it for a token with $INVOIC_PA_CLIENT_ID and $INVOIC_PA_CLIENT_SECRET; without it the token is $INVOIC_PA_TOKEN"),
        KeySpec("syntax", .oneOf(PlatformSettings.Syntax.allCases.map(\.rawValue)), "what invoices are sent as: factur-x, cii or ubl; default: the first of these the book's `einvoice:` writes"),
        KeySpec("connect_timeout", .text, "seconds to wait for a connection to the platform (default 10)"),
        KeySpec("idle_timeout", .text, "seconds to wait for the platform's next byte, e.g. its answer (default 30)"),
    ])

    static let fatturapa = KeyTable(name: "fatturapa", keys: [
        KeySpec("regime", .oneOf(FatturaPASettings.regimes), required: true, "the RegimeFiscale: RF01 ordinario, RF19 forfettario, ... (docs/italy.md)"),
        KeySpec("transmitter", .text, "the fiscal code the file is sent under (IdTrasmittente, the SdI file name's IT<code>_); default: the partita IVA"),
        KeySpec("bollo", .oneOf(FatturaPASettings.Bollo.allCases.map(\.rawValue)), "who bears the 2.00 EUR stamp duty above 77.47 EUR without VAT: self (default) or client (a charge with code N1)"),
    ])

    static let fatturapaClient = KeyTable(name: "fatturapa", keys: [
        KeySpec("recipient", .text, "the client's 7-character SdI code (CodiceDestinatario), 0000000 when it has none"),
        KeySpec("pec", .text, "the client's PEC address (PECDestinatario), with recipient 0000000"),
    ])

    static let bankColumns = KeyTable(name: "columns", keys: [
        KeySpec("date", .text, "the booking date's column: its header text, or its position (1, 2, ...)"),
        KeySpec("amount", .text, "the signed amount (money in is positive)"),
        KeySpec("credit", .text, "money in, when the bank writes credits and debits in two columns"),
        KeySpec("debit", .text, "money out, the other of the two"),
        KeySpec("direction", .text, "a column that says in or out (S/H, CRDT/DBIT); with `credit_marker`"),
        KeySpec("currency", .text, "the currency code"),
        KeySpec("remittance", .text, "the payment's text (Verwendungszweck, description, memo)"),
        KeySpec("counterparty", .text, "who paid: the payer's name"),
        KeySpec("iban", .text, "the payer's IBAN"),
        KeySpec("reference", .text, "the bank's transaction reference"),
    ])

    static let bank = KeyTable(name: "bank", keys: [
        KeySpec("columns", .mapping(bankColumns), required: true, "which column holds what"),
        KeySpec("delimiter", .text, "the field separator: \",\" (default), \";\" or \"\\t\""),
        KeySpec("decimal", .oneOf(["point", "comma"]), "how amounts are written: point (1,234.56, the default) or comma (1.234,56)"),
        KeySpec("date_format", .text, "the order of DD, MM and YYYY (or YY): DD.MM.YYYY, MM/DD/YYYY, YYYY-MM-DD (default)"),
        KeySpec("skip", .text, "lines before the header row"),
        KeySpec("header", .flag, "false: the first row is a transaction; columns are then numbers"),
        KeySpec("encoding", .oneOf(BankLayout.Encoding.allCases.map(\.rawValue)), "utf-8 (default), latin-1 or windows-1252"),
        KeySpec("currency", .currency, "the currency when no column gives it"),
        KeySpec("credit_marker", .text, "with a `direction` column: the value that means money in, e.g. H or CRDT"),
    ])

    static let verifactu = KeyTable(name: "verifactu", keys: [
        KeySpec("nif", .text, required: true, "the issuer's NIF (DNI, NIE or CIF, checked with its control character), as IDEmisorFactura"),
        KeySpec("name", .text, "the issuer's name on the records (NombreRazonEmisor); default the business's name"),
        KeySpec("environment", .oneOf(VeriFactuSettings.Environment.allCases.map(\.rawValue)), "production (default) or test: the AEAT's pre-production hosts for the QR code and sending"),
        KeySpec("rectification", .oneOf(VeriFactuSettings.Rectification.allCases.map(\.rawValue)), "how credit notes correct: difference (I, default) or substitution (S)"),
        KeySpec("rectification_code", .oneOf(["R1", "R2", "R3", "R4"]), "the TipoFactura of credit notes: R1 (default; art. 80 Uno, Dos, Seis LIVA and errors of law), R2 (art. 80 Tres), R3 (art. 80 Cuatro), R4 (the others)"),
        KeySpec("certificate", .text, "`invoic verifactu send`: the PKCS#12 file (.p12/.pfx) of the qualified certificate, outside the book (~ allowed); its password in INVOIC_VERIFACTU_PASSWORD"),
    ])

    public static let book = KeyTable(name: "invoic.yaml", keys: [
        KeySpec("business", .mapping(business), required: true, "who issues the documents"),
        KeySpec("payment", .mapping(payment), "printed as PAYMENT DETAILS when any is set"),
        KeySpec("defaults", .mapping(defaults), "what every client and document inherits"),
        KeySpec("numbering", .mapping(numbering), "number patterns and how strict series are"),
        KeySpec("template", .text, "built-in template name, or templates/<name>.yaml in the book"),
        KeySpec("pdf_name", .text, "PDF file name pattern, e.g. \"{number} - {business}\""),
        KeySpec("paper", .oneOf(PaperSize.allCases.map(\.rawValue)), "A4 or Letter; default: Letter for the US, Canada and Mexico and the other Letter countries of the Americas and the Philippines (by each document's locale), A4 elsewhere"),
        KeySpec("labels", .byLanguage(labels), "the book's own words for some labels, by language or locale: {de: {bill_to: Kunde}} (docs/labels.md)"),
        KeySpec("einvoice", einvoiceFormats, "structured invoices build writes beside each invoice and credit note: ubl, cii, factur-x, xrechnung, xrechnung-cii, peppol, fa3"),
        KeySpec("einvoice_profile", .oneOf(EInvoiceConformance.allCases.map(\.rawValue)), "the profile of the ubl, cii and factur-x files: en16931 (the default) or extended-ctc-fr (France's EXTENDED-CTC-FR; Factur-X EXTENDED)"),
        KeySpec("reminders", .mapping(reminderPolicy), "when overdue invoices are reminded, at which fee and interest (`invoic remind`)"),
        KeySpec("mail", .mapping(mail), "how `invoic mail` sends: SMTP (host, port, security, username) or the local sendmail"),
        KeySpec("peppol", .mapping(peppol), "the access point provider `invoic peppol` sends through (docs/peppol.md)"),
        KeySpec("ksef", .mapping(ksef), "Poland's KSeF: {environment: test, demo or production} (docs/poland.md)"),
        KeySpec("platform", .mapping(platform), "France: the approved platform `invoic pa` sends through, by the AFNOR XP Z12-013 API (docs/france.md)"),
        KeySpec("fatturapa", .mapping(fatturapa), "an Italian business's FatturaPA: regime, transmitter, who bears the stamp duty (docs/italy.md)"),
        KeySpec("verifactu", .mapping(verifactu), "Spain: keep VeriFactu records of every invoice in verifactu/records/ (docs/spain.md): {nif, environment, rectification}"),
        KeySpec("bank", .mapping(bank), "how `invoic match` reads the bank's CSV statements (camt and MT940 need nothing)"),
        KeySpec("amount_in_words", .flag, "true: documents in Polish print the total in words under the totals (słownie: ...)"),
        KeySpec("history", .flag, "true: `invoic check` also judges the book against its git history, as with --history"),
        KeySpec("vat_basis", .oneOf(VATBasis.allCases.map(\.rawValue)), "when a sale counts for VAT in `invoic report vat`: accrual (by invoice date, the default) or cash (by payment date)"),
        KeySpec("locked_until", .date, "the last day of the filed VAT periods, YYYY-MM-DD (`invoic lock 2026-Q3`): check refuses changes dated on or before it"),
        KeySpec("ledger", .mapping(ledger), "the account names `invoic export-journal` posts to (docs/book-format.md)"),
    ])

    static let ledger = KeyTable(name: "ledger", keys: LedgerAccounts.keys.map { KeySpec($0.name, .text, "\($0.help); default \($0.defaultAccount)") }
        + [KeySpec("datev", .mapping(KeyTable(name: "datev", keys: datevKeys)),
                   "the header of `invoic export-journal --format datev`: consultant, client, chart, fiscal_year_start, encoding")])

    static let datevKeys: [KeySpec] = [
        KeySpec("consultant", .text, required: true, "the Beraternummer, 1001 to 9999999"),
        KeySpec("client", .text, required: true, "the Mandantennummer, 1 to 99999"),
        KeySpec("chart", .oneOf(["SKR03", "SKR04"]), "the chart of accounts: SKR03 (default) or SKR04"),
        KeySpec("fiscal_year_start", .text, "the fiscal year's first day as MM-DD; default 01-01"),
        KeySpec("encoding", .oneOf(["windows-1252", "utf-8"]), "windows-1252 (default, what DATEV reads) or utf-8 (written with a byte order mark)"),
    ]

    public static let client = KeyTable(name: "client", keys: [
        KeySpec("name", .text, required: true, "the client's name as printed"),
        KeySpec("email", .text, "contact e-mail"),
        KeySpec("phone", .text, "contact phone"),
        KeySpec("address", .mapping(address, orText: true), "postal address"),
        KeySpec("tax_id", .text, "the client's VAT number (with its country prefix, checked) or tax id"),
        KeySpec("tax_number", .text, "the client's national tax number other than the VAT number (BT-48 alternative)"),
        KeySpec("legal_id", .text, "the client's company registration id, `scheme:id` or the id alone (BT-47)"),
        KeySpec("electronic_address", .text, "where e-invoices reach the client: `scheme:id`, e.g. 9930:DE136695976 (BT-49)"),
        KeySpec("siren", .text, "France: the client's 9-digit SIREN, Luhn-checked (BT-47, scheme 0002)"),
        KeySpec("siret", .text, "France: the client's 14-digit SIRET (BT-46, scheme 0009)"),
        KeySpec("currency", .currency, "this client's default currency, over the book's"),
        KeySpec("locale", .locale, "this client's default locale, over the book's"),
        KeySpec("tax", .tax, "this client's default tax, over the book's: a rate, or reverse-charge, intra-eu, export, ..."),
        KeySpec("exemption", .mapping(exemption, orText: true), "why no VAT is charged to this client, over the book's"),
        KeySpec("payable_rounding", .amount, "round this client's amounts due to a multiple of this, over the book's"),
        KeySpec("withholding", withholding, "taxes this client withholds, over the book's: [{kind: IRPF, rate: 15%}]; [] for none"),
        KeySpec("buyer_reference", .text, "the reference this client asks on every invoice (BT-10), e.g. a Leitweg-ID"),
        KeySpec("deliver_to", .mapping(deliveryPlace), "where this client's goods usually go, when not the address (BG-13): {name, address}"),
        KeySpec("payment_means", .text, "how this client pays (BT-81), over the book's: 58, 30, 59 direct debit, 48 card, 10 cash"),
        KeySpec("iban", .text, "the client's IBAN a direct debit draws on (BT-91)"),
        KeySpec("contact", .mapping(contactPoint), "the person at the client to address (BG-9)"),
        KeySpec("peppol", .mapping(peppol), "this client's access point provider settings over the book's (docs/peppol.md)"),
        KeySpec("fatturapa", .mapping(fatturapaClient), "where the SdI delivers this client's FatturaPA: {recipient: ABC1234} or {recipient: \"0000000\", pec: ...} (docs/italy.md)"),
        KeySpec("einvoice", einvoiceFormats, "the structured invoices this client receives, over the book's: ubl, cii, factur-x, xrechnung, xrechnung-cii, peppol, fa3, fatturapa"),
        KeySpec("terms", .days, "days from issue to due for this client"),
        KeySpec("notes", .text, "internal only, never printed"),
        KeySpec("archived", .date, "no document issued after this day may use the client"),
        KeySpec("reminders", .mapping(reminderPolicy), "this client's reminder levels, over the book's"),
    ])

    static let item = KeyTable(name: "item", keys: [
        KeySpec("description", .text, required: true, "what was supplied; may span lines"),
        KeySpec("quantity", .quantity, "greater than 0, default 1, at most 6 decimals"),
        KeySpec("unit", .text, "printed after the quantity, e.g. h"),
        KeySpec("discounts", .list(.mapping(lineAdjustment)), "the line's discounts (BG-27): {reason, percent or amount, base, code}"),
        KeySpec("charges", .list(.mapping(lineAdjustment)), "the line's charges (BG-28): {reason, percent or amount, base, code}"),
        KeySpec("list_price", .price, "the gross price before its discount (BT-148); `price` is what is charged"),
        KeySpec("per", .quantity, "the price is per this many units (BT-149), e.g. 1000: amount = quantity x price / per"),
        KeySpec("unit_code", .text, "the UN/ECE Rec 20 code of the unit (BT-130), e.g. HUR, when the unit's word does not say it"),
        KeySpec("note", .text, "a remark on the line, printed under it (BT-127)"),
        KeySpec("period", .mapping(period), "the period this line bills (BG-26): {from: YYYY-MM-DD, to: YYYY-MM-DD}"),
        KeySpec("item_id", .text, "your article number for what is sold (BT-155), printed under the description"),
        KeySpec("annex_15", .flag, "Poland: true when the goods or services are listed in annex 15 of the VAT Act (split payment, MPP, above PLN 15,000)"),
        KeySpec("price", .price, required: true, "price per unit, 0 or more"),
        KeySpec("tax", .tax, "this line's tax rate or category, over the document's"),
        KeySpec("withholding", withholding, "the taxes withheld on this line, over the document's; [] for a line not subject (a disbursement)"),
        KeySpec("category", .text, "for reports"),
        KeySpec("amount", .amount, "stated line amount, checked against quantity x price"),
    ])

    static let paymentEntry = KeyTable(name: "payment", keys: [
        KeySpec("date", .date, required: true, "the day the money arrived"),
        KeySpec("amount", .amount, required: true, "the amount paid"),
        KeySpec("method", .text, required: true, "how it was paid: cash, card, bank_transfer, check, other, or any other text (PayPal, ...)"),
        KeySpec("note", .text, "any remark"),
        KeySpec("reference", .text, "the bank's reference of the transaction (written by `invoic match`)"),
        KeySpec("deposit", .flag, "true: paid before the invoice was issued (an advance); its date may precede the issue date"),
        KeySpec("rate", .quantity, "on a document in another currency than the book's: units of the book's currency per unit of the document's that day (the journal books the exchange difference)"),
    ])

    static let voiding = KeyTable(name: "void", keys: [
        KeySpec("date", .date, required: true, "the day the invoice was cancelled"),
        KeySpec("reason", .text, "why, for the record"),
    ])

    private static let documentCommon: [KeySpec] = [
        KeySpec("number", .text, "must equal the file name; optional"),
        KeySpec("client", .text, required: true, "a client id: the name of a file in clients/"),
        KeySpec("issued", .date, required: true, "issue date, YYYY-MM-DD"),
        KeySpec("currency", .currency, "default: the client's, then the book's"),
        KeySpec("locale", .locale, "default: the client's, then the book's"),
        KeySpec("tax", .tax, "default tax rate or category for the lines"),
        KeySpec("exemption", .mapping(exemption, orText: true), "why no VAT is charged on the untaxed lines: {code, text} or the text"),
        KeySpec("allowances", .list(.mapping(documentAdjustment)), "document allowances (BG-20), each in one tax group: {reason, percent or amount, base, tax, code}"),
        KeySpec("charges", .list(.mapping(documentAdjustment)), "document charges (BG-21), e.g. freight: {reason, percent or amount, base, tax, code}"),
        KeySpec("buyer_reference", .text, "the buyer's reference (BT-10; XRechnung: the Leitweg-ID), over the client's"),
        KeySpec("order", .text, "the buyer's purchase order number (BT-13)"),
        KeySpec("contract", .text, "the contract reference (BT-12)"),
        KeySpec("ksef", .text, "the KSeF number Poland's KSeF gave this FA(3) invoice, NIP-YYYYMMDD-XXXXXXXXXXXX-CC (docs/poland.md)"),
        KeySpec("sdi_progressive", .text, "the progressive of the FatturaPA file `invoic sdi send` mailed to the SdI (written by it; docs/italy.md)"),
        KeySpec("split_payment", .flag, "Poland: true when the split payment mechanism (MPP) applies: printed on the PDF, P_18A 1 in FA(3)"),
        KeySpec("project_reference", .text, "the buyer's project reference (BT-11)"),
        KeySpec("period", .mapping(period), "the invoicing period (BG-14): {from: YYYY-MM-DD, to: YYYY-MM-DD}"),
        KeySpec("deliver_to", .mapping(deliveryPlace), "where the goods or services went, when not the client's address (BG-13), over the client's"),
        KeySpec("payment_means", .text, "how this one is paid (BT-81): 58 SEPA credit transfer, 30, 59 direct debit, 48 card, 10 cash"),
        KeySpec("mandate", .text, "the direct debit mandate reference (BT-89)"),
        KeySpec("card", .text, "the last 4 to 6 digits of the card that pays (BT-87)"),
        KeySpec("tax_currency", .mapping(taxCurrency), "state the VAT total in a second currency too (BT-6, BT-111): {code: SEK, rate: 10.4852}"),
        KeySpec("prepaid", .amount, "paid before this invoice (BT-113), e.g. a deposit invoiced earlier"),
        KeySpec("payable_rounding", .amount, "round the amount due to a multiple of this (BT-114), over the client's and the book's"),
        KeySpec("withholding", withholding, "taxes the client withholds on this document, over the client's and the book's: [{kind: IRPF, rate: 15%}]"),
        KeySpec("rounding_amount", .amount, "the rounding of the amount due as another system decided it (BT-114), e.g. -0.10; not with payable_rounding"),
        KeySpec("discount", .discount, "a percentage (10%) or an amount (50.00), before tax"),
        KeySpec("project", .text, "grouping for reports"),
        KeySpec("category", .text, "grouping for reports"),
        KeySpec("delivered", .date, "date of supply, when it differs from the issue date"),
        KeySpec("sent", .date, "the day it went to the client"),
        KeySpec("sent_via", .oneOf(Document.SentVia.allCases.map(\.rawValue)), "how it went: peppol (written by `invoic peppol send`), sdi (by `invoic sdi send`), pa (by `invoic pa send`), mail, post or hand"),
        KeySpec("items", .list(.mapping(item)), required: true, "the lines; at least one"),
        KeySpec("notes", .text, "printed in the footer"),
        KeySpec("subtotal", .amount, "stated subtotal, checked"),
        KeySpec("discount_amount", .amount, "stated discount, checked"),
        KeySpec("tax_amount", .amount, "stated tax, checked"),
        KeySpec("allowance_total", .amount, "stated sum of the document allowances, checked"),
        KeySpec("charge_total", .amount, "stated sum of the document charges, checked"),
        KeySpec("due_amount", .amount, "stated amount due (total - withholding - split-payment VAT - prepaid + rounding), checked"),
        KeySpec("total", .amount, "stated total, checked"),
    ]

    public static let invoice = KeyTable(name: "invoice", keys: documentCommon + [
        KeySpec("type", .oneOf(InvoiceType.allCases.map(\.rawValue)), "commercial (default), prepayment (a deposit invoice, 386) or self-billed (389)"),
        KeySpec("due", .date, "due date; default issued + terms"),
        KeySpec("from_estimate", .text, "the estimate this invoice converts"),
        KeySpec("reminders", .list(.mapping(reminderEntry)), "the reminders sent (written by `invoic remind --apply`)"),
        KeySpec("recurring", .text, "the schedule in recurring/ this invoice was written from (by `invoic recur`)"),
        KeySpec("occurrence", .date, "the schedule's date this invoice is for (by `invoic recur`)"),
        KeySpec("payments", .list(.mapping(paymentEntry)), "payments received"),
        KeySpec("void", .mapping(voiding), "cancelled, kept for the record"),
    ])

    public static let estimate = KeyTable(name: "estimate", keys: documentCommon + [
        KeySpec("valid_until", .date, "default issued + validity"),
        KeySpec("accepted", .date, "the day the client accepted"),
        KeySpec("declined", .date, "the day the client declined"),
    ])

    public static let schedule: [KeySpec] = [
        KeySpec("every", .text, required: true, "day, week, month, quarter or year, or `2 weeks`, `6 months`"),
        KeySpec("on", .text, "the day of the month each invoice is issued (month, quarter, year); default: the start's day"),
        KeySpec("start", .date, required: true, "the first issue date"),
        KeySpec("until", .date, "the last day an invoice may be issued"),
        KeySpec("period", .flag, "true: each invoice states the period it covers (BG-14), to the day before the next"),
    ]

    /// A schedule and the invoice it writes: every invoice key but those of one issued invoice.
    public static let recurring = KeyTable(name: "recurring invoice", keys: schedule + invoice.keys.filter {
        !["number", "issued", "due", "sent", "sent_via", "sdi_progressive", "delivered", "period", "from_estimate", "recurring", "occurrence", "reminders", "payments", "void", "prepaid", "rounding_amount"].contains($0.name)
            && StatedFigure(rawValue: $0.name) == nil
    }.map { KeySpec($0.name, $0.type, $0.help) })

    static let refundEntry = KeyTable(name: "refund", keys: [
        KeySpec("date", .date, required: true, "the day the money went back to the client"),
        KeySpec("amount", .amount, required: true, "the amount paid back"),
        KeySpec("method", .text, required: true, "how it was paid back: bank_transfer, cash, card, ... or any other text"),
        KeySpec("note", .text, "any remark"),
        KeySpec("reference", .text, "the bank's reference of the transaction (written by `invoic match`)"),
    ])

    public static let creditNote = KeyTable(name: "credit note", keys: documentCommon + [
        KeySpec("corrects", .text, required: true, "the number of the invoice this credits (BT-25); same client and currency"),
        KeySpec("reason", .text, required: true, "why the invoice is credited, printed, e.g. Two hours billed twice"),
        KeySpec("refunds", .list(.mapping(refundEntry)), "money paid back to the client"),
    ])

    public static func document(_ kind: DocumentKind) -> KeyTable {
        switch kind {
        case .invoice: invoice
        case .estimate: estimate
        case .creditNote: creditNote
        }
    }
}
