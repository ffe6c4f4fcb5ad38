import InvoicBook
import InvoicMoney

/// FatturaPA 1.2 (FPR12, Schema_VFPR12_v1.2.3.xsd), element by element in the order of the
/// schema's sequences. It maps `FatturaPAFigures` (the Italian view of the priced document, which
/// the book's check judges too) and the parties; it decides nothing (docs/italy.md).
enum FatturaPAWriter {
    static let namespace = "http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"

    static func document(_ document: Document, in book: Book) -> XMLElement? {
        guard let figures = document.figures, let italian = FatturaPAFigures(book: book, document: document),
              let model = InvoiceModel(book: book, document: document) else { return nil }
        let c = figures.currency
        func amount(_ minor: Int64) -> String { MoneyFormat.plain(minor, c) }
        let client = book.clients[document.client.value]
        let business = book.settings.business
        let buyer = client?.contact ?? Contact(name: document.client.value)
        let buyerCountry = (buyer.address?.country ?? "IT").uppercased()

        var header = XMLBuilder()
        header.element("DatiTrasmissione") { t in
            t.element("IdTrasmittente") { id in
                id.text("IdPaese", "IT")
                id.text("IdCodice", book.sdiTransmitter)
            }
            t.text("ProgressivoInvio", book.sdiProgressive(for: document))
            t.text("FormatoTrasmissione", "FPR12")
            // A foreign buyer is addressed XXXXXXX (the SdI then only files it); an Italian one by
            // its code, else 0000000 (its PEC, or its cassetto fiscale).
            t.text("CodiceDestinatario", buyerCountry != "IT" ? "XXXXXXX" : client?.fatturapa?.recipient?.value ?? "0000000")
            if buyerCountry == "IT", client?.fatturapa?.recipient?.value ?? "0000000" == "0000000" {
                t.text("PECDestinatario", client?.fatturapa?.pec?.value)
            }
        }
        header.element("CedentePrestatore") { s in
            s.element("DatiAnagrafici") { d in
                d.append(idFiscale("IdFiscaleIVA", business.taxID, country: "IT"))
                d.text("CodiceFiscale", business.taxNumber?.uppercased())
                d.element("Anagrafica") { $0.text("Denominazione", business.name) }
                d.text("RegimeFiscale", book.settings.fatturapa?.regime?.value ?? "RF01")
            }
            s.append(sede(business.address))
            // Telefono is 5 to 12 characters: a longer number is left out rather than cut.
            let phone = business.phone.map { String($0.filter { !$0.isWhitespace }) }.flatMap { (5...12).contains($0.count) ? $0 : nil }
            s.element("Contatti") { k in
                k.text("Telefono", phone)
                k.text("Email", business.email)
            }
        }
        header.element("CessionarioCommittente") { b in
            b.element("DatiAnagrafici") { d in
                if let vat = buyer.taxID, Identifiers.hasCountryPrefix(vat) {
                    d.append(idFiscale("IdFiscaleIVA", vat, country: buyerCountry))
                } else if buyerCountry != "IT" {
                    // A foreign buyer without a VAT number: its country and 99999999999 (Specifiche 1.9, 2.1).
                    d.append(XMLElement("IdFiscaleIVA", [], [.element(XMLElement("IdPaese", text: buyerCountry)), .element(XMLElement("IdCodice", text: "99999999999"))]))
                }
                d.text("CodiceFiscale", buyerCountry == "IT" ? buyer.taxNumber?.uppercased() : nil)
                d.element("Anagrafica") { $0.text("Denominazione", buyer.name) }
            }
            b.append(sede(buyer.address))
        }

        var general = XMLBuilder()
        general.element("DatiGeneraliDocumento") { g in
            g.text("TipoDocumento", document.kind == .creditNote ? "TD04" : "TD01")
            g.text("Divisa", c.code)
            g.text("Data", document.issued.value.description)
            g.text("Numero", document.number)
            for ritenuta in italian.ritenute {
                g.element("DatiRitenuta") { r in
                    r.text("TipoRitenuta", ritenuta.type)
                    r.text("ImportoRitenuta", amount(ritenuta.amount))
                    r.text("AliquotaRitenuta", rate(ritenuta.rate))
                    // A: the fees of a self-employed professional (lavoro autonomo abituale), the
                    // only causale a small business's invoice carries (docs/italy.md).
                    r.text("CausalePagamento", "A")
                }
            }
            if italian.stampDue {
                g.element("DatiBollo") { b in
                    b.text("BolloVirtuale", "SI")
                    b.text("ImportoBollo", amount(Natura.stampDuty))
                }
            }
            for cassa in italian.cassa {
                g.element("DatiCassaPrevidenziale") { k in
                    k.text("TipoCassa", cassa.type)
                    k.text("AlCassa", rate(cassa.rate))
                    k.text("ImportoContributoCassa", amount(cassa.amount))
                    k.text("ImponibileCassa", amount(cassa.base))
                    k.text("AliquotaIVA", rate(cassa.tax.rate))
                    k.text("Ritenuta", cassa.ritenuta ? "SI" : nil)
                    k.text("Natura", cassa.natura)
                }
            }
            g.text("ImportoTotaleDocumento", amount(italian.total))
            for note in model.notes { g.text("Causale", String(note.prefix(200))) }
        }
        if let order = document.order?.value {
            general.element("DatiOrdineAcquisto") { $0.text("IdDocumento", String(order.prefix(20))) }
        }
        if let contract = document.contract?.value {
            general.element("DatiContratto") { $0.text("IdDocumento", String(contract.prefix(20))) }
        }
        if let corrected = model.preceding {
            general.element("DatiFattureCollegate") { r in
                r.text("IdDocumento", corrected.number)
                r.text("Data", corrected.issued?.description)
            }
        }

        var goods = XMLBuilder()
        for line in italian.lines {
            goods.element("DettaglioLinee") { l in
                l.text("NumeroLinea", String(line.number))
                l.text("TipoCessionePrestazione", line.kind)
                if let id = line.itemID {
                    l.element("CodiceArticolo") { a in
                        a.text("CodiceTipo", "Codice Art. fornitore")
                        a.text("CodiceValore", String(id.prefix(35)))
                    }
                }
                l.text("Descrizione", String(line.description.prefix(1000)))
                if let quantity = line.quantity {
                    l.text("Quantita", decimal(quantity, minimum: 2))
                    l.text("UnitaMisura", line.unit.map { String($0.prefix(10)) })
                }
                l.text("DataInizioPeriodo", line.period?.from.description)
                l.text("DataFinePeriodo", line.period?.to.description)
                l.text("PrezzoUnitario", decimal(line.unitPrice, minimum: 2))
                for adjustment in line.adjustments {
                    l.element("ScontoMaggiorazione") { s in
                        s.text("Tipo", adjustment.isCharge ? "MG" : "SC")
                        s.text("Importo", amount(adjustment.amount))
                    }
                }
                l.text("PrezzoTotale", amount(line.total))
                l.text("AliquotaIVA", rate(line.tax.rate))
                l.text("Ritenuta", line.ritenuta ? "SI" : nil)
                l.text("Natura", line.natura)
            }
        }
        for summary in italian.summaries {
            goods.element("DatiRiepilogo") { r in
                r.text("AliquotaIVA", rate(summary.rate))
                r.text("Natura", summary.natura)
                r.text("ImponibileImporto", amount(summary.taxable))
                r.text("Imposta", amount(summary.tax))
                r.text("EsigibilitaIVA", summary.chargeability)
                r.text("RiferimentoNormativo", summary.reference.map { String($0.prefix(100)) })
            }
        }

        var body = XMLBuilder()
        body.append(XMLElement("DatiGenerali", [], general.children))
        body.append(XMLElement("DatiBeniServizi", [], goods.children))
        if document.kind == .invoice, let means = figures.paymentMeans {
            body.element("DatiPagamento") { p in
                p.text("CondizioniPagamento", "TP02")
                p.element("DettaglioPagamento") { d in
                    d.text("Beneficiario", model.payeeAccount?.name.map { String($0.prefix(200)) })
                    d.text("ModalitaPagamento", modalita(means))
                    d.text("DataScadenzaPagamento", figures.dueDate?.description)
                    d.text("ImportoPagamento", amount(italian.payment))
                    if let account = model.payeeAccount, Identifiers.looksLikeIBAN(account.iban) {
                        d.text("IBAN", account.iban)
                        d.text("BIC", account.bic)
                    }
                }
            }
        }

        return XMLElement("p:FatturaElettronica", [("versione", "FPR12"), ("xmlns:ds", "http://www.w3.org/2000/09/xmldsig#"),
                                                    ("xmlns:p", namespace), ("xmlns:xsi", "http://www.w3.org/2001/XMLSchema-instance")], [
            .element(XMLElement("FatturaElettronicaHeader", [], header.children)),
            .element(XMLElement("FatturaElettronicaBody", [], body.children)),
        ])
    }

