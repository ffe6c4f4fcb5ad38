import InvoicBook
import InvoicMoney
import InvoicXML

/// FatturaPA 1.2 (FPR12 and FPA12) as an Italian supplier's SdI delivers it: each
/// FatturaElettronicaBody is one invoice (a file may carry a batch, *lotto*, of several), read
/// into EN 16931's terms as the Agenzia's mapping to the semantic model does (docs/italy.md):
/// a line's PrezzoTotale is its net (BT-131), each DatiRiepilogo a VAT group (its Natura the
/// category: N1/N2.x O, N3.1 G, N3.2 K, N3.x Z, N4 E, N6.x AE; a rate with EsigibilitaIVA S is
/// split payment, B), ImportoTotaleDocumento the total, the sum of ImportoPagamento the amount due.
/// The figures are kept as the file states them, so the EN 16931 sums the inbox checks report
/// what does not add up.
struct FatturaPA {
    static let namespace = "http://ivaservizi.agenziaentrate.gov.it/docs/xsd/fatture/v1.2"

    let root: XElement

    func read(_ reading: inout Reading) throws(Refusal) -> [ReceivedDocument] {
        let bodies = root.children("FatturaElettronicaBody")
        guard let header = root.child("FatturaElettronicaHeader"), !bodies.isEmpty else {
            throw Refusal("the FatturaPA has no header or no body (FatturaElettronicaHeader, FatturaElettronicaBody)",
                          help: "ask the supplier to send the file the SdI delivered again")
        }
        var documents: [ReceivedDocument] = []
        for body in bodies {
            var own = Reading()
            var document = try read(body, header: header, &own)
            document.readingProblems = reading.problems + own.problems
            documents.append(document)
        }
        return documents
    }

