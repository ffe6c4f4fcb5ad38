import Foundation
import InvoicBook
import InvoicMoney

/// A bank's CSV export read through the book's `bank:` layout: which column holds what, the
/// separator, decimal comma or point, the date's order and the sign of money coming in.
enum CSVStatementReader {
    /// `text`: the file already decoded (a UTF-16 file, known by its byte order mark), whatever `encoding:` says.
    static func read(_ data: Data, layout: BankLayout?, file: String, text decoded: String? = nil) throws(StatementError) -> [BankTransaction] {
        guard let layout else {
            throw StatementError(file: file, line: 1, "this looks like a CSV statement, and invoic.yaml has no `bank:` layout for it",
                                 help: "say which column holds what under `bank:` in invoic.yaml (docs/banking.md), or export camt.053 or MT940 instead")
        }
        let text: String
        switch decoded == nil ? layout.encoding : nil {
        case nil: text = decoded ?? ""
        case .utf8:
            guard let decoded = String(data: data, encoding: .utf8) else {
                throw StatementError(file: file, "the statement is not UTF-8", help: "set `encoding: latin-1` or `windows-1252` under `bank:` as the bank writes it")
            }
            text = decoded.hasPrefix("\u{FEFF}") ? String(decoded.dropFirst()) : decoded
        case .latin1: text = String(decoding: data.map { UInt16($0) }, as: UTF16.self)
        case .windows1252:
            guard let decoded = String(data: data, encoding: .windowsCP1252) else {
                throw StatementError(file: file, "the statement is not windows-1252 text", help: "check `encoding:` under `bank:`")
            }
            text = decoded
        }
        var records = try CSV.records(text, delimiter: layout.delimiter, file: file)
        records.removeAll { $0.fields.allSatisfy { $0.trimmingCharacters(in: .whitespaces).isEmpty } && $0.line > layout.skip }
        records = records.filter { $0.line > layout.skip }
        var positions: [String: Int] = [:]
        if layout.hasHeader {
            guard let header = records.first else { throw StatementError(file: file, "the statement is empty") }
            records.removeFirst()
            let names = header.fields.map { $0.trimmingCharacters(in: .whitespaces) }
            for (role, column) in layout.columns {
                switch column {
                case .numbered(let number): positions[role] = number - 1
                case .named(let name):
                    guard let index = names.firstIndex(where: { $0.caseInsensitiveCompare(name) == .orderedSame }) else {
                        throw StatementError(file: file, line: header.line, "the header row has no column `\(name)` (the `\(role)` of the `bank:` layout)",
                                             help: "its columns are: " + names.map { "`\($0)`" }.joined(separator: ", ") + (layout.skip == 0 ? "; if the header is further down, set `skip:` to the lines before it" : ""))
                    }
                    positions[role] = index
                }
            }
        } else {
            for (role, column) in layout.columns { if case .numbered(let number) = column { positions[role] = number - 1 } }
        }
        var transactions: [BankTransaction] = []
        var seen: [String: Int] = [:]
        for record in records {
            func value(_ role: String) -> String? {
                guard let index = positions[role], index < record.fields.count else { return nil }
                let text = record.fields[index].trimmingCharacters(in: .whitespaces)
                return text.isEmpty ? nil : text
            }
            func failure(_ role: String, _ message: String, help: String) -> StatementError {
                StatementError(file: file, line: record.line, column: positions[role].map { $0 + 1 }, message, help: help)
            }
            let currencyCode = value("currency") ?? layout.currency?.code
            guard let currencyCode, let currency = Currency.named(currencyCode.uppercased()) else {
                throw failure("currency", currencyCode.map { "`\($0)` is not a currency code" } ?? "no currency: the layout has no `currency` column and no `currency:`",
                              help: "add `currency: EUR` (the account's) under `bank:`, or name the column")
            }
            guard let dateText = value("date") else { throw failure("date", "the booking date is empty", help: "every row needs its date") }
            guard let date = parseDate(dateText, format: layout.dateFormat) else {
                throw failure("date", "`\(dateText)` is not a date in the form \(layout.dateFormat)", help: "set `date_format:` under `bank:` to the bank's order, e.g. DD.MM.YYYY")
            }
            var amount: Int64
            var direction: BankTransaction.Direction
            func parsed(_ role: String, _ text: String) throws(StatementError) -> (amount: Int64, sign: BankAmount.Sign) {
                guard let result = BankAmount.parse(text, decimalComma: layout.decimalComma, currency: currency) else {
                    throw failure(role, "`\(text)` is not an amount in \(currency.code)",
                                  help: layout.decimalComma ? "with `decimal: comma` amounts read 1.234,56" : "amounts read 1,234.56; a bank that writes 1.234,56 needs `decimal: comma` under `bank:`")
                }
                return result
            }
            if let text = value("amount") {
                let result = try parsed("amount", text)
                amount = result.amount
                direction = result.sign == .positive ? .credit : .debit
                if let marker = value("direction"), let credit = layout.creditMarker {
                    direction = marker.caseInsensitiveCompare(credit) == .orderedSame ? .credit : .debit
                }
            } else if let text = value("credit"), try parsed("credit", text).amount != 0 {
                amount = try parsed("credit", text).amount
                direction = .credit
            } else if let text = value("debit") {
                amount = try parsed("debit", text).amount
                direction = .debit
            } else {
                throw failure(layout.columns["amount"] != nil ? "amount" : "credit", "the row has no amount", help: "every row needs its amount")
            }
            let remittance = value("remittance") ?? ""
            let counterparty = value("counterparty")
            let reference = value("reference") ?? syntheticReference([date.description, String(amount), currency.code, direction.rawValue, remittance, counterparty ?? ""])
            let count = seen[reference, default: 0]
            seen[reference] = count + 1
            var transaction = BankTransaction(file: file, line: record.line, date: date, amount: amount, currency: currency, direction: direction,
                                              reference: count > 0 ? "\(reference)/\(count + 1)" : reference, remittance: remittance.collapsedSpaces)
            transaction.counterparty = counterparty
            transaction.counterpartyIBAN = value("iban")
            transactions.append(transaction)
        }
        return transactions
    }

