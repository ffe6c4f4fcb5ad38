import InvoicBook
import InvoicMoney

/// Poland's FA(3) (`schemat_FA(3)_v1-0E.xsd`, the structured invoice of KSeF 2.0), written from
/// the same `InvoiceModel` as UBL and CII, element by element in the order of the schema's
/// sequences. What the book cannot say in FA(3) (a rate Poland does not have, a seller without a
/// valid NIP, a correction of an unknown invoice) is a book error of the check before this runs
/// (`EInvoicesCarryWhatTheirFormatsNeed`, docs/poland.md): the writer only maps.
enum FA3Writer {
    static let namespace = "http://crd.gov.pl/wzor/2025/06/25/13775/"

    static func document(_ model: InvoiceModel, book: Book, document: Document) -> XMLElement {
        let c = model.currency
        let correction = model.kind == .creditNote
        // A correction states the difference it makes (the "difference" method of the Ministry's
        // FA(3) brochure): a credit note lowers every sum, so each is written negative.
        let sign: Int64 = correction ? -1 : 1
        func money(_ minor: Int64) -> String { MoneyFormat.plain(sign * minor, c) }
        let buyerCountry = model.buyer.address?.country
        let client = book.clients[document.client.value]

        var x = XMLBuilder()
        x.element("Naglowek") { n in
            n.text("KodFormularza", "FA", [("kodSystemowy", "FA (3)"), ("wersjaSchemy", "1-0E")])
            n.text("WariantFormularza", "3")
            // The file's creation time: the issue day at midnight UTC, so the same book always
            // writes the same bytes (and so the same hash in KOD I).
            // FA(3) exists since 2025-09-01 (the schema's minimum): an older invoice's file is no older.
            n.text("DataWytworzeniaFa", "\(max(model.issued, Day(year: 2025, month: 9, day: 1)!).description)T00:00:00Z")
            n.text("SystemInfo", "invoic")
        }
        x.element("Podmiot1") { p in
            if model.taxGroups.contains(where: { $0.tax.category == .intraCommunity }) { p.text("PrefiksPodatnika", "PL") }
            p.element("DaneIdentyfikacyjne") { d in
                d.text("NIP", Identifiers.polishNIP(book.settings.business.taxID ?? book.settings.business.taxNumber ?? ""))
                d.text("Nazwa", model.seller.name)
            }
            if let address = model.seller.address { p.append(self.address("Adres", address)) }
            contact(model.seller, into: &p)
        }
        x.element("Podmiot2") { p in
            p.element("DaneIdentyfikacyjne") { d in
                let written = client?.contact.taxID ?? client?.contact.taxNumber
                if let written, let nip = Identifiers.polishNIP(written) {
                    d.text("NIP", nip)
                } else if let written, Identifiers.looksLikeEUVATNumber(written) {
                    let compact = written.filter { $0.isLetter || $0.isNumber }.uppercased()
                    d.text("KodUE", String(compact.prefix(2)))
                    d.text("NrVatUE", String(compact.dropFirst(2)))
                } else if let written {
                    d.text("KodKraju", buyerCountry)
                    d.text("NrID", written)
                } else {
                    // A consumer, or a buyer with no tax identifier.
                    d.text("BrakID", "1")
                }
                d.text("Nazwa", model.buyer.name)
            }
            if let address = model.buyer.address, address.country?.count == 2 { p.append(self.address("Adres", address)) }
            contact(model.buyer, into: &p)
            // Neither a unit of local government (JST) nor a member of a VAT group (GV).
            p.text("JST", "2")
            p.text("GV", "2")
        }
        x.element("Fa") { f in
            f.text("KodWaluty", c.code)
            f.text("P_1", model.issued.description)
            f.text("P_2", model.number)
            if let delivered = model.deliveryDate {
                f.text("P_6", delivered.description)
            } else if let period = model.period {
                f.element("OkresFa") { o in
                    o.text("P_6_Od", period.from.description)
                    o.text("P_6_Do", period.to.description)
                }
            }
            var sums: [String: (net: Int64, tax: Int64, taxName: String?)] = [:]
            for group in model.taxGroups {
                guard let slot = FA3Slot.of(group.tax, buyerCountry: buyerCountry) else { continue }
                let before = sums[slot.net] ?? (0, 0, slot.tax)
                sums[slot.net] = (before.net + group.taxable, before.tax + group.amount, slot.tax)
            }
            // P_14_xW: an invoice in another currency states each rate's VAT in PLN too (art. 106e
            // ust. 11 of the VAT Act), at the rate the book states (`tax_currency: {code: PLN,
            // rate: ...}`: the NBP average rate of the working day before the tax point, art. 31a),
            // rounded to the grosz with half a grosz up (art. 106e ust. 10), whatever the book's own
            // rounding. Check errs (fa3-tax) when such an invoice lacks the rate.
            let pln = document.taxCurrency?.value.currency.code == "PLN" && c.code != "PLN" ? document.taxCurrency?.value : nil
            for name in FA3Slot.order {
                guard let sum = sums[name] else { continue }
                f.text(name, money(sum.net))
                if let taxName = sum.taxName {
                    f.text(taxName, money(sum.tax))
                    if let pln, let converted = pln.convert(sum.tax, from: c, rounding: .halfAwayFromZero) {
                        f.text(taxName + "W", MoneyFormat.plain(sign * converted, pln.currency))
                    }
                }
            }
            f.text("P_15", money(model.taxInclusive))
            f.element("Adnotacje") { a in
                a.text("P_16", book.settings.vatBasis?.value == .cash ? "1" : "2")
                a.text("P_17", "2")
                a.text("P_18", model.taxGroups.contains { $0.tax.category == .reverseCharge } ? "1" : "2")
                // MPP: the book states it (`split_payment: true`), as the PDF prints it; check warns when annex-15 goods above PLN 15,000 lack it.
                a.text("P_18A", document.splitPayment?.value == true ? "1" : "2")
                a.element("Zwolnienie") { z in
                    if let exempt = model.taxGroups.first(where: { $0.tax.category == .exempt }) {
                        z.text("P_19", "1")
                        // The legal basis (the Act, art. 43 or 113, or the Directive): the book's exemption text.
                        z.text("P_19A", exempt.exemptionReason ?? exempt.exemptionCode)
                    } else {
                        z.text("P_19N", "1")
                    }
                }
                a.element("NoweSrodkiTransportu") { $0.text("P_22N", "1") }
                a.text("P_23", "2")
                a.element("PMarzy") { $0.text("P_PMarzyN", "1") }
            }
            f.text("RodzajFaktury", correction ? "KOR" : model.typeCode == "386" ? "ZAL" : "VAT")
            if correction, let preceding = model.preceding {
                f.text("PrzyczynaKorekty", document.reason?.value)
                f.element("DaneFaKorygowanej") { d in
                    d.text("DataWystFaKorygowanej", preceding.issued?.description)
                    d.text("NrFaKorygowanej", preceding.number)
                    // Its KSeF number when the book has it; else an invoice issued outside KSeF (NrKSeFN).
                    if let number = book.invoice(preceding.number)?.ksef?.value {
                        d.text("NrKSeF", "1")
                        d.text("NrKSeFFaKorygowanej", number)
                    } else {
                        d.text("NrKSeFN", "1")
                    }
                }
            }
            for (line, item) in zip(model.lines, document.items) {
                guard let slot = FA3Slot.of(line.tax, buyerCountry: buyerCountry) else { continue }
                f.element("FaWiersz") { w in
                    w.text("NrWierszaFa", line.id)
                    w.text("P_7", String(line.name.prefix(512)))
                    w.text("Indeks", line.sellerItemID)
                    w.text("P_8A", item.unit)
                    w.text("P_8B", (correction ? line.quantity.negated : line.quantity).description)
                    if line.baseQuantity == nil { w.text("P_9A", line.price.description) }
                    let discount = line.allowancesCharges.filter { !$0.isCharge }.reduce(0) { $0 + $1.amount }
                    if discount != 0 { w.text("P_10", MoneyFormat.plain(discount, c)) }
                    w.text("P_11", money(line.net))
                    w.text("P_12", slot.code)
                }
            }
            if !correction {
                f.element("Platnosc") { p in
                    if let due = model.dueDate { p.element("TerminPlatnosci") { $0.text("Termin", due.description) } }
                    if let means = model.paymentMeans {
                        // TFormaPlatnosci: 1 cash, 2 card, 6 transfer; a direct debit has no code.
                        if means.isTransfer { p.text("FormaPlatnosci", "6") }
                        else if means.isCard { p.text("FormaPlatnosci", "2") }
                        else if means == .cash { p.text("FormaPlatnosci", "1") }
                        else if means.isDirectDebit {
                            p.text("PlatnoscInna", "1")
                            p.text("OpisPlatnosci", "polecenie zapłaty")
                        }
                    }
                    if let account = model.payeeAccount, (10...34).contains(account.iban.count) {
                        p.element("RachunekBankowy") { r in
                            r.text("NrRB", account.iban)
                            if let bic = account.bic?.uppercased(), isSWIFT(bic) { r.text("SWIFT", bic) }
                        }
                    }
                }
            }
            if model.contract != nil || model.order != nil {
                f.element("WarunkiTransakcji") { w in
                    w.element("Umowy") { $0.text("NrUmowy", model.contract) }
                    w.element("Zamowienia") { $0.text("NrZamowienia", model.order) }
                }
            }
        }
        return XMLElement("Faktura", [("xmlns", namespace)], x.children)
    }