    private func read(_ body: XElement, header: XElement, _ reading: inout Reading) throws(Refusal) -> ReceivedDocument {
        let general = body.path("DatiGenerali", "DatiGeneraliDocumento")
        guard let general, let number = general.value("Numero") else { throw missing("its number (DatiGeneraliDocumento/Numero)") }
        guard let issued = day(general.value("Data")) else { throw missing("its date (DatiGeneraliDocumento/Data)") }
        let code = general.value("Divisa") ?? ""
        guard let currency = Currency.named(code) else {
            throw Refusal("the FatturaPA names no known currency (Divisa `\(code)`)", help: "Divisa is an ISO 4217 code such as EUR; ask the supplier for a corrected invoice")
        }
        let type = general.value("TipoDocumento") ?? "TD01"
        // TD04 is a credit note; the others (TD01 invoice, TD02 advance, TD05 debit note, TD06
        // parcella, TD24 deferred, ...) ask for money.
        let isCredit = type == "TD04"
        let goods = body.child("DatiBeniServizi")

        var lines: [ReceivedDocument.Line] = []
        for element in goods?.children("DettaglioLinee") ?? [] {
            let natura = element.value("Natura")
            let rate = reading.decimal(element.child("AliquotaIVA"))
            // Descrizione is the whole text: its first line the item's name, the rest its description.
            let text = element.value("Descrizione") ?? ""
            let name = text.split(separator: "\n").first.map(String.init) ?? ""
            var line = ReceivedDocument.Line(
                id: element.value("NumeroLinea") ?? "", note: nil, name: name, description: text == name ? nil : text,
                sellerItemID: element.children("CodiceArticolo").first?.value("CodiceValore"),
                quantity: reading.decimal(element.child("Quantita")), unit: element.value("UnitaMisura"),
                netPrice: reading.decimal(element.child("PrezzoUnitario")), grossPrice: nil, baseQuantity: nil,
                net: reading.money(element.child("PrezzoTotale"), currency, field: "PrezzoTotale", required: "BR-24", "line \(element.value("NumeroLinea") ?? "?")'s total"),
                taxCategory: Self.category(natura: natura, rate: rate, split: false), taxRate: rate)
            line.exactNet = reading.exact(element.child("PrezzoTotale"))
            line.periodStart = day(element.value("DataInizioPeriodo"))
            line.periodEnd = day(element.value("DataFinePeriodo"))
            lines.append(line)
        }
        // The pension fund's contribution is part of the taxable amount without being a line:
        // a document charge (BG-21), as the Agenzia's mapping to EN 16931 makes it.
        var charges: [ReceivedDocument.AllowanceCharge] = []
        for cassa in general.children("DatiCassaPrevidenziale") {
            let rate = reading.decimal(cassa.child("AliquotaIVA"))
            charges.append(ReceivedDocument.AllowanceCharge(
                isCharge: true, amount: reading.money(cassa.child("ImportoContributoCassa"), currency, field: "ImportoContributoCassa", required: "BR-36", "the pension contribution"),
                base: reading.money(cassa.child("ImponibileCassa"), currency, field: "ImponibileCassa"),
                percent: reading.decimal(cassa.child("AlCassa")), reason: "Cassa previdenziale \(cassa.value("TipoCassa") ?? "")",
                reasonCode: cassa.value("TipoCassa"), taxCategory: Self.category(natura: cassa.value("Natura"), rate: rate, split: false), taxRate: rate))
        }
        var groups: [ReceivedDocument.TaxGroup] = []
        for summary in goods?.children("DatiRiepilogo") ?? [] {
            let rate = reading.decimal(summary.child("AliquotaIVA"))
            groups.append(ReceivedDocument.TaxGroup(
                category: Self.category(natura: summary.value("Natura"), rate: rate, split: summary.value("EsigibilitaIVA") == "S"),
                rate: rate,
                taxable: reading.money(summary.child("ImponibileImporto"), currency, field: "ImponibileImporto", required: "BR-45", "a VAT group's taxable amount"),
                tax: reading.money(summary.child("Imposta"), currency, field: "Imposta", required: "BR-46", "a VAT group's tax"),
                exemptionReason: summary.value("RiferimentoNormativo"), exemptionCode: summary.value("Natura")))
        }
        // Split payment: the lines of a rate whose VAT the buyer pays to the Treasury are of category B too.
        for index in lines.indices where lines[index].taxCategory == "S" {
            if groups.contains(where: { $0.category == "B" && $0.rate == lines[index].taxRate }) { lines[index].taxCategory = "B" }
        }

        func sum(_ values: [Money]) -> Money { Money(values.reduce(Int64(0)) { $0 &+ $1.minorUnits }, currency) }
        let lineSum = sum(lines.map(\.net))
        let net = sum(groups.map(\.taxable))
        let tax = sum(groups.map(\.tax))
        let stated = reading.money(general.child("ImportoTotaleDocumento"), currency, field: "ImportoTotaleDocumento")
        // ImportoTotaleDocumento is optional: without it the total is the summary's.
        let total = stated ?? Money(net.minorUnits &+ tax.minorUnits, currency)
        let instalments = body.children("DatiPagamento").flatMap { $0.children("DettaglioPagamento") }
        let paid = instalments.compactMap { reading.money($0.child("ImportoPagamento"), currency, field: "ImportoPagamento") }
        // What is to be paid: the instalments, else the total less the ritenuta the buyer withholds.
        let withheld = sum(general.children("DatiRitenuta").compactMap { reading.money($0.child("ImportoRitenuta"), currency, field: "ImportoRitenuta") })
        let payable = paid.isEmpty ? Money(total.minorUnits &- withheld.minorUnits, currency) : sum(paid)

        let cedente = header.child("CedentePrestatore")
        let cessionario = header.child("CessionarioCommittente")
        var document = ReceivedDocument(
            syntax: .fatturapa, customization: root.attributes["versione"].map { "FatturaPA \($0)" }, businessProcess: nil,
            number: number, typeCode: type, kind: isCredit ? .creditNote : .invoice, issued: issued, currency: currency,
            seller: party(cedente), buyer: party(cessionario),
            totals: ReceivedDocument.Totals(lines: lineSum, allowances: nil, charges: charges.isEmpty ? nil : sum(charges.map(\.amount)),
                                            net: net, tax: tax, total: total, prepaid: nil, rounding: nil, payable: payable),
            payment: ReceivedDocument.Payment())
        document.lines = lines
        document.allowancesCharges = charges
        document.taxes = groups
        document.notes = general.children("Causale").map(\.text)
        if withheld.minorUnits != 0 { document.totals.withheld = withheld }
        document.order = body.path("DatiGenerali", "DatiOrdineAcquisto")?.value("IdDocumento")
        document.contract = body.path("DatiGenerali", "DatiContratto")?.value("IdDocumento")
        document.corrects = body.child("DatiGenerali")?.children("DatiFattureCollegate").compactMap { linked in
            linked.value("IdDocumento").map { ($0, day(linked.value("Data"))) }
        } ?? []
        if let first = instalments.first {
            document.due = day(first.value("DataScadenzaPagamento"))
            document.payment.meansCode = Self.meansCode(first.value("ModalitaPagamento"))
            document.payment.meansText = first.value("ModalitaPagamento")
            document.payment.accounts = instalments.compactMap { instalment in
                instalment.value("IBAN").map { ($0, instalment.value("Beneficiario"), instalment.value("BIC")) }
            }
            document.payment.terms = body.path("DatiPagamento", "CondizioniPagamento").map(\.text)
        }
        return document
    }

