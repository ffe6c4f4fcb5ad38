import Foundation
import InvoicAuthoring
import InvoicBook
import InvoicEInvoice
import InvoicFrance
import InvoicYAML

/// What `receive` did with one e-invoice (or with a file that held none).
public struct ReceiveOutcome: Sendable {
    public enum Status: String, Sendable { case received, duplicate, refused }
    public var status: Status
    /// The file given (and, for a mail, the attachment).
    public var file: String
    public var number: String?
    public var supplier: String?
    /// The record, relative to the book (for a duplicate: the record already there).
    public var record: String?
    /// Whether the supplier's file was made by this receipt.
    public var newSupplier = false
    public var findings: [Finding] = []
    /// Why it was refused (nothing is written then).
    public var refusal: Refusal?
    /// For a French life-cycle status (CDAR) about a sent document: "207 En litige". The document
    /// is `number`, the kept message `record`.
    public var lifeCycleStatus: String?

    public init(status: Status, file: String, number: String? = nil, supplier: String? = nil, record: String? = nil,
                newSupplier: Bool = false, findings: [Finding] = [], refusal: Refusal? = nil) {
        self.status = status
        self.file = file
        self.number = number
        self.supplier = supplier
        self.record = record
        self.newSupplier = newSupplier
        self.findings = findings
        self.refusal = refusal
    }
}

extension Inbox {
    public static let purchasesFolder = "purchases"
    public static let suppliersFolder = "suppliers"

    /// Receives the e-invoices in `bytes` (named `filename`) into the book at `root`: each
    /// original kept unchanged under `purchases/<year>/`, its record beside it, its attachments
    /// (BG-24) in a folder beside it, its supplier made or recognised. Holds the book's lock from
    /// reading what is there to the last write, so two receipts at once (or a receipt and `pay`)
    /// take turns and none is lost. Files are only ever created, never replaced.
    public static func receive(bytes: [UInt8], filename: String, into root: String, today: Day = .today()) -> [ReceiveOutcome] {
        // A CDAR is no purchase: a status about a document the book sent, kept with it (InvoicFrance).
        if CDARReader.looksLikeCDAR(bytes) { return receiveStatus(bytes: bytes, filename: filename, into: root) }
        let incoming: [IncomingDocument]
        do { incoming = try read(bytes: bytes, filename: filename) } catch {
            return [ReceiveOutcome(status: .refused, file: filename, refusal: error)]
        }
        let lock: BookLock
        do { lock = try BookLock(root: root) } catch {
            return [ReceiveOutcome(status: .refused, file: filename, refusal: Refusal("cannot lock the book: \(error)", help: "check that the book's folder is writable"))]
        }
        defer { withExtendedLifetime(lock) {} }
        let temporary = BookLock.folder(of: root)
        var outcomes: [ReceiveOutcome] = []
        for document in incoming {
            do { outcomes.append(try store(document, root: root, temporary: temporary, today: today)) } catch {
                outcomes.append(ReceiveOutcome(status: .refused, file: display(document), number: document.document.number, refusal: error))
            }
        }
        return outcomes
    }

    /// A CDAR life-cycle status (XP Z12-012), matched with the sent document of the book it names
    /// and kept in that document's outbox folder (`LifeCycle.receive`), under the book's lock.
    private static func receiveStatus(bytes: [UInt8], filename: String, into root: String) -> [ReceiveOutcome] {
        let lock: BookLock
        do { lock = try BookLock(root: root) } catch {
            return [ReceiveOutcome(status: .refused, file: filename, refusal: Refusal("cannot lock the book: \(error)", help: "check that the book's folder is writable"))]
        }
        defer { withExtendedLifetime(lock) {} }
        let book: Book
        do { book = try BookLoader.load(at: root).0 } catch {
            return [ReceiveOutcome(status: .refused, file: filename, refusal: Refusal("cannot read the book to match the status with its invoice: \(error)", help: "run `invoic check` and fix what it says"))]
        }
        do {
            return try LifeCycle.receive(bytes, book: book, root: root, temporaryDirectory: BookLock.folder(of: root)).map { receipt in
                var outcome = ReceiveOutcome(status: receipt.duplicate ? .duplicate : .received, file: filename, number: receipt.number, record: receipt.path)
                outcome.lifeCycleStatus = "\(receipt.status.code) \(receipt.status.name)"
                return outcome
            }
        } catch {
            return [ReceiveOutcome(status: .refused, file: filename, refusal: Refusal(error.line > 0 ? "line \(error.line): \(error.message)" : error.message, help: error.help))]
        }
    }

    private static func display(_ document: IncomingDocument) -> String {
        document.mail.map { "\($0): \(document.name)" } ?? document.name
    }

