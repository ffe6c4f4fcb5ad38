import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicEInvoice
import InvoicPeppol
import InvoicXML
import InvoicYAML

/// What the AEAT answered for one record, kept beside it as `<record>.aeat.yaml` (and so in git):
/// the state it is in and every step it went through. It is the outbox of `invoic verifactu
/// send`: a record is sent again only while it has no answer (`sending`: the answer was lost) or
/// the whole message was refused; never once the AEAT accepted or rejected it.
public struct VeriFactuSubmission: Sendable, Equatable {
    public enum State: String, Sendable {
        /// Posted; no answer yet (a crash, a dropped connection): sent again, and the AEAT's
        /// duplicate answer (3000) then means it has this record.
        case sending
        /// EstadoRegistro of the AEAT's answer.
        case correcto = "Correcto", aceptadoConErrores = "AceptadoConErrores", incorrecto = "Incorrecto"
        /// The AEAT refused the whole message (a SOAP fault, an HTTP error): nothing was registered.
        case refused

        /// Whether `send` posts the record (again).
        public var isPending: Bool { self == .sending || self == .refused }
        public var isAccepted: Bool { self == .correcto || self == .aceptadoConErrores }
    }

    public struct Event: Sendable, Equatable {
        public var at: String
        public var state: State
        public var detail: String?
    }

    /// The record's file name (in verifactu/records/).
    public var record: String
    public var state: State { history.last?.state ?? .sending }
    /// The CSV (código seguro de verificación) of the message that registered it.
    public var csv: String?
    public var estadoEnvio: String?
    public var codigoError: String?
    public var descripcionError: String?
    public var history: [Event] = []

    public static func file(for record: String) -> String {
        (record.hasSuffix(".xml") ? String(record.dropLast(4)) : record) + ".aeat.yaml"
    }

