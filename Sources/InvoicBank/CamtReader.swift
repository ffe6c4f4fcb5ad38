import CExpat
import Foundation
import InvoicBook
import InvoicMoney
import InvoicXML

/// ISO 20022 camt.053 (statement) and camt.054 (debit/credit notification), versions .001.02 to
/// .001.08 alike: elements are found by local name, whatever the namespace, and the places where
/// the versions differ (amounts in `AmtDtls` or `Amt`, parties with or without `Pty`, status as
/// text or `Cd`) are each read both ways.
enum CamtReader {
    static func read(_ data: Data, file: String) throws(StatementError) -> [BankTransaction] {
        let root = try tree(data, file: file)
        let messages = ["BkToCstmrStmt", "BkToCstmrDbtCdtNtfctn", "BkToCstmrAcctRpt"]
        guard messages.contains(root.name) || messages.contains(where: { root.first($0) != nil }) else {
            throw StatementError(file: file, line: root.line, "`\(root.name)` is not a camt.053 statement or camt.054 notification",
                                 help: "export the statement as camt.053 (or camt.054, camt.052), MT940 or CSV")
        }
        let reports = root.descendants { ["Stmt", "Ntfctn", "Rpt"].contains($0.name) }
        var transactions: [BankTransaction] = []
        var seen: [String: Int] = [:]
        for report in reports {
            let accountCurrency = report.first("Acct")?.first("Ccy")?.text
            let accountID = report.first("Acct")?.child("Id")
            let account = (accountID?.child("IBAN") ?? accountID?.child("Othr")?.child("Id"))?.text.nonEmpty
            for entry in report.children("Ntry") {
                for transaction in try entryTransactions(entry, accountCurrency: accountCurrency, file: file) {
                    var transaction = transaction
                    transaction.account = account
                    // The same reference twice in one file (a bank that repeats its entry
                    // reference on every line of a batch) keeps each transaction apart.
                    let count = seen[transaction.reference, default: 0]
                    seen[transaction.reference] = count + 1
                    if count > 0 { transaction.reference += "/\(count + 1)" }
                    transactions.append(transaction)
                }
            }
        }
        return transactions
    }

    private static func entryTransactions(_ entry: ElementTree, accountCurrency: String?, file: String) throws(StatementError) -> [BankTransaction] {
        guard let amountElement = entry.child("Amt") else {
            throw StatementError(file: file, line: entry.line, "an entry without an amount (`Amt`)", help: "the statement is incomplete; export it again")
        }
        let currencyCode = amountElement.attributes["Ccy"] ?? accountCurrency ?? ""
        guard let currency = Currency.named(currencyCode) else {
            throw StatementError(file: file, line: amountElement.line, "`\(currencyCode)` is not a currency code", help: "the entry's `Amt` needs a `Ccy` attribute such as EUR")
        }
        let entryDirection = try direction(entry, file: file)
        guard let date = day(entry.child("BookgDt")) ?? day(entry.child("ValDt")) else {
            throw StatementError(file: file, line: entry.line, "an entry without a booking or value date", help: "the statement is incomplete; export it again")
        }
        let status = entry.child("Sts").map { $0.first("Cd")?.text ?? $0.text } ?? "BOOK"
        let isReversal = entry.child("RvslInd")?.text.lowercased() == "true"
        let entryReference = entry.child("AcctSvcrRef")?.text ?? entry.child("NtryRef")?.text
        let details = entry.descendants { $0.name == "TxDtls" }
        let entryText = entry.child("AddtlNtryInf")?.text ?? ""
        let detailsCount = details.count

        func make(_ details: ElementTree?, index: Int) throws(StatementError) -> BankTransaction {
            var amount = amountElement
            var transactionCurrency = currency
            if let details, let own = details.child("Amt") ?? details.first("AmtDtls")?.first("TxAmt")?.child("Amt") {
                amount = own
                if let code = own.attributes["Ccy"] {
                    guard let named = Currency.named(code) else {
                        throw StatementError(file: file, line: own.line, "`\(code)` is not a currency code", help: "the amount needs a `Ccy` such as EUR")
                    }
                    transactionCurrency = named
                }
            } else if details != nil, index > 0 || detailsCount > 1 {
                throw StatementError(file: file, line: details?.line ?? entry.line, "a batch booking's transaction without its own amount",
                                     help: "export the statement with transaction details (camt.053 with batch detail)")
            }
            guard let value = BankAmount.parse(amount.text, decimalComma: false, currency: transactionCurrency), value.sign == .positive else {
                throw StatementError(file: file, line: amount.line, "`\(amount.text)` is not an amount in \(transactionCurrency.code)",
                                     help: "camt amounts are positive decimals with a point and at most the currency's decimals")
            }
            var transactionDirection = entryDirection
            if let details, details.child("CdtDbtInd") != nil { transactionDirection = try direction(details, file: file) }
            let references = details?.child("Refs")
            let texts = details?.first("RmtInf")?.children("Ustrd").map(\.text) ?? []
            let additional = details?.child("AddtlTxInf")?.text
            let remittance = (texts.isEmpty ? [additional ?? entryText] : texts).joined(separator: " ")
            // The counterparty is the one who is not us: the debtor of a credit, the creditor of a debit.
            let parties = details?.child("RltdPties")
            let side = transactionDirection == .credit ? "Dbtr" : "Cdtr"
            let party = parties?.child(side) ?? parties?.child("Ultmt" + side)
            let name = party?.first("Nm")?.text
            let iban = parties?.child(side + "Acct")?.first("IBAN")?.text
            let structured = details?.first("RmtInf")?.descendants { $0.name == "CdtrRefInf" }.first?.child("Ref")?.text
            let endToEnd = references?.child("EndToEndId")?.text.nonEmpty.flatMap { $0 == "NOTPROVIDED" ? nil : $0 }
            let bankReference = references?.child("AcctSvcrRef")?.text.nonEmpty
                ?? entryReference.map { detailsCount > 1 ? "\($0)/\(index + 1)" : $0 }
                ?? references?.child("TxId")?.text.nonEmpty ?? endToEnd
                ?? syntheticReference([date.description, String(value.amount), transactionCurrency.code, transactionDirection.rawValue, remittance, name ?? "", String(index)])
            var transaction = BankTransaction(file: file, line: details?.line ?? entry.line, date: date, amount: value.amount, currency: transactionCurrency,
                                              direction: transactionDirection, reference: bankReference, remittance: remittance.collapsedSpaces)
            transaction.isReversal = isReversal
            transaction.isBooked = status == "BOOK"
            transaction.structuredReference = structured
            transaction.counterparty = name
            transaction.counterpartyIBAN = iban
            transaction.endToEndID = endToEnd
            return transaction
        }
        if details.isEmpty { return [try make(nil, index: 0)] }
        var result: [BankTransaction] = []
        for (index, detail) in details.enumerated() { result.append(try make(detail, index: index)) }
        return result
    }

