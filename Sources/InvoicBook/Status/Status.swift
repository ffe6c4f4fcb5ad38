/// Where a document stands, derived from its dated facts and "today"; never written in a file.
public enum Status: String, Sendable, Hashable, CaseIterable, Comparable {
    // invoices (credit notes are drafts until sent, then sent)
    case draft, sent, partial, overdue, paid, void
    /// Fully credited by credit notes: nothing is owed on it any more.
    case credited
    // estimates
    case accepted, declined, expired, converted

    public static func < (a: Status, b: Status) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

extension Book {
    /// Estimate number -> the invoice that converts it (the first, by number, if several claim it).
    public var conversions: [String: String] {
        var result: [String: String] = [:]
        // Pairs, not documents, are sorted: a copy of every invoice is ~2.5 KB each.
        // By position, the fields read in place: walking `invoices` copies each document.
        let claims = documents.indices.compactMap { index in
            documents[index].kind == .invoice
                ? documents[index].fromEstimate.map { (invoice: documents[index].number, estimate: $0.value) } : nil
        }
        for claim in claims.sorted(by: { $0.invoice < $1.invoice }) where result[claim.estimate] == nil {
            result[claim.estimate] = claim.invoice
        }
        return result
    }

    /// The status of `document` as of `today`. Facts dated after today (a payment recorded
    /// ahead, a void next week) do not count yet, so a report for a past day tells that day's truth.
    /// Overdue wins over partial: a part-paid invoice past its due date is overdue.
    public func status(of document: Document, today: Day, conversions: [String: String]? = nil) -> Status {
        func happened(_ day: Located<Day>?) -> Bool { day.map { $0.value <= today } ?? false }
        switch document.kind {
        case .creditNote:
            return isInEffect(document, on: today) ? .sent : .draft
        case .invoice:
            if let void = document.void, void.date.value <= today { return .void }
            guard let account = account(of: document, through: today) else { return happened(document.sent) ? .sent : .draft }
            // Credited in full: the credit notes cover all the document asked for.
            if account.credited > 0, account.credited >= account.payable { return .credited }
            let received = account.received > 0
            let balance = account.balance
            if received || account.asIssued.due == 0 || account.credited > 0, balance <= 0, happened(document.sent) || received { return .paid }
            if happened(document.sent) || received, let dueDate = account.dueDate, dueDate < today, balance > 0 {
                return .overdue
            }
            if received { return .partial }
            return happened(document.sent) ? .sent : .draft
        case .estimate:
            // Callers that ask for many statuses pass `conversions` once instead of recomputing it.
            if let invoice = (conversions ?? self.conversions)[document.number], let issued = self.document(invoice)?.issued.value,
               issued <= today {
                return .converted
            }
            if happened(document.declined) { return .declined }
            if happened(document.accepted) { return .accepted }
            if let validUntil = document.figures?.dueDate, validUntil < today { return .expired }
            return happened(document.sent) ? .sent : .draft
        }
    }

    /// A credit note counts once it was sent, or once money went back on it, like an invoice.
    public func isInEffect(_ creditNote: Document, on day: Day) -> Bool {
        effectiveDate(of: creditNote).map { $0 <= day } ?? false
    }

    /// Payments received on or before `day`, in minor units.
    public func paidAmount(of document: Document, through day: Day) -> Int64 {
        guard let figures = document.figures else { return 0 }
        var sum: Int64 = 0
        for (payment, amount) in zip(document.payments, figures.payments) where payment.date.value <= day {
            sum += amount
        }
        return sum
    }
}
