import InvoicAuthoring
import InvoicBook
import InvoicEInvoice
import InvoicMoney

/// The YAML record written beside a received original: everything the document says, in the
/// book's words, derived from the original (the evidence) and never the other way round. The
/// user's keys (`payments:` and the supplier's file) are the only ones meant for editing; `check`
/// compares the rest with the original.
enum PurchaseRecord {
    struct Context {
        var supplier: String
        var sourceFile: String
        var sha256: String
        var receivedAs: String
        var attachments: [(id: String, description: String?, file: String?, uri: String?)]
        var findings: [Finding]
        var received: Day
    }

    /// The record's text and its findings: the document's, and one for each value the record had
    /// to escape or cut to stay readable by the book (`record-escaped`, `record-cut`).
    static func text(_ incoming: IncomingDocument, _ context: Context) -> (text: String, findings: [Finding]) {
        var out = body(incoming, context)
        guard !out.alterations.isEmpty else { return (out.text, context.findings) }
        // Written again with those findings on it: what the record altered is said on the record.
        var altered = context
        altered.findings += out.alterations
        out = body(incoming, altered)
        return (out.text, altered.findings)
    }

    /// The findings of the record's own writing, not the document's: `check` compares only the
    /// document's findings with what the rules find in the original.
    static let writingRules: Set<String> = Purchase.recordWritingRules