    private static func direction(_ element: ElementTree, file: String) throws(StatementError) -> BankTransaction.Direction {
        switch element.child("CdtDbtInd")?.text {
        case "CRDT": return .credit
        case "DBIT": return .debit
        default:
            throw StatementError(file: file, line: element.line, "an entry without `CdtDbtInd` CRDT or DBIT", help: "the statement is incomplete; export it again")
        }
    }

    /// `<Dt>2026-11-03</Dt>` or `<DtTm>2026-11-03T10:15:00+01:00</DtTm>`: the day as written.
    private static func day(_ element: ElementTree?) -> Day? {
        guard let element, let text = (element.child("Dt") ?? element.child("DtTm"))?.text else { return nil }
        return Day(text.prefix(10))
    }
}

/// What the camt reader walks: InvoicXML's tree of elements by local name, each with the line it
/// starts on, read by the one expat setup of the tree (the library fontconfig already loads),
/// never by hand.
typealias ElementTree = XElement

extension CamtReader {
    /// Elements open at once: a camt statement nests about fifteen deep; a document nested
    /// deeper is refused while it is read, so no walk of the tree runs out of stack.
    static let maximumDepth = 100

    /// The document as a tree: no DTD is read at all (a DOCTYPE is refused, so no external entity
    /// is resolved and no entity expanded), no more than `maximumDepth` open elements.
    static func tree(_ data: Data, file: String) throws(StatementError) -> ElementTree {
        do throws(ExpatFailure) {
            return try ExpatReader.parse(data, maximumDepth: maximumDepth)
        } catch {
            let line = error.line, column = error.column
            switch error.reason {
            case .noParser:
                throw StatementError(file: file, "expat could not start", help: "try again; the machine may be out of memory")
            case .tooDeep, .tooMany:
                throw StatementError(file: file, line: line, "the statement nests elements more than \(maximumDepth) deep",
                                     help: "a bank's statement nests about fifteen deep: this file is not one; export it again")
            case .doctype, .entity:
                throw StatementError(file: file, line: line, "the statement declares a DOCTYPE (a DTD): bank statements have none, and a DTD is how XXE and entity-expansion attacks begin",
                                     help: "export it again from the bank")
            case .malformed(let code):
                // A document that stops while elements are open is cut off, not malformed.
                if let open = error.open, [XML_ERROR_NO_ELEMENTS, XML_ERROR_UNCLOSED_TOKEN, XML_ERROR_PARTIAL_CHAR].contains(code) {
                    throw StatementError(file: file, line: line, "the statement ends inside `\(open.name)` (opened at line \(open.line)): the file is cut off",
                                         help: "download or export the statement again")
                }
                throw StatementError(file: file, line: line, column: column,
                                     "the statement is not well-formed XML: \(xmlProblem(code, empty: !error.sawElement))",
                                     help: "export it again from the bank; a statement edited by hand must stay valid XML")
            case .empty:
                throw StatementError(file: file, "the statement has no XML element", help: "export it again from the bank")
            }
        }
    }

    /// expat's error codes that a damaged statement produces, in words.
    private static func xmlProblem(_ code: XML_Error, empty: Bool) -> String {
        switch code {
        case XML_ERROR_NO_ELEMENTS: empty ? "the file has no element" : "it ends before the document does (cut off?)"
        case XML_ERROR_INVALID_TOKEN: "a character or a piece of markup XML does not allow"
        case XML_ERROR_UNDEFINED_ENTITY: "an entity that is not declared (write & as &amp;)"
        case XML_ERROR_TAG_MISMATCH: "an end tag does not match its start tag"
        case XML_ERROR_DUPLICATE_ATTRIBUTE: "an attribute is written twice"
        case XML_ERROR_JUNK_AFTER_DOC_ELEMENT: "there is text after the document's end"
        case XML_ERROR_UNCLOSED_TOKEN, XML_ERROR_PARTIAL_CHAR: "it ends before the document does (cut off?)"
        default: XML_ErrorString(code).map { String(cString: $0) } ?? "expat error \(code.rawValue)"
        }
    }
}

extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
    /// Runs of white space as one space, none at the ends: statement texts wrap at odd places.
    var collapsedSpaces: String { split(whereSeparator: \.isWhitespace).joined(separator: " ") }
}
