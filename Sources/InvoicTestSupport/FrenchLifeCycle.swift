import Foundation

/// A French book of services and the CDAR life-cycle messages (XP Z12-012) a platform or the
/// buyer sends about its invoice, written at run time after the shape of the standard's Annexe B
/// examples (Cycle de Vie - CDAR), for InvoicFranceTests and the web app's tests.
public enum FrenchLifeCycle {
    public static let siren = "732829320"
    public static func settings(_ extra: String = "") -> String {
        """
        business:
          name: Atelier Test SARL
          address: { street: 1 rue de la Paix, city: Lyon, postal_code: "69001", country: FR }
          tax_id: FR44732829320
          siren: 732 829 320
          electronic_address: "0225:732829320"
        \(extra)
        defaults: { currency: EUR, locale: fr_FR, tax: 20%, terms: 30 }
        numbering: { invoice: "F{year}-{seq:3}" }
        """
    }
    public static let client = """
        name: Rhône Logistique SAS
        address: { street: 45 quai Rambaud, city: Lyon, postal_code: "69002", country: FR }
        tax_id: FR11123456782
        siren: "123456782"
        electronic_address: "0225:123456782"
        """
    /// 4 days at 850.00 + 20 % VAT = 4,080.00, paid in full on 10 November.
    public static let paidInvoice = """
        client: rhone
        issued: 2026-10-15
        sent: 2026-10-15
        items:
          - { description: Conseil, quantity: 4, unit: day, price: 850.00 }
        payments:
          - { date: 2026-11-10, amount: 4080.00, method: transfer }
        """

    public static func book(_ settingsExtra: String = "", invoice: String = paidInvoice) -> TestBook {
        TestBook(["invoices/F2026-001.yaml": invoice], settings: settings(settingsExtra), clients: ["rhone": client])
    }

    /// A CDAR as a platform (WK) or the buyer (BY) sends it, after XP Z12-012's examples.
    public static func message(code: Int, name: String, number: String = "F2026-001", issued: String = "20261015", seller: String = siren,
                        issuerRole: String = "WK", reason: (code: String, text: String)? = nil, amount: String? = nil, percent: String? = nil,
                        at: String = "20261016090000") -> [UInt8] {
        let phase = code <= 203 || code == 213 || code == 501 ? "305" : "23"
        let statusCode = ["200": "10", "202": "43", "203": "48", "204": "45", "205": "1", "207": "46", "210": "50", "211": "47", "212": "47"][String(code)]
        var detail = ""
        if reason != nil || amount != nil {
            detail = "<ram:SpecifiedDocumentStatus>"
            if let reason { detail += "<ram:ReasonCode>\(reason.code)</ram:ReasonCode><ram:Reason>\(reason.text)</ram:Reason>" }
            detail += "<ram:SequenceNumeric>1</ram:SequenceNumeric>"
            if let amount {
                detail += "<ram:SpecifiedDocumentCharacteristic><ram:TypeCode>\(code == 211 ? "MPA" : "MEN")</ram:TypeCode>"
                    + "<ram:ValueChangedIndicator><udt:IndicatorString>false</udt:IndicatorString></ram:ValueChangedIndicator>"
                    + "<ram:ValueAmount currencyID=\"EUR\">\(amount)</ram:ValueAmount>" + (percent.map { "<ram:ValuePercent>\($0)</ram:ValuePercent>" } ?? "")
                    + "</ram:SpecifiedDocumentCharacteristic>"
            }
            detail += "</ram:SpecifiedDocumentStatus>"
        }
        let issuer = issuerRole == "BY"
            ? "<ram:GlobalID schemeID=\"0002\">123456782</ram:GlobalID><ram:Name>Rhône Logistique SAS</ram:Name><ram:RoleCode>BY</ram:RoleCode>"
            : "<ram:GlobalID schemeID=\"0238\">0003</ram:GlobalID><ram:Name>PA Test</ram:Name><ram:RoleCode>WK</ram:RoleCode>"
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rsm:CrossDomainAcknowledgementAndResponse xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100">
              <rsm:ExchangedDocumentContext>
                <ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>REGULATED</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter>
                <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
              </rsm:ExchangedDocumentContext>
              <rsm:ExchangedDocument>
                <ram:ID>\(number)_\(code)_\(at)</ram:ID>
                <ram:IssueDateTime><udt:DateTimeString format="204">\(at)</udt:DateTimeString></ram:IssueDateTime>
                <ram:SenderTradeParty><ram:RoleCode>WK</ram:RoleCode></ram:SenderTradeParty>
                <ram:IssuerTradeParty>\(issuer)</ram:IssuerTradeParty>
                <ram:RecipientTradeParty><ram:GlobalID schemeID="0002">\(seller)</ram:GlobalID><ram:Name>Atelier Test SARL</ram:Name><ram:RoleCode>SE</ram:RoleCode><ram:URIUniversalCommunication><ram:URIID schemeID="0225">\(seller)</ram:URIID></ram:URIUniversalCommunication></ram:RecipientTradeParty>
              </rsm:ExchangedDocument>
              <rsm:AcknowledgementDocument>
                <ram:MultipleReferencesIndicator><udt:Indicator>false</udt:Indicator></ram:MultipleReferencesIndicator>
                <ram:TypeCode>\(phase)</ram:TypeCode>
                <ram:IssueDateTime><udt:DateTimeString format="204">\(at)</udt:DateTimeString></ram:IssueDateTime>
                <ram:ReferenceReferencedDocument>
                  <ram:IssuerAssignedID>\(number)</ram:IssuerAssignedID>
                  \(statusCode.map { "<ram:StatusCode>\($0)</ram:StatusCode>" } ?? "")
                  <ram:TypeCode>380</ram:TypeCode>
                  <ram:FormattedIssueDateTime><qdt:DateTimeString format="102">\(issued)</qdt:DateTimeString></ram:FormattedIssueDateTime>
                  <ram:ProcessConditionCode>\(code)</ram:ProcessConditionCode>
                  <ram:ProcessCondition>\(name)</ram:ProcessCondition>
                  <ram:IssuerTradeParty><ram:GlobalID schemeID="0002">\(seller)</ram:GlobalID></ram:IssuerTradeParty>
                  \(detail)
                </ram:ReferenceReferencedDocument>
              </rsm:AcknowledgementDocument>
            </rsm:CrossDomainAcknowledgementAndResponse>
            """
        return Array(xml.utf8)
    }
}
