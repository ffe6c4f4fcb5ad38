import InvoicDiagnostics
import InvoicMoney

/// Where FA(3) puts a tax group: its sums (P_13_x net, P_14_x tax) and its lines' rate (P_12).
/// One table for the writer (InvoicEInvoice's FA3Writer) and the check that refuses what it
/// cannot state (docs/poland.md).
public struct FA3Slot: Sendable, Equatable {
    public let net: String
    public let tax: String?
    public let code: String

    /// The FA(3) slot of a tax group; nil for one FA(3) cannot state (a rate Poland does not have,
    /// IGIC, IPSI, Italy's split payment). A reverse charge is `oo` (P_13_10, the domestic one of
    /// art. 17 ust. 1 pkt 7-8 of the VAT Act) for a Polish buyer and `np II` (P_13_9, a service
    /// under art. 28b taxed where the buyer is) for a foreign one.
    public static func of(_ tax: TaxRate, buyerCountry: String?) -> FA3Slot? {
        let percent = String(tax.rate.description.dropLast())
        switch tax.category {
        case .standard:
            switch percent {
            case "23", "22": return FA3Slot(net: "P_13_1", tax: "P_14_1", code: percent)
            case "8", "7": return FA3Slot(net: "P_13_2", tax: "P_14_2", code: percent)
            case "5": return FA3Slot(net: "P_13_3", tax: "P_14_3", code: "5")
            case "4", "3": return FA3Slot(net: "P_13_4", tax: "P_14_4", code: percent)
            default: return nil
            }
        case .zero: return FA3Slot(net: "P_13_6_1", tax: nil, code: "0 KR")
        case .intraCommunity: return FA3Slot(net: "P_13_6_2", tax: nil, code: "0 WDT")
        case .export: return FA3Slot(net: "P_13_6_3", tax: nil, code: "0 EX")
        case .exempt: return FA3Slot(net: "P_13_7", tax: nil, code: "zw")
        case .outsideScope: return FA3Slot(net: "P_13_8", tax: nil, code: "np I")
        case .reverseCharge:
            return (buyerCountry ?? "PL") == "PL" ? FA3Slot(net: "P_13_10", tax: nil, code: "oo") : FA3Slot(net: "P_13_9", tax: nil, code: "np II")
        case .canaryIslands, .ceutaMelilla, .splitPayment: return nil
        }
    }

    /// The order of the sums in `Fa` (the schema's sequence).
    public static let order = ["P_13_1", "P_13_2", "P_13_3", "P_13_4", "P_13_5", "P_13_6_1", "P_13_6_2", "P_13_6_3", "P_13_7", "P_13_8", "P_13_9", "P_13_10", "P_13_11"]
}

extension EInvoicesCarryWhatTheirFormatsNeed {
    /// What FA(3) asks of a document: the seller's NIP, and rates and a currency it can state. (A
    /// credit note, an FA(3) correction, always names the invoice it corrects: `corrects:` is
    /// required and must resolve, whatever the format.)
    static let fa3Requirements: [EInvoiceRequirement] = [
        EInvoiceRequirement(rule: Rule(.fa3SellerNIP, summary: "an FA(3) invoice without the seller's valid NIP",
            explanation: "An FA(3) invoice names the seller by its NIP (Podmiot1/NIP): ten digits whose last is the check digit of the first nine (weights 6 5 7 2 3 4 5 6 7, sum mod 11). Write it as `tax_id:` under `business:` in invoic.yaml, with or without PL and dashes (`PL5260250274`, `526-025-02-74`).",
            example: "business:\n  tax_id: 526-025-02-75   <- the check digit is 4")) { facts in
            guard facts.formats.contains(.fa3) else { return nil }
            let written = [facts.seller.taxID, facts.seller.taxNumber].compactMap { $0 }
            guard !written.contains(where: { Identifiers.polishNIP($0) != nil }) else { return nil }
            return (written.isEmpty ? "an FA(3) invoice needs the seller's NIP" : "the seller's tax id \(written[0]) is not a valid NIP (ten digits, the last a check digit)",
                    "set `tax_id:` under `business:` in invoic.yaml to your NIP, e.g. PL5260250274")
        },
        EInvoiceRequirement(rule: Rule(.fa3Tax, summary: "an FA(3) invoice with tax FA(3) cannot state",
            explanation: "FA(3) states the sums per Polish rate (P_13_1..P_13_11: 23/22, 8/7, 5, 4/3 %, 0 % domestic, intra-EU and export, exempt `zw`, outside Polish VAT `np`, reverse charge `oo`), the VAT of an invoice in another currency also in PLN per rate (P_14_xW), at the rate `tax_currency: {code: PLN, rate: ...}` states (the NBP rate of the working day before the tax point), and an exemption with its legal basis (P_19A: `exemption: {text: ...}`, e.g. \"art. 113 ust. 1 ustawy o VAT\").",
            example: "tax: 19%   <- no Polish rate\neinvoice: [fa3]")) { facts in
            guard facts.formats.contains(.fa3) else { return nil }
            let country = facts.buyer?.address?.country
            for group in facts.figures.breakdown.groups where FA3Slot.of(group.taxRate, buyerCountry: country) == nil {
                return ("FA(3) has no slot for the tax \(group.taxRate)", "use a Polish rate (23%, 8%, 5%, 0%) or a category (exempt, reverse-charge, intra-eu, export, outside-scope)")
            }
            if facts.figures.currency.exponent > 2 {
                return ("FA(3) writes amounts with at most 2 decimals, and \(facts.figures.currency.code) has \(facts.figures.currency.exponent)",
                        "invoice this client in PLN (`currency: PLN`), or take fa3 out of its `einvoice:`")
            }
            // An error, not a warning: without the rate the file would lack P_14_xW, which the law
            // (art. 106e ust. 11) requires on an invoice in another currency, though the XSD does not.
            if facts.figures.currency.code != "PLN", facts.figures.breakdown.tax != 0, facts.document.taxCurrency?.value.currency.code != "PLN" {
                return ("an FA(3) invoice in \(facts.figures.currency.code) charging VAT must state the VAT in PLN too (P_14_xW), and names no rate to PLN",
                        "add `tax_currency: {code: PLN, rate: 4.2567}` to the document with the NBP average rate of the working day before the tax point (art. 31a), or invoice in PLN")
            }
            if facts.categories.contains(.exempt) {
                let exemption = (facts.document.exemption ?? facts.client?.exemption ?? facts.book.settings.defaults.exemption)?.value
                if exemption?.text == nil {
                    return ("an exempt FA(3) invoice names the legal basis of the exemption (P_19A)",
                            "add `exemption: {text: \"art. 113 ust. 1 ustawy o VAT\"}` (or the article that exempts you) under `defaults:` in invoic.yaml or on the document")
                }
            }
            return nil
        },
    ]
}

extension DiagnosticCode {
    public static let fa3SellerNIP = DiagnosticCode("fa3-seller-nip")
    public static let fa3Tax = DiagnosticCode("fa3-tax")
}
