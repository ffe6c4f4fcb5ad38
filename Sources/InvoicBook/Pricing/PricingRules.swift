import InvoicDiagnostics
/// Codes reported while resolving a document's currency and computing its figures.
enum PricingRules {
    static let all: [Rule] = [
        Rule(.negativeTotal, .warning, summary: "an invoice's or a credit note's total is negative",
             explanation: "Lines may be negative on an invoice (a return, a correction), and so may its total: such an invoice gives money back. The law and e-invoice receivers usually expect a credit note for that (a document of its own that names the invoice it corrects), so invoic warns.",
             example: "items:\n  - { description: Returned chairs, quantity: -4, price: 120.00 }"),
        Rule(.missingCurrency, summary: "no currency for a document",
             explanation: "A document's currency comes from the document, then its client, then `defaults.currency` in invoic.yaml; one of them must name it.",
             example: "# file: invoic.yaml   (no defaults.currency)\n# file: invoices/INV-0001.yaml   (no currency:)"),
        Rule(.noItems, summary: "a document has no items",
             explanation: "Every invoice and estimate bills at least one line.",
             example: "items: []"),
        Rule(.invalidQuantity, summary: "a quantity is zero, or negative on an estimate",
             explanation: "Quantities are other than 0 (default 1). An invoice or a credit note may have a negative line (a return, a correction); an estimate offers what it lists, in positive quantities. A price base quantity (`per:`) is more than 0.",
             example: "# file: estimates/EST-0001.yaml\nquantity: -2"),
        Rule(.negativeAmount, summary: "a price, payment or discount is negative",
             explanation: "Prices are 0 or more, payments and fixed discounts more than 0: amounts never carry a sign.",
             example: "price: -50.00"),
        Rule(.tooManyDecimals, summary: "an amount has more decimals than allowed",
             explanation: "A price may carry up to 8 more decimals than its currency (0.061232374 EUR per kWh); payments, fixed discounts and stated figures no more than the currency has (JPY 0, USD 2, KWD 3); quantities at most 6.",
             example: "payments:\n  - { date: 2026-03-15, amount: 100.005, method: card }   <- USD has 2 decimals"),
        Rule(.discountExceedsSubtotal, summary: "a discount is larger than the subtotal",
             explanation: "A discount reduces the lines before tax and can at most cancel them.",
             example: "discount: 5000.00   <- lines add up to 1200.00"),
        Rule(.conflictingKeys, summary: "two keys of a document say the same thing differently",
             explanation: "`rounding_amount:` states the rounding of the amount due (BT-114) as another system decided it; `payable_rounding:` asks invoic to compute it. A document takes one of them.",
             example: "payable_rounding: 1\nrounding_amount: -0.10"),
        Rule(.withholdingBaseUnclear, summary: "a tax is withheld on some lines only of a document with a document discount, allowance or charge",
             explanation: "A withheld tax (`withholding:`, Spain's IRPF) is computed on the taxable amount of the lines it applies to. On every line, that is the document's taxable amount, its discount, allowances and charges included. On some lines only, a document-level discount, allowance or charge has no clear share in it, so invoic refuses to guess: write it on the lines instead (`discounts:`, `charges:` of a line), or withhold on every line.",
             example: "discount: 10%\nitems:\n  - { description: Consulting, price: 1000.00 }\n  - { description: Travel (disbursement), price: 80.00, withholding: [] }"),
        Rule(.statedFigureMismatch, summary: "a stated figure disagrees with the computed one",
             explanation: "Stated figures (`total`, `subtotal`, `tax_amount`, `discount_amount`, a line's `amount`) are assertions: invoic computes every figure itself and reports one that differs, with the computation.",
             example: "items:\n  - { description: Design, quantity: 2, price: 100.00 }\ntotal: 210.00   <- computed 200.00"),
    ]
}

extension DiagnosticCode {
    public static let negativeTotal = DiagnosticCode("negative-total")
    public static let conflictingKeys = DiagnosticCode("conflicting-keys")
    public static let discountExceedsSubtotal = DiagnosticCode("discount-exceeds-subtotal")
    public static let invalidQuantity = DiagnosticCode("invalid-quantity")
    public static let missingCurrency = DiagnosticCode("missing-currency")
    public static let negativeAmount = DiagnosticCode("negative-amount")
    public static let noItems = DiagnosticCode("no-items")
    public static let statedFigureMismatch = DiagnosticCode("stated-figure-mismatch")
    public static let tooManyDecimals = DiagnosticCode("too-many-decimals")
    public static let withholdingBaseUnclear = DiagnosticCode("withholding-base-unclear")
}
