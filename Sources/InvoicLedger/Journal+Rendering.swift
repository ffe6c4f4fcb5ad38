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
        let names = accountNames()
        func name(_ account: String) -> String { names[account] ?? Self.account(account) }
        var out = ""
        if since == nil {
            switch format {
            case .hledger:
                out += "; \(Self.oneLine(title)): journal written by invoic export-journal. Export again rather than edit: the book is the source.\n"
            case .beancount:
                out += "; \(Self.oneLine(title)): journal written by invoic export-journal. Export again rather than edit: the book is the source.\n"
                out += "option \"title\" \(Self.quoted(title))\n"
                if let currency { out += "option \"operating_currency\" \"\(currency.code)\"\n" }
            }
        }
        if format == .hledger {
            // Every commodity, account and payee declared (`hledger check --strict payees`
            // passes): a full export declares what it uses, an appended one
            // what the book first uses from its first day on, as Beancount's `open`s below.
            var firstUse: [String: Day] = [:]
            func use(_ key: String, _ day: Day) { if firstUse[key].map({ $0 > day }) ?? true { firstUse[key] = day } }
            for transaction in opening + transactions {
                use("payee " + Self.description(transaction.payee), transaction.date)
                for posting in transaction.postings {
                    use("account " + name(posting.account), transaction.date)
                    use("commodity " + posting.currency.code, transaction.date)
                    if let currency = posting.costCurrency { use("commodity " + currency.code, transaction.date) }
                }
            }
            for price in prices { use("commodity " + price.from.code, price.date); use("commodity " + price.to.code, price.date) }
            var used = Set<String>()
            for transaction in chosen {
                used.insert("payee " + Self.description(transaction.payee))
                for posting in transaction.postings {
                    used.insert("account " + name(posting.account))
                    used.insert("commodity " + posting.currency.code)
                    if let currency = posting.costCurrency { used.insert("commodity " + currency.code) }
                }
            }
            for price in prices where included(price.date) {
                used.insert("commodity " + price.from.code)
                used.insert("commodity " + price.to.code)
            }
            let declared = firstUse.keys.filter { since == nil ? used.contains($0) : included(firstUse[$0]!) }
            // Commodities, then accounts, then payees, each in name order.
            let order = ["commodity ", "account ", "payee "]
            let sorted = declared.sorted { a, b in
                let (x, y) = (order.firstIndex { a.hasPrefix($0) }!, order.firstIndex { b.hasPrefix($0) }!)
                return x != y ? x < y : a < b
            }
            if !sorted.isEmpty {
                out += out.isEmpty ? "" : "\n"
                for line in sorted { out += line + "\n" }
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
                for account in opens { out += "\(firstUse[account]!) open \(name(account))\n" }
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
            out += format == .hledger ? hledger(transaction, names: name) : beancount(transaction, names: name)
        }
        return out
    }

    /// The name each account of the book is written under in both formats: its own, except
    /// where two accounts end in the same leaf (`Liabilities:VAT:Output:19` and
    /// `Assets:VAT:Input:19`, a client's receivable and advances): those, and only those, get
    /// their parent's component in front of the leaf (`Liabilities:VAT:Output:Output-19`,
    /// `Assets:VAT:Input:Input-19`), one more ancestor at a time until every leaf is unique, so
    /// `hledger check uniqueleafnames` passes and the tree is the same. Worked out over the
    /// whole book, not the exported period, so every export of one book names an account alike
    /// (docs/accounting.md).
    public func accountNames() -> [String: String] {
        var accounts = Set([openingAccount])
        for transaction in transactions { for posting in transaction.postings { accounts.insert(posting.account) } }
        let written = Dictionary(uniqueKeysWithValues: accounts.map { ($0, Self.account($0).split(separator: ":", omittingEmptySubsequences: false).map(String.init)) })
        // How many ancestors each account's leaf carries.
        var depth = Dictionary(uniqueKeysWithValues: accounts.map { ($0, 0) })
        func leaf(_ account: String) -> String { written[account]!.suffix(depth[account]! + 1).joined(separator: "-") }
        var changed = true
        while changed {
            changed = false
            for (_, clashing) in Dictionary(grouping: accounts, by: leaf) where clashing.count > 1 {
                for account in clashing where depth[account]! + 1 < written[account]!.count {
                    depth[account]! += 1
                    changed = true
                }
            }
        }
        return Dictionary(uniqueKeysWithValues: accounts.map { account in
            let components = written[account]!
            return (account, (components.dropLast(1).map { $0 } + [leaf(account)]).joined(separator: ":"))
        })
    }

    private func amountWidth(_ transaction: Transaction) -> Int {
        transaction.postings.map { MoneyFormat.plain($0.amount, $0.currency).count }.max() ?? 0
    }

    private func hledger(_ transaction: Transaction, names name: (String) -> String) -> String {
        var out = "\(transaction.date) * (\(Self.code(transaction.document))) \(Self.description(transaction.payee)) | \(Self.description(transaction.narration))\n"
        out += "    ; document:\(Self.tagValue(transaction.document)), file:\(Self.tagValue(transaction.file)), kind:\(transaction.kind.rawValue)\n"
        let width = transaction.postings.map { name($0.account).count }.max() ?? 0, amounts = amountWidth(transaction)
        for posting in transaction.postings {
            let amount = MoneyFormat.plain(posting.amount, posting.currency)
            out += "    " + name(posting.account).padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + String(repeating: " ", count: amounts - amount.count) + amount + " " + posting.currency.code + Self.cost(posting) + "\n"
        }
        return out
    }

    private func beancount(_ transaction: Transaction, names name: (String) -> String) -> String {
        var out = "\(transaction.date) * \(Self.quoted(transaction.payee)) \(Self.quoted(transaction.narration)) #\(transaction.kind.rawValue) ^\(Self.link(transaction.document))\n"
        out += "  document: \(Self.quoted(transaction.document))\n"
        out += "  file: \(Self.quoted(transaction.file))\n"
        let width = transaction.postings.map { name($0.account).count }.max() ?? 0, amounts = amountWidth(transaction)
        for posting in transaction.postings {
            let amount = MoneyFormat.plain(posting.amount, posting.currency)
            out += "  " + name(posting.account).padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + String(repeating: " ", count: amounts - amount.count) + amount + " " + posting.currency.code + Self.cost(posting) + "\n"
        }
        return out
    }

    // Every text the journals carry from the book or from outside (a client's or supplier's
    // name, a supplier's invoice number, a file name, the business's name, an account) goes
    // through one of the functions below, so nothing it holds can end its line or its field:
    // a name `Kevin Chen\n2026-01-02 * injected\n    Assets:X  1000000 USD` would otherwise
    // be a transaction, `\ninclude /etc/passwd` a directive both tools obey. Once no value can
    // start a line, no directive (`include`, `account`, `P`, `apply`, ...) and no line comment
    // (`;`, `#`, `*`, `%`, `|`) can be written by one; what stays is each field's own syntax.

    /// `text` on one line: every control character (C0 with tab, CR and LF; DEL; C1 with NEL
    /// U+0085) and every line or paragraph separator (U+2028, U+2029) becomes a space, since one
    /// reader or another (hledger, Beancount, an editor, `git diff`) ends a line at each; then
    /// each scalar of `special` becomes `replacement`. Scalar by scalar, as the tools read: a
    /// `;` followed by a combining mark is one Swift Character but still a `;` to hledger.
    static func oneLine(_ text: String, _ special: String = "", by replacement: Unicode.Scalar = " ") -> String {
        let special = Set(special.unicodeScalars)
        var scalars = String.UnicodeScalarView()
        for var scalar in text.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .control, .lineSeparator, .paragraphSeparator: scalar = " "
            default: break
            }
            scalars.append(special.contains(scalar) ? replacement : scalar)
        }
        return String(scalars)
    }

    /// An hledger payee or note: one line, without `;` (starts a comment, whose `tag:`s hledger
    /// reads) or `|` (splits the payee from the note).
    static func description(_ text: String) -> String {
        oneLine(text, ";|")
    }

    /// An hledger transaction code, `(...)`: a description's text without the `)` that ends it.
    static func code(_ text: String) -> String {
        oneLine(description(text), ")", by: "_")
    }

    /// An hledger tag value, which ends at a comma or the line's end.
    static func tagValue(_ text: String) -> String {
        oneLine(text, ",", by: "_")
    }

    /// An account as both tools read it: one line, no space or tab (two end hledger's account
    /// name, the rest being read as the amount), no `(`/`[` (a virtual posting in hledger), no
    /// `;`. The names invoic makes (``component(_:)``) and the `ledger:` settings
    /// (``LedgerAccounts/problem(with:roots:)``) have none already: this holds for any other.
    static func account(_ text: String) -> String {
        oneLine(text, " ()[];", by: "-")
    }

    /// A total cost, ` @@ 900.00 EUR`, written alike in hledger and Beancount.
    static func cost(_ posting: Posting) -> String {
        guard let cost = posting.cost, let currency = posting.costCurrency else { return "" }
        return " @@ " + MoneyFormat.plain(cost, currency) + " " + currency.code
    }

    /// A Beancount string: one line, `\` and `"` escaped.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in oneLine(text).unicodeScalars {
            if scalar == "\\" || scalar == "\"" { out.unicodeScalars.append("\\") }
            out.unicodeScalars.append(scalar)
        }
        return out + "\""
    }

    /// A Beancount link: letters, digits and `-_/.` (a number such as `FAC/2026/001` stays as it is).
    static func link(_ text: String) -> String {
        String(text.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_/.".contains($0)) ? $0 : "-" })
    }
}
