import Foundation
import InvoicBook
import InvoicMoney

/// What `invoic match` makes of one bank transaction.
public struct MatchResult: Sendable {
    public enum Outcome: String, Sendable, CaseIterable {
        /// Fits exactly: `--apply` records it.
        case matched
        /// Names a document but does not fit (more than is due, another currency, already paid,
        /// a reversal): shown with the reason, never recorded.
        case proposal
        /// Fits more than one open invoice.
        case ambiguous
        case unmatched
        /// A payment in the book already carries this transaction's reference.
        case recorded
        /// Not a client's payment: money out that refunds no credit note, pending, reversed.
        case ignored
    }

    /// How the documents were found, in order of trust.
    public enum Basis: String, Sendable {
        /// A structured creditor reference (ISO 11649 RF, Swiss QR reference).
        case reference
        /// The document number in the payment's text.
        case number
        /// The amount and the payer's name or IBAN, against the client files.
        case counterparty
    }

    public struct Allocation: Sendable, Hashable {
        public var number: String
        public var file: String
        /// Minor units of the transaction's currency.
        public var amount: Int64
        /// Money back to the client on a credit note, not a payment on an invoice.
        public var isRefund: Bool
    }

    public var transaction: BankTransaction
    public var outcome: Outcome
    public var basis: Basis?
    public var allocations: [Allocation] = []
    /// Why, in words: what a person needs to decide a proposal or an ambiguity.
    public var message: String?
}

/// Matches bank transactions with the book's open invoices (and credit-note refunds), strictly in
/// order of trust: a structured reference, then the document number in the text (also when the
/// bank dropped its hyphens or changed its case), then the amount with the payer's name or IBAN,
/// and only when exactly one invoice fits. Nothing it proposes ever overpays an invoice.
public struct Matcher {
    let book: Book

    public init(book: Book) {
        self.book = book
    }

    private struct Candidate {
        var document: Document
        var folded: String
        var currency: Currency
        var creditorReference: String?
        var qrReference: String?
        var isOpen: Bool
        var why: String?
    }

