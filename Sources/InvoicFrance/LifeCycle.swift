import Foundation
import InvoicBook
import InvoicMoney

/// The life cycle of the book's sent documents: the CDAR messages about each one, kept unchanged
/// in `outbox/<year>/<number>/cdar/<seq>-<code>.xml` (the outbox Peppol and the SdI use), in the
/// order they came. What was read is not stored beside them: the message is the record, and
/// every reader (check, report, serve) reads it again with `CDARReader`, so the two cannot disagree.
public enum LifeCycle {
    public static let folderName = "cdar"

    public static func folder(for document: Document) -> String { "\(document.outboxFolder)/\(folderName)" }

    /// A kept message, as read back, for one document.
    public struct Kept: Sendable {
        /// Relative to the book.
        public var path: String
        public var message: CDARMessage
        /// The message's reference to this document.
        public var reference: CDARMessage.Reference
        /// The message as kept.
        public var bytes: [UInt8]
        public var status: LifeCycleStatus { reference.status }
    }

    /// What `receive` did with a message, for one document it names.
    public struct Receipt: Sendable {
        public var number: String
        public var status: LifeCycleStatus
        /// The kept file, relative to the book (for a duplicate: the one already there).
        public var path: String
        public var duplicate: Bool
    }

    /// A SIREN as the registries write it: its digits only (`732 829 320` is `732829320`).
    public static func compact(_ siren: String) -> String { siren.filter { !$0.isWhitespace } }

    /// Reads `bytes` as a CDAR and keeps it with every document of `book` it names. Refused, with
    /// nothing written, when the book is not French, when a document it names is not a sent
    /// document of the book, or when the seller it names is not the book's business. Call it under
    /// the book's lock (`Inbox.receive` does).
    public static func receive(_ bytes: [UInt8], book: Book, root: String, temporaryDirectory: String? = nil) throws(CDARError) -> [Receipt] {
        var receipts: [Receipt] = []
        for (document, reference) in try match(bytes, book: book) {
            let kept = try keep(bytes, code: reference.status.code, for: document, root: root, temporaryDirectory: temporaryDirectory)
            receipts.append(Receipt(number: document.number, status: reference.status, path: kept.path, duplicate: kept.duplicate))
        }
        return receipts
    }

    /// Reads `bytes` as a CDAR and finds each document it names in `book`, refusing as `receive`
    /// does; writes nothing (`invoic receive --dry-run`).
    public static func match(_ bytes: [UInt8], book: Book) throws(CDARError) -> [(document: Document, reference: CDARMessage.Reference)] {
        let message = try CDARReader.read(bytes)
        guard let siren = book.settings.business.siren.map(compact) else {
            throw CDARError("the book's business has no `siren:`, so no French life-cycle status can be about its invoices",
                            help: "a CDAR is about the invoices of a French seller: add `siren:` under `business:` in invoic.yaml, or receive it in the right book")
        }
        var matched: [(document: Document, reference: CDARMessage.Reference)] = []
        for reference in message.references {
            guard let document = book.document(reference.number), document.kind.isBilling else {
                throw CDARError("the status \(reference.status.code) \(reference.status.name) is about `\(reference.number)`, which is no invoice or credit note of this book",
                                line: reference.line, help: "receive it in the book that issued \(reference.number), or ask the platform which invoice it means")
            }
            if let named = reference.sellerSIREN.map(compact), named != siren {
                throw CDARError("the status \(reference.status.code) \(reference.status.name) about \(reference.number) names the seller SIREN \(named), not this book's \(siren)",
                                line: reference.line, help: "it is about another seller's invoice of the same number: receive it in that seller's book")
            }
            if let issued = reference.issued, issued != document.issued.value {
                throw CDARError("the status about \(reference.number) gives its date as \(issued), but the book's \(reference.number) is dated \(document.issued.value)",
                                line: reference.line, help: "it is about another document of the same number; ask the platform which one")
            }
            matched.append((document, reference))
        }
        return matched
    }

    /// Keeps `bytes` (a CDAR about `document` with status `code`) as the next file of the
    /// document's `cdar/` folder, unless the same bytes are already there. Files are only ever
    /// created, never replaced.
    public static func keep(_ bytes: [UInt8], code: Int, for document: Document, root: String, temporaryDirectory: String? = nil) throws(CDARError) -> (path: String, duplicate: Bool) {
        let folder = folder(for: document)
        let names = files(in: folder, root: root)
        for name in names where BookFiles.contents(of: "\(folder)/\(name)", in: root, limit: CDARReader.maximumSize) == bytes {
            return ("\(folder)/\(name)", true)
        }
        let next = (names.compactMap { Int($0.prefix { $0 != "-" }) }.max() ?? 0) + 1
        let path = "\(folder)/\(String(format: "%03d", next))-\(code).xml"
        do {
            try FileManager.default.createDirectory(atPath: BookLoader.join(root, folder), withIntermediateDirectories: true)
            try AtomicFile.write(bytes, to: BookLoader.join(root, path), mode: .createNew, temporaryDirectory: temporaryDirectory)
        } catch {
            throw CDARError("cannot write \(path): \(error)", help: "check that the book's folder is writable and the disk has room")
        }
        return (path, false)
    }

    /// The `.xml` files of a `cdar/` folder, in the order they were kept.
    static func files(in folder: String, root: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: BookLoader.join(root, folder))) ?? []
        return names.filter { $0.hasSuffix(".xml") && !$0.hasPrefix(".") }.sorted()
    }

    /// The statuses kept for `document`, in the order they came, and the files that could not be
    /// read back (damaged since, or not a CDAR about this document).
    public static func kept(for document: Document, root: String) -> (statuses: [Kept], unreadable: [(path: String, error: CDARError)]) {
        let folder = folder(for: document)
        var statuses: [Kept] = []
        var unreadable: [(path: String, error: CDARError)] = []
        for name in files(in: folder, root: root) {
            let path = "\(folder)/\(name)"
            guard let bytes = BookFiles.contents(of: path, in: root, limit: CDARReader.maximumSize) else {
                unreadable.append((path, CDARError("it is not a regular file inside the book of at most \(CDARReader.maximumSize / 1024) KiB", help: "move it out of the outbox")))
                continue
            }
            do throws(CDARError) {
                let message = try CDARReader.read(bytes)
                guard let reference = message.references.first(where: { $0.number == document.number }) else {
                    throw CDARError("it is not about \(document.number)", help: "move it to the folder of the document it names")
                }
                statuses.append(Kept(path: path, message: message, reference: reference, bytes: bytes))
            } catch {
                unreadable.append((path, error))
            }
        }
        return (statuses, unreadable)
    }
}
