import InvoicBook
import InvoicEInvoice
import InvoicMoney

/// One registration record: a RegistroAlta (an invoice or credit note issued) or a
/// RegistroAnulacion (one voided), as the fields the hash and the chain need, and its XML as
/// `SuministroLR.xsd`'s `RegFactuSistemaFacturacion` with the one record, the shape `invoic
/// verifactu send` posts (up to 1,000 records per message).
public struct VeriFactuRecord: Sendable, Equatable {
    public enum Kind: String, Sendable { case alta, anulacion }

    public var kind: Kind
    /// IDEmisorFactura, NumSerieFactura, FechaExpedicionFactura (DD-MM-AAAA).
    public var issuer: String
    public var number: String
    public var date: String
    /// TipoFactura, CuotaTotal, ImporteTotal (alta only).
    public var type: String = ""
    public var taxTotal: String = ""
    public var total: String = ""
    /// The previous record of the chain (nil: the first record).
    public var previous: Link?
    /// FechaHoraHusoGenRegistro, with its offset.
    public var generated: String
    public var huella: String = ""

    public struct Link: Sendable, Equatable {
        public var issuer: String
        public var number: String
        public var date: String
        public var huella: String
    }

    /// The huella these fields give.
    public var computedHuella: String {
        switch kind {
        case .alta:
            VeriFactuHash.alta(issuer: issuer, number: number, date: date, type: type, taxTotal: taxTotal, total: total,
                               previous: previous?.huella ?? "", generated: generated)
        case .anulacion:
            VeriFactuHash.anulacion(issuer: issuer, number: number, date: date, previous: previous?.huella ?? "", generated: generated)
        }
    }
}

/// The namespaces of the AEAT's schemas.
public enum VeriFactuNamespace {
    public static let lr = "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroLR.xsd"
    public static let info = "https://www2.agenciatributaria.gob.es/static_files/common/internet/dep/aplicaciones/es/aeat/tike/cont/ws/SuministroInformacion.xsd"
}

/// What a book's document says in a record: built once from the checked book, written as XML.
public struct VeriFactuRecordBuilder {
    public let book: Book
    public let settings: VeriFactuSettings
    /// NombreSistemaInformatico's version: invoic's.
    public let version: String

    public init?(book: Book, version: String) {
        guard let settings = book.settings.verifactu else { return nil }
        self.book = book
        self.settings = settings
        self.version = version
    }

    var issuerName: String { settings.name ?? book.settings.business.name }

    static func date(_ day: Day) -> String { VeriFactuSettings.date(day) }

