import InvoicBook
import InvoicMoney

// RFC 5545: one all-day event per open invoice on its due date, per purchase to pay on its due
// date, and per sent estimate on the day it expires, each with an alarm the day before. Drafts of either kind have none: the client has
// not seen them, and their dates change when they are sent. UIDs are the number at the book, so a calendar
// app that subscribes to build/calendar.ics updates an event when the invoice changes and drops
// it once paid. DTSTAMP is the issue date, not the clock: the same book gives the same bytes.

extension IndexReport {
    /// The calendar as RFC 5545 text: CRLF line ends, lines folded at 75 octets.
    public func calendar() -> String {
        var lines = [
            "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//invoic//due dates//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH",
            "X-WR-CALNAME:" + Self.escapedText(business + " · " + words["invoices"]),
        ]
        let book = Self.calendarID(business)
        for row in invoices where [.sent, .partial, .overdue].contains(row.status) {
            guard let due = row.due else { continue }
            let amount = money(row.balance)
            lines += Self.event(uid: "\(row.number)@\(book)", issued: row.issued, day: due,
                                summary: "\(row.number) \(words["due"].lowercased()): \(row.clientName), \(amount)",
                                description: "\(row.number) · \(row.clientName) · \(words["issued"]) \(row.issued) · \(words["due_amount"]) \(amount)",
                                category: "invoice", alarm: "\(row.number) · \(amount)")
        }
        for row in estimates where row.status == .sent {
            guard let validUntil = row.validUntil else { continue }
            let amount = money(row.total)
            lines += Self.event(uid: "\(row.number)@\(book)", issued: row.issued, day: validUntil,
                                summary: "\(row.number) \(words["valid_until"].lowercased()): \(row.clientName), \(amount)",
                                description: "\(row.number) · \(row.clientName) · \(words["issued"]) \(row.issued) · \(words["total"]) \(amount)",
                                category: "estimate", alarm: "\(row.number) · \(amount)")
        }
        // Purchases to pay (issue 29): the day the supplier wants the money.
        for row in purchases where row.type == "invoice" && ["open", "partial", "overdue"].contains(row.status) {
            guard let due = row.due else { continue }
            let amount = money(row.balance)
            lines += Self.event(uid: "purchase-\(row.supplierID)-\(row.number)@\(book)", issued: row.issued, day: due,
                                summary: "\(row.number) \(words["due"].lowercased()): \(words["payables"]) \(row.supplierName), \(amount)",
                                description: "\(row.number) · \(row.supplierName) · \(words["issued"]) \(row.issued) · \(words["due_amount"]) \(amount)",
                                category: "purchase", alarm: "\(row.number) · \(row.supplierName) · \(amount)")
        }
        lines.append("END:VCALENDAR")
        return lines.map(Self.folded).joined()
    }

    static func event(uid: String, issued: Day, day: Day, summary: String, description: String, category: String, alarm: String) -> [String] {
        [
            "BEGIN:VEVENT",
            "UID:" + escapedText(uid),
            "DTSTAMP:" + compact(issued) + "T000000Z",
            "DTSTART;VALUE=DATE:" + compact(day),
            "DTEND;VALUE=DATE:" + compact(day.adding(days: 1)),
            "SUMMARY:" + escapedText(summary),
            "DESCRIPTION:" + escapedText(description),
            "CATEGORIES:" + category,
            "TRANSP:TRANSPARENT",
            "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:" + escapedText(alarm), "TRIGGER:-P1D", "END:VALARM",
            "END:VEVENT",
        ]
    }

    /// `20261205`.
    static func compact(_ day: Day) -> String { day.description.replacingOccurrences(of: "-", with: "") }

    /// TEXT values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11).
    static func escapedText(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n", "\r\n", "\r": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// A content line folded after 75 octets (a CRLF and a space before each continuation),
    /// never inside a UTF-8 sequence (RFC 5545 3.1).
    static func folded(_ line: String) -> String {
        var result = ""
        var width = 0
        for character in line {
            let octets = character.utf8.count
            if width + octets > 75 {
                result += "\r\n "
                width = 1
            }
            result.append(character)
            width += octets
        }
        return result + "\r\n"
    }

    /// The book's part of every UID: its business name in lower-case letters and digits.
    static func calendarID(_ business: String) -> String {
        let slug = business.lowercased().unicodeScalars.map { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) ? Character($0) : "-" }
        let joined = String(slug).split(separator: "-").joined(separator: "-")
        return (joined.isEmpty ? "book" : joined) + ".invoic"
    }
}
