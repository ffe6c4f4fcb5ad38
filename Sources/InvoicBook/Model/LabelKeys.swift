/// The words a PDF prints around the figures ("Bill to", "Due date"), by key: the same keys in a
/// template's `labels:` and in invoic.yaml's `labels:`, which overrides some of them for one book.
/// The texts themselves are the template's, in every language it ships (docs/labels.md).
public enum LabelKeys {
    /// Every key, with what it labels.
    public static let meanings: KeyValuePairs<String, String> = [
        "invoice": "the title of an invoice",
        "estimate": "the title of an estimate",
        "bill_to": "heading over the client on an invoice",
        "estimate_for": "heading over the client on an estimate",
        "from": "heading over the business",
        "issue_date": "the date an invoice was issued",
        "estimate_date": "the date an estimate was issued",
        "due_date": "the date an invoice is due",
        "valid_until": "the last day an estimate holds",
        "delivery_date": "the date of delivery or service",
        "description": "items table: the description column",
        "quantity": "items table: the quantity column",
        "rate": "items table: the unit price column",
        "amount": "items table: the line amount column",
        "subtotal": "totals: the sum of the lines",
        "discount": "totals: the discount",
        "tax": "totals: a tax line, followed by its rate",
        "total": "totals: the total",
        "paid": "totals: what was paid",
        "amount_due": "totals: what is left to pay",
        "payment_details": "heading over the payment details",
        "beneficiary": "payment details: the account holder",
        "bank": "payment details: the bank",
        "account": "payment details: the account (IBAN)",
        "bic": "payment details: the BIC",
        "tax_id": "before a VAT or tax number",
        "project": "before the project",
        "notes": "heading over the notes",
        "page": "page numbers; {page} and {pages} are filled in",
        "converted_from": "an invoice made from an estimate; {number} is the estimate's",
        "void_reason": "a void invoice's reason; {reason} is filled in",
        "stamp_paid": "the stamp on a paid invoice",
        "stamp_void": "the stamp on a void invoice",
        "stamp_accepted": "the stamp on an accepted estimate",
        "stamp_declined": "the stamp on a declined estimate",
        "tax_zero": "a zero-rated group, where a template names it (the built-in ones print `Tax 0 %` alone)",
        "tax_exempt": "after the rate of a VAT-exempt group",
        "tax_reverse_charge": "after the rate of a reverse-charge group",
        "tax_intra_eu": "after the rate of an intra-EU supply",
        "tax_export": "after the rate of an export",
        "tax_outside_scope": "the line of a group outside the scope of VAT",
        "tax_total": "totals: the sum of the tax lines, when there are several",
        "legal_reverse_charge": "under the totals of a reverse-charge invoice, unless `exemption:` gives the text",
        "legal_intra_eu": "under the totals of an intra-EU supply, unless `exemption:` gives the text",
        "legal_export": "under the totals of an export, unless `exemption:` gives the text",
        "prepaid": "totals: what was paid before this invoice (`prepaid:`)",
        "rounding": "totals: what `payable_rounding:` adds to or takes from the amount due",
        "allowance": "totals: a document allowance written without a reason",
        "charge": "totals: a document charge written without a reason",
        "buyer_reference": "the buyer's reference (`buyer_reference:`), among the dates",
        "order": "the buyer's order number (`order:`), among the dates",
        "contract": "the contract reference (`contract:`), among the dates",
        "period": "the invoicing period (`period:`), among the dates",
        "list_price": "under a line's description: its gross price before the price discount (`list_price:`)",
        "legal_outside_scope": "under the totals of a supply outside the scope of VAT, unless `exemption:` gives the text",
        "deliver_to": "beside the client: where the goods went (`deliver_to:`)",
        "payment_direct_debit": "payment details of a direct debit; {iban} and {mandate} are filled in",
        "payment_card": "payment details of an invoice paid by card; {card} is filled in (the last digits)",
        "prepayment_invoice": "the title of a prepayment (deposit) invoice (`type: prepayment`)",
        "self_billed_invoice": "the title of a self-billed invoice (`type: self-billed`)",
        "pay_with_app": "under the payment QR code (EPC, SEPA credit transfer)",
        "item_id": "under a line's description: before your article number (`item_id:`)",
        "credit_note": "the title of a credit note",
        "corrects_invoice": "on a credit note: the invoice it corrects; {number} and {date} are filled in",
        "credit_reason": "on a credit note: why; {reason} is filled in",
        "refunded": "totals of a credit note: what was paid back",
        "credit_remaining": "totals of a credit note: what is still to be paid back or set off",
    ]

    public static let all: [String] = meanings.map(\.key)

    /// Whether `key` names a language (`de`), a language with its script or country (`zh_Hant`,
    /// `de_AT`): the keys under `labels:`.
    public static func isLanguageKey(_ key: String) -> Bool {
        let shape = key.split(separator: "_", omittingEmptySubsequences: false)
        return (1...2).contains(shape.count) && (2...3).contains(shape[0].count) && shape[0].allSatisfy(\.isLowercase)
            && (shape.count == 1 || ((2...4).contains(shape[1].count) && shape[1].allSatisfy { $0.isLetter || $0.isNumber }))
    }
}