    private static func body(_ incoming: IncomingDocument, _ context: Context) -> YAMLOut {
        let received = incoming.received
        let document = received.model
        var out = YAMLOut()
        out.comment("Received by `invoic receive` on \(context.received) from \(YAMLOut.inline(context.receivedAs)). Derived from \(YAMLOut.inline(context.sourceFile)),")
        out.comment("the original beside it (the evidence, kept unchanged): edit `payments:` only; `invoic check` compares the rest with it.")
        out.key("supplier", context.supplier)
        out.key("number", document.number)
        out.key("type", received.kindName)
        out.key("type_code", document.typeCode)
        out.figure("issued", document.issued.description)
        out.figure("due", document.dueDate?.description)
        out.key("currency", document.currency.code)
        out.key("syntax", received.syntax.rawValue)
        out.key("specification", received.customization)
        out.key("profile", received.profile)
        out.key("business_process", document.businessProcess)
        out.key("tax_currency", document.statedTaxCurrency?.code)
        out.figure("tax_point_date", document.taxPointDate?.description)
        out.figure("delivery_date", document.deliveryDate?.description)
        if let period = document.statedPeriod {
            out.open("period")
            out.figure("start", period.start?.description)
            out.figure("end", period.end?.description)
            out.close()
        }
        out.key("buyer_reference", document.buyerReference)
        out.key("order", document.order)
        out.key("contract", document.contract)
        out.key("project", document.projectReference)
        if !received.corrects.isEmpty {
            out.list("corrects")
            for reference in received.corrects {
                out.item()
                out.key("number", reference.number)
                out.figure("issued", reference.issued?.description)
                out.close()
            }
            out.close()
        }
        party("seller", document.seller, &out)
        party("buyer", document.buyer, &out)
        if let payee = received.payee { party("payee", payee, &out) }
        let plain = { (units: Int64) in MoneyFormat.plain(units, document.currency) }
        if !document.lines.isEmpty {
            out.list("lines")
            for line in document.lines {
                out.item()
                out.key("id", line.id)
                out.key("name", line.name)
                out.key("description", line.description)
                out.key("article", line.sellerItemID)
                out.figure("quantity", line.written?.quantity?.description)
                out.key("unit", line.written?.unit)
                out.figure("price", line.written?.price?.description)
                out.figure("gross_price", line.grossPrice?.description)
                out.figure("base_quantity", line.baseQuantity?.description)
                out.figure("net", plain(line.net))
                out.key("tax_category", line.statedCategory)
                out.figure("tax_rate", line.statedRate.map(percent))
                out.figure("period_start", line.written?.periodStart?.description)
                out.figure("period_end", line.written?.periodEnd?.description)
                out.key("subtype", line.subtype)
                out.key("parent", line.parentID)
                adjustments("allowances_charges", line.allowancesCharges, plain, &out)
                out.key("note", line.note)
                out.close()
            }
            out.close()
        }
        adjustments("allowances_charges", document.allowancesCharges, plain, &out)
        if !document.taxGroups.isEmpty {
            out.list("tax")
            for group in document.taxGroups {
                out.item()
                out.key("category", group.statedCategory)
                out.figure("rate", group.statedRate.map(percent))
                out.figure("taxable", plain(group.taxable))
                out.figure("tax", plain(group.amount))
                out.key("exemption_reason", group.exemptionReason)
                out.key("exemption_code", group.exemptionCode)
                out.close()
            }
            out.close()
        }
        out.open("totals")
        out.figure("lines", document.stated(.lineTotal).map(plain))
        out.figure("allowances", document.stated(.allowanceTotal).map(plain))
        out.figure("charges", document.stated(.chargeTotal).map(plain))
        out.figure("net", document.stated(.taxExclusive).map(plain))
        out.figure("tax", document.stated(.taxTotal).map(plain))
        if let other = document.taxCurrency { out.key("tax_in_tax_currency", "\(MoneyFormat.plain(other.amount, other.currency)) \(other.currency.code)") }
        out.figure("total", document.stated(.taxInclusive).map(plain))
        out.figure("prepaid", document.stated(.prepaid).map(plain))
        out.figure("rounding", document.stated(.rounding).map(plain))
        out.figure("third_party_paid", document.thirdPartyPaid.map(plain))
        out.figure("payable", plain(document.payable))
        out.close()
        if document.paymentMeans != nil || !received.accounts.isEmpty || document.paymentTerms != nil || document.remittance != nil || document.mandate != nil {
            out.open("payment")
            out.key("means", document.paymentMeans?.code)
            out.key("means_text", document.paymentMeansText)
            if !received.accounts.isEmpty {
                out.list("accounts")
                for account in received.accounts {
                    out.item()
                    out.key("iban", account.iban)
                    out.key("bic", account.bic)
                    out.key("name", account.name)
                    out.close()
                }
                out.close()
            }
            out.key("reference", document.remittance)
            out.key("mandate", document.mandate)
            out.key("debited_account", document.debitedAccount)
            out.key("terms", document.paymentTerms)
            out.close()
        }
        if !received.notes.isEmpty {
            out.list("notes")
            for note in received.notes { out.scalarItem(note) }
            out.close()
        }
        if !context.attachments.isEmpty {
            out.list("attachments")
            for attachment in context.attachments {
                out.item()
                out.key("id", attachment.id)
                out.key("description", attachment.description)
                out.key("file", attachment.file)
                out.key("uri", attachment.uri)
                out.close()
            }
            out.close()
        }
        if !context.findings.isEmpty {
            if context.findings.contains(where: { !writingRules.contains($0.rule) }) {
                out.comment("The rules the document breaks. It is kept (it is the supplier's invoice); a fatal one (any not flagged")
                out.comment("`severity: warning`) makes `invoic check` warn until `invoic purchase accept|reject NUMBER --reason TEXT` writes `decision:`.")
            }
            out.list("findings")
            for finding in context.findings {
                out.item()
                out.key("rule", finding.rule)
                if finding.severity == .warning { out.key("severity", "warning") }
                out.key("message", finding.message)
                out.close()
            }
            out.close()
        }
        out.open("source")
        out.key("file", context.sourceFile)
        out.key("sha256", context.sha256)
        out.key("received_as", context.receivedAs)
        out.key("embedded", incoming.embeddedName)
        out.key("mail", incoming.mail)
        out.close()
        out.figure("received", context.received.description)
        out.comment("Payments you made: `invoic pay NUMBER --supplier ID`, or by hand as `- {date: YYYY-MM-DD, amount: 0.00}`.")
        out.raw("payments: []")
        return out
    }

