/// Where a document stands, derived from its dated facts and "today"; never written in a file.
public enum Status: String, Sendable, Hashable, CaseIterable, Comparable {
    // invoices
    case draft, sent, partial, overdue, paid, void
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
        for invoice in invoices.sorted(by: { $0.number < $1.number }) {
            if let estimate = invoice.fromEstimate?.value, result[estimate] == nil { result[estimate] = invoice.number }
        }
        return result
    }

    /// The status of `document` as of `today`. Facts dated after today (a payment recorded
    /// ahead, a void next week) do not count yet, so a report for a past day tells that day's truth.
    /// Overdue wins over partial: a part-paid invoice past its due date is overdue.
    public func status(of document: Document, today: Day, conversions: [String: String]? = nil) -> Status {
        func happened(_ day: Located<Day>?) -> Bool { day.map { $0.value <= today } ?? false }
        switch document.kind {
        case .invoice:
            if let void = document.void, void.date.value <= today { return .void }
            let paid = document.payments.isEmpty ? 0 : paidAmount(of: document, through: today)
            let total = document.figures?.payable ?? 0
            let due = total - paid
            if document.figures != nil, paid > 0 || total == 0, due <= 0, happened(document.sent) || paid > 0 { return .paid }
            if happened(document.sent) || paid > 0, let dueDate = document.figures?.dueDate, dueDate < today, due > 0 {
                return .overdue
            }
            if paid > 0 { return .partial }
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
