import Foundation
import InvoicDiagnostics
import InvoicMoney
import InvoicYAML

/// Reads `purchases/<year>/*.yaml` (the records `invoic receive` writes) and `suppliers/*.yaml`
/// into the book. A record is derived from its original, so only what reports and payments need
/// is decoded here; InvoicInbox's audit compares the rest with the original.
public enum PurchaseLoader {
    public static let purchasesFolder = "purchases"
    public static let suppliersFolder = "suppliers"

    static let rule = Rule(.purchaseRecord, summary: "a purchase record or supplier file cannot be read",
        explanation: """
        `invoic receive` writes a record beside every e-invoice it keeps under purchases/<year>/, and
        a file per supplier in suppliers/. A record needs its supplier, number, type, issue date,
        currency, totals and source; a payment needs a date and an amount with at most the
        currency's decimals.
        """,
        example: """
        # file: purchases/2026/acme-r-1.yaml
        payments:
          - {date: 2026-12-01, amount: 12.345}
        """)

    public static var rules: [Rule] { [rule] }

    struct Loaded {
        var purchases: [Purchase] = []
        var suppliers: [String: Supplier] = [:]
        var sources: [String: SourceFile] = [:]
        var diagnostics: [Diagnostic] = []
    }

    static func load(root: String) -> Loaded {
        var book = Loaded()
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: BookLoader.join(root, purchasesFolder)) || fileManager.fileExists(atPath: BookLoader.join(root, suppliersFolder)) else { return book }
        var diagnostics: [Diagnostic] = []
        for path in BookFiles.yaml(below: suppliersFolder, in: root) where path.split(separator: "/").count == 2 {
            let bytes: [UInt8]
            switch BookLoader.read(path, in: root, limit: BookLimits.standard.yaml.maxFileSize) {
            case .success(let read): bytes = read
            case .failure(let problem):
                // A file linked out of the book is named, never read; another unreadable one is skipped as before.
                if problem.code == .pathOutsideBook { diagnostics.append(.error(problem.code, problem.message, file: path, help: problem.help)) }
                continue
            }
            let parsed = YAMLParser.parse(bytes, path: path)
            book.sources[path] = parsed.source
            diagnostics += parsed.diagnostics
            guard let node = parsed.root else { continue }
            let id = String(path.split(separator: "/").last!.split(separator: ".").first!)
            func values(_ key: String) -> [String] {
                if let list = node[key]?.sequence { return list.compactMap { $0.scalar?.text } }
                return node[key]?.scalar.map { [$0.text] } ?? []
            }
            book.suppliers[id] = Supplier(id: id, file: path, name: node["name"]?.scalar?.text ?? id, vatIDs: values("vat_id"),
                                          electronicAddresses: values("electronic_address"), ibans: values("iban"),
                                          category: node["category"]?.scalar?.text, account: node["account"]?.scalar?.text)
        }
        for path in BookFiles.yaml(below: purchasesFolder, in: root) where path.split(separator: "/").count == 3 {
            let bytes: [UInt8]
            switch BookLoader.read(path, in: root, limit: BookLimits.standard.yaml.maxFileSize) {
            case .success(let read): bytes = read
            case .failure(let problem) where problem.code == .pathOutsideBook:
                diagnostics.append(.error(problem.code, problem.message, file: path, help: problem.help))
                continue
            case .failure:
                diagnostics.append(.error(.purchaseRecord, "the purchase record cannot be read", file: path, help: "check that it is a readable file of at most a few MB"))
                continue
            }
            let parsed = YAMLParser.parse(bytes, path: path)
            book.sources[path] = parsed.source
            diagnostics += parsed.diagnostics
            guard let node = parsed.root else { continue }
            switch decode(node, path: path) {
            case .success(let purchase): book.purchases.append(purchase)
            case .failure(let problem): diagnostics.append(problem.diagnostic)
            }
        }
        book.purchases.sort { ($0.issued, $0.file) < ($1.issued, $1.file) }
        book.diagnostics = diagnostics
        return book
    }

    static func decode(_ node: YAMLNode, path: String) -> Result<Purchase, RecordProblem> {
        func fail(_ message: String, _ at: YAMLNode?, help: String) -> Result<Purchase, RecordProblem> {
            .failure(RecordProblem(diagnostic: .error(.purchaseRecord, message, file: path, range: (at ?? node).range, help: help)))
        }
        let rewrite = "the record is derived from the original beside it: receive the original again into a copy of the book, or restore the record from git"
        func text(_ key: String) -> String? { node[key]?.scalar?.text }
        guard let supplier = text("supplier"), let number = text("number") else { return fail("the purchase record names no supplier or number", node, help: rewrite) }
        guard let issued = text("issued").flatMap({ Day($0) }) else { return fail("the purchase record has no issue date (`issued: YYYY-MM-DD`)", node["issued"], help: rewrite) }
        guard let currency = text("currency").flatMap(Currency.named) else { return fail("the purchase record has no known currency", node["currency"], help: rewrite) }
        let kind: Purchase.Kind = text("type") == Purchase.Kind.creditNote.rawValue ? .creditNote : .invoice
        func money(_ value: YAMLNode?) -> Money? {
            guard let text = value?.scalar?.text, case .success(let number) = DecimalNumber.parse(text), let units = number.minorUnits(in: currency) else { return nil }
            return Money(units, currency)
        }
        let totals = node["totals"]
        guard let payable = money(totals?["payable"]) else { return fail("the purchase record has no amount due (`totals: payable:`)", totals, help: rewrite) }
        let zero = Money(0, currency)
        let tax = money(totals?["tax"]) ?? zero
        let net = money(totals?["net"]) ?? zero
        let total = money(totals?["total"]) ?? Money(net.minorUnits + tax.minorUnits, currency)
        var taxes: [Purchase.TaxGroup] = []
        for group in node["tax"]?.sequence ?? [] {
            let rate = group["rate"]?.scalar.flatMap { scalar -> Rate? in
                let written = scalar.text.hasSuffix("%") ? scalar.text : scalar.text + "%"
                if case .success(let rate) = Rate.parse(written) { return rate }
                return nil
            }
            var parsed = Purchase.TaxGroup(category: group["category"]?.scalar?.text ?? "S", rate: rate,
                                           taxable: money(group["taxable"]) ?? zero, tax: money(group["tax"]) ?? zero)
            if let written = group["self_assessed_rate"] {
                guard let text = written.scalar?.text, case .success(let rate) = Rate.parse(text.hasSuffix("%") ? text : text + "%") else {
                    return fail("`self_assessed_rate:` is not a rate", written, help: "write the rate the purchase is self-assessed at, e.g. `self_assessed_rate: 7%`")
                }
                parsed.selfAssessedRate = rate
            }
            taxes.append(parsed)
        }
        var importTax: Money?
        if let written = node["import_vat"] {
            guard let amount = money(written), amount.minorUnits >= 0 else {
                return fail("`import_vat:` is not an amount in \(currency.code) with at most \(currency.exponent) decimals", written,
                            help: "write the import VAT customs charged on the goods, e.g. `import_vat: 190.00`")
            }
            importTax = amount
        }
        var payments: [Purchase.Payment] = []
        for payment in node["payments"]?.sequence ?? [] {
            guard let date = payment["date"]?.scalar.flatMap({ Day($0.text) }) else {
                return fail("a payment without a date (`date: YYYY-MM-DD`)", payment, help: "write each payment as `- {date: 2026-12-01, amount: 119.00}`")
            }
            guard let amount = money(payment["amount"]), amount.minorUnits > 0 else {
                return fail("a payment's amount is not a positive amount in \(currency.code) with at most \(currency.exponent) decimals", payment["amount"] ?? payment,
                            help: "write the amount as paid, e.g. `amount: 119.00`")
            }
            payments.append(Purchase.Payment(date: date, amount: amount, method: payment["method"]?.scalar?.text,
                                             reference: payment["reference"]?.scalar?.text, line: payment.range.start.line))
        }
        guard let sourceFile = node["source"]?["file"]?.scalar?.text, let sha = node["source"]?["sha256"]?.scalar?.text else {
            return fail("the purchase record names no source (`source: file:` and `sha256:`)", node["source"], help: rewrite)
        }
        let folder = path.split(separator: "/").dropLast().joined(separator: "/")
        let findings = (node["findings"]?.sequence ?? []).compactMap { $0["rule"]?.scalar?.text }
        // A finding is fatal unless its flag says otherwise (the CEN artefacts flag warnings).
        let fatal = (node["findings"]?.sequence ?? []).filter { finding in
            !["warning", "information"].contains(finding["severity"]?.scalar?.text.lowercased() ?? "fatal")
        }.compactMap { $0["rule"]?.scalar?.text }.filter { !Purchase.recordWritingRules.contains($0) }
        var decision: Purchase.Decision?
        if let written = node["decision"] {
            let decisionHelp = "write it with `invoic purchase accept|reject NUMBER --reason TEXT`, or as `decision: {status: accepted, reason: ..., date: YYYY-MM-DD}`"
            guard let verdict = written["status"]?.scalar.flatMap({ Purchase.Decision.Verdict(rawValue: $0.text) }) else {
                return fail("`decision:` needs `status: accepted` or `status: rejected`", written["status"] ?? written, help: decisionHelp)
            }
            guard let reason = written["reason"]?.scalar?.text.trimmingCharacters(in: .whitespacesAndNewlines), !reason.isEmpty else {
                return fail("`decision:` needs a `reason:`: why the document is \(verdict.rawValue)", written["reason"] ?? written, help: decisionHelp)
            }
            guard let day = written["date"]?.scalar.flatMap({ Day($0.text) }) else {
                return fail("`decision:` needs the day it was made (`date: YYYY-MM-DD`)", written["date"] ?? written, help: decisionHelp)
            }
            decision = Purchase.Decision(verdict: verdict, reason: reason, date: day)
        }
        let ibans = (node["payment"]?["accounts"]?.sequence ?? []).compactMap { $0["iban"]?.scalar?.text }
        var purchase = Purchase(
            file: path, supplier: supplier, supplierName: node["seller"]?["name"]?.scalar?.text ?? supplier, number: number, kind: kind,
            issued: issued, due: text("due").flatMap { Day($0) }, currency: currency, net: net, tax: tax, total: total,
            prepaid: money(totals?["prepaid"]) ?? zero, payable: payable, taxes: taxes, payments: payments,
            source: folder + "/" + sourceFile, sha256: sha, findings: findings, ibans: ibans,
            paymentReference: node["payment"]?["reference"]?.scalar?.text, importTax: importTax)
        purchase.fatalFindings = fatal
        purchase.decision = decision
        return .success(purchase)
    }
}

struct RecordProblem: Error {
    var diagnostic: Diagnostic
}

extension DiagnosticCode {
    public static let purchaseRecord = DiagnosticCode("purchase-record")
}

extension Book {
    /// The purchase of `supplier` numbered `number` (an invoice before a credit note of the same number).
    public func purchase(_ number: String, supplier: String? = nil) -> Purchase? {
        let matching = purchases.filter { $0.number == number && (supplier == nil || $0.supplier == supplier) }
        return matching.first { $0.kind == .invoice } ?? matching.first
    }
}
