import InvoicBook
import InvoicMoney
import InvoicXML

/// A CDAR (UN/CEFACT CrossDomainAcknowledgementAndResponse D22B) life-cycle message as XP Z12-012
/// profiles it: who sends which status about which invoice. One message may speak of several
/// documents (MDT-74 MULTI); each is a `Reference`.
public struct CDARMessage: Sendable, Equatable {
    /// MDT-4, the message's id.
    public var id: String
    /// MDT-8, when the message was made (`yyyyMMddHHmmss`, format 204).
    public var created: String
    /// MDT-77: 305 (transmission, set by the platforms) or 23 (processing, set by the companies).
    public var phase: String
    /// MDT-21, the role of the sender (WK: a platform; SE: the seller; BY: the buyer ...).
    public var senderRole: String?
    /// MDT-38 to MDT-40, who issued the status.
    public var issuer: Party
    public var references: [Reference]

    public struct Party: Sendable, Equatable {
        public var id: String?
        public var scheme: String?
        public var name: String?
        public var role: String?
        public init(id: String?, scheme: String?, name: String?, role: String?) {
            self.id = id; self.scheme = scheme; self.name = name; self.role = role
        }
    }

    /// MDG-34: one document the message is about, and its status.
    public struct Reference: Sendable, Equatable {
        public var status: LifeCycleStatus
        /// MDT-78 (the message's `IssueDateTime` of the acknowledgement): when the status was set.
        public var date: String
        /// MDT-87, the invoice's number (BT-1).
        public var number: String
        /// MDT-91, the document's type code (BT-3).
        public var typeCode: String?
        /// MDT-100, the invoice's issue date (BT-2).
        public var issued: Day?
        /// MDT-129, the SIREN of the seller who issued the document.
        public var sellerSIREN: String?
        /// MDT-113 / MDT-114 (and MDT-121 / MDT-122, the action asked): the motifs of a refusal or a dispute.
        public var reasons: [Reason]
        /// MDT-207 MEN / MPA with MDT-215 and MDT-224: amounts cashed or paid, and their VAT rate.
        public var amounts: [Amount]
        /// The line the reference starts on, for messages.
        public var line: Int
    }

    public struct Reason: Sendable, Equatable {
        public var code: String
        public var text: String?
        public var action: String?
        public init(code: String, text: String?, action: String?) {
            self.code = code; self.text = text; self.action = action
        }
    }

    public struct Amount: Sendable, Equatable {
        /// MEN (montant encaissé), MPA (montant payé), RAP (reste à payer) ...
        public var kind: String
        public var money: Money
        /// The VAT rate the amount bears (MDT-224), as written.
        public var percent: String?
        public init(kind: String, money: Money, percent: String?) {
            self.kind = kind; self.money = money; self.percent = percent
        }
    }
}

/// Why a CDAR was not read: the message, the line, and what to do.
public struct CDARError: Error, Sendable, CustomStringConvertible {
    public var message: String
    public var line: Int
    public var help: String
    public init(_ message: String, line: Int = 0, help: String) {
        self.message = message
        self.line = line
        self.help = help
    }
    public var description: String { line > 0 ? "line \(line): \(message)" : message }
}

/// Reads a CDAR through the project's one expat setup (no DTD, no entity, bounded depth and
/// element count): anything else than a well-formed CDAR of XP Z12-012 is an error, never a crash.
public enum CDARReader {
    public static let namespace = "urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100"
    public static let rootName = "CrossDomainAcknowledgementAndResponse"
    /// A status message is a few kilobytes; the standard's largest example is under 10 KB.
    public static let maximumSize = 1 << 20
    static let maximumElements = 20_000

