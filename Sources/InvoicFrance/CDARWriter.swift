import InvoicBook
import InvoicDiagnostics
import InvoicMoney

/// Writes the CDAR of a status the seller sets itself. The bytes depend only on the book (the
/// date of the message is the payment's), so writing them again gives the same file.
public enum CDARWriter {
    /// The invoice's type code (BT-3) as the e-invoice writers give it: 381 for a credit note, the
    /// invoice's `type:` code (380 commercial, 386 deposit, 389 self-billed) otherwise.
    static func typeCode(_ document: Document) -> String {
        document.kind == .creditNote ? "381" : (document.type?.value.code ?? "380")
    }

    /// "Encaissée" (212): `amounts` cashed on `day` for `document`, one per VAT rate (BR-FR-CDV-14:
    /// every MEN block carries its amount and its rate).
    static func cashed(document: Document, book: Book, id: String, day: Day, amounts: [(money: Money, rate: Rate)]) -> [UInt8] {
        let business = book.settings.business
        let client = book.clients[document.client.value]?.contact
        let siren = LifeCycle.compact(business.siren ?? "")
        let stamp = compactDay(day) + "000000"
        var xml = XMLText()
        xml.line(0, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
        xml.line(0, "<rsm:CrossDomainAcknowledgementAndResponse xmlns:rsm=\"\(CDARReader.namespace)\""
            + " xmlns:ram=\"urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100\""
            + " xmlns:qdt=\"urn:un:unece:uncefact:data:standard:QualifiedDataType:100\""
            + " xmlns:udt=\"urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100\">")
        xml.open(1, "rsm:ExchangedDocumentContext")
        xml.open(2, "ram:BusinessProcessSpecifiedDocumentContextParameter"); xml.element(3, "ram:ID", "REGULATED"); xml.close(2, "ram:BusinessProcessSpecifiedDocumentContextParameter")
        xml.open(2, "ram:GuidelineSpecifiedDocumentContextParameter"); xml.element(3, "ram:ID", "urn.cpro.gouv.fr:1p0:CDV:invoice"); xml.close(2, "ram:GuidelineSpecifiedDocumentContextParameter")
        xml.close(1, "rsm:ExchangedDocumentContext")
        xml.open(1, "rsm:ExchangedDocument")
        xml.element(2, "ram:ID", id)
        xml.element(2, "ram:Name", "\(LifeCycleStatus.cashed.code) \(LifeCycleStatus.cashed.name) \(document.number)")
        xml.open(2, "ram:IssueDateTime"); xml.element(3, "udt:DateTimeString", stamp, attributes: [("format", "204")]); xml.close(2, "ram:IssueDateTime")
        // The seller sets the status and hands it to its platform.
        xml.open(2, "ram:SenderTradeParty"); xml.element(3, "ram:RoleCode", "SE"); xml.close(2, "ram:SenderTradeParty")
        xml.open(2, "ram:IssuerTradeParty")
        xml.element(3, "ram:GlobalID", siren, attributes: [("schemeID", "0002")])
        xml.element(3, "ram:Name", business.name)
        xml.element(3, "ram:RoleCode", "SE")
        xml.close(2, "ram:IssuerTradeParty")
        // The buyer, where its electronic address (scheme 0225) says; the tax administration's
        // platform (PPF, role DFH) always, as XP Z12-012's example of 212 does: "encaissée" is what
        // makes the VAT of a cash-basis service due.
        if let client, let address = client.electronicAddress, address.hasPrefix("0225:") {
            xml.open(2, "ram:RecipientTradeParty")
            if let buyerSIREN = client.siren { xml.element(3, "ram:GlobalID", LifeCycle.compact(buyerSIREN), attributes: [("schemeID", "0002")]) }
            xml.element(3, "ram:Name", client.name)
            xml.element(3, "ram:RoleCode", "BY")
            xml.open(3, "ram:URIUniversalCommunication")
            xml.element(4, "ram:URIID", String(address.dropFirst(5)), attributes: [("schemeID", "0225")])
            xml.close(3, "ram:URIUniversalCommunication")
            xml.close(2, "ram:RecipientTradeParty")
        }
        xml.open(2, "ram:RecipientTradeParty")
        xml.element(3, "ram:GlobalID", "9998", attributes: [("schemeID", "0238")])
        xml.element(3, "ram:Name", "PPF")
        xml.element(3, "ram:RoleCode", "DFH")
        xml.close(2, "ram:RecipientTradeParty")
        xml.close(1, "rsm:ExchangedDocument")
        xml.open(1, "rsm:AcknowledgementDocument")
        xml.open(2, "ram:MultipleReferencesIndicator"); xml.element(3, "udt:Indicator", "false"); xml.close(2, "ram:MultipleReferencesIndicator")
        xml.element(2, "ram:TypeCode", "23")
        xml.open(2, "ram:IssueDateTime"); xml.element(3, "udt:DateTimeString", stamp, attributes: [("format", "204")]); xml.close(2, "ram:IssueDateTime")
        xml.open(2, "ram:ReferenceReferencedDocument")
        xml.element(3, "ram:IssuerAssignedID", document.number)
        // UNTDID 1373 code 47 "paid": paiement transmis and encaissée (BR-FR-CDV-CL-05).
        xml.element(3, "ram:StatusCode", "47")
        xml.element(3, "ram:TypeCode", typeCode(document))
        xml.open(3, "ram:FormattedIssueDateTime"); xml.element(4, "qdt:DateTimeString", compactDay(document.issued.value), attributes: [("format", "102")]); xml.close(3, "ram:FormattedIssueDateTime")
        xml.element(3, "ram:ProcessConditionCode", String(LifeCycleStatus.cashed.code))
        xml.element(3, "ram:ProcessCondition", LifeCycleStatus.cashed.name)
        xml.open(3, "ram:IssuerTradeParty"); xml.element(4, "ram:GlobalID", siren, attributes: [("schemeID", "0002")]); xml.close(3, "ram:IssuerTradeParty")
        xml.open(3, "ram:SpecifiedDocumentStatus")
        xml.element(4, "ram:SequenceNumeric", "1")
        for amount in amounts {
            xml.open(4, "ram:SpecifiedDocumentCharacteristic")
            xml.element(5, "ram:TypeCode", "MEN")
            xml.open(5, "ram:ValueChangedIndicator"); xml.element(6, "udt:IndicatorString", "false"); xml.close(5, "ram:ValueChangedIndicator")
            xml.element(5, "ram:ValueAmount", amount.money.plain, attributes: [("currencyID", amount.money.currency.code)])
            xml.element(5, "ram:ValuePercent", percent(amount.rate))
            xml.close(4, "ram:SpecifiedDocumentCharacteristic")
        }
        xml.close(3, "ram:SpecifiedDocumentStatus")
        xml.close(2, "ram:ReferenceReferencedDocument")
        xml.close(1, "rsm:AcknowledgementDocument")
        xml.line(0, "</rsm:CrossDomainAcknowledgementAndResponse>")
        return Array(xml.text.utf8)
    }

    /// 20 % as `20.00`, 5.5 % as `5.50` (MDT-224); a rate with thousandths keeps them.
    static func percent(_ rate: Rate) -> String {
        let milli = rate.milliPercent
        let whole = milli / 1000, fraction = milli % 1000
        if fraction % 10 == 0 {
            let hundredths = fraction / 10
            return "\(whole).\(hundredths < 10 ? "0" : "")\(hundredths)"
        }
        let digits = String(fraction)
        return "\(whole)." + String(repeating: "0", count: 3 - digits.count) + digits
    }

    static func compactDay(_ day: Day) -> String { day.description.replacingOccurrences(of: "-", with: "") }
}

/// Indented XML, every text and attribute escaped by the project's one XML escaper.
struct XMLText {
    var text = ""
    mutating func line(_ depth: Int, _ content: String) { text += String(repeating: "  ", count: depth) + content + "\n" }
    mutating func open(_ depth: Int, _ name: String) { line(depth, "<\(name)>") }
    mutating func close(_ depth: Int, _ name: String) { line(depth, "</\(name)>") }
    mutating func element(_ depth: Int, _ name: String, _ value: String, attributes: [(String, String)] = []) {
        let attributeText = attributes.map { " \($0.0)=\"\(MarkupText.xml($0.1, attribute: true))\"" }.joined()
        line(depth, "<\(name)\(attributeText)>\(MarkupText.xml(value))</\(name)>")
    }
}