    private func missing(_ what: String) -> Refusal {
        Refusal("the FatturaPA lacks \(what)", help: "a FatturaPA the SdI accepted has it; ask the supplier for the file the SdI delivered")
    }

    private func party(_ element: XElement?) -> ReceivedDocument.Party {
        let data = element?.child("DatiAnagrafici")
        let registry = data?.child("Anagrafica")
        let name = registry?.value("Denominazione")
            ?? [registry?.value("Nome"), registry?.value("Cognome")].compactMap { $0 }.joined(separator: " ")
        var party = ReceivedDocument.Party(name: name)
        if let vat = data?.child("IdFiscaleIVA"), let country = vat.value("IdPaese"), let code = vat.value("IdCodice") {
            party.vatID = country + code
        }
        party.taxNumber = data?.value("CodiceFiscale")
        if let sede = element?.child("Sede") {
            party.address.isPresent = true
            party.address.lines = [[sede.value("Indirizzo"), sede.value("NumeroCivico")].compactMap { $0 }.joined(separator: " ")].filter { !$0.isEmpty }
            party.address.city = sede.value("Comune")
            party.address.postalCode = sede.value("CAP")
            party.address.region = sede.value("Provincia")
            party.address.country = sede.value("Nazione")
        }
        party.contactPhone = element?.value("Contatti", "Telefono")
        party.contactEmail = element?.value("Contatti", "Email")
        return party
    }

    /// The EN 16931 category (UNCL 5305) of a Natura or a rate (the Agenzia's mapping table).
    static func category(natura: String?, rate: DecimalNumber?, split: Bool) -> String {
        guard let natura else { return split ? "B" : (rate?.isZero ?? true) ? "Z" : "S" }
        switch natura {
        case "N3.1": return "G"
        case "N3.2": return "K"
        case "N4": return "E"
        default:
            if natura.hasPrefix("N6") { return "AE" }
            if natura.hasPrefix("N3") { return "Z" }
            return "O"
        }
    }

    /// UNCL 4461 for a ModalitaPagamento: MP01 cash 10, MP02/MP03 cheque 20, MP05 transfer 30,
    /// MP08 card 48, MP09..MP11 and MP19..MP21 direct debits 49/59.
    static func meansCode(_ modalita: String?) -> String? {
        switch modalita {
        case "MP01": "10"
        case "MP02", "MP03": "20"
        case "MP05": "30"
        case "MP08": "48"
        case "MP19", "MP20", "MP21": "59"
        case "MP09", "MP10", "MP11": "49"
        case .some: "1"
        case nil: nil
        }
    }
}