    /// Whether `bytes` look like a CDAR: their first element (after the XML declaration,
    /// comments and a byte-order mark) is named CrossDomainAcknowledgementAndResponse, with or
    /// without a prefix. What `invoic receive` asks before choosing the reader; an e-invoice that
    /// merely mentions the name goes on to the e-invoice reader.
    public static func looksLikeCDAR(_ bytes: [UInt8]) -> Bool {
        let head = Array(bytes.prefix(8192))
        var index = 0
        while index < head.count {
            guard head[index] == UInt8(ascii: "<") else { index += 1; continue }
            let next = index + 1 < head.count ? head[index + 1] : 0
            if next == UInt8(ascii: "?") || next == UInt8(ascii: "!") { index += 1; continue }
            var end = index + 1
            while end < head.count, !" \t\r\n/>".utf8.contains(head[end]) { end += 1 }
            let name = String(decoding: head[(index + 1)..<end], as: UTF8.self)
            return name == rootName || name.hasSuffix(":" + rootName)
        }
        return false
    }

    public static func read(_ bytes: [UInt8]) throws(CDARError) -> CDARMessage {
        guard bytes.count <= maximumSize else {
            throw CDARError("the file is \(bytes.count) bytes, more than the \(maximumSize / 1024) KiB a status message can be",
                            help: "a CDAR is a few kilobytes: this is not one, or not one a platform sent")
        }
        let root: XElement
        do { root = try ExpatReader.parse(bytes, maximumDepth: 24, maximumElements: maximumElements) } catch {
            throw CDARError(failure(error), line: error.line, help: "ask the platform for the message again; invoic reads no DTD and no entity")
        }
        guard root.name == rootName, root.namespace == namespace else {
            throw CDARError("the root element is `\(root.name)`\(root.namespace.map { " in \($0)" } ?? ""), not a CDAR's \(rootName) in \(namespace)",
                            line: root.line, help: "only CDAR life-cycle messages (XP Z12-012) are read here")
        }
        func required(_ element: XElement?, _ what: String, _ names: String...) throws(CDARError) -> String {
            var node = element
            for name in names { node = node?.child(name) }
            guard let text = node?.text, !text.isEmpty else {
                throw CDARError("\(what) (\(names.joined(separator: "/"))) is missing", line: element?.line ?? root.line,
                                help: "XP Z12-012 requires it: the message is incomplete; ask the platform again")
            }
            return text
        }
        guard let exchanged = root.child("ExchangedDocument") else {
            throw CDARError("ExchangedDocument is missing", line: root.line, help: "XP Z12-012 requires it: the message is incomplete")
        }
        guard let acknowledgement = root.child("AcknowledgementDocument") else {
            throw CDARError("AcknowledgementDocument is missing", line: root.line, help: "XP Z12-012 requires it: the message is incomplete")
        }
        let issuerNode = exchanged.child("IssuerTradeParty")
        let issuer = CDARMessage.Party(id: issuerNode?.value("GlobalID"), scheme: issuerNode?.child("GlobalID")?.attributes["schemeID"],
                                       name: issuerNode?.value("Name"), role: issuerNode?.value("RoleCode"))
        let phase = try required(acknowledgement, "the type of the message (MDT-77)", "TypeCode")
        guard phase == "23" || phase == "305" else {
            throw CDARError("the message's type (MDT-77) is \(phase), neither 305 (transmission) nor 23 (processing)", line: acknowledgement.line,
                            help: "BR-FR-CDV-CL-... accept only these two; this is not a life-cycle status")
        }
        let date = acknowledgement.path("IssueDateTime", "DateTimeString")?.text ?? ""
        var references: [CDARMessage.Reference] = []
        for node in acknowledgement.children("ReferenceReferencedDocument") {
            let codeText = try required(node, "the status code (MDT-105)", "ProcessConditionCode")
            guard let code = Int(codeText), let status = LifeCycleStatus.named(code) else {
                throw CDARError("the status code (MDT-105) `\(codeText)` is not one of XP Z12-012's (200 déposée ... 212 encaissée, 501 irrecevable)",
                                line: node.line, help: "BR-FR-CDV-CL-06 lists the codes; a platform sending another one is to be asked what it means")
            }
            let number = try required(node, "the invoice's number (MDT-87)", "IssuerAssignedID")
            var issued: Day?
            if let text = node.path("FormattedIssueDateTime", "DateTimeString")?.text, !text.isEmpty {
                guard let day = day(text) else {
                    throw CDARError("the invoice's date (MDT-100) `\(text)` is not a date written YYYYMMDD", line: node.line, help: "BR-FR-CDV-11 asks for format 102")
                }
                issued = day
            }
            var reasons: [CDARMessage.Reason] = []
            var amounts: [CDARMessage.Amount] = []
            for detail in node.children("SpecifiedDocumentStatus") {
                if let reason = detail.value("ReasonCode") {
                    reasons.append(CDARMessage.Reason(code: reason, text: detail.value("Reason"), action: detail.value("RequestedAction") ?? detail.value("RequestedActionCode")))
                }
                for characteristic in detail.children("SpecifiedDocumentCharacteristic") {
                    guard let kind = characteristic.value("TypeCode"), let amount = characteristic.child("ValueAmount") else { continue }
                    let currencyCode = amount.attributes["currencyID"] ?? "EUR"
                    guard let currency = Currency.named(currencyCode) else {
                        throw CDARError("the amount's currency `\(currencyCode)` is not an ISO 4217 code", line: amount.line, help: "the message is damaged; ask the platform again")
                    }
                    guard case .success(let decimal) = DecimalNumber.parse(amount.text), let minor = decimal.minorUnits(in: currency),
                          abs(minor) <= MoneyLimits.largestPrintable else {
                        throw CDARError("the amount `\(amount.text)` (MDT-215) is not an amount in \(currency.code)", line: amount.line,
                                        help: "BR-FR-DEC-01: at most 19 digits and 2 decimals; the message is damaged")
                    }
                    amounts.append(CDARMessage.Amount(kind: kind, money: Money(minor, currency), percent: characteristic.value("ValuePercent")))
                }
            }
            if status.needsReason, reasons.isEmpty {
                throw CDARError("the status \(status.code) \(status.name) gives no motif (MDT-113)", line: node.line,
                                help: "BR-FR-CDV-15: a refusal, a rejection or a dispute must say why; ask the sender")
            }
            references.append(CDARMessage.Reference(
                status: status, date: date, number: number, typeCode: node.value("TypeCode"), issued: issued,
                sellerSIREN: node.path("IssuerTradeParty")?.value("GlobalID"), reasons: reasons, amounts: amounts, line: node.line))
        }
        guard !references.isEmpty else {
            throw CDARError("the message refers to no document (ReferenceReferencedDocument, MDG-34)", line: acknowledgement.line,
                            help: "a status is about an invoice: this message names none")
        }
        return CDARMessage(id: try required(exchanged, "the message's id (MDT-4)", "ID"), created: exchanged.path("IssueDateTime", "DateTimeString")?.text ?? "",
                           phase: phase, senderRole: exchanged.path("SenderTradeParty")?.value("RoleCode"), issuer: issuer, references: references)
    }

    /// `20250701` (format 102) as a day.
    static func day(_ text: String) -> Day? {
        guard text.count == 8, text.allSatisfy(\.isASCII), text.allSatisfy(\.isNumber) else { return nil }
        let digits = Array(text)
        return Day("\(String(digits[0..<4]))-\(String(digits[4..<6]))-\(String(digits[6..<8]))")
    }

    static func failure(_ failure: ExpatFailure) -> String {
        switch failure.reason {
        case .noParser: "the XML parser could not start"
        case .tooDeep: "the XML nests deeper than a CDAR does"
        case .tooMany: "the XML has more than \(maximumElements) elements, far more than a CDAR has"
        case .doctype: "the XML has a DOCTYPE (a DTD), which no CDAR has and invoic never reads"
        case .entity: "the XML declares an entity, which no CDAR has and invoic never expands"
        case .malformed: "the XML is not well-formed (line \(failure.line), column \(failure.column): \(failure.expatMessage))"
        case .empty: "the file holds no XML element"
        }
    }
}