    public func match(_ transactions: [BankTransaction]) -> [MatchResult] {
        var remaining: [String: Int64] = [:]
        var invoices: [Candidate] = []
        var creditNotes: [Candidate] = []
        var recorded: [String: [String]] = [:]
        // Payments in the book that carry none of these transactions' references, by document: a
        // transaction of the same day and amount on that document may be one of them, exported
        // again in another format under another reference (issue 38).
        let references = Set(transactions.map(\.reference))
        var unclaimed: [String: [(date: Day, minor: Int64, reference: String?)]] = [:]
        for document in book.documents {
            for payment in document.payments { if let reference = payment.reference { recorded[reference, default: []].append(document.number) } }
            guard let figures = document.figures else { continue }
            for payment in document.payments where !(payment.reference.map(references.contains) ?? false) {
                if let minor = payment.amount.value.minorUnits(in: figures.currency) {
                    unclaimed[document.number, default: []].append((payment.date.value, minor, payment.reference))
                }
            }
            switch document.kind {
            case .invoice:
                let account = book.account(of: document, through: .distantFuture)
                let due = document.void == nil ? account?.balance ?? 0 : 0
                remaining[document.number] = max(0, due)
                let credited = (account?.credited ?? 0) > 0
                let why = document.void != nil ? "is void" : due <= 0 ? (credited && (account?.received ?? 0) < (account?.payable ?? 0) ? "is credited in full" : "is paid") : nil
                invoices.append(Candidate(document: document, folded: folded(document.number), currency: figures.currency,
                                          creditorReference: SwissQRBill.creditorReference(for: document.number),
                                          qrReference: SwissQRBill.qrReference(for: document.number), isOpen: due > 0, why: why))
            case .creditNote:
                let refundable = book.correctedAccount(of: document, through: .distantFuture)?.refundOwed(by: document) ?? (figures.payable - figures.paid)
                remaining[document.number] = max(0, refundable)
                creditNotes.append(Candidate(document: document, folded: folded(document.number), currency: figures.currency,
                                             isOpen: refundable > 0, why: refundable > 0 ? nil : "is refunded in full"))
            case .estimate:
                continue
            }
        }

        // Money is allocated in date order, statements in the order given: an earlier payment
        // takes what is due first, and a later twin is left as a proposal.
        let order = transactions.indices.sorted { a, b in (transactions[a].date, a) < (transactions[b].date, b) }
        var results = transactions.map { MatchResult(transaction: $0, outcome: .unmatched) }
        let twins = Self.twins(transactions)
        let reversals = pairReversals(transactions, twins: twins)
        // The first of two twins whose later one the book has recorded (under its own reference):
        // recorded too, whichever export the earlier run read.
        var recordedTwin: [Int: (numbers: [String], twin: Int, sure: Bool)] = [:]
        for (index, twin) in twins.sorted(by: { $0.key < $1.key }) where recordedTwin[twin.first] == nil {
            if let numbers = recorded[transactions[index].reference], recorded[transactions[twin.first].reference] == nil {
                recordedTwin[twin.first] = (numbers, index, twin.sure)
            }
        }
        func place(_ index: Int) -> String { "\(transactions[index].file):\(transactions[index].line)" }
        for index in order {
            let transaction = transactions[index]
            if let numbers = recorded[transaction.reference] {
                results[index].outcome = .recorded
                results[index].message = "recorded on " + Set(numbers).sorted().joined(separator: ", ")
                continue
            }
            if let found = recordedTwin[index], found.sure {
                results[index].outcome = .recorded
                results[index].message = "recorded on " + Set(found.numbers).sorted().joined(separator: ", ")
                    + " as the same transaction at \(place(found.twin)) (reference \(transactions[found.twin].reference))"
                continue
            }
            if let twin = twins[index], twin.sure {
                results[index].outcome = .ignored
                results[index].message = twin.why.map { "the same transaction as at \(place(twin.first)) in another export (\($0)): counted once" }
                    ?? "the same transaction as at \(place(twin.first)) (reference \(transaction.reference)): counted once"
                continue
            }
            if let reversal = reversals[index] {
                results[index].outcome = reversal.outcome
                results[index].message = reversal.message
                // The credit it takes back was recorded by an earlier run: that payment must go.
                if let partner = reversal.partner, transactions[partner].isReversal == false,
                   let numbers = recorded[transactions[partner].reference] {
                    results[index].outcome = .proposal
                    results[index].message = (reversal.message) + ", which is recorded on " + Set(numbers).sorted().joined(separator: ", ")
                        + ": remove that payment (reference \(transactions[partner].reference))"
                }
                continue
            }
            guard transaction.isBooked else {
                results[index].outcome = .ignored
                results[index].message = "pending: not booked yet"
                continue
            }
            guard transaction.amount > 0 else {
                results[index].outcome = .ignored
                results[index].message = "an amount of 0: nothing to record"
                continue
            }
            var result: MatchResult
            if transaction.direction == .credit {
                result = matchCredit(transaction, invoices: invoices, remaining: remaining)
            } else {
                result = matchDebit(transaction, creditNotes: creditNotes, remaining: remaining)
            }
            // What fits but may be money already counted is a proposal with the reason: never
            // recorded twice without a word, never dropped without one.
            let again = "not recorded: if it is another payment, record it with `invoic \(transaction.direction == .credit ? "pay" : "refund")`"
            if result.outcome == .matched, let twin = twins[index] {
                result.outcome = .proposal
                result.message = "perhaps the same transaction as at \(place(twin.first)) (same day and amount; \(twin.why ?? "")); " + again
            } else if result.outcome == .matched, let found = recordedTwin[index] {
                result.outcome = .proposal
                result.message = "perhaps the same transaction as at \(place(found.twin)), recorded on " + Set(found.numbers).sorted().joined(separator: ", ")
                    + " (same day and amount; \(twins[found.twin]?.why ?? "")); " + again
            } else if result.outcome == .matched {
                for allocation in result.allocations {
                    guard let position = unclaimed[allocation.number]?.firstIndex(where: { $0.date == transaction.date && $0.minor == allocation.amount }),
                          let payment = unclaimed[allocation.number]?.remove(at: position) else { continue }
                    result.outcome = .proposal
                    result.message = "\(allocation.number) has a \(allocation.isRefund ? "refund" : "payment") of \(MoneyFormat.plain(payment.minor, transaction.currency)) "
                        + "\(transaction.currency.code) on \(payment.date) already (\(payment.reference.map { "reference \($0)" } ?? "no reference")): "
                        + "perhaps this transaction in another export; " + again
                    break
                }
            }
            if result.outcome == .matched {
                for allocation in result.allocations { remaining[allocation.number, default: 0] -= allocation.amount }
            }
            results[index] = result
        }
        return results
    }