    private static func store(_ incoming: IncomingDocument, root: String, temporary: String, today: Day) throws(Refusal) -> ReceiveOutcome {
        let received = incoming.received
        let document = received.model
        var suppliers = SupplierDirectory.load(root: root)
        let known = suppliers.recognise(received)
        let supplierID = known ?? suppliers.newID(for: document.seller)
        let records = PurchaseIndex.load(root: root)
        // The record holds the number as the book can hold it (`RecordValue`): compared as such.
        let number = RecordValue.storable(document.number).text
        if let existing = records.find(supplier: supplierID, number: number, kind: received.kindName, original: SHA256.hex(incoming.original)) {
            return ReceiveOutcome(status: .duplicate, file: display(incoming), number: document.number, supplier: supplierID, record: existing)
        }
        let findings = Findings.check(received)
        let year = String(document.issued.year)
        let folder = "\(purchasesFolder)/\(year)"
        func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: BookLoader.join(root, relative)) }
        var stem = "\(supplierID)-\(slug(document.number, limit: 60))" + (document.kind == .creditNote ? "-credit-note" : "")
        var suffix = 2
        // An original without its record is what a receipt stopped between its writes leaves (a
        // kill, a power cut): the same bytes received again adopt it instead of a `-2` copy beside it.
        var adopting = false
        while exists("\(folder)/\(stem).yaml") || exists("\(folder)/\(stem).\(incoming.format)") || exists("\(folder)/\(stem).attachments") {
            if !exists("\(folder)/\(stem).yaml"),
               BookFiles.contents(of: "\(folder)/\(stem).\(incoming.format)", in: root, limit: maximumFileSize) == incoming.original {
                adopting = true
                break
            }
            stem = "\(supplierID)-\(slug(document.number, limit: 60))-\(suffix)"
            suffix += 1
        }
        let originalName = "\(stem).\(incoming.format)"
        var attachments: [(id: String, description: String?, file: String?, uri: String?)] = []
        var attachmentFiles: [(bytes: [UInt8], path: String)] = []
        var usedNames: Set<String> = []
        for (index, attachment) in received.attachments.enumerated() {
            var file: String?
            if let data = attachment.data {
                var name = slugFileName(attachment.filename ?? attachment.id, fallback: "attachment-\(index + 1)")
                if usedNames.contains(name) { name = "\(index + 1)-\(name)" }
                usedNames.insert(name)
                attachmentFiles.append((data, "\(folder)/\(stem).attachments/\(name)"))
                file = "\(stem).attachments/\(name)"
            }
            attachments.append((attachment.id, attachment.description, file, attachment.uri))
        }
        let context = PurchaseRecord.Context(
            supplier: supplierID, sourceFile: originalName, sha256: SHA256.hex(incoming.original), receivedAs: display(incoming),
            attachments: attachments, findings: findings, received: today)
        let record = PurchaseRecord.text(incoming, context)
        let recordPath = "\(folder)/\(stem).yaml"
        let supplierPath = "\(suppliersFolder)/\(supplierID).yaml"
        let supplierText = known == nil ? SupplierDirectory.text(id: supplierID, document: received) : nil
        // Whatever is written, `check` reads back: both files are read here by the book's own
        // reader, within its bounds, before anything is written.
        try readable(record.text, recordPath)
        if let supplierText { try readable(supplierText, supplierPath) }

        for needed in [folder] + (known == nil ? [suppliersFolder] : []) + (attachmentFiles.isEmpty ? [] : ["\(folder)/\(stem).attachments"]) {
            do {
                try FileManager.default.createDirectory(atPath: BookLoader.join(root, needed), withIntermediateDirectories: true)
            } catch {
                throw Refusal("cannot create \(needed): \(error.localizedDescription)", help: "check that the book's folder is writable")
            }
        }
        // A receipt is whole or nothing: when one write fails, the files this receipt made go again.
        var written: [String] = []
        func write(_ bytes: [UInt8], _ relative: String) throws(Refusal) {
            // What an interrupted receipt of these same bytes already wrote is kept as it is.
            if adopting, BookFiles.contents(of: relative, in: root, limit: maximumFileSize) == bytes { return }
            do {
                try AtomicFile.write(bytes, to: BookLoader.join(root, relative), mode: .createNew, temporaryDirectory: temporary)
                written.append(relative)
            } catch {
                for path in written.reversed() { try? FileManager.default.removeItem(atPath: BookLoader.join(root, path)) }
                if !adopting { try? FileManager.default.removeItem(atPath: BookLoader.join(root, "\(folder)/\(stem).attachments")) }
                throw Refusal("cannot write \(relative): \(error.reason)", help: "check that the book's folder is writable and the disk has room")
            }
        }
        // The original first: a record never exists without its evidence.
        try write(incoming.original, "\(folder)/\(originalName)")
        for file in attachmentFiles { try write(file.bytes, file.path) }
        var made = false
        if let supplierText {
            try write(Array(supplierText.utf8), supplierPath)
            suppliers.add(id: supplierID, document: received)
            made = true
        }
        // The record last: what the book reads exists only once everything it names does.
        try write(Array(record.text.utf8), recordPath)
        return ReceiveOutcome(status: .received, file: display(incoming), number: document.number, supplier: supplierID,
                              record: recordPath, newSupplier: made, findings: record.findings)
    }

    /// `text`, about to be written at `relative`, as `check` will read it: refused unless the
    /// book's own YAML reader takes it whole (size, nesting, values, encoding).
    private static func readable(_ text: String, _ relative: String) throws(Refusal) {
        let bytes = Array(text.utf8)
        let help = "nothing was written: the document holds more than a book's record can; keep the original outside the book and ask the supplier for a shorter invoice"
        let limit = BookLimits.standard.yaml.maxFileSize
        guard bytes.count <= limit else {
            throw Refusal("\(relative) would be \(bytes.count) bytes, more than the \(limit / 1024 / 1024) MiB a book file may have", help: help)
        }
        if let problem = YAMLParser.parse(bytes, path: relative).diagnostics.first {
            throw Refusal("\(relative) would not read back (\(problem.code.name): \(problem.message))", help: help)
        }
    }

    /// Lower-case letters, digits and single dashes: a name that is safe as a file name anywhere.
    static func slug(_ text: String, limit: Int) -> String {
        var out = ""
        for character in text.folding(options: [.diacriticInsensitive, .caseInsensitive], locale: nil).lowercased() {
            if character.isASCII, character.isLetter || character.isNumber { out.append(character) } else if !out.hasSuffix("-"), !out.isEmpty { out.append("-") }
        }
        while out.hasSuffix("-") { out.removeLast() }
        if out.count > limit { out = String(out.prefix(limit)); while out.hasSuffix("-") { out.removeLast() } }
        return out
    }

    /// An attachment's name made safe: no folder, no dot first, no control character; its
    /// extension kept, `.yaml` kept from looking like a book file.
    static func slugFileName(_ name: String, fallback: String) -> String {
        let last = name.split(separator: "/").last.map(String.init) ?? name
        let parts = last.split(separator: ".")
        let ext = parts.count > 1 ? slug(String(parts.last!), limit: 10) : ""
        let base = slug(parts.count > 1 ? parts.dropLast().joined(separator: ".") : last, limit: 80)
        var result = (base.isEmpty ? fallback : base) + (ext.isEmpty ? "" : "." + ext)
        if result.hasSuffix(".yaml") || result.hasSuffix(".yml") { result += ".txt" }
        return result
    }
}

