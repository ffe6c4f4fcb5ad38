import InvoicBook
import InvoicMoney
import InvoicXML

/// Poland's FA(3) (`schemat_FA(3)_v1-0E.xsd`), as KSeF delivers a supplier's invoice, read into
/// EN 16931's terms as FatturaPA is (docs/poland.md): Podmiot1 the seller, Podmiot2 the buyer
/// (their NIP as the VAT identifier PL + NIP), each FaWiersz a line (P_11 its net), each P_13_x /
/// P_14_x pair a VAT group (the slot names the category: 23/22, 8/7, 5, 4/3 % standard, 0 KR
/// zero-rated, 0 WDT intra-EU, 0 EX export, zw exempt, np outside the scope, oo and np II reverse
/// charge), P_15 the total, Rozliczenie's deductions and charges what stands between it and the
/// amount due (DoZaplaty). A correction (KOR) is a credit note; its lines "before the correction"
/// (StanPrzed) count negatively, so the lines add up to the differences P_13_x states. The
/// figures are kept as the file states them, so the EN 16931 sums report what does not add up.
struct FA3 {
    static let namespace = "http://crd.gov.pl/wzor/2025/06/25/13775/"

    let root: XElement

    func read(_ reading: inout Reading) throws(Refusal) -> ReceivedDocument {
        guard let fa = root.child("Fa") else { throw missing("its invoice data (Fa)") }
        guard let number = fa.value("P_2") else { throw missing("its number (P_2)") }
        guard let issued = day(fa.value("P_1")) else { throw missing("its issue date (P_1)") }
        let code = fa.value("KodWaluty") ?? ""
        guard let currency = Currency.named(code) else {
            throw Refusal("the FA(3) names no known currency (KodWaluty `\(code)`)", help: "KodWaluty is an ISO 4217 code such as PLN; ask the supplier for a corrected invoice")
        }
        let kind = fa.value("RodzajFaktury") ?? "VAT"
        let isCorrection = kind.hasPrefix("KOR")

        var lines: [ReceivedDocument.Line] = []
        for element in fa.children("FaWiersz") {
            let id = element.value("NrWierszaFa") ?? ""
            let before = element.value("StanPrzed") == "1"
            let (category, rate) = Self.category(element.value("P_12"))
            var net = reading.money(element.child("P_11"), currency, field: "P_11", required: "BR-24", "line \(id)'s net value")
            var quantity = reading.decimal(element.child("P_8B"))
            if before {
                net = Money(0 &- net.minorUnits, currency)
                quantity = quantity.flatMap { DecimalNumber(significand: -$0.significand, scale: $0.scale) }
            }
            var line = ReceivedDocument.Line(
                id: id, note: before ? "stan przed korektą (before the correction)" : nil, name: element.value("P_7") ?? "", description: nil,
                sellerItemID: element.value("Indeks"), quantity: quantity, unit: element.value("P_8A"),
                netPrice: reading.decimal(element.child("P_9A")), grossPrice: nil, baseQuantity: nil,
                net: net, taxCategory: category, taxRate: rate)
            line.exactNet = before ? nil : reading.exact(element.child("P_11"))
            line.periodStart = day(element.value("P_6A"))
            line.periodEnd = line.periodStart
            lines.append(line)
        }

        let adnotacje = fa.child("Adnotacje")
        let exemption = adnotacje?.child("Zwolnienie").flatMap { $0.value("P_19A") ?? $0.value("P_19B") ?? $0.value("P_19C") }
        var groups: [ReceivedDocument.TaxGroup] = []
        for slot in Self.slots {
            guard let netElement = fa.child(slot.net) else { continue }
            // The rate of a slot that holds two (23 or 22 %, 8 or 7 %, 4 or 3 %) is the lines'.
            let rate = slot.rates.count > 1
                ? lines.lazy.compactMap(\.taxRate).first { slot.rates.contains($0.description) } ?? Self.number(slot.rates[0])
                : slot.rates.first.flatMap(Self.number)
            groups.append(ReceivedDocument.TaxGroup(
                category: slot.category, rate: rate,
                taxable: reading.money(netElement, currency, field: slot.net, required: "BR-45", "a VAT group's taxable amount"),
                tax: slot.tax.map { reading.money(fa.child($0), currency, field: $0, required: "BR-46", "a VAT group's tax") } ?? Money(0, currency),
                exemptionReason: slot.category == "E" ? exemption : nil, exemptionCode: slot.category == "E" ? "zw" : nil))
        }

        func sum(_ values: [Money]) -> Money { Money(values.reduce(Int64(0)) { $0 &+ $1.minorUnits }, currency) }
        let net = sum(groups.map(\.taxable))
        let tax = sum(groups.map(\.tax))
        let total = reading.money(fa.child("P_15"), currency, field: "P_15", required: "BR-14", "the total (P_15)")
        // What stands between the total and what is to be paid: Rozliczenie's deductions less its
        // charges (DoZaplaty = P_15 + SumaObciazen - SumaOdliczen), or, for an invoice paid
        // already (Zaplacono 1), the whole total; the partial payments it lists otherwise.
        let settlement = fa.child("Rozliczenie")
        let deducted = settlement.flatMap { reading.money($0.child("SumaOdliczen"), currency, field: "SumaOdliczen") }
        let charged = settlement.flatMap { reading.money($0.child("SumaObciazen"), currency, field: "SumaObciazen") }
        let platnosc = fa.child("Platnosc")
        var prepaid: Money?
        if deducted != nil || charged != nil {
            prepaid = Money((deducted?.minorUnits ?? 0) &- (charged?.minorUnits ?? 0), currency)
        } else if platnosc?.value("Zaplacono") == "1" {
            prepaid = total
        } else if let partial = platnosc?.children("ZaplataCzesciowa"), !partial.isEmpty {
            prepaid = sum(partial.compactMap { reading.money($0.child("KwotaZaplatyCzesciowej"), currency, field: "KwotaZaplatyCzesciowej") })
        }
        let payable = settlement.flatMap { reading.money($0.child("DoZaplaty"), currency, field: "DoZaplaty") }
            ?? Money(total.minorUnits &- (prepaid?.minorUnits ?? 0), currency)

        var document = ReceivedDocument(
            syntax: .fa3, customization: root.child("Naglowek")?.child("KodFormularza")?.attributes["kodSystemowy"].map { "\($0) \(root.path("Naglowek", "KodFormularza")?.attributes["wersjaSchemy"] ?? "")" },
            businessProcess: nil, number: number, typeCode: Self.typeCode(kind), kind: isCorrection ? .creditNote : .invoice,
            issued: issued, currency: currency, seller: party(root.child("Podmiot1")), buyer: party(root.child("Podmiot2")),
            totals: ReceivedDocument.Totals(lines: sum(lines.map(\.net)), allowances: nil, charges: nil, net: net, tax: tax, total: total,
                                            prepaid: prepaid, rounding: nil, payable: payable),
            payment: ReceivedDocument.Payment())
        document.lines = lines
        document.taxes = groups
        document.deliveryDate = day(fa.value("P_6"))
        document.periodStart = day(fa.value("OkresFa", "P_6_Od"))
        document.periodEnd = day(fa.value("OkresFa", "P_6_Do"))
        document.notes = (isCorrection ? [fa.value("PrzyczynaKorekty")].compactMap { $0 } : [])
            + (root.path("Stopka", "Informacje")?.children("StopkaFaktury").map(\.text) ?? [])
        document.order = fa.value("WarunkiTransakcji", "Zamowienia", "NrZamowienia")
        document.contract = fa.value("WarunkiTransakcji", "Umowy", "NrUmowy")
        document.corrects = fa.children("DaneFaKorygowanej").compactMap { corrected in
            corrected.value("NrFaKorygowanej").map { ($0, day(corrected.value("DataWystFaKorygowanej"))) }
        }
        if let platnosc {
            document.due = day(platnosc.value("TerminPlatnosci", "Termin"))
            document.payment.meansCode = Self.meansCode(platnosc.value("FormaPlatnosci"))
            document.payment.meansText = platnosc.value("FormaPlatnosci") ?? platnosc.value("OpisPlatnosci")
            document.payment.accounts = (platnosc.children("RachunekBankowy") + platnosc.children("RachunekBankowyFaktora")).compactMap { account in
                account.value("NrRB").map { (Self.iban($0), account.value("NazwaBanku"), account.value("SWIFT")) }
            }
        }
        return document
    }