    // MARK: money in

    private func matchCredit(_ transaction: BankTransaction, invoices: [Candidate], remaining: [String: Int64]) -> MatchResult {
        var result = MatchResult(transaction: transaction, outcome: .unmatched)
        // 1. A structured reference: written as such, or an RF/QR reference in the text.
        let text = folded(transaction.remittance)
        let structured = transaction.structuredReference.map(folded) ?? ""
        let byReference = invoices.filter { candidate in
            [candidate.creditorReference, candidate.qrReference].compactMap { $0 }.contains { reference in
                structured == reference || (reference.count >= 8 && text.contains(reference))
            }
        }
        if !byReference.isEmpty {
            return allocate(transaction, to: byReference, basis: .reference, remaining: remaining)
        }
        // 2. The invoice number in the text.
        let named = Self.named(in: [transaction.remittance, transaction.structuredReference, transaction.endToEndID].compactMap { $0 }.joined(separator: " "), candidates: invoices)
        if !named.isEmpty {
            return allocate(transaction, to: named, basis: .number, remaining: remaining)
        }
        // 3. The amount, with the payer known from a client file.
        let sameAmount = invoices.filter { $0.isOpen && $0.currency == transaction.currency && remaining[$0.document.number] == transaction.amount }
        let fromClient = sameAmount.filter { isClient($0.document.client.value, transaction) }
        if fromClient.count == 1 {
            return allocate(transaction, to: fromClient, basis: .counterparty, remaining: remaining)
        }
        if fromClient.count > 1 {
            result.outcome = .ambiguous
            result.basis = .counterparty
            result.allocations = fromClient.map { MatchResult.Allocation(number: $0.document.number, file: $0.document.file, amount: transaction.amount, isRefund: false) }
            result.message = "the payer has \(fromClient.count) open invoices of this amount and the text names none; record it with `invoic pay`"
            return result
        }
        if sameAmount.count == 1, let candidate = sameAmount.first {
            result.message = "no number or reference; \(candidate.document.number) (\(clientName(candidate.document))) has this amount due, from another payer"
        } else if transaction.currency != book.settings.defaults.currency?.value, !invoices.contains(where: { $0.currency == transaction.currency }) {
            result.message = "no invoice is in \(transaction.currency.code)"
        } else {
            result.message = "no invoice number, reference or client fits"
        }
        return result
    }

    /// Pays `candidates` from `transaction`: the open ones their amount due, if the amount fits.
    private func allocate(_ transaction: BankTransaction, to candidates: [Candidate], basis: MatchResult.Basis, remaining: [String: Int64], refund: Bool = false) -> MatchResult {
        var result = MatchResult(transaction: transaction, outcome: .proposal, basis: basis)
        let money = { (minor: Int64) in MoneyFormat.plain(minor, transaction.currency) + " " + transaction.currency.code }
        if let foreign = candidates.first(where: { $0.currency != transaction.currency }) {
            result.allocations = candidates.map { MatchResult.Allocation(number: $0.document.number, file: $0.document.file, amount: 0, isRefund: refund) }
            result.message = "\(foreign.document.number) is in \(foreign.currency.code) and the \(refund ? "debit" : "credit") in \(transaction.currency.code): convert it and record it by hand"
            return result
        }
        let open = candidates.filter { remaining[$0.document.number, default: 0] > 0 }
        guard !open.isEmpty else {
            result.allocations = candidates.map { MatchResult.Allocation(number: $0.document.number, file: $0.document.file, amount: 0, isRefund: refund) }
            let states = candidates.map { "\($0.document.number) \(($0.why ?? "has nothing left due"))" }
            result.message = states.joined(separator: "; ") + (refund ? "" : ": a second payment, or one for an invoice not yet written?")
            return result
        }
        let closed = candidates.filter { remaining[$0.document.number, default: 0] <= 0 }.map { "\($0.document.number) \($0.why ?? "has nothing left due")" }
        let due = open.reduce(Int64(0)) { $0 + remaining[$1.document.number, default: 0] }
        if open.count == 1, let only = open.first, transaction.amount <= due {
            result.outcome = .matched
            result.allocations = [MatchResult.Allocation(number: only.document.number, file: only.document.file, amount: transaction.amount, isRefund: refund)]
            if transaction.amount < due { result.message = "part \(refund ? "refund" : "payment"): \(money(transaction.amount)) of \(money(due))" }
        } else if transaction.amount == due {
            result.outcome = .matched
            result.allocations = open.map { MatchResult.Allocation(number: $0.document.number, file: $0.document.file, amount: remaining[$0.document.number, default: 0], isRefund: refund) }
        } else {
            result.allocations = open.map { MatchResult.Allocation(number: $0.document.number, file: $0.document.file, amount: remaining[$0.document.number, default: 0], isRefund: refund) }
            if transaction.amount > due {
                result.message = "\(money(transaction.amount)) is \(money(transaction.amount - due)) more than the \(money(due)) \(refund ? "still to refund on" : "due on") "
                    + open.map(\.document.number).joined(separator: " and ") + (refund ? "" : ": record what is due with `invoic pay` and settle the rest with the client")
            } else {
                result.outcome = .ambiguous
                result.message = "\(money(transaction.amount)) does not cover the \(money(due)) due on " + open.map(\.document.number).joined(separator: " and ")
                    + ": say which it pays with `invoic pay`"
            }
        }
        if !closed.isEmpty, result.outcome == .matched {
            result.message = ([result.message].compactMap { $0 } + closed).joined(separator: "; ")
        }
        return result
    }

