import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicMoney

/// Writes Flux 10 files as the PPF's XSD (resources/schemas/fr-flux10/ereporting.xsd) and its
/// schematron (AIFE, PPF_Flux10 v1.0) ask: unqualified elements, dates AAAAMMJJ, amounts with a
/// dot and two decimals. One file holds one report (G6.29): the transactions, or the payments.
struct EReportingXML {
    let data: EReportingData
    let platform: EReporting.Platform
    let seller: Contact
    let now: Date

    /// TT-1: unique per declarant, period and kind; letters, digits and `-` only (G1.104).
    func transmissionID(_ kind: String) -> String {
        "\(seller.siren.map(Self.digits) ?? "")-\(data.period)-\(kind)"
    }

    func transactions(name: String) -> String {
        var out = header(id: transmissionID("T"), name: name)
        out += "  <TransactionsReport>\n"
        out += reportPeriod()
        for invoice in data.invoices { out += self.invoice(invoice) }
        for day in data.transactions {
            out += "    <Transactions>\n"
            out += "      <Date>\(Self.date(day.date))</Date>\n"
            out += "      <TransactionsCurrency>EUR</TransactionsCurrency>\n"
            out += "      <CategoryCode>\(day.category)</CategoryCode>\n"
            out += "      <TaxExclusiveAmount>\(Self.amount(day.taxable))</TaxExclusiveAmount>\n"
            out += "      <TaxTotal>\(Self.amount(day.tax))</TaxTotal>\n"
            for subtotal in day.subtotals {
                out += "      <TaxSubtotal>\n"
                out += "        <TaxPercent>\(Self.percent(subtotal.rate))</TaxPercent>\n"
                out += "        <TaxableAmount>\(Self.amount(subtotal.taxable))</TaxableAmount>\n"
                out += "        <TaxTotal>\(Self.amount(subtotal.tax))</TaxTotal>\n"
                out += "      </TaxSubtotal>\n"
            }
            out += "    </Transactions>\n"
        }
        out += "  </TransactionsReport>\n</Report>\n"
        return out
    }

    func payments(name: String) -> String {
        var out = header(id: transmissionID("P"), name: name)
        out += "  <PaymentsReport>\n"
        out += reportPeriod()
        for payment in data.invoicePayments {
            out += "    <Invoice>\n"
            out += "      <InvoiceID>\(Self.text(payment.number))</InvoiceID>\n"
            out += "      <IssueDate>\(Self.date(payment.issued))</IssueDate>\n"
            out += received(payment.date, payment.received, indent: "      ")
            out += "    </Invoice>\n"
        }
        for day in data.payments {
            out += "    <Transactions>\n"
            out += received(day.date, day.received, indent: "      ")
            out += "    </Transactions>\n"
        }
        out += "  </PaymentsReport>\n</Report>\n"
        return out
    }

    private func received(_ date: Day, _ list: [EReportingData.Received], indent: String) -> String {
        var out = "\(indent)<Payment>\n\(indent)  <Date>\(Self.date(date))</Date>\n"
        for part in list {
            out += "\(indent)  <SubTotals>\n"
            out += "\(indent)    <TaxPercent>\(Self.percent(part.rate))</TaxPercent>\n"
            out += "\(indent)    <CurrencyCode>EUR</CurrencyCode>\n"
            out += "\(indent)    <Amount>\(Self.amount(part.amount))</Amount>\n"
            out += "\(indent)  </SubTotals>\n"
        }
        return out + "\(indent)</Payment>\n"
    }

