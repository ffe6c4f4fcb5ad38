import InvoicBook
import InvoicMoney

extension Journal {
    public enum Format: String, Sendable, CaseIterable {
        case hledger, beancount
    }

    /// The transactions dated in `period` and on or after `since`, as `format`'s text. A full
    /// export starts with a header (Beancount's options and the `open` of every account); a
    /// `--since` export has none and opens only the accounts first used from that day, so it
    /// appends to the journal an earlier export wrote.
    public func render(_ format: Format, period: Period? = nil, since: Day? = nil) -> String {
        func included(_ day: Day) -> Bool { (period?.contains(day) ?? true) && (since.map { day >= $0 } ?? true) }
        // A period that starts after the book does opens with what the accounts held before it.
        let opening = since == nil ? period.map { openingBalances(on: $0.from) } ?? [] : []
        let chosen = opening + transactions.filter { included($0.date) }
        var out = ""
        if since == nil {
            switch format {
            case .hledger:
                out += "; \(title): journal written by invoic export-journal. Export again rather than edit: the book is the source.\n"
            case .beancount:
                out += "; \(title): journal written by invoic export-journal. Export again rather than edit: the book is the source.\n"
                out += "option \"title\" \(Self.quoted(title))\n"
                if let currency { out += "option \"operating_currency\" \"\(currency.code)\"\n" }
            }
        }
        if format == .beancount {
            // Opened on the day of the account's first use anywhere in the book, so an appended
            // export opens exactly the accounts the earlier one did not.
            var firstUse: [String: Day] = [:], order: [String] = []
            for transaction in opening + transactions {
                for posting in transaction.postings where firstUse[posting.account].map({ $0 > transaction.date }) ?? true {
                    if firstUse[posting.account] == nil { order.append(posting.account) }
                    firstUse[posting.account] = transaction.date
                }
            }
            // A full export (a period's too) opens every account its transactions use; an appended
            // one only those the earlier export could not have opened.
            let used = Set(chosen.flatMap { $0.postings.map(\.account) })
            let opens = order.filter { since == nil ? used.contains($0) : included(firstUse[$0]!) }
                .sorted { (firstUse[$0]!, $0) < (firstUse[$1]!, $1) }
            if !opens.isEmpty {
                out += out.isEmpty ? "" : "\n"
                for account in opens { out += "\(firstUse[account]!) open \(account)\n" }
            }
        }
        let chosenPrices = prices.filter { included($0.date) }
        if !chosenPrices.isEmpty {
            out += out.isEmpty ? "" : "\n"
            for price in chosenPrices {
                switch format {
                case .hledger: out += "P \(price.date) \(price.from.code) \(price.rate) \(price.to.code)\n"
                case .beancount: out += "\(price.date) price \(price.from.code) \(price.rate) \(price.to.code)\n"
                }
            }
        }
        for transaction in chosen {
            out += out.isEmpty ? "" : "\n"
            out += format == .hledger ? hledger(transaction) : beancount(transaction)
        }
        return out
    }

    private func amountWidth(_ transaction: Transaction) -> Int {
        transaction.postings.map { MoneyFormat.plain($0.amount, $0.currency).count }.max() ?? 0
    }

    private func hledger(_ transaction: Transaction) -> String {
        // `|` splits hledger's payee from its note and `;` starts a comment: neither may be in a name.
        let payee = transaction.payee.map { $0 == "|" || $0 == ";" ? " " : $0 }
        var out = "\(transaction.date) * (\(transaction.document)) \(String(payee)) | \(transaction.narration)\n"
        out += "    ; document:\(Self.tagValue(transaction.document)), file:\(Self.tagValue(transaction.file)), kind:\(transaction.kind.rawValue)\n"
        let width = transaction.postings.map(\.account.count).max() ?? 0, amounts = amountWidth(transaction)
        for posting in transaction.postings {
            let amount = MoneyFormat.plain(posting.amount, posting.currency)
            out += "    " + posting.account.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + String(repeating: " ", count: amounts - amount.count) + amount + " " + posting.currency.code + Self.cost(posting) + "\n"
        }
        return out
    }

    private func beancount(_ transaction: Transaction) -> String {
        var out = "\(transaction.date) * \(Self.quoted(transaction.payee)) \(Self.quoted(transaction.narration)) #\(transaction.kind.rawValue) ^\(Self.link(transaction.document))\n"
        out += "  document: \(Self.quoted(transaction.document))\n"
        out += "  file: \(Self.quoted(transaction.file))\n"
        let width = transaction.postings.map(\.account.count).max() ?? 0, amounts = amountWidth(transaction)
        for posting in transaction.postings {
            let amount = MoneyFormat.plain(posting.amount, posting.currency)
            out += "  " + posting.account.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + String(repeating: " ", count: amounts - amount.count) + amount + " " + posting.currency.code + Self.cost(posting) + "\n"
        }
        return out
    }

    /// A total cost, ` @@ 900.00 EUR`, written alike in hledger and Beancount.
    static func cost(_ posting: Posting) -> String {
        guard let cost = posting.cost, let currency = posting.costCurrency else { return "" }
        return " @@ " + MoneyFormat.plain(cost, currency) + " " + currency.code
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(of: "\n", with: " ") + "\""
    }

    /// A Beancount link: letters, digits and `-_/.` (a number such as `FAC/2026/001` stays as it is).
    static func link(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_/.".contains($0)) ? $0 : "-" })
    }

    /// An hledger tag value ends at a comma or the line's end.
    static func tagValue(_ text: String) -> String {
        String(text.map { $0 == "," || $0 == "\n" ? "_" : $0 })
    }
}