    /// IdFiscaleIVA: the country prefix and the rest of the VAT number.
    static func idFiscale(_ name: String, _ vat: String?, country: String) -> XMLElement {
        let compact = (vat ?? "").replacingOccurrences(of: " ", with: "").uppercased()
        let prefixed = Identifiers.hasCountryPrefix(compact)
        // Greece's VAT prefix is EL, its ISO country GR: IdPaese is the ISO code.
        let paese = prefixed ? (compact.hasPrefix("EL") ? "GR" : String(compact.prefix(2))) : country
        let code = prefixed ? String(compact.dropFirst(2)) : compact
        return XMLElement(name, [], [.element(XMLElement("IdPaese", text: paese)), .element(XMLElement("IdCodice", text: code.isEmpty ? "-" : String(code.prefix(28))))])
    }

    /// Sede: street, CAP (5 digits; 00000 abroad), town, province, country.
    static func sede(_ address: Address?) -> XMLElement {
        var s = XMLBuilder()
        let country = (address?.country ?? "IT").uppercased()
        let street = (address?.street ?? "").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        s.text("Indirizzo", String((street.isEmpty ? "-" : street.joined(separator: ", ")).prefix(60)))
        s.text("CAP", country == "IT" ? address?.postalCode ?? "00000" : "00000")
        s.text("Comune", String((address?.city ?? "-").prefix(60)))
        s.text("Provincia", country == "IT" ? address?.region?.uppercased() : nil)
        s.text("Nazione", country)
        return XMLElement("Sede", [], s.children)
    }

    /// ModalitaPagamento for a UNCL 4461 means: MP05 bonifico, MP19 SEPA direct debit, MP08
    /// card, MP01 cash; MP05 for any other transfer.
    static func modalita(_ means: PaymentMeans) -> String {
        switch means.code {
        case "10": "MP01"
        case "48", "54", "55": "MP08"
        case "59": "MP19"
        case "49": "MP09"
        default: "MP05"
        }
    }

    /// A rate as FatturaPA writes it: `22.00`.
    static func rate(_ rate: Rate) -> String {
        let hundredths = rate.milliPercent / 10
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// A decimal with at least `minimum` decimals (Quantita, PrezzoUnitario: 2 to 8).
    static func decimal(_ number: DecimalNumber, minimum: Int) -> String {
        let normalized = number.normalized
        let scale = max(minimum, normalized.scale)
        guard let scaled = normalized.scaled(to: scale), let value = DecimalNumber(significand: scaled, scale: scale) else { return number.description }
        return value.description
    }
}