/// The suppliers of the book: `suppliers/<id>.yaml`, recognised by VAT id, electronic address,
/// IBAN, legal registration, then name, in that order.
struct SupplierDirectory {
    struct Entry {
        var id: String
        var vatIDs: [String]
        var addresses: [String]
        var ibans: [String]
        var legalIDs: [String] = []
        var names: [String] = []
    }
    var entries: [Entry] = []

    static func load(root: String) -> SupplierDirectory {
        var directory = SupplierDirectory()
        for path in BookFiles.yaml(below: Inbox.suppliersFolder, in: root) {
            guard let bytes = BookFiles.contents(of: path, in: root, limit: 1 << 20) else { continue }
            let node = YAMLParser.parse(bytes, path: path).root
            let id = String(path.split(separator: "/").last!.split(separator: ".").first!)
            func values(_ key: String) -> [String] {
                if let list = node?[key]?.sequence { return list.compactMap { $0.scalar?.text } }
                return node?[key]?.scalar.map { [$0.text] } ?? []
            }
            directory.entries.append(Entry(id: id, vatIDs: values("vat_id").map(normal), addresses: values("electronic_address").map(normal), ibans: values("iban").map(normal),
                                           legalIDs: values("legal_id").map(normal), names: (values("name") + values("trading_name")).map(normal)))
        }
        return directory
    }

    /// Compared as the supplier's file stores them (RecordValue), so a name with a control
    /// character or a huge id is recognised the next time too.
    static func normal(_ text: String) -> String { RecordValue.storable(text).text.uppercased().filter { !$0.isWhitespace } }