    /// The record of `document` issued, chained after `previous`, generated at `generated`, or
    /// nil when the document has no figures.
    public func alta(_ document: Document, previous: VeriFactuRecord.Link?, generated: String) -> (record: VeriFactuRecord, xml: String)? {
        guard let figures = document.figures else { return nil }
        let currency = figures.currency
        let client = book.clients[document.client.value]
        let clientID = client.flatMap { Self.partyID($0.contact.taxID) }
        let sign: Int64 = document.kind == .creditNote && settings.rectification == .difference ? -1 : 1
        var type = clientID == nil ? "F2" : "F1"
        var corrected: Document?
        if document.kind == .creditNote {
            corrected = document.corrects.flatMap { book.invoice($0.value) }
            let correctedSimplified = corrected.flatMap { book.clients[$0.client.value] }.flatMap { Self.partyID($0.contact.taxID) } == nil
            type = correctedSimplified ? "R5" : settings.rectificationCode
        }
        // Substitution: the record states the invoice as it now stands (its figures less the
        // credit note's), and ImporteRectificacion the invoice's own.
        var groups = figures.breakdown.groups.map { (rate: $0.taxRate, taxable: sign * $0.taxable, tax: sign * $0.tax) }
        if document.kind == .creditNote, settings.rectification == .substitution, let invoiceFigures = corrected?.figures {
            groups = invoiceFigures.breakdown.groups.map { group in
                let credited = figures.breakdown.groups.first { $0.taxRate == group.taxRate }
                return (group.taxRate, group.taxable - (credited?.taxable ?? 0), group.tax - (credited?.tax ?? 0))
            }
        }
        // The same totals the QR code states (VeriFactuSettings.recordTotals).
        guard let (taxTotal, total) = settings.recordTotals(of: document, in: book) else { return nil }
        func money(_ minor: Int64) -> String { MoneyFormat.plain(minor, currency) }
        var record = VeriFactuRecord(kind: .alta, issuer: settings.nif.value, number: document.number, date: Self.date(document.issued.value),
                                     generated: generated)
        record.type = type
        record.taxTotal = money(taxTotal)
        record.total = money(total)
        record.previous = previous
        record.huella = record.computedHuella

        let e = VeriFactuXML.self
        var children: [XMLElement] = [
            e.el("IDVersion", "1.0"),
            e.node("IDFactura", [e.el("IDEmisorFactura", record.issuer), e.el("NumSerieFactura", record.number), e.el("FechaExpedicionFactura", record.date)]),
            e.el("NombreRazonEmisor", issuerName),
            e.el("TipoFactura", type),
        ]
        if document.kind == .creditNote {
            children.append(e.el("TipoRectificativa", settings.rectification == .difference ? "I" : "S"))
            if let corrected {
                children.append(e.node("FacturasRectificadas", [e.node("IDFacturaRectificada", [
                    e.el("IDEmisorFactura", record.issuer), e.el("NumSerieFactura", corrected.number),
                    e.el("FechaExpedicionFactura", Self.date(corrected.issued.value))])]))
            }
            if settings.rectification == .substitution, let invoiceFigures = corrected?.figures {
                children.append(e.node("ImporteRectificacion", [e.el("BaseRectificada", money(invoiceFigures.total - invoiceFigures.breakdown.tax)),
                                                                 e.el("CuotaRectificada", money(invoiceFigures.breakdown.tax))]))
            }
        }
        if let delivered = document.delivered?.value, delivered != document.issued.value {
            children.append(e.el("FechaOperacion", Self.date(delivered)))
        }
        let description = document.items.first?.description.split(separator: "\n").first.map(String.init) ?? document.kind.name
        children.append(e.el("DescripcionOperacion", String((document.reason?.value ?? description).prefix(500))))
        if let client, let id = clientID {
            children.append(e.node("Destinatarios", [e.node("IDDestinatario", [e.el("NombreRazon", String(client.contact.name.prefix(120)))] + id)]))
        }
        children.append(e.node("Desglose", groups.map { Self.detail($0.rate, taxable: money($0.taxable), tax: money($0.tax)) }))
        children += [e.el("CuotaTotal", record.taxTotal), e.el("ImporteTotal", record.total), Self.chain(previous), system(),
                     e.el("FechaHoraHusoGenRegistro", generated), e.el("TipoHuella", "01"), e.el("Huella", record.huella)]
        return (record, envelope(e.node("RegistroAlta", children)))
    }

    /// The record voiding `document`, whose alta is in the chain.
    public func anulacion(_ document: Document, previous: VeriFactuRecord.Link?, generated: String) -> (record: VeriFactuRecord, xml: String) {
        var record = VeriFactuRecord(kind: .anulacion, issuer: settings.nif.value, number: document.number, date: Self.date(document.issued.value),
                                     generated: generated)
        record.previous = previous
        record.huella = record.computedHuella
        let e = VeriFactuXML.self
        let children: [XMLElement] = [
            e.el("IDVersion", "1.0"),
            e.node("IDFactura", [e.el("IDEmisorFacturaAnulada", record.issuer), e.el("NumSerieFacturaAnulada", record.number),
                                 e.el("FechaExpedicionFacturaAnulada", record.date)]),
            Self.chain(previous), system(), e.el("FechaHoraHusoGenRegistro", generated), e.el("TipoHuella", "01"), e.el("Huella", record.huella),
        ]
        return (record, envelope(e.node("RegistroAnulacion", children)))
    }

    /// A client's id as the records name it: a Spanish NIF, or IDOtro (its country and VAT
    /// number, type 02 NIF-IVA); nil without a tax id (a simplified invoice's buyer).
    static func partyID(_ taxID: String?) -> [XMLElement]? {
        guard let taxID else { return nil }
        let compact = taxID.uppercased().filter { $0.isLetter || $0.isNumber }
        guard compact.count >= 3 else { return nil }
        if compact.hasPrefix("ES"), compact.count == 11 { return [VeriFactuXML.el("NIF", String(compact.dropFirst(2)))] }
        if compact.count == 9, Identifiers.vatNumberProblem("ES" + compact) == nil { return [VeriFactuXML.el("NIF", compact)] }
        let country = String(compact.prefix(2))
        return [VeriFactuXML.node("IDOtro", [VeriFactuXML.el("CodigoPais", country == "EL" ? "GR" : country), VeriFactuXML.el("IDType", "02"),
                                             VeriFactuXML.el("ID", String(compact.prefix(20)))])]
    }