    // MARK: money out

    private func matchDebit(_ transaction: BankTransaction, creditNotes: [Candidate], remaining: [String: Int64]) -> MatchResult {
        let named = Self.named(in: transaction.remittance, candidates: creditNotes)
        guard !named.isEmpty else {
            return MatchResult(transaction: transaction, outcome: .ignored, message: "money out that names no credit note")
        }
        return allocate(transaction, to: named, basis: .number, remaining: remaining, refund: true)
    }

    // MARK: twins

    /// A transaction that an earlier one of another file already is, or may be.
    struct Twin {
        /// The index of the earlier transaction.
        var first: Int
        /// Known to be the same: the same reference, or the same account, day, amount, payer's
        /// IBAN and text. Otherwise nothing tells the two apart but something is missing to be sure.
        var sure: Bool
        /// For a twin in another format: what makes it the same, or what is missing to be sure.
        var why: String?
    }

    /// Each transaction that an earlier one in `transactions` already is, or may be (statements
    /// in the order given), by the index of that first one. Overlapping exports (`stmt.xml` and
    /// `stmt (1).xml`) hold the same booking twice under the same reference (the bank's, or the
    /// one made from the booking), amount, direction and currency. One booking exported in two
    /// formats (camt.053 and MT940) has two references: it is known by the statement's account,
    /// the day, amount, direction, currency, the payer's IBAN and the text; when the account
    /// cannot be compared or one side lacks the IBAN or the text (or cuts the text short), and
    /// nothing that is there differs, it is a twin that is not sure. Within one file a reader
    /// already tells repeated references apart (`/2`), so a twin is always in another file.
    static func twins(_ transactions: [BankTransaction]) -> [Int: Twin] {
        struct Key: Hashable {
            var reference: String
            var amount: Int64
            var currency: String
            var direction: BankTransaction.Direction
        }
        struct Booking: Hashable {
            var date: Day
            var amount: Int64
            var currency: String
            var direction: BankTransaction.Direction
            var isReversal: Bool
        }
        var first: [Key: Int] = [:]
        var result: [Int: Twin] = [:]
        for (index, transaction) in transactions.enumerated() {
            let key = Key(reference: transaction.reference, amount: transaction.amount, currency: transaction.currency.code, direction: transaction.direction)
            if let earlier = first[key] { result[index] = Twin(first: earlier, sure: true) } else { first[key] = index }
        }
        // Each earlier booking is the twin of at most one transaction of each other file: two
        // equal payments on one day in one export stay two in the other.
        var bookings: [Booking: [Int]] = [:]
        var taken: Set<[String]> = []
        for (index, transaction) in transactions.enumerated() where result[index] == nil {
            let booking = Booking(date: transaction.date, amount: transaction.amount, currency: transaction.currency.code,
                                  direction: transaction.direction, isReversal: transaction.isReversal)
            let candidates = (bookings[booking] ?? []).filter { transactions[$0].file != transaction.file && !taken.contains([String($0), transaction.file]) }
            let weighed = candidates.compactMap { earlier in sameBooking(transactions[earlier], transaction).map { (earlier, $0) } }
            if let (earlier, same) = weighed.first(where: { $0.1.sure }) ?? weighed.first {
                result[index] = Twin(first: earlier, sure: same.sure, why: same.why)
                taken.insert([String(earlier), transaction.file])
            } else {
                bookings[booking, default: []].append(index)
            }
        }
        return result
    }