    func recognise(_ document: ReceivedInvoice) -> String? {
        let seller = document.model.seller
        let vat = seller.vatID.map(Self.normal)
        if let vat, let entry = entries.first(where: { $0.vatIDs.contains(vat) }) { return entry.id }
        // A weaker key never joins two different VAT ids: two companies of a group sharing an
        // IBAN (or a name) are two suppliers, and where each sits decides the VAT form's boxes.
        let candidates = entries.filter { vat == nil || $0.vatIDs.isEmpty || $0.vatIDs.contains(vat!) }
        if let address = seller.electronicAddress.map(Self.normal), let entry = candidates.first(where: { $0.addresses.contains(address) }) { return entry.id }
        for account in document.accounts {
            if let entry = candidates.first(where: { $0.ibans.contains(Self.normal(account.iban)) }) { return entry.id }
        }
        // A seller with none of those (outside the scope of VAT, no account given): its legal
        // registration, then its name as written.
        if let legal = seller.legalID.map({ Self.normal($0.id) }), let entry = candidates.first(where: { $0.legalIDs.contains(legal) }) { return entry.id }
        if !seller.name.isEmpty, let entry = candidates.first(where: { $0.names.contains(Self.normal(seller.name)) }) { return entry.id }
        return nil
    }

    func newID(for seller: InvoiceModel.Party) -> String {
        let base = Inbox.slug(seller.tradingName ?? seller.name, limit: 40).nonEmpty ?? "supplier"
        var id = base
        var suffix = 2
        while entries.contains(where: { $0.id == id }) {
            id = "\(base)-\(suffix)"
            suffix += 1
        }
        return id
    }

    mutating func add(id: String, document: ReceivedInvoice) {
        let seller = document.model.seller
        entries.append(Entry(id: id, vatIDs: seller.vatID.map { [Self.normal($0)] } ?? [],
                             addresses: seller.electronicAddress.map { [Self.normal($0)] } ?? [],
                             ibans: document.accounts.map { Self.normal($0.iban) },
                             legalIDs: seller.legalID.map { [Self.normal($0.id)] } ?? [], names: [Self.normal(seller.name)]))
    }

    static func text(id: String, document: ReceivedInvoice) -> String {
        let seller = document.model.seller
        var out = YAMLOut()
        out.comment("Made by `invoic receive` from \(YAMLOut.inline(document.model.number)): recognised by its VAT id, electronic address, IBAN, legal id or name.")
        out.comment("Rename it, and add `category:` (for reports) and `account:` (a default expense account) as you like.")
        out.key("name", seller.name)
        out.key("trading_name", seller.tradingName)
        out.key("vat_id", seller.vatID)
        out.key("tax_number", seller.taxNumber)
        out.key("legal_id", seller.legalID?.id)
        out.key("electronic_address", seller.electronicAddress)
        if let account = document.accounts.first {
            out.key("iban", account.iban)
            out.key("bic", account.bic)
        }
        let lines = seller.writtenAddressLines ?? []
        if let address = seller.address, !lines.isEmpty || address.city != nil || address.country != nil {
            out.open("address")
            out.key("street", lines.first)
            if lines.count > 1 { out.key("additional", lines.dropFirst().joined(separator: ", ")) }
            out.key("postal_code", address.postalCode)
            out.key("city", address.city)
            out.key("region", address.region)
            out.key("country", address.country)
            out.close()
        }
        out.key("email", seller.contact?.email)
        out.key("phone", seller.contact?.phone)
        return out.text
    }
}

/// The records already under purchases/: what makes a receipt a duplicate. A document the user
/// rejected (`invoic purchase reject`: a corrected one is asked for) stops only its own bytes: the
/// corrected document, which may well bear the same number, is a new purchase beside it.
struct PurchaseIndex {
    var keys: [String: [(path: String, rejected: Bool, sha256: String)]] = [:]

    static func load(root: String) -> PurchaseIndex {
        var index = PurchaseIndex()
        for path in BookFiles.yaml(below: Inbox.purchasesFolder, in: root) where path.split(separator: "/").count == 3 {
            guard let bytes = BookFiles.contents(of: path, in: root, limit: 8 << 20) else { continue }
            let node = YAMLParser.parse(bytes, path: path).root
            guard let supplier = node?["supplier"]?.scalar?.text, let number = node?["number"]?.scalar?.text else { continue }
            let kind = node?["type"]?.scalar?.text ?? "invoice"
            let rejected = node?["decision"]?["status"]?.scalar?.text == Purchase.Decision.Verdict.rejected.rawValue
            index.keys[key(supplier, number, kind), default: []].append((path, rejected, node?["source"]?["sha256"]?.scalar?.text.lowercased() ?? ""))
        }
        return index
    }

    static func key(_ supplier: String, _ number: String, _ kind: String) -> String { "\(supplier)\u{0}\(number)\u{0}\(kind)" }

    /// The record that makes a document with these keys and this original (its SHA-256) a duplicate.
    func find(supplier: String, number: String, kind: String, original sha256: String) -> String? {
        keys[Self.key(supplier, number, kind)]?.first { !$0.rejected || $0.sha256 == sha256 }?.path
    }
}
