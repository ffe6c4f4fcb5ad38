import Foundation
import InvoicBook
import InvoicMoney

/// SWIFT MT940 customer statements, as German, Dutch and other banks still export them: `:61:`
/// is the booking, the `:86:` after it its text. The text is kept whole for matching; the
/// payer's name and IBAN are taken from German `?32`/`?31` subfields or `/NAME/` and `/IBAN/`
/// codes when the bank writes them.
enum MT940Reader {
    static func read(_ text: String, file: String) throws(StatementError) -> [BankTransaction] {
        // A field runs from its `:tag:` to the next tag; continuation lines join it.
        var fields: [(tag: String, value: String, line: Int)] = []
        // Swift reads CRLF as one character: split on it as on LF and CR.
        for (offset, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }).enumerated() {
            let line = String(raw)
            if line.hasPrefix(":"), let end = line.dropFirst().firstIndex(of: ":"), line.distance(from: line.startIndex, to: end) <= 4 {
                fields.append((String(line[line.index(after: line.startIndex)..<end]), String(line[line.index(after: end)...]), offset + 1))
            } else if line == "-" || line == "-}" || line.hasPrefix("{") {
                continue
            } else if !fields.isEmpty, !line.isEmpty {
                fields[fields.count - 1].value += "\n" + line
            }
        }
        guard fields.contains(where: { $0.tag == "61" }) else {
            throw StatementError(file: file, line: 1, "no `:61:` booking lines: this is not an MT940 statement", help: "export the statement as MT940, camt.053 or CSV")
        }
        var transactions: [BankTransaction] = []
        var currency: Currency?
        var account: String?
        var seen: [String: Int] = [:]
        for (index, field) in fields.enumerated() {
            switch field.tag {
            case "25":
                account = field.value.trimmingCharacters(in: .whitespaces).nonEmpty
            case "60F", "60M":
                let value = field.value
                guard value.count >= 10, let named = Currency.named(String(value.dropFirst(7).prefix(3))) else {
                    throw StatementError(file: file, line: field.line, "the opening balance `:\(field.tag):\(value)` names no currency",
                                         help: "it is written C or D, the date YYMMDD, the currency and the amount: C261101EUR1000,00")
                }
                currency = named
            case "61":
                guard let currency else {
                    throw StatementError(file: file, line: field.line, "a booking before the opening balance (`:60F:`) that gives its currency",
                                         help: "the statement is incomplete; export it again")
                }
                let information = index + 1 < fields.count && fields[index + 1].tag == "86" ? fields[index + 1].value : ""
                var transaction = try booking(field.value, information: information, currency: currency, file: file, line: field.line)
                let count = seen[transaction.reference, default: 0]
                seen[transaction.reference] = count + 1
                if count > 0 { transaction.reference += "/\(count + 1)" }
                transaction.account = account
                transactions.append(transaction)
            default:
                continue
            }
        }
        return transactions
    }

    /// `:61:` is YYMMDD value date, optional MMDD booking date, C, D, RC or RD, an optional funds
    /// code, the amount with a decimal comma, the type (N + 3), the customer's reference and
    /// `//` the bank's.
    private static func booking(_ value: String, information: String, currency: Currency, file: String, line: Int) throws(StatementError) -> BankTransaction {
        let first = value.split(separator: "\n").first.map(String.init) ?? value  // joined with LF above
        let pattern = #"^(\d{2})(\d{2})(\d{2})(\d{4})?(RC|RD|C|D)([A-Z])?(\d[\d,]*)([NFS][A-Z0-9]{3})([^/]*)(?://(.*))?$"#
        guard let groups = captureGroups(pattern, in: first) else {
            throw StatementError(file: file, line: line, "`:61:\(first)` is not an MT940 booking line",
                                 help: "it reads YYMMDD[MMDD], C/D/RC/RD, the amount with a comma, the type and references: 2611031103C1500,00NTRFNONREF//B123")
        }
        guard let year = Int(groups[0]!), let month = Int(groups[1]!), let dayOfMonth = Int(groups[2]!),
              let valueDate = Day(year: 2000 + year, month: month, day: dayOfMonth) else {
            throw StatementError(file: file, line: line, "`\(first.prefix(6))` is not a date (YYMMDD)", help: "the booking line starts with the value date")
        }
        var date = valueDate
        if let booked = groups[3], let bookedMonth = Int(booked.prefix(2)), let bookedDay = Int(booked.suffix(2)) {
            // The booking date has no year: the value date's, or the next or previous across New Year.
            var bookedYear = valueDate.year
            if bookedMonth == 1 && valueDate.month == 12 { bookedYear += 1 } else if bookedMonth == 12 && valueDate.month == 1 { bookedYear -= 1 }
            if let day = Day(year: bookedYear, month: bookedMonth, day: bookedDay) { date = day }
        }
        let mark = groups[4]!
        guard let amount = BankAmount.parse(groups[6]!, decimalComma: true, currency: currency), amount.sign == .positive else {
            throw StatementError(file: file, line: line, "`\(groups[6]!)` is not an amount in \(currency.code)", help: "MT940 writes amounts with a decimal comma: 1500,00")
        }
        let customerReference = groups[8]!.trimmingCharacters(in: .whitespaces)
        let bankReference = groups[9]?.trimmingCharacters(in: .whitespaces)
        let text = information.replacingOccurrences(of: "\n", with: "")
        let parts = subfields(text)
        let purpose = parts.isEmpty ? text : (20...29).compactMap { parts[$0] }.joined() + (60...63).compactMap { parts[$0] }.joined()
        let remittance = sepaField("SVWZ", in: purpose) ?? purpose
        // RC reverses a credit (money goes out again), RD a debit (money comes back).
        let direction: BankTransaction.Direction = mark == "C" || mark == "RD" ? .credit : .debit
        let reference = [bankReference, customerReference].compactMap { $0 }.first { !$0.isEmpty && $0.uppercased() != "NONREF" }
            ?? syntheticReference([date.description, String(amount.amount), currency.code, mark, text])
        var transaction = BankTransaction(file: file, line: line, date: date, amount: amount.amount, currency: currency, direction: direction,
                                          reference: reference, remittance: remittance.collapsedSpaces)
        transaction.isReversal = mark.hasPrefix("R")
        transaction.counterparty = parts.isEmpty ? code("NAME", in: text) : [parts[32], parts[33]].compactMap { $0 }.joined().nonEmpty
        transaction.counterpartyIBAN = parts.isEmpty ? code("IBAN", in: text) : parts[31]
        transaction.endToEndID = sepaField("EREF", in: purpose).flatMap { $0 == "NOTPROVIDED" ? nil : $0 }
        return transaction
    }

    /// A SEPA keyword's text in a German `:86:` purpose (`SVWZ+` the remittance, `EREF+` the
    /// end-to-end id): up to the next keyword.
    private static func sepaField(_ keyword: String, in purpose: String) -> String? {
        guard let start = purpose.range(of: keyword + "+") else { return nil }
        let rest = purpose[start.upperBound...]
        let end = rest.range(of: #"(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC)\+"#, options: .regularExpression)?.lowerBound ?? rest.endIndex
        let value = rest[..<end].trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    /// German `:86:` subfields `?20...?63` by number; empty when the text has none.
    private static func subfields(_ text: String) -> [Int: String] {
        guard text.contains("?2") || text.contains("?3") else { return [:] }
        var result: [Int: String] = [:]
        for piece in text.components(separatedBy: "?").dropFirst() where piece.count >= 2 {
            if let number = Int(piece.prefix(2)) { result[number, default: ""] += String(piece.dropFirst(2)) }
        }
        return result
    }

    /// `/NAME/Jane Doe/` style codes: the value after `/CODE/` up to the next slash.
    private static func code(_ name: String, in text: String) -> String? {
        guard let range = text.range(of: "/\(name)/") else { return nil }
        let value = text[range.upperBound...].prefix { $0 != "/" }.trimmingCharacters(in: .whitespaces)
        return value.isEmpty ? nil : value
    }

    private static func captureGroups(_ pattern: String, in text: String) -> [String?]? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        return (1..<match.numberOfRanges).map { index in
            Range(match.range(at: index), in: text).map { String(text[$0]) }
        }
    }
}