    func yaml() -> String {
        var lines = ["# invoic verifactu send: what the AEAT answered for \(record), written by invoic.",
                     "record: \(YAMLText.scalar(record))", "state: \(state.rawValue)"]
        if let csv { lines.append("csv: \(YAMLText.quoted(csv))") }
        if let estadoEnvio { lines.append("estado_envio: \(YAMLText.scalar(estadoEnvio))") }
        if let codigoError { lines.append("codigo_error: \(YAMLText.quoted(codigoError))") }
        if let descripcionError { lines.append("descripcion_error: \(YAMLText.scalar(descripcionError))") }
        lines.append("history:")
        for event in history {
            lines.append("  - at: \(YAMLText.scalar(event.at))")
            lines.append("    state: \(event.state.rawValue)")
            if let detail = event.detail { lines.append("    detail: \(YAMLText.scalar(detail))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func parse(_ bytes: [UInt8], path: String) -> Result<VeriFactuSubmission, PeppolError> {
        let parsed = YAMLParser.parse(bytes, path: path, limits: .standard)
        guard parsed.diagnostics.isEmpty, let root = parsed.root, root.mapping != nil else {
            return .failure(PeppolError("\(path) is not an answer of the AEAT written by invoic: \(parsed.diagnostics.first?.message ?? "not a mapping")"))
        }
        func text(_ node: YAMLNode?, _ key: String) -> String? { node?[key]?.scalar.flatMap { $0.isNull ? nil : $0.text } }
        guard let record = text(root, "record") else { return .failure(PeppolError("\(path) names no `record`")) }
        var submission = VeriFactuSubmission(record: record)
        submission.csv = text(root, "csv")
        submission.estadoEnvio = text(root, "estado_envio")
        submission.codigoError = text(root, "codigo_error")
        submission.descripcionError = text(root, "descripcion_error")
        for entry in root["history"]?.sequence ?? [] {
            guard let at = text(entry, "at"), let state = text(entry, "state").flatMap(State.init(rawValue:)) else {
                return .failure(PeppolError("\(path):\(entry.range.start.line): a history entry needs `at` and a known `state`"))
            }
            submission.history.append(Event(at: at, state: state, detail: text(entry, "detail")))
        }
        return .success(submission)
    }
}

/// One answer of the web service (RespuestaSuministro.xsd), or its SOAP fault.
public struct VeriFactuResponse: Sendable, Equatable {
    public struct Line: Sendable, Equatable {
        public var number: String
        public var date: String
        /// TipoOperacion: Alta or Anulacion.
        public var operation: String
        public var estado: String
        public var codigo: String?
        public var descripcion: String?
        /// RegistroDuplicado's EstadoRegistroDuplicado (Correcta, AceptadaConErrores, Anulada).
        public var duplicateState: String?
    }

    public var csv: String?
    public var estadoEnvio: String
    /// TiempoEsperaEnvio: seconds before the next message may be sent.
    public var wait: Int
    public var lines: [Line]

    /// Reads the SOAP answer: the response, or the fault's text as the error.
    public static func parse(_ bytes: [UInt8]) throws(PeppolError) -> VeriFactuResponse {
        let root: XElement
        do { root = try ExpatReader.parse(bytes, maximumDepth: 32, maximumElements: 200_000) } catch {
            throw PeppolError("the AEAT's answer is not XML (line \(error.line): \(error.expatMessage)): \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        if let fault = root.first("Fault") {
            let text = [fault.child("faultcode")?.text, fault.child("faultstring")?.text].compactMap { $0 }.joined(separator: ": ")
            throw PeppolError("the AEAT refused the message: \(text.isEmpty ? "a SOAP fault without text" : text)", isRefusal: true)
        }
        guard let answer = root.first("RespuestaRegFactuSistemaFacturacion") else {
            throw PeppolError("the AEAT's answer holds no RespuestaRegFactuSistemaFacturacion: \(String(decoding: bytes.prefix(200), as: UTF8.self))")
        }
        var response = VeriFactuResponse(csv: answer.child("CSV").map { clean($0.text) }, estadoEnvio: clean(answer.child("EstadoEnvio")?.text ?? ""),
                                         wait: Int(answer.child("TiempoEsperaEnvio")?.text ?? "") ?? 0, lines: [])
        for line in answer.children("RespuestaLinea") {
            response.lines.append(Line(number: line.value("IDFactura", "NumSerieFactura") ?? "", date: line.value("IDFactura", "FechaExpedicionFactura") ?? "",
                                       operation: line.value("Operacion", "TipoOperacion") ?? "", estado: clean(line.child("EstadoRegistro")?.text ?? ""),
                                       codigo: line.child("CodigoErrorRegistro").map { clean($0.text) }, descripcion: line.child("DescripcionErrorRegistro").map { clean($0.text) },
                                       duplicateState: line.value("RegistroDuplicado", "EstadoRegistroDuplicado")))
        }
        return response
    }

    /// The server's text as the book keeps it: control characters (which the book's YAML reader
    /// refuses, and a terminal obeys) replaced by U+FFFD, and bounded (TextMax1500Type).
    static func clean(_ text: String) -> String {
        let scalars = text.unicodeScalars.prefix(1500).map { $0.properties.generalCategory == .control ? "\u{FFFD}" : $0 }
        return String(String.UnicodeScalarView(scalars)).trimmingCharacters(in: .whitespaces)
    }
}

/// `invoic verifactu send`: posts the records without an answer to the AEAT's VERI*FACTU web
/// service (SistemaFacturacion.wsdl, operation RegFactuSistemaFacturacion, SOAP 1.1), up to 1,000
/// per message in the order of the chain, and keeps each record's answer beside it. The caller
/// holds the book's lock.
public struct VeriFactuSender {
    /// SistemaFacturacion.wsdl, service sfVerifactu: SistemaVerifactu and SistemaVerifactuPruebas.
    public static let productionURL = "https://www1.agenciatributaria.gob.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP"
    public static let testURL = "https://prewww1.aeat.es/wlpl/TIKE-CONT/ws/SistemaFacturacion/VerifactuSOAP"
    /// The AEAT's code of a record it already has (the duplicate's IDFactura and operation).
    public static let duplicateCode = "3000"
    /// When the AEAT allows the next message (TiempoEsperaEnvio after the last answer).
    public static let waitFile = "verifactu/next-send.yaml"

    public var root: String
    public var settings: VeriFactuSettings
    public var issuerName: String
    public var url: String
    public var client: HTTPClient
    /// RegFactuSistemaFacturacion's maxOccurs.
    public var batchSize = 1000
    /// Waits between two messages of one run, as the AEAT's TiempoEsperaEnvio asks.
    public var sleep: @Sendable (Int) -> Void = { seconds in Thread.sleep(forTimeInterval: TimeInterval(seconds)) }

    public init(root: String, book: Book, url: String? = nil, client: HTTPClient) {
        let settings = book.settings.verifactu!
        self.root = root
        self.settings = settings
        issuerName = settings.name ?? book.settings.business.name
        self.url = url ?? (settings.environment == .test ? Self.testURL : Self.productionURL)
        self.client = client
    }

    public struct Outcome: Sendable {
        public var record: String
        public var number: String
        public var kind: VeriFactuRecord.Kind
        public var submission: VeriFactuSubmission
    }

    public struct SendError: Error, CustomStringConvertible {
        public var description: String
        /// What was answered before the failure.
        public var outcomes: [Outcome]
    }

    /// The answers kept beside the records, by record file name.
    public func submissions() throws(PeppolError) -> [String: VeriFactuSubmission] {
        var found: [String: VeriFactuSubmission] = [:]
        let folder = root + "/" + VeriFactuRegister.folder
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []) where name.hasSuffix(".aeat.yaml") {
            guard let data = FileManager.default.contents(atPath: folder + "/" + name) else { continue }
            let submission = try VeriFactuSubmission.parse(Array(data), path: VeriFactuRegister.folder + "/" + name).get()
            found[submission.record] = submission
        }
        return found
    }

    /// Sends every pending record; returns what the AEAT answered for each.
    public func send(now: Date) throws -> [Outcome] {
        let register = VeriFactuRegister.read(root: root)
        if let broken = register.firstBreak { throw SendError(description: "the VeriFactu chain is broken at \(broken); nothing is sent", outcomes: []) }
        let known: [String: VeriFactuSubmission]
        do { known = try submissions() } catch { throw SendError(description: error.description, outcomes: []) }
        let pending = register.entries.filter { known[Self.name($0.file)]?.state.isPending ?? true }
        guard !pending.isEmpty else { return [] }
        if let next = nextSendTime(), next > now {
            throw SendError(description: "the AEAT asked to wait until \(timestamp(next)) (TiempoEsperaEnvio of its last answer) before the next message; run `invoic verifactu send` then", outcomes: [])
        }
        var outcomes: [Outcome] = []
        var start = 0
        while start < pending.count {
            let batch = Array(pending[start..<min(start + batchSize, pending.count)])
            let answer = try post(batch, known: known, now: now, outcomes: &outcomes)
            start += batch.count
            if start < pending.count, answer.wait > 0 { sleep(answer.wait) }
        }
        return outcomes
    }

    static func name(_ file: String) -> String { String(file.split(separator: "/").last ?? "") }

    /// One message: each record marked `sending` first (so a crash leaves it to be sent again),
    /// then posted, then each answer written.
    func post(_ batch: [VeriFactuRegister.Entry], known: [String: VeriFactuSubmission], now: Date, outcomes: inout [Outcome]) throws -> VeriFactuResponse {
        var submissions: [VeriFactuSubmission] = []
        var bodies: [String] = []
        for entry in batch {
            let name = Self.name(entry.file)
            guard let data = FileManager.default.contents(atPath: root + "/" + entry.file),
                  let registro = Self.registroFactura(String(decoding: data, as: UTF8.self)) else {
                throw SendError(description: "\(entry.file) holds no sum:RegistroFactura as invoic writes it; restore it from git", outcomes: outcomes)
            }
            bodies.append(registro)
            var submission = known[name] ?? VeriFactuSubmission(record: name)
            submission.history.append(.init(at: timestamp(now), state: .sending, detail: "posted to \(url)"))
            try write(submission, outcomes: outcomes)
            submissions.append(submission)
        }
        let envelope = Self.envelope(issuerName: issuerName, nif: settings.nif.value, records: bodies)
        let request = HTTPRequest("POST", url, headers: [("Content-Type", "text/xml; charset=utf-8"), ("SOAPAction", "\"\"")], body: Array(envelope.utf8))
        let response: VeriFactuResponse
        do {
            let http = try client.perform(request)
            do { response = try VeriFactuResponse.parse(http.body) } catch {
                // A fault (an HTTP 500 with soap:Fault) is the AEAT's refusal of the whole message.
                if error.isRefusal {
                    for var submission in submissions {
                        submission.history.append(.init(at: timestamp(now), state: .refused, detail: error.message))
                        try write(submission, outcomes: outcomes)
                    }
                }
                throw error
            }
        } catch let error as PeppolError {
            let lost = error.isRefusal ? "" : "; the records stay `sending`: run `invoic verifactu send` again, and a record the AEAT already has is answered as a duplicate (3000), which counts as accepted"
            throw SendError(description: "\(error.message)\(lost)", outcomes: outcomes)
        }
        for (entry, var submission) in zip(batch, submissions) {
            let record = entry.record
            let operation = record.kind == .alta ? "Alta" : "Anulacion"
            guard let line = response.lines.first(where: { $0.number == record.number && $0.date == record.date && $0.operation == operation })
                ?? response.lines.first(where: { $0.number == record.number && $0.date == record.date }) else {
                submission.history.append(.init(at: timestamp(now), state: .sending, detail: "the answer (EstadoEnvio \(response.estadoEnvio)) names no line for it"))
                try write(submission, outcomes: outcomes)
                outcomes.append(Outcome(record: submission.record, number: record.number, kind: record.kind, submission: submission))
                continue
            }
            submission.estadoEnvio = response.estadoEnvio
            submission.codigoError = line.codigo
            submission.descripcionError = line.descripcion
            var state = VeriFactuSubmission.State(rawValue: line.estado) ?? .incorrecto
            var detail = "EstadoRegistro \(line.estado)" + (line.codigo.map { " \($0)" } ?? "") + (line.descripcion.map { ": \($0)" } ?? "")
            // A record posted before without an answer (the connection dropped after the AEAT
            // took it) comes back as a duplicate: the AEAT registered it then. It is this record
            // (invoic writes one alta and one anulación per invoice, and the chain forbids
            // another), so the duplicate's state is this record's.
            // (Only when the attempt before this one was left `sending`: a refused message
            // registered nothing, so a duplicate after it is another program's record.)
            let postedBefore = submission.history.dropLast().last?.state == .sending
            if state == .incorrecto, line.codigo == Self.duplicateCode, postedBefore,
               let duplicate = line.duplicateState, duplicate == "Correcta" || duplicate == "AceptadaConErrores" {
                state = duplicate == "Correcta" ? .correcto : .aceptadoConErrores
                detail = "registered by an earlier message whose answer was lost: the AEAT answers it as a duplicate (3000, EstadoRegistroDuplicado \(duplicate)); that message's CSV was lost with its answer"
                submission.codigoError = nil
                submission.descripcionError = nil
            } else if state.isAccepted, let csv = response.csv {
                submission.csv = csv
            }
            submission.history.append(.init(at: timestamp(now), state: state, detail: detail))
            try write(submission, outcomes: outcomes)
            outcomes.append(Outcome(record: submission.record, number: record.number, kind: record.kind, submission: submission))
        }
        let next = now.addingTimeInterval(TimeInterval(response.wait))
        do {
            try AtomicFile.write(Array("# invoic verifactu send: the AEAT's TiempoEsperaEnvio after its last answer.\nnext_send: \(YAMLText.scalar(timestamp(next)))\n".utf8),
                                 to: root + "/" + Self.waitFile)
        } catch {
            throw SendError(description: "cannot write \(Self.waitFile): \(error)", outcomes: outcomes)
        }
        return response
    }

    func write(_ submission: VeriFactuSubmission, outcomes: [Outcome]) throws {
        let path = root + "/" + VeriFactuRegister.folder + "/" + VeriFactuSubmission.file(for: submission.record)
        do { try AtomicFile.write(Array(submission.yaml().utf8), to: path) } catch {
            throw SendError(description: "cannot write \(path): \(error)", outcomes: outcomes)
        }
    }

    func nextSendTime() -> Date? {
        guard let data = FileManager.default.contents(atPath: root + "/" + Self.waitFile) else { return nil }
        let parsed = YAMLParser.parse(Array(data), path: Self.waitFile, limits: .standard)
        guard let text = parsed.root?["next_send"]?.scalar?.text else { return nil }
        return ISO8601DateFormatter().date(from: text)
    }

    /// The `<sum:RegistroFactura>` element of a record file, as written (its prefixes are the ones
    /// the envelope declares).
    static func registroFactura(_ text: String) -> String? {
        guard text.contains("xmlns:sum=\"\(VeriFactuNamespace.lr)\""), text.contains("xmlns:sum1=\"\(VeriFactuNamespace.info)\""),
              let start = text.range(of: "<sum:RegistroFactura>"), let end = text.range(of: "</sum:RegistroFactura>", range: start.upperBound..<text.endIndex) else { return nil }
        return String(text[start.lowerBound..<end.upperBound])
    }

    /// The SOAP 1.1 message: RegFactuSistemaFacturacion with the Cabecera (the issuer as
    /// ObligadoEmision) and the records.
    public static func envelope(issuerName: String, nif: String, records: [String]) -> String {
        let cabecera = XMLElement("sum:Cabecera", [], [.element(VeriFactuXML.node("ObligadoEmision", [
            VeriFactuXML.el("NombreRazon", String(issuerName.prefix(120))), VeriFactuXML.el("NIF", nif)]))]).document()
        let header = cabecera.range(of: "<sum:Cabecera").map { String(cabecera[$0.lowerBound...]) } ?? cabecera
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:sum="\(VeriFactuNamespace.lr)" xmlns:sum1="\(VeriFactuNamespace.info)">
            <soapenv:Header/>
            <soapenv:Body>
            <sum:RegFactuSistemaFacturacion>
            \(header.trimmingCharacters(in: .whitespacesAndNewlines))
            \(records.joined(separator: "\n"))
            </sum:RegFactuSistemaFacturacion>
            </soapenv:Body>
            </soapenv:Envelope>

            """
    }
}
