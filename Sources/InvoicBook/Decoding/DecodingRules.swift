import InvoicDiagnostics
import InvoicYAML

/// Codes reported while reading files: the YAML layer's and the decoder's.
enum DecodingRules {
    static let all: [Rule] = YAMLRules.all + [
        Rule(.unreadableFile, summary: "a file could not be read",
             explanation: "A `.yaml` entry of the book could not be read as a file: it lacks read permission, or it is not a regular file (a directory or a link to one, a FIFO, a device). Linked directories are never followed.",
             example: "invoices/INV-0001.yaml -> ../assets   <- a link to a directory"),
        Rule(.notAMapping, summary: "a file is empty or its top level is not a mapping",
             explanation: "Every file of a book is a mapping of `key: value` lines.",
             example: "- client: acme   <- a list; remove the leading `- `"),
        Rule(.wrongType, summary: "a value has the wrong shape",
             explanation: "Each key takes one shape of value: text, a list (lines starting with `- `) or a mapping (`key: value` lines). Also reported for a value outside a fixed set of choices.",
             example: "items:\n  description: Logo   <- items is a list: write `- description: Logo`"),
        Rule(.unknownKey, summary: "a key invoic does not know",
             explanation: "Every key is listed in book-format; a misspelt key would otherwise be silently ignored, dropping data you meant to print.",
             example: "descripton: Logo design   <- did you mean `description`?"),
        Rule(.missingKey, summary: "a required key is missing or empty",
             explanation: "Required: `business.name` in invoic.yaml, `name` in a client, `client`, `issued` and `items` in a document, `description` and `price` in an item, `date`, `amount` and `method` in a payment, `date` in a void.",
             example: "items:\n  - description: Logo   <- no price"),
        Rule(.invalidDate, summary: "a date is not a real YYYY-MM-DD day",
             explanation: "Dates are written year-month-day with leading zeros, and must exist: 2026-02-30 does not.",
             example: "issued: 2026-02-30"),
        Rule(.invalidNumber, summary: "a number is not a plain decimal",
             explanation: "Amounts, prices and quantities are plain decimals with a point: no currency sign, no thousands separator, no exponent. Terms and validity are whole days.",
             example: "price: 1,250.00   <- write 1250.00"),
        Rule(.amountOverflow, summary: "an amount is too large to compute exactly",
             explanation: "Amounts are held exactly in 64-bit minor units; a figure past that is reported rather than silently wrapped.",
             example: "quantity: 99999999999999999999"),
        Rule(.invalidRate, summary: "a rate is not a percentage, or an exchange rate is not above 0",
             explanation: "Rates carry their percent sign and at most 3 decimals: 20%, 8.25%, 8.875%. A bare number is ambiguous. An exchange rate (`tax_currency: {rate: ...}`) is a plain decimal above 0 with at most 10 decimals.",
             example: "tax: 20   <- write 20%"),
        Rule(.rateOutOfRange, summary: "a rate is outside 0% to 100%",
             explanation: "Tax rates and percentage discounts lie between 0% and 100%.",
             example: "tax: 120%"),
        Rule(.unknownCurrency, summary: "not an ISO 4217 currency code",
             explanation: "Currencies are ISO 4217 codes in capitals; the code fixes how many decimals an amount may have.",
             example: "currency: EURO   <- did you mean EUR?"),
        Rule(.unknownLocale, summary: "a locale ICU does not know",
             explanation: "Locales are written language_REGION, e.g. en_US, de_DE, fr_FR; they decide how money, dates and labels print.",
             example: "locale: de-DE   <- write de_DE"),
        Rule(.unknownPaymentMethod, .warning, summary: "a payment method looks like a misspelled known one",
             explanation: "A payment's method is any text (PayPal, Venmo, SEPA direct debit); five are known to invoic and counted together in reports: cash, card, bank_transfer, check, other. A method that differs from one of them only by case, spaces, hyphens or a letter or two is probably meant as that one.",
             example: "method: Bank transfer   <- write bank_transfer"),
        Rule(.invalidPattern, summary: "a numbering pattern is malformed",
             explanation: "A pattern is text with exactly one `{seq}` or `{seq:N}` and at most one `{year}`.",
             example: "numbering:\n  invoice: \"INV-{number}\""),
        Rule(.invalidTaxCategory, summary: "a tax is neither a rate nor a VAT category, or its rate does not fit its category",
             explanation: "`tax:` takes a rate (`20%`: standard-rated; `0%`: zero-rated), a category word (`exempt`, `reverse-charge`, `intra-eu`, `export`, `outside-scope`, `zero`) or `{category: L, rate: 7%}` for the rarer UNCL 5305 codes (L Canary Islands, M Ceuta and Melilla, B Italian split payment). The untaxed categories are 0 %; a standard rate is above 0 % [BR-S-05].",
             example: "tax: reverse charge   <- write reverse-charge"),
        Rule(.unknownUnitCode, .warning, summary: "a unit code is not one of the UN/ECE Rec 20 codes invoic knows",
             explanation: "`unit_code:` names a line's unit for e-invoices (BT-130). invoic maps the usual unit words of its languages (h, Std., Tag, pcs, Stk., km, m2, month, ...) and knows the codes they map to; another code may well be valid (Recommendation 20 has some two thousand), so it is a warning: check it.",
             example: "items:\n  - { description: Cable, quantity: 3, unit: coil, unit_code: CL9, price: 10 }   <- CL is coil"),
        Rule(.invalidVatNumber, summary: "a VAT number has the wrong shape or check digits",
             explanation: "A tax id written with an EU country prefix (DE, FR, ATU, ... EL for Greece) is a VAT number, and an e-invoice carries it as BT-31 or BT-48. Its shape is checked for every member state and its check digits for DE, AT, BE, NL, FR, IT, ES, PL, SE, DK and FI, so a mistyped digit is caught before a client's system rejects the invoice. A tax id without an EU prefix (a US EIN, a sales tax permit) is printed as written.",
             example: "business:\n  name: Studio\n  tax_id: DE123456789   <- the check digit of DE12345678 is 8"),
        Rule(.invalidCodiceFiscale, summary: "an Italian codice fiscale or SdI code has the wrong shape or control character",
             explanation: "An Italian party's `tax_number:` (its address in IT) is its codice fiscale: a person's 16 characters with the control letter of DM 23/12/1976, or a company's 11 digits with their check digit. The `fatturapa:` transmitter is a partita IVA or codice fiscale, and a client's `recipient:` the 7 characters the SdI assigned. The SdI rejects a file whose codes are wrong (errors 00300-00306), so they are checked where they are written.",
             example: "tax_number: RSSMRA80A01H501X   <- the control letter of RSSMRA80A01H501 is U"),
        Rule(.invalidPaymentMeans, summary: "a payment means or card number that is not one",
             explanation: "`payment_means:` is a UNCL 4461 code (58 SEPA credit transfer, 30 credit transfer, 59 SEPA direct debit, 49 direct debit, 48 bank card, 10 cash, ...) or one of the words sepa-credit-transfer, credit-transfer, sepa-direct-debit, direct-debit, card, cash. `card:` holds only the last 4 to 6 digits of a card: an invoice never carries a whole card number (EN 16931 BR-51).",
             example: "payment_means: paypal   <- not a UNCL 4461 code; write 68 (online payment) or 1"),
        Rule(.unknownEInvoiceFormat, summary: "an e-invoice format invoic does not write",
             explanation: "`einvoice:` names one or more of: ubl, cii, factur-x, xrechnung, xrechnung-cii, peppol, fa3 (docs/einvoicing.md says which one a buyer needs).",
             example: "einvoice: [zugferd]   <- write factur-x (ZUGFeRD 2 is the same format)"),
        Rule(.invalidIban, summary: "an IBAN has the wrong length or check digits",
             explanation: "An account written like an IBAN (two letters, two digits, then the account) must be one: the length of its country and the ISO 13616 mod-97 check. A domestic account number (`Checking 4120038716`) is printed as written.",
             example: "payment:\n  account: AT77 2011 1828 1763 4502   <- the check digits do not match"),
        Rule(.invalidBic, summary: "a BIC is not 8 or 11 letters and digits",
             explanation: "A BIC (SWIFT code, ISO 9362) is 4 letters for the bank, 2 for the country, 2 letters or digits for the place and optionally 3 for the branch.",
             example: "payment:\n  bic: GIBA-AT   <- write GIBAATWW or GIBAATWWXXX"),
        Rule(.invalidElectronicAddress, summary: "an electronic address has an unknown scheme or a wrong id",
             explanation: "`electronic_address` is where e-invoices reach a party (Peppol): SCHEME:ID, the scheme a code of the EAS list (0208 Belgian enterprise number, 0088 GLN, 0192 Norwegian organisation number, 9930 German VAT number, 0204 Leitweg-ID, EM e-mail, ...). Ids of the schemes with check digits are checked.",
             example: "business:\n  name: Studio\n  electronic_address: \"0208:0123456748\"   <- the check digits of 01234567 are 49"),
        Rule(.invalidWithholding, summary: "a withheld tax has no usable kind or rate, or is named twice",
             explanation: "`withholding:` lists the taxes the client withholds from what it pays (Spain's IRPF, Italy's RT01 and RT02): `[{kind: IRPF, rate: 15%}]`, on the book's defaults, a client, a document or a line; `[]` says none. The kind is a word of capital letters, digits and `-` (it names the journal's account `Assets:Withholding:IRPF`), the rate more than 0%, and a kind is listed once.",
             example: "withholding: [{ kind: IRPF, rate: 15% }, { kind: IRPF, rate: 7% }]   <- one IRPF rate per line"),
        Rule(.invalidSiren, summary: "a SIREN or SIRET has the wrong length or check digit",
             explanation: "`siren:` is the 9-digit number of a French business, `siret:` the 14 digits of one of its establishments (the SIREN and a 5-digit NIC); both end in a Luhn check digit (INSEE). A SIRET begins with the business's SIREN.",
             example: "business:\n  siren: 732 829 321   <- the check digit of 73282932 is 0"),
        Rule(.invalidBillingMode, summary: "`billing_mode:` is not a French cadre de facturation",
             explanation: "The cadre de facturation (BT-23, BR-FR-08) says what a French invoice bills: B goods, S services, M both; 1 a plain invoice, 2 already paid, 4 final after a deposit, 7 VAT already collected, ... (B1, S1, M1, B2, S2, M2, S3, B4, S4, M4, S5, S6, B7, S7, B8, S8, M8, B9, S9, M9).",
             example: "business:\n  billing_mode: services   <- write S1"),
        Rule(.numberMismatch, summary: "a document's `number:` differs from its file name",
             explanation: "The file stem is the number; a `number:` key, if present, must equal it.",
             example: "# file: invoices/INV-0007.yaml\nnumber: INV-0008"),
    ]
}