    /// One DetalleDesglose: IVA (01), general regime (01), the category as the AEAT's lists L9 and
    /// L10 name it: S1 taxed, S2 reverse charge, E1 exempt (art. 20), E2 export (art. 21), E5
    /// intra-EU supply (art. 25), N2 outside the scope by the place-of-supply rules.
    static func detail(_ rate: TaxRate, taxable: String, tax: String) -> XMLElement {
        let e = VeriFactuXML.self
        var children = [e.el("Impuesto", "01"), e.el("ClaveRegimen", "01")]
        switch rate.category {
        case .exempt: children.append(e.el("OperacionExenta", "E1"))
        case .export: children.append(e.el("OperacionExenta", "E2"))
        case .intraCommunity: children.append(e.el("OperacionExenta", "E5"))
        case .reverseCharge: children.append(e.el("CalificacionOperacion", "S2"))
        case .outsideScope: children.append(e.el("CalificacionOperacion", "N2"))
        default:
            children.append(e.el("CalificacionOperacion", "S1"))
            children.append(e.el("TipoImpositivo", rate.rate.description.replacingOccurrences(of: "%", with: "")))
        }
        children.append(e.el("BaseImponibleOimporteNoSujeto", taxable))
        if rate.category != .exempt, rate.category != .export, rate.category != .intraCommunity, rate.category != .outsideScope {
            children.append(e.el("CuotaRepercutida", tax))
        }
        return e.node("DetalleDesglose", children)
    }

    static func chain(_ previous: VeriFactuRecord.Link?) -> XMLElement {
        let e = VeriFactuXML.self
        guard let previous else { return e.node("Encadenamiento", [e.el("PrimerRegistro", "S")]) }
        return e.node("Encadenamiento", [e.node("RegistroAnterior", [
            e.el("IDEmisorFactura", previous.issuer), e.el("NumSerieFactura", previous.number),
            e.el("FechaExpedicionFactura", previous.date), e.el("Huella", previous.huella)])])
    }

    /// SistemaInformatico: invoic, used by one issuer (the book) and only as VERI*FACTU (it
    /// keeps no signed records of the NO VERI*FACTU mode). The producer is the issuer itself: an
    /// open-source program has no vendor; docs/spain.md says what that means.
    func system() -> XMLElement {
        let e = VeriFactuXML.self
        return e.node("SistemaInformatico", [
            e.el("NombreRazon", String(issuerName.prefix(120))), e.el("NIF", settings.nif.value),
            e.el("NombreSistemaInformatico", "invoic"), e.el("IdSistemaInformatico", "IV"), e.el("Version", version),
            e.el("NumeroInstalacion", "1"), e.el("TipoUsoPosibleSoloVerifactu", "S"), e.el("TipoUsoPosibleMultiOT", "N"),
            e.el("IndicadorMultiplesOT", "N"),
        ])
    }

    func envelope(_ record: XMLElement) -> String {
        let e = VeriFactuXML.self
        return XMLElement("sum:RegFactuSistemaFacturacion", [("xmlns:sum", VeriFactuNamespace.lr), ("xmlns:sum1", VeriFactuNamespace.info)], [
            .element(XMLElement("sum:Cabecera", [], [.element(e.node("ObligadoEmision", [e.el("NombreRazon", String(issuerName.prefix(120))),
                                                                                         e.el("NIF", settings.nif.value)]))])),
            .element(XMLElement("sum:RegistroFactura", [], [.element(record)])),
        ]).document()
    }
}

/// Elements of SuministroInformacion.xsd's namespace (prefix `sum1`).
enum VeriFactuXML {
    static func el(_ name: String, _ text: String) -> XMLElement { XMLElement("sum1:" + name, text: text) }
    static func node(_ name: String, _ children: [XMLElement]) -> XMLElement { XMLElement("sum1:" + name, [], children.map { .element($0) }) }
}
