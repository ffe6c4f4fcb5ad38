import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicEInvoice
import InvoicMoney
import InvoicAuthoring

/// `check` over the purchases: each record against its original. The original is the evidence,
/// kept unchanged (its SHA-256 is on the record); the record is derived from it, so its figures
/// must be the original's, and its findings what the EN 16931 rules find in the original now.
public enum PurchaseAudit {
    static let sourceRule = Rule(.purchaseSource, summary: "a received original is missing or changed",
        explanation: """
        `invoic receive` keeps each supplier's e-invoice unchanged under purchases/<year>/ and writes
        its SHA-256 on the record beside it. The original is the evidence (like an issued invoice, it is
        never edited): when it is gone, or its bytes no longer have that SHA-256, the record stands on
        nothing.
        """,
        example: """
        # purchases/2026/acme-r-1.yaml
        source:
          file: acme-r-1.xml        # deleted, or edited after it was received
          sha256: 3e77de...
        """)

    static let recordRule = Rule(.purchaseRecordDiffers, summary: "a purchase record says other than its original",
        explanation: """
        A purchase record is derived from the original beside it: number, type, dates, currency, the
        tax breakdown, the totals and the rule findings are the original's. A record edited by hand
        (other than `payments:`) no longer says what the supplier sent.
        """,
        example: """
        # purchases/2026/acme-r-1.yaml (the original says 119.00)
        totals:
          payable: 110.00
        """)

    static let orphanRule = Rule(.purchaseOrphan, summary: "a received original has no record",
        explanation: """
        `invoic receive` writes the original, then its record beside it. A receipt stopped between the
        two (killed, a power cut) leaves an original the book does not count: no purchase, no input
        tax. Receiving the same file again adopts it: the record is written beside it, no copy made.
        """,
        example: """
        # purchases/2026/acme-r-1.xml, and no purchases/2026/acme-r-1.yaml
        invoic receive purchases/2026/acme-r-1.xml
        """)

    static let undecidedRule = Rule(.purchaseUndecided, summary: "a received document breaks fatal rules and awaits your decision",
        explanation: """
        A supplier's e-invoice that breaks a fatal rule of EN 16931 (or of its syntax or profile) is
        still received and kept: it is the supplier's invoice. But a validator would refuse it, so the
        book asks you to decide. `invoic purchase accept NUMBER --reason TEXT` keeps it as it is (it
        counts as any purchase); `invoic purchase reject NUMBER --reason TEXT` records that you asked
        the supplier for a corrected one: it stays listed, rejected, but is out of the input VAT and
        the payables. Either writes `decision:` (the verdict, your reason and the day) on the record,
        and the warning ends.
        """,
        example: """
        # purchases/2026/acme-r-1.yaml: the original's payable amount is not its total less prepaid
        findings:
          - rule: BR-CO-15
            message: ...
        invoic purchase reject R-1 --reason "asked ACME for a corrected invoice"
        """)

    public static var rules: [Rule] { [sourceRule, recordRule, orphanRule, undecidedRule] }

