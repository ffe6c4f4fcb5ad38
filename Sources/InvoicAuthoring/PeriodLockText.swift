import InvoicBook
import InvoicDiagnostics

/// invoic.yaml with `locked_until:` set to a later day (`invoic lock`): the value replaced where it
/// is written (the rest of the line, a comment, kept), or the key added at the end.
public enum PeriodLockText {
    /// - Throws: `.refused` when `day` would move the lock back or leave it where it is: a filed
    ///   period is not reopened by the tool; correcting a return is done by filing a correction.
    public static func locking(_ text: String, until day: Day, current: Located<Day>?, today: Day) throws(AuthoringError) -> String {
        guard day <= today else {
            throw .refused("\(day) is after today (\(today)): a VAT period is filed once it is over; lock it then")
        }
        guard let current else {
            let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
            return text + separator + "locked_until: \(YAMLText.scalar(day.description))   # the VAT returns up to this day are filed\n"
        }
        guard day > current.value else {
            throw .refused(day == current.value
                ? "the book is already locked until \(day)"
                : "the book is locked until \(current.value); a lock never moves back to \(day): a filed return is corrected by filing a correction, and the book records the change in an open period")
        }
        var lines = text.components(separatedBy: "\n")
        let index = current.range.start.line - 1
        let old = current.value.description
        guard lines.indices.contains(index), let found = lines[index].range(of: old) else {
            throw .refused("cannot find `locked_until: \(old)` on line \(current.range.start.line) of invoic.yaml; write `locked_until: \(day)` there by hand")
        }
        lines[index].replaceSubrange(found, with: day.description)
        return lines.joined(separator: "\n")
    }
}