    private func missing(_ what: String) -> Refusal {
        Refusal("the FA(3) lacks \(what)", help: "an FA(3) KSeF accepted has it; ask the supplier for the file KSeF holds (its KSeF number finds it)")
    }

    /// A party: its NIP as a Polish VAT identifier (PL + NIP, what EN 16931's BT-31 holds for a
    /// Polish VAT payer), or the EU VAT number (KodUE + NrVatUE), or another tax id (NrID).
    private func party(_ element: XElement?) -> ReceivedDocument.Party {
        let data = element?.child("DaneIdentyfikacyjne")
        var party = ReceivedDocument.Party(name: data?.value("Nazwa") ?? "")
        if let nip = data?.value("NIP") {
            party.vatID = "PL" + nip
        } else if let code = data?.value("KodUE"), let number = data?.value("NrVatUE") {
            party.vatID = code + number
        } else if let other = data?.value("NrID") {
            party.taxNumber = other
        }
        if let address = element?.child("Adres") {
            party.address.isPresent = true
            party.address.country = address.value("KodKraju")
            let first = address.value("AdresL1"), second = address.value("AdresL2")
            // AdresL2 is "postal code city" in Polish practice ("31-147 Kraków"): split when it is.
            if let second, second.count > 7, second.prefix(6).enumerated().allSatisfy({ $0.offset == 2 ? $0.element == "-" : $0.element.isNumber }),
               second.dropFirst(6).first == " " {
                party.address.lines = [first].compactMap { $0 }
                party.address.postalCode = String(second.prefix(6))
                party.address.city = String(second.dropFirst(7))
            } else {
                party.address.lines = [first, second].compactMap { $0 }
            }
        }
        party.contactEmail = element?.value("DaneKontaktowe", "Email")
        party.contactPhone = element?.value("DaneKontaktowe", "Telefon")
        return party
    }