    /// Whether two transactions of one day, amount and direction in two files are one booking:
    /// nil when something they both give differs (the account, the payer's IBAN, the text).
    static func sameBooking(_ a: BankTransaction, _ b: BankTransaction) -> (sure: Bool, why: String)? {
        let account = sameAccount(a.account, b.account)
        if account == false { return nil }
        let ibans = (a.counterpartyIBAN.map(folded) ?? "", b.counterpartyIBAN.map(folded) ?? "")
        if !ibans.0.isEmpty, !ibans.1.isEmpty, ibans.0 != ibans.1 { return nil }
        let texts = (folded(a.remittance), folded(b.remittance))
        let sameText = !texts.0.isEmpty && texts.0 == texts.1
        if !texts.0.isEmpty, !texts.1.isEmpty, !sameText, !texts.0.hasPrefix(texts.1), !texts.1.hasPrefix(texts.0) { return nil }
        var missing: [String] = []
        if account == nil { missing.append("the statements' accounts cannot be compared") }
        if ibans.0.isEmpty || ibans.1.isEmpty { missing.append("one has no payer's IBAN") }
        if !sameText { missing.append(texts.0.isEmpty || texts.1.isEmpty ? "one has no text" : "one text is cut short") }
        return missing.isEmpty ? (true, "same account, day, amount, payer's IBAN and text") : (false, missing.joined(separator: ", "))
    }

    /// Whether two statements' accounts are one: true or false when both are IBANs (MT940 may add
    /// the currency: `DE89…3000EUR`) or one is the IBAN's bank code and account number (`:25:`
    /// `37040044/0532013000`); nil when they cannot be compared (missing, or written otherwise).
    static func sameAccount(_ a: String?, _ b: String?) -> Bool? {
        guard let a, let b else { return nil }
        func iban(_ text: String) -> String? {
            var value = folded(text)
            if value.count > 18, let code = Currency.named(String(value.suffix(3))), code.code == String(value.suffix(3)) { value.removeLast(3) }
            let scalars = Array(value.unicodeScalars)
            guard (15...34).contains(scalars.count), scalars[0...1].allSatisfy({ $0.properties.isUppercase }),
                  scalars[2...3].allSatisfy({ ("0"..."9").contains($0) }) else { return nil }
            return value
        }
        func bankAndAccount(_ text: String) -> (bank: String, account: String)? {
            let parts = text.trimmingCharacters(in: .whitespaces).split(separator: "/")
            guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
            return (String(parts[0]), String(parts[1].drop { $0 == "0" }))
        }
        switch (iban(a), iban(b)) {
        case let (x?, y?): return x == y
        case let (x?, nil), let (nil, x?):
            guard let other = bankAndAccount(iban(a) == nil ? a : b) else { return nil }
            let bban = x.dropFirst(4)
            return bban.hasPrefix(other.bank) && bban.dropFirst(other.bank.count).drop { $0 == "0" } == other.account ? true : nil
        case (nil, nil):
            return folded(a) == folded(b) ? true : nil
        }
    }

    // MARK: reversals