    /// TAdres: the country, the street (AdresL1), then the postal code and city (AdresL2).
    static func address(_ name: String, _ address: Address) -> XMLElement {
        var a = XMLBuilder()
        a.text("KodKraju", address.country ?? "PL")
        let street = (address.street ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
        let place = [address.postalCode, address.city].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ")
        a.text("AdresL1", street.isEmpty ? (place.isEmpty ? "-" : place) : street)
        if !street.isEmpty { a.text("AdresL2", place) }
        return XMLElement(name, [], a.children)
    }

    /// DaneKontaktowe: an e-mail and a phone number of at most 16 characters.
    static func contact(_ party: InvoiceModel.Party, into builder: inout XMLBuilder) {
        let email = party.contact?.email
        let phone = party.contact?.phone.flatMap { $0.count <= 16 ? $0 : nil }
        guard email != nil || phone != nil else { return }
        builder.element("DaneKontaktowe") { d in
            d.text("Email", email)
            d.text("Telefon", phone)
        }
    }

    /// SWIFT_Type: `[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?`.
    static func isSWIFT(_ bic: String) -> Bool {
        let chars = Array(bic)
        guard chars.count == 8 || chars.count == 11 else { return false }
        return chars.prefix(6).allSatisfy { $0.isASCII && $0.isUppercase } && chars.dropFirst(6).allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
    }
}

extension DecimalNumber {
    /// `-self`, at the same scale.
    var negated: DecimalNumber { DecimalNumber(significand: -significand, scale: scale) ?? self }
}