    /// The FA(3) sums (FA3Slot's table read backwards): the net and tax elements, the EN 16931
    /// category (UNCL 5305) and the rates the slot holds. P_13_5 (the OSS procedure, VAT of
    /// another member state) and P_13_11 (the margin schemes) are outside Polish VAT here.
    static let slots: [(net: String, tax: String?, category: String, rates: [String])] = [
        ("P_13_1", "P_14_1", "S", ["23", "22"]), ("P_13_2", "P_14_2", "S", ["8", "7"]), ("P_13_3", "P_14_3", "S", ["5"]),
        ("P_13_4", "P_14_4", "S", ["4", "3"]), ("P_13_5", "P_14_5", "O", []),
        ("P_13_6_1", nil, "Z", ["0"]), ("P_13_6_2", nil, "K", ["0"]), ("P_13_6_3", nil, "G", ["0"]),
        ("P_13_7", nil, "E", ["0"]), ("P_13_8", nil, "O", []), ("P_13_9", nil, "AE", ["0"]), ("P_13_10", nil, "AE", ["0"]),
        ("P_13_11", nil, "O", []),
    ]

    /// A line's P_12 as an EN 16931 category and rate.
    static func category(_ p12: String?) -> (String?, DecimalNumber?) {
        switch p12 {
        case nil: return (nil, nil)
        case "0 KR": return ("Z", DecimalNumber(integer: 0))
        case "0 WDT": return ("K", DecimalNumber(integer: 0))
        case "0 EX": return ("G", DecimalNumber(integer: 0))
        case "zw": return ("E", DecimalNumber(integer: 0))
        case "oo", "np II": return ("AE", DecimalNumber(integer: 0))
        case "np I": return ("O", nil)
        case let rate?:
            guard let number = Self.number(rate) else { return (nil, nil) }
            return (number.isZero ? "Z" : "S", number)
        }
    }

    static func number(_ text: String) -> DecimalNumber? {
        if case .success(let number) = DecimalNumber.parse(text) { return number }
        return nil
    }

    /// RodzajFaktury as a UNCL 1001 type code: VAT, ROZ (settlement) and UPR (simplified) 380,
    /// ZAL (advance) 386, the corrections (KOR, KOR_ZAL, KOR_ROZ) 381.
    static func typeCode(_ kind: String) -> String {
        kind.hasPrefix("KOR") ? "381" : kind == "ZAL" ? "386" : "380"
    }

    /// UNCL 4461 for a FormaPlatnosci: 1 cash 10, 2 card 48, 4 cheque 20, 6 transfer 30; the
    /// others (3 voucher, 5 credit, 7 mobile) 1, not defined.
    static func meansCode(_ form: String?) -> String? {
        switch form {
        case "1": "10"
        case "2": "48"
        case "4": "20"
        case "6": "30"
        case .some: "1"
        case nil: nil
        }
    }

    /// A Polish account number (NRB, 26 digits) as its IBAN; any other as written.
    static func iban(_ number: String) -> String {
        let compact = number.filter { !$0.isWhitespace }
        return compact.count == 26 && compact.allSatisfy(\.isNumber) ? "PL" + compact : compact
    }
}