    /// A reversal (camt `RvslInd`, MT940 `RC`) takes back a credit: both are set aside. One whose
    /// credit is not in these statements is a proposal: a payment recorded for it must go.
    private func pairReversals(_ transactions: [BankTransaction], twins: [Int: Twin]) -> [Int: (outcome: MatchResult.Outcome, message: String, partner: Int?)] {
        var result: [Int: (outcome: MatchResult.Outcome, message: String, partner: Int?)] = [:]
        for (index, reversal) in transactions.enumerated() where reversal.isReversal && twins[index]?.sure != true {
            guard reversal.direction == .debit else {
                result[index] = (.ignored, "an outgoing payment that came back", nil)
                continue
            }
            let partner = transactions.indices.first { other in
                let credit = transactions[other]
                return other != index && twins[other]?.sure != true && result[other] == nil && !credit.isReversal && credit.direction == .credit
                    && credit.amount == reversal.amount && credit.currency == reversal.currency && credit.date <= reversal.date
                    && (credit.reference == reversal.reference || (credit.endToEndID != nil && credit.endToEndID == reversal.endToEndID)
                        || folded(credit.remittance) == folded(reversal.remittance))
            }
            if let partner {
                result[partner] = (.ignored, "reversed by the booking at \(reversal.file):\(reversal.line)", index)
                result[index] = (.ignored, "reverses the credit at \(transactions[partner].file):\(transactions[partner].line)", partner)
            } else {
                result[index] = (.proposal, "reverses a credit of \(MoneyFormat.plain(reversal.amount, reversal.currency)) \(reversal.currency.code) not in these statements: if a payment was recorded for it, remove it from the invoice", nil)
            }
        }
        return result
    }

    // MARK: words

    /// The candidates whose number `text` names, in the order the text names them. A number
    /// counts wherever its letters and digits appear in order with only separators between them
    /// (`inv 2026/0012` names INV-2026-0012), but not as part of a longer number (`INV-00123`).
    private static func named(in text: String, candidates: [Candidate]) -> [Candidate] {
        let characters = Array(text)
        var foldedText: [Character] = []
        var origin: [Int] = []
        for (index, character) in characters.enumerated() where character.isASCII && (character.isLetter || character.isNumber) {
            foldedText.append(Character(character.uppercased()))
            origin.append(index)
        }
        func sameClass(_ a: Character, _ b: Character) -> Bool {
            (a.isNumber && b.isNumber) || (a.isLetter && b.isLetter)
        }
        var found: [(position: Int, candidate: Candidate)] = []
        for candidate in candidates where candidate.folded.count >= 4 {
            let needle = Array(candidate.folded)
            var start = 0
            while start + needle.count <= foldedText.count {
                if foldedText[start] == needle[0], Array(foldedText[start..<start + needle.count]) == needle {
                    let first = origin[start], last = origin[start + needle.count - 1]
                    let before = first > 0 ? characters[first - 1] : nil
                    let after = last + 1 < characters.count ? characters[last + 1] : nil
                    if !(before.map { sameClass($0, needle[0]) } ?? false), !(after.map { sameClass($0, needle[needle.count - 1]) } ?? false) {
                        found.append((start, candidate))
                        break
                    }
                }
                start += 1
            }
        }
        return found.sorted { $0.position < $1.position }.map(\.candidate)
    }

    private func clientName(_ document: Document) -> String {
        book.clients[document.client.value]?.contact.name ?? document.client.value
    }

    /// Whether the payer is the client: the same IBAN, or the same name but for case, accents,
    /// punctuation and legal form (`Müller GmbH` paid as `MUELLER GMBH` or `Mueller`).
    private func isClient(_ id: String, _ transaction: BankTransaction) -> Bool {
        guard let client = book.clients[id] else { return false }
        if let iban = client.iban?.value, let payer = transaction.counterpartyIBAN, folded(iban) == folded(payer) { return true }
        guard let payer = transaction.counterparty else { return false }
        let ours = Self.nameWords(client.contact.name), theirs = Self.nameWords(payer)
        guard !ours.isEmpty, !theirs.isEmpty else { return false }
        return ours.isSubset(of: theirs) || theirs.isSubset(of: ours)
    }

    static let legalForms: Set<String> = ["gmbh", "ag", "kg", "ohg", "ug", "ev", "ltd", "llc", "inc", "plc", "sa", "sas", "sarl", "srl", "spa", "bv", "nv",
                                          "ab", "as", "aps", "oy", "sl", "co", "corp", "the", "und", "and", "et", "mbh", "haftungsbeschrankt"]

    static func nameWords(_ name: String) -> Set<String> {
        var text = name.lowercased()
        for (umlaut, spelled) in [("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")] { text = text.replacingOccurrences(of: umlaut, with: spelled) }
        text = text.folding(options: [.diacriticInsensitive], locale: nil)
        let words = text.split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        return Set(words.filter { !legalForms.contains($0) })
    }
}
