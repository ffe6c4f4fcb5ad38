import InvoicMoney

/// `clients/<id>.yaml`: someone the business bills. The id is the file stem.
public struct Client: Sendable {
    public var id: String
    public var file: String
    public var contact: Contact
    public var currency: Located<Currency>?
    public var locale: Located<String>?
    /// The client's default tax rate over the book's, e.g. 0% for reverse charge abroad.
    public var tax: Located<TaxRate>?
    public var terms: Located<Int>?
    /// Never printed.
    public var notes: String?
    public var exemption: Located<Exemption>?
    public var payableRounding: Located<DecimalNumber>?
    /// `withholding:`, over the book's.
    public var withholding: Located<[Withholding]>?
    /// `buyer_reference:`, printed and sent on every invoice to this client (BT-10).
    public var buyerReference: Located<String>?
    /// `deliver_to:`, where this client's goods usually go (BG-13).
    public var deliverTo: Located<DeliveryPlace>?
    /// `payment_means:`, how this client pays (BT-81); `iban:`, the account a direct debit draws on (BT-91).
    public var paymentMeans: Located<PaymentMeans>?
    public var iban: Located<String>?
    /// `einvoice:`, the formats this client receives, over the book's.
    public var einvoice: Located<[EInvoiceFormat]>?
    /// Soft delete: no document issued after this day may use the client.
    public var archived: Located<Day>?
    /// `reminders:`, this client's levels over the book's.
    public var reminders: ReminderPolicy?
    /// `peppol:`, this client's provider settings over the book's.
    public var peppol: PeppolSettings?
    /// `fatturapa:`, where the SdI delivers this client's invoices.
    public var fatturapa: FatturaPAClient?

    public init(id: String, file: String, contact: Contact) {
        self.id = id
        self.file = file
        self.contact = contact
    }
}
