import Foundation
import InvoicBook
import InvoicXML

/// The book's VeriFactu records: `verifactu/records/NNNNNN-alta-<number>.xml` (and `-anulacion-`),
/// one file per record, numbered in the order they were generated. Records are only ever added
/// (never rewritten: git is their log); each names the previous one and its huella, so the files
/// are one chain that `check` verifies link by link.
public struct VeriFactuRegister: Sendable {
    public static let folder = "verifactu/records"

    public struct Entry: Sendable, Equatable {
        /// The file, relative to the book.
        public var file: String
        public var record: VeriFactuRecord
        /// The line of its Huella, for messages.
        public var line: Int
    }

    /// A record that breaks the chain: its file, line and what is wrong.
    public struct Break: Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var message: String
        public var description: String { "\(file):\(line): \(message)" }
    }

    public var entries: [Entry]
    /// Files that could not be read as records.
    public var unreadable: [Break]

    /// Reads every record of the book at `root`, in file-name order.
    public static func read(root: String) -> VeriFactuRegister {
        let directory = root + "/" + folder
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".xml") }.sorted()
        var register = VeriFactuRegister(entries: [], unreadable: [])
        for name in names {
            let file = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
                register.unreadable.append(Break(file: file, line: 0, message: "cannot be read"))
                continue
            }
            switch parse(data) {
            case .success(let parsed): register.entries.append(Entry(file: file, record: parsed.record, line: parsed.line))
            case .failure(let problem): register.unreadable.append(Break(file: file, line: problem.line, message: problem.message))
            }
        }
        return register
    }

    struct ParseProblem: Error { var line: Int; var message: String }

    static func parse(_ data: Data) -> Result<(record: VeriFactuRecord, line: Int), ParseProblem> {
        let root: XElement
        do { root = try ExpatReader.parse(data, maximumDepth: 32, maximumElements: 20_000) } catch {
            return .failure(ParseProblem(line: error.line, message: "is not well-formed XML: \(error.expatMessage)"))
        }
        guard let registro = root.first("RegistroAlta") ?? root.first("RegistroAnulacion") else {
            return .failure(ParseProblem(line: 1, message: "holds neither a RegistroAlta nor a RegistroAnulacion"))
        }
        let alta = registro.name == "RegistroAlta"
        func value(_ names: String...) -> String { names.reduce(Optional(registro)) { $0?.child($1) }?.text ?? "" }
        let id = alta ? ["IDEmisorFactura", "NumSerieFactura", "FechaExpedicionFactura"]
            : ["IDEmisorFacturaAnulada", "NumSerieFacturaAnulada", "FechaExpedicionFacturaAnulada"]
        var record = VeriFactuRecord(kind: alta ? .alta : .anulacion, issuer: value("IDFactura", id[0]), number: value("IDFactura", id[1]),
                                     date: value("IDFactura", id[2]), generated: value("FechaHoraHusoGenRegistro"))
        if alta {
            record.type = value("TipoFactura")
            record.taxTotal = value("CuotaTotal")
            record.total = value("ImporteTotal")
        }
        if let previous = registro.child("Encadenamiento")?.child("RegistroAnterior") {
            record.previous = VeriFactuRecord.Link(issuer: previous.child("IDEmisorFactura")?.text ?? "", number: previous.child("NumSerieFactura")?.text ?? "",
                                                   date: previous.child("FechaExpedicionFactura")?.text ?? "", huella: previous.child("Huella")?.text ?? "")
        }
        record.huella = value("Huella")
        return .success((record, registro.child("Huella")?.line ?? registro.line))
    }

    /// The first broken link: a record whose huella is not the hash of its fields, or that does
    /// not name the record before it (and its huella) as its previous one; the first record names
    /// none. Nil when the chain holds.
    public var firstBreak: Break? {
        if let unreadable = unreadable.first { return unreadable }
        var before: VeriFactuRecord?
        for entry in entries {
            let record = entry.record
            let computed = record.computedHuella
            guard record.huella == computed else {
                return Break(file: entry.file, line: entry.line,
                             message: "its Huella \(record.huella) is not the hash of its fields (\(computed)): the record was changed after it was generated")
            }
            switch (before, record.previous) {
            case (nil, nil): break
            case (nil, .some(let link)):
                return Break(file: entry.file, line: entry.line, message: "the first record names a previous one (\(link.number)) that is not in the book")
            case (.some(let previous), nil):
                return Break(file: entry.file, line: entry.line, message: "it starts a new chain, but \(previous.number)'s record comes before it")
            case (.some(let previous), .some(let link)):
                guard link.huella == previous.huella, link.number == previous.number, link.issuer == previous.issuer, link.date == previous.date else {
                    return Break(file: entry.file, line: entry.line,
                                 message: "it names \(link.number) with Huella \(link.huella) as the previous record, but the record before it is \(previous.number) with \(previous.huella): a record was removed, reordered or changed")
                }
            }
            before = record
        }
        return nil
    }

    /// The last record's link, for the next record.
    public var last: VeriFactuRecord.Link? {
        entries.last.map { VeriFactuRecord.Link(issuer: $0.record.issuer, number: $0.record.number, date: $0.record.date, huella: $0.record.huella) }
    }

    /// The documents of `book` that need a record now, in order: every invoice and credit note
    /// issued (sent, or voided) without an alta, by issue date then number; then every voided one
    /// whose alta is there without its anulación.
    public func pending(in book: Book) -> [(kind: VeriFactuRecord.Kind, document: Document)] {
        let altas = Set(entries.filter { $0.record.kind == .alta }.map(\.record.number))
        let anuladas = Set(entries.filter { $0.record.kind == .anulacion }.map(\.record.number))
        let issued = book.documents.filter { $0.kind.isBilling && ($0.sent != nil || $0.void != nil) && $0.figures != nil }
            .sorted { ($0.issued.value, $0.kind == .creditNote ? 1 : 0, $0.number) < ($1.issued.value, $1.kind == .creditNote ? 1 : 0, $1.number) }
        var pending: [(VeriFactuRecord.Kind, Document)] = issued.filter { !altas.contains($0.number) }.map { (.alta, $0) }
        pending += issued.filter { $0.void != nil && !anuladas.contains($0.number) }.map { (.anulacion, $0) }
        return pending
    }

    /// FechaHoraHusoGenRegistro: `date` in `timeZone`, seconds, with its offset (+01:00; never Z).
    public static func timestamp(_ date: Date, timeZone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let offset = timeZone.secondsFromGMT(for: date)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let sign = offset < 0 ? "-" : "+"
        return "\(c.year!)-\(two(c.month!))-\(two(c.day!))T\(two(c.hour!)):\(two(c.minute!)):\(two(c.second!))\(sign)\(two(abs(offset) / 3600)):\(two(abs(offset) % 3600 / 60))"
    }

    /// Writes the records `book` needs (see `pending`), chained after the last one, each created
    /// new (never over a file). Returns the files written. The caller holds the book's lock.
    public static func record(book: Book, root: String, version: String, now: Date, timeZone: TimeZone) throws -> [String] {
        guard let builder = VeriFactuRecordBuilder(book: book, version: version) else { return [] }
        var register = read(root: root)
        if let broken = register.firstBreak { throw RecordError(description: "the VeriFactu chain is broken at \(broken); no record is added to a broken chain") }
        var written: [String] = []
        var sequence = (register.entries.last.flatMap { Int($0.file.split(separator: "/").last!.prefix(6)) } ?? 0)
        let generated = timestamp(now, timeZone: timeZone)
        for (kind, document) in register.pending(in: book) {
            let made: (record: VeriFactuRecord, xml: String)?
            switch kind {
            case .alta: made = builder.alta(document, previous: register.last, generated: generated)
            case .anulacion: made = builder.anulacion(document, previous: register.last, generated: generated)
            }
            guard let made else { continue }
            sequence += 1
            let name = String(sequence).leftPadded(to: 6) + "-\(kind.rawValue)-" + DocumentKind.fileStem(forNumber: document.number) + ".xml"
            let file = folder + "/" + name
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
            do { try AtomicFile.write(Array(made.xml.utf8), to: root + "/" + file, mode: .createNew) } catch {
                throw RecordError(description: error.description)
            }
            register.entries.append(Entry(file: file, record: made.record, line: 0))
            written.append(file)
        }
        return written
    }

    public struct RecordError: Error, CustomStringConvertible { public var description: String }
}

extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