extension DiagnosticCode {
    public static let amountOverflow = DiagnosticCode("amount-overflow")
    public static let invalidBic = DiagnosticCode("invalid-bic")
    public static let invalidDate = DiagnosticCode("invalid-date")
    public static let invalidElectronicAddress = DiagnosticCode("invalid-electronic-address")
    public static let invalidSiren = DiagnosticCode("invalid-siren")
    public static let invalidBillingMode = DiagnosticCode("invalid-billing-mode")
    public static let invalidIban = DiagnosticCode("invalid-iban")
    public static let invalidNumber = DiagnosticCode("invalid-number")
    public static let invalidPattern = DiagnosticCode("invalid-pattern")
    public static let invalidRate = DiagnosticCode("invalid-rate")
    public static let invalidWithholding = DiagnosticCode("invalid-withholding")
    public static let invalidPaymentMeans = DiagnosticCode("invalid-payment-means")
    public static let unknownEInvoiceFormat = DiagnosticCode("unknown-einvoice-format")
    public static let invalidTaxCategory = DiagnosticCode("invalid-tax-category")
    public static let invalidVatNumber = DiagnosticCode("invalid-vat-number")
    public static let invalidCodiceFiscale = DiagnosticCode("invalid-codice-fiscale")
    public static let missingKey = DiagnosticCode("missing-key")
    public static let notAMapping = DiagnosticCode("not-a-mapping")
    public static let numberMismatch = DiagnosticCode("number-mismatch")
    public static let rateOutOfRange = DiagnosticCode("rate-out-of-range")
    public static let unknownCurrency = DiagnosticCode("unknown-currency")
    public static let unknownKey = DiagnosticCode("unknown-key")
    public static let unknownLocale = DiagnosticCode("unknown-locale")
    public static let unknownPaymentMethod = DiagnosticCode("unknown-payment-method")
    public static let unknownUnitCode = DiagnosticCode("unknown-unit-code")
    public static let unreadableFile = DiagnosticCode("unreadable-file")
    public static let wrongType = DiagnosticCode("wrong-type")
}