    static func percent(_ rate: DecimalNumber) -> String { "\(rate.normalized)%" }

    private static func party(_ key: String, _ party: InvoiceModel.Party, _ out: inout YAMLOut) {
        out.open(key)
        out.key("name", party.name)
        out.key("trading_name", party.tradingName)
        out.key("vat_id", party.vatID)
        out.key("tax_number", party.taxNumber)
        out.key("legal_id", party.legalID?.id)
        if !party.writtenIdentifiers.isEmpty {
            out.list("identifiers")
            for id in party.writtenIdentifiers { out.scalarItem(id) }
            out.close()
        }
        out.key("electronic_address", party.electronicAddress)
        let lines = party.writtenAddressLines ?? []
        if let address = party.address, !lines.isEmpty || address.city != nil || address.country != nil || address.postalCode != nil {
            out.open("address")
            if !lines.isEmpty {
                out.list("lines")
                for line in lines { out.scalarItem(line) }
                out.close()
            }
            out.key("postal_code", address.postalCode)
            out.key("city", address.city)
            out.key("region", address.region)
            out.key("country", address.country)
            out.close()
        }
        if let contact = party.contact {
            out.open("contact")
            out.key("name", contact.name)
            out.key("phone", contact.phone)
            out.key("email", contact.email)
            out.close()
        }
        out.close()
    }

    private static func adjustments(_ key: String, _ adjustments: [InvoiceModel.AllowanceCharge], _ plain: (Int64) -> String, _ out: inout YAMLOut) {
        guard !adjustments.isEmpty else { return }
        out.list(key)
        for adjustment in adjustments {
            out.item()
            out.key("kind", adjustment.isCharge ? "charge" : "allowance")
            out.figure("amount", plain(adjustment.amount))
            out.figure("base", adjustment.base.map(plain))
            out.figure("percent", adjustment.statedPercent.map(percent))
            out.key("reason", adjustment.reason)
            out.key("reason_code", adjustment.code)
            out.key("tax_category", adjustment.statedCategory)
            out.figure("tax_rate", adjustment.statedRate.map(percent))
            out.close()
        }
        out.close()
    }
}

/// Block YAML written line by line, every value quoted by the authoring layer's one scalar writer
/// after `RecordValue` made it a value the book's reader takes.
struct YAMLOut {
    private(set) var text = ""
    private var indent = 0
    /// For each open level: whether the next key is the first of a list item (written after `- `).
    private var pendingItem = false
    private var stack: [Int] = []
    /// The keys open, for naming a value in a finding (`lines.note`).
    private var names: [String] = []
    /// What the values written needed (escaped, cut), as findings.
    private(set) var alterations: [Finding] = []

    /// A comment's own words, constant; a value inside it goes through `inline`.
    mutating func comment(_ line: String) { text += String(repeating: " ", count: indent) + "# " + line + "\n" }
    mutating func raw(_ line: String) { text += String(repeating: " ", count: indent) + line + "\n" }

    /// A value quoted into a comment by the one scalar writer: a line break in it (a number
    /// `X-1&#10;category: x`, a mail attachment's name) is written `\n`, so it cannot end the
    /// comment and add a key.
    static func inline(_ value: String) -> String {
        YAMLText.scalar(RecordValue.storable(value).text)
    }

    /// Text the supplier wrote, through the one scalar writer, which quotes whatever could read
    /// as structure or as another type (`"0042"`, `"380"`).
    mutating func key(_ name: String, _ value: String?) {
        guard let value else { return }
        line("\(name): \(YAMLText.scalar(storable(value, at: name)))")
    }