    private func header(id: String, name: String) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Report>\n  <ReportDocument>\n"
        out += "    <Id>\(Self.text(id))</Id>\n"
        out += "    <Name>\(Self.text(name))</Name>\n"
        out += "    <IssueDateTime>\n      <DateTimeString>\(Self.timestamp(now))</DateTimeString>\n    </IssueDateTime>\n"
        // IN: an initial transmission; a corrected one (RE) is not something invoic writes.
        out += "    <TypeCode>IN</TypeCode>\n"
        // The platform that transmits the file (scheme 0238, its 4-character matricule, role WK).
        out += "    <Sender>\n      <Id schemeId=\"0238\">\(Self.text(platform.matricule))</Id>\n"
        out += "      <Name>\(Self.text(platform.name))</Name>\n      <RoleCode>WK</RoleCode>\n    </Sender>\n"
        // The declarant: the seller, by its SIREN (scheme 0002, role SE).
        out += "    <Issuer>\n      <Id schemeId=\"0002\">\(Self.text(seller.siren.map(Self.digits) ?? ""))</Id>\n"
        out += "      <Name>\(Self.text(seller.name))</Name>\n      <RoleCode>SE</RoleCode>\n    </Issuer>\n"
        out += "  </ReportDocument>\n"
        return out
    }

    private func reportPeriod() -> String {
        "    <ReportPeriod>\n      <StartDate>\(Self.date(data.period.from))</StartDate>\n      <EndDate>\(Self.date(data.period.to))</EndDate>\n    </ReportPeriod>\n"
    }

    private func invoice(_ invoice: EReportingData.ReportedInvoice) -> String {
        var out = "    <Invoice>\n"
        out += "      <ID>\(Self.text(invoice.number))</ID>\n"
        out += "      <IssueDate>\(Self.date(invoice.issued))</IssueDate>\n"
        out += "      <TypeCode>\(invoice.typeCode)</TypeCode>\n"
        out += "      <CurrencyCode>\(invoice.currency)</CurrencyCode>\n"
        out += "      <BusinessProcess>\n        <ID>\(invoice.billingMode)</ID>\n        <TypeID>urn.cpro.gouv.fr:1p0:ereporting</TypeID>\n      </BusinessProcess>\n"
        if let preceding = invoice.preceding {
            out += "      <ReferencedDocument>\n        <ID>\(Self.text(preceding.number))</ID>\n"
            if let issued = preceding.issued { out += "        <IssueDate>\(Self.date(issued))</IssueDate>\n" }
            out += "      </ReferencedDocument>\n"
        }
        out += "      <Seller>\n        <CompanyId schemeId=\"0002\">\(Self.text(seller.siren.map(Self.digits) ?? ""))</CompanyId>\n"
        if let vat = seller.taxID { out += "        <TaxRegistrationId qualifyingId=\"VAT\">\(Self.text(Self.compact(vat)))</TaxRegistrationId>\n" }
        out += "        <PostalAddress>\n          <CountryId>\(Self.text(seller.address?.country?.uppercased() ?? "FR"))</CountryId>\n        </PostalAddress>\n"
        out += "      </Seller>\n"
        out += "      <Buyer>\n        <CompanyId schemeId=\"\(invoice.buyerID.scheme)\">\(Self.text(invoice.buyerID.id))</CompanyId>\n"
        if let vat = invoice.buyerVATID { out += "        <TaxRegistrationId qualifyingId=\"VAT\">\(Self.text(vat))</TaxRegistrationId>\n" }
        out += "        <PostalAddress>\n          <CountryId>\(Self.text(invoice.buyerCountry))</CountryId>\n        </PostalAddress>\n"
        out += "      </Buyer>\n"
        out += "      <MonetaryTotal>\n        <TaxExclusiveAmount>\(Self.amount(invoice.taxable))</TaxExclusiveAmount>\n"
        out += "        <TaxAmount CurrencyCode=\"EUR\">\(Self.amount(invoice.tax))</TaxAmount>\n      </MonetaryTotal>\n"
        for group in invoice.groups {
            out += "      <TaxSubTotal>\n"
            out += "        <TaxableAmount>\(Self.amount(group.taxable))</TaxableAmount>\n"
            out += "        <TaxAmount>\(Self.amount(group.tax))</TaxAmount>\n"
            out += "        <TaxCategory>\n          <Code>\(group.category)</Code>\n          <Percent>\(Self.percent(group.rate))</Percent>\n"
            if let reason = group.exemptionReason { out += "          <TaxExemptionReason>\(Self.text(reason))</TaxExemptionReason>\n" }
            if let code = group.exemptionCode { out += "          <TaxExemptionReasonCode>\(Self.text(code))</TaxExemptionReasonCode>\n" }
            out += "        </TaxCategory>\n      </TaxSubTotal>\n"
        }
        return out + "    </Invoice>\n"
    }

    static func text(_ value: String) -> String { MarkupText.xml(value) }
    static func digits(_ value: String) -> String { value.filter(\.isNumber) }
    static func compact(_ value: String) -> String { value.replacingOccurrences(of: " ", with: "").uppercased() }

    /// AAAAMMJJ (G1.09).
    static func date(_ day: Day) -> String { day.description.replacingOccurrences(of: "-", with: "") }

    /// Euro cents as `1234.50`, `-3.00` (G1.14: two decimals, a dot).
    static func amount(_ cents: Int64) -> String { MoneyFormat.plain(cents, Currency.named("EUR")!) }

    /// A rate as a decimal percentage: `20`, `5.5`, `2.1`.
    static func percent(_ rate: Rate) -> String { String(rate.description.dropLast()) }

    /// AAAAMMJJHHMMSS (G7.53), in UTC so the same instant gives the same bytes on every machine.
    static func timestamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ n: Int?) -> String { let s = String(n ?? 0); return s.count < 2 ? "0" + s : s }
        return String(c.year ?? 0) + two(c.month) + two(c.day) + two(c.hour) + two(c.minute) + two(c.second)
    }
}