    public static func check(_ book: Book) -> [Diagnostic] {
        var diagnostics = orphans(book)
        for purchase in book.purchases where purchase.awaitsDecision {
            diagnostics.append(.warning(.purchaseUndecided, "purchase \(printable(purchase.number)) of \(printable(purchase.supplier)) breaks fatal rules (\(printable(purchase.fatalFindings.joined(separator: ", ")))): it is kept, and awaits your decision",
                                        file: purchase.file,
                                        help: "`invoic purchase accept \(printable(purchase.number)) --reason TEXT` keeps it as it is; `invoic purchase reject \(printable(purchase.number)) --reason TEXT` takes it out of the input VAT and the payables until a corrected one comes"))
        }
        for purchase in book.purchases {
            let again = "restore the original (from git or the supplier's mail), or remove the record and `invoic receive` the original again"
            guard let bytes = BookFiles.contents(of: purchase.source, in: book.root, limit: Inbox.maximumFileSize) else {
                diagnostics.append(.error(.purchaseSource, "the original \(purchase.source) of purchase \(printable(purchase.number)) is missing", file: purchase.file, help: again))
                continue
            }
            let hash = SHA256.hex(bytes)
            guard hash == purchase.sha256.lowercased() else {
                diagnostics.append(.error(.purchaseSource, "the original \(purchase.source) of purchase \(printable(purchase.number)) changed since it was received (its SHA-256 is \(hash), the record says \(purchase.sha256))",
                                          file: purchase.file, help: again))
                continue
            }
            let documents: [IncomingDocument]
            do { documents = try Inbox.read(bytes: bytes, filename: purchase.source) } catch {
                diagnostics.append(.error(.purchaseSource, "the original \(purchase.source) of purchase \(printable(purchase.number)) cannot be read: \(error.message)", file: purchase.file, help: again))
                continue
            }
            // The record holds the number as the book can (RecordValue): compared as such.
            func stored(_ text: String) -> String { RecordValue.storable(text).text }
            guard let received = (documents.first(where: { stored($0.document.number) == purchase.number }) ?? documents.first)?.received else { continue }
            let document = received.model
            func plain(_ units: Int64) -> String { MoneyFormat.plain(units, document.currency) }
            var differences: [String] = []
            func compare(_ field: String, _ record: String?, _ original: String?) {
                if record != original { differences.append("\(field) is \(record ?? "absent") on the record, \(original ?? "absent") in the original") }
            }
            compare("number", purchase.number, stored(document.number))
            compare("type", purchase.kind.rawValue, received.kindName)
            compare("issued", purchase.issued.description, document.issued.description)
            compare("due", purchase.due?.description, document.dueDate?.description)
            compare("currency", purchase.currency.code, document.currency.code)
            compare("the amount due", purchase.payable.plain, plain(document.payable))
            compare("the VAT total", purchase.tax.plain, plain(document.stated(.taxTotal) ?? 0))
            compare("the net total", purchase.net.plain, plain(document.stated(.taxExclusive) ?? 0))
            let recordGroups = purchase.taxes.map { "\($0.category) \($0.rate?.description ?? "-") \($0.taxable.plain) \($0.tax.plain)" }
            let originalGroups = document.taxGroups.map { group in
                "\(group.statedCategory) \(group.statedRate.flatMap { rate -> String? in if case .success(let parsed) = Rate.parse("\(rate.normalized)%") { return parsed.description }; return nil } ?? "-") \(plain(group.taxable)) \(plain(group.amount))"
            }
            compare("the tax breakdown", recordGroups.joined(separator: "; "), originalGroups.joined(separator: "; "))
            compare("the rule findings", purchase.findings.filter { !PurchaseRecord.writingRules.contains($0) }.joined(separator: ", "),
                    Findings.check(received).map(\.rule).joined(separator: ", "))
            if !differences.isEmpty {
                diagnostics.append(.error(.purchaseRecordDiffers, "the record of purchase \(printable(purchase.number)) says other than its original: " + printable(differences.joined(separator: "; ")),
                                          file: purchase.file, help: "edit only `payments:` on a record; to read the original again, remove the record and `invoic receive` \(purchase.source)"))
            }
        }
        return diagnostics
    }
}

extension PurchaseAudit {
    /// Originals under purchases/<year>/ with no record of the same name beside them and named by
    /// no record: what an interrupted receipt leaves.
    static func orphans(_ book: Book) -> [Diagnostic] {
        let named = Set(book.purchases.map(\.source))
        let manager = FileManager.default
        var diagnostics: [Diagnostic] = []
        let top = BookLoader.join(book.root, Inbox.purchasesFolder)
        for year in ((try? manager.contentsOfDirectory(atPath: top)) ?? []).sorted() where !year.hasPrefix(".") {
            let folder = "\(Inbox.purchasesFolder)/\(year)"
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: BookLoader.join(book.root, folder), isDirectory: &isFolder), isFolder.boolValue else { continue }
            let entries = ((try? manager.contentsOfDirectory(atPath: BookLoader.join(book.root, folder))) ?? []).sorted()
            for name in entries where !name.hasPrefix(".") {
                let path = "\(folder)/\(name)"
                let ending = (name as NSString).pathExtension.lowercased()
                guard ["xml", "pdf"].contains(ending), !named.contains(path) else { continue }
                let stem = (name as NSString).deletingPathExtension
                guard !entries.contains("\(stem).yaml"), !entries.contains("\(stem).yml") else { continue }
                diagnostics.append(.warning(.purchaseOrphan, "\(printable(path)) is a received original without its record: the book does not count it",
                                            file: printable(path),
                                            help: "a receipt was interrupted: `invoic receive \(printable(path))` writes its record beside it (no copy); or remove the file"))
            }
        }
        return diagnostics
    }
}

extension DiagnosticCode {
    public static let purchaseOrphan = DiagnosticCode("purchase-orphan")
    public static let purchaseSource = DiagnosticCode("purchase-source")
    public static let purchaseRecordDiffers = DiagnosticCode("purchase-record-differs")
    public static let purchaseUndecided = DiagnosticCode("purchase-undecided")
}