    static func parseDate(_ text: String, format: String) -> Day? {
        guard let parts = BankLayout.dateParts(format) else { return nil }
        let numbers = text.split { !$0.isNumber }.map(String.init)
        var values: [Character: Int] = [:]
        if numbers.count == 3 {
            // Each part as wide as the format says: `23.11.26` is no DD.MM.YYYY date (not the year 26).
            for (part, number) in zip(parts.order, numbers) {
                guard part == "Y" ? number.count == parts.yearDigits : (1...2).contains(number.count) else { return nil }
                values[part] = Int(number)
            }
        } else if numbers.count == 1, numbers[0].count == 4 + 2 + parts.yearDigits - 2 {
            // 20261103 or 031126: the parts back to back.
            var rest = Substring(numbers[0])
            for part in parts.order {
                let width = part == "Y" ? parts.yearDigits : 2
                values[part] = Int(rest.prefix(width))
                rest = rest.dropFirst(width)
            }
        }
        guard let day = values["D"], let month = values["M"], var year = values["Y"] else { return nil }
        if parts.yearDigits == 2 { year += 2000 }
        return Day(year: year, month: month, day: day)
    }
}

/// RFC 4180 records: fields quoted with `"` (a doubled `""` inside), separators and line breaks
/// inside quotes kept, CRLF or LF; each record with the line it starts on.
enum CSV {
    struct Record {
        var fields: [String]
        var line: Int
    }

    static func records(_ text: String, delimiter: Character, file: String) throws(StatementError) -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field = ""
        var line = 1, recordLine = 1
        var quoted = false, wasQuoted = false
        var characters = text.makeIterator()
        var pending: Character? = nil
        func next() -> Character? {
            if let character = pending { pending = nil; return character }
            return characters.next()
        }
        while let character = next() {
            if quoted {
                if character == "\"" {
                    let following = next()
                    if following == "\"" { field.append("\"") } else { quoted = false; pending = following }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.trimmingCharacters(in: .whitespaces).isEmpty && !wasQuoted:
                quoted = true
                wasQuoted = true
                field = ""
            case delimiter:
                fields.append(field)
                field = ""
                wasQuoted = false
            case "\n", "\r\n", "\r":
                fields.append(field)
                records.append(Record(fields: fields, line: recordLine))
                fields = []
                field = ""
                wasQuoted = false
                line += 1
                recordLine = line
            default:
                field.append(character)
            }
        }
        if quoted {
            throw StatementError(file: file, line: recordLine, "a quoted field is never closed", help: "a field that starts with \" ends with \"; a \" inside is written twice")
        }
        if !field.isEmpty || !fields.isEmpty {
            fields.append(field)
            records.append(Record(fields: fields, line: recordLine))
        }
        return records
    }
}
