import InvoicBook
import InvoicMoney

/// Puts the difference between two versions of a document into words.
struct StoryTeller {
    /// - Parameter movedTo: the new path when the file moved without changing its number.
    func events(from old: Document?, to new: Document?, version: Version?, movedTo: String? = nil, wasFixed: Bool,
                quietWhenSame: Bool = false) -> [String] {
        guard let new else {
            guard old != nil else { return [] }
            return [version?.renamedTo.map { "renumbered to \($0) (the file was renamed)" } ?? "deleted"]
        }
        guard let old else { return created(new, version: version) }

        var events: [String] = []
        if let movedTo { events.append("moved to \(movedTo)") }
        let resolved = old.figures != nil && new.figures != nil
        let before = Snapshot(old, resolved: resolved), after = Snapshot(new, resolved: resolved)
        let changes = before.differences(to: after).filter { !["sent", "accepted", "total"].contains($0.key) }
        for change in changes { events.append(Self.words(change)) }
        if let total = before.total, let now = after.total, total.value != now.value {
            events.append("total: \(total.shown ?? "") → \(now.shown ?? "")")
        }
        if !changes.isEmpty, wasFixed {
            events.append("(a change to the \(old.fixedName): `invoic check --history` reports it)")
        }
        events += dated("sent", old.sent?.value, new.sent?.value, first: new.kind.isBilling ? "sent on %@ (issued)" : "sent on %@")
        events += dated("accepted", old.accepted?.value, new.accepted?.value, first: "accepted on %@")
        events += dated("declined", old.declined?.value, new.declined?.value, first: "declined on %@")
        events += payments(old, new)
        switch (old.void, new.void) {
        case (nil, let void?): events.append(Self.voided(void))
        case (_?, nil): events.append("the void was removed")
        case (let a?, let b?) where a.date.value != b.date.value || a.reason != b.reason: events.append(Self.voided(b) + " (void changed)")
        default: break
        }
        if events.isEmpty, !quietWhenSame { events.append("no value changed (layout or comments only)") }
        return events
    }

    private func created(_ document: Document, version: Version?) -> [String] {
        var line = version?.renamedFrom.map { "renumbered from \($0) as " } ?? "created as "
        line += version?.path ?? document.file
        let lines = document.items.count
        line += ": issued \(document.issued.value), \(lines) line\(lines == 1 ? "" : "s")"
        if let figures = document.figures { line += ", total \(MoneyFormat.format(figures.total, figures.currency, locale: figures.locale))" }
        var events = [line]
        if let estimate = document.fromEstimate?.value { events.append("converted from \(estimate)") }
        if let sent = document.sent?.value { events.append(document.kind.isBilling ? "sent on \(sent) (issued)" : "sent on \(sent)") }
        if let accepted = document.accepted?.value { events.append("accepted on \(accepted)") }
        if let declined = document.declined?.value { events.append("declined on \(declined)") }
        events += payments(nil, document)
        if let void = document.void { events.append(Self.voided(void)) }
        return events
    }

    private func dated(_ name: String, _ old: Day?, _ new: Day?, first: String) -> [String] {
        switch (old, new) {
        case (nil, let day?): return [first.replacingOccurrences(of: "%@", with: day.description)]
        case (let was?, nil): return ["\(name) date \(was) removed"]
        case (let was?, let day?) where was != day: return ["\(name) date moved from \(was) to \(day)"]
        default: return []
        }
    }

    /// Payments added and removed, matched by date, amount, method and note, then what is left to pay.
    private func payments(_ old: Document?, _ new: Document) -> [String] {
        func key(_ payment: Payment) -> String {
            "\(payment.date.value)|\(payment.amount.value.normalized)|\(payment.method.rawValue)|\(payment.note ?? "")"
        }
        var remaining = (old?.payments ?? []).map(key)
        var events: [String] = []
        for (index, payment) in new.payments.enumerated() {
            if let match = remaining.firstIndex(of: key(payment)) {
                remaining.remove(at: match)
                continue
            }
            var line = "payment of \(amount(payment, at: index, in: new)) on \(payment.date.value) by \(payment.method.rawValue.replacingOccurrences(of: "_", with: " "))"
            if let note = payment.note { line += " (\(note))" }
            events.append(line)
        }
        for payment in old?.payments ?? [] where remaining.contains(key(payment)) {
            remaining.remove(at: remaining.firstIndex(of: key(payment))!)
            events.append("payment of \(payment.amount.value) on \(payment.date.value) removed")
        }
        if !events.isEmpty, let figures = new.figures {
            let balance = figures.balance
            events.append(balance <= 0 ? "paid in full" : "\(MoneyFormat.format(balance, figures.currency, locale: figures.locale)) still due")
        }
        return events
    }

    private func amount(_ payment: Payment, at index: Int, in document: Document) -> String {
        guard let figures = document.figures, index < figures.payments.count else { return payment.amount.value.description }
        return MoneyFormat.format(figures.payments[index], figures.currency, locale: figures.locale)
    }

    static func voided(_ void: Document.Voiding) -> String {
        "voided on \(void.date.value)" + (void.reason.map { ": \($0)" } ?? "")
    }

    /// "price of line 2: 120.00 → 130.00", "added line 3: Travel (1 × 80.00)".
    static func words(_ change: Difference) -> String {
        switch change.shape {
        case .lineAdded(let n): return "added line \(n): \(change.after ?? "")"
        case .lineRemoved(let n): return "removed line \(n): \(change.before ?? "")"
        case .value:
            switch (change.before, change.after) {
            case (let before?, let after?): return "\(change.label): \(before) → \(after)"
            case (let before?, nil): return "\(change.label): \(before) removed"
            case (nil, let after?): return "\(change.label): set to \(after)"
            case (nil, nil): return "\(change.label) changed"
            }
        }
    }
}