    /// `value` as the book's reader takes it, what that took noted as a finding.
    private mutating func storable(_ value: String, at name: String) -> String {
        let stored = RecordValue.storable(value)
        let path = (names.filter { !$0.isEmpty } + [name]).joined(separator: ".")
        if !stored.escaped.isEmpty {
            let shown = stored.escaped.map { scalar in
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
            alterations.append(Finding(rule: RecordValue.escapedRule, message: "`\(path)` holds control characters (\(shown.joined(separator: ", "))), which the book cannot hold: written as \\u{..} on this record; the original keeps them"))
        }
        if let bytes = stored.cutFrom {
            alterations.append(Finding(rule: RecordValue.cutRule, message: "`\(path)` is \(bytes) bytes: cut to \(RecordValue.maximumBytes) on this record; the original keeps the whole text"))
        }
        return stored.text
    }

    /// Dates, amounts, rates and quantities the reader made: bare, as a person writes them in the book.
    mutating func figure(_ name: String, _ value: String?) {
        guard let value else { return }
        line("\(name): \(value)")
    }

    mutating func open(_ name: String) {
        line("\(name):")
        stack.append(indent)
        names.append(name)
        indent += 2
    }

    mutating func list(_ name: String) {
        line("\(name):")
        stack.append(indent)
        names.append(name)
        indent += 2
    }

    mutating func item() {
        stack.append(indent)
        names.append("")
        pendingItem = true
    }

    mutating func scalarItem(_ value: String) {
        let name = names.popLast() ?? ""
        let stored = storable(value, at: name)
        names.append(name)
        text += String(repeating: " ", count: indent) + "- " + YAMLText.scalar(stored) + "\n"
    }

    mutating func close() {
        if pendingItem { pendingItem = false; text += String(repeating: " ", count: indent) + "- {}\n" }
        indent = stack.popLast() ?? 0
        _ = names.popLast()
    }

    private mutating func line(_ content: String) {
        if pendingItem {
            text += String(repeating: " ", count: indent) + "- " + content + "\n"
            pendingItem = false
            indent += 2
        } else {
            text += String(repeating: " ", count: indent) + content + "\n"
        }
    }
}


/// A supplier's text as a record may hold it. The book's reader refuses a value holding a control
/// character (C0 but tab and line feed, DEL, C1 such as U+009B: they would reach terminals and
/// PDFs) or longer than 256 KiB, and a file over 4 MiB; XML 1.0 allows all of those in a note
/// (`&#x9B;`, a 300 KB text, a 50 MB attribute). So a record writes each such character as the
/// visible `\u{9B}` (the form the terminal escaper prints), and cuts a value at `maximumBytes`,
/// each with a finding; the original beside the record keeps the text whole.
enum RecordValue {
    static let escapedRule = "record-escaped"
    static let cutRule = "record-cut"
    /// Far under the reader's 256 KiB a value, so that a record of many long values stays under
    /// its 4 MiB a file. A note or a line's description is rarely above a few kilobytes.
    static let maximumBytes = 32 * 1024

    static func storable(_ text: String) -> (text: String, escaped: [Unicode.Scalar], cutFrom: Int?) {
        var escaped: [Unicode.Scalar] = []
        var result = text
        if text.unicodeScalars.contains(where: refused) {
            result = ""
            for scalar in text.unicodeScalars {
                if refused(scalar) {
                    if !escaped.contains(scalar) { escaped.append(scalar) }
                    result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        let bytes = result.utf8.count
        guard bytes > maximumBytes else { return (result, escaped, nil) }
        var cut = String.UnicodeScalarView()
        var length = 0
        for scalar in result.unicodeScalars {
            let size = String(scalar).utf8.count
            if length + size > maximumBytes - 3 { break }
            cut.append(scalar)
            length += size
        }
        return (String(cut) + "…", escaped, bytes)
    }

    /// What the book's YAML reader refuses in a value (InvoicYAML's NodeBuilder).
    static func refused(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A: false
        case 0x00...0x1F, 0x7F...0x9F: true
        default: false
        }
    }
}
