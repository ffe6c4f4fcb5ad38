import Foundation
import InvoicBook
import InvoicTestSupport
@testable import InvoicReport
import Testing

/// build/calendar.ics (RFC 5545): an event per open invoice on its due date and per sent
/// estimate on its expiry (drafts of either have none), stable UIDs, an alarm; folded, escaped and byte-reproducible.
@Suite struct CalendarTests {
    /// Content lines unfolded, as a calendar app reads them.
    static func unfolded(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n").filter { !$0.isEmpty }
    }

    @Test func theStudioCalendarHasItsOpenDocumentsAndIsWellFormed() throws {
        let report = try loadReport(at: Paths.examples.appendingPathComponent("studio").path, today: "2026-11-21")
        let text = report.calendar()
        #expect(text == report.calendar())
        #expect(text.hasSuffix("END:VCALENDAR\r\n") && !text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "CRLF only")
        for line in text.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75, "\(line)") }
        let lines = Self.unfolded(text)
        var stack: [String] = []
        for line in lines {
            if line.hasPrefix("BEGIN:") { stack.append(String(line.dropFirst(6))) }
            if line.hasPrefix("END:") { #expect(stack.popLast() == String(line.dropFirst(4))) }
        }
        #expect(stack.isEmpty)
        let uids = lines.filter { $0.hasPrefix("UID:") }
        let open = report.invoices.filter { [.sent, .partial, .overdue].contains($0.status) }
        let pending = report.estimates.filter { $0.status == .sent }
        #expect(uids.count == open.count + pending.count && !open.isEmpty && !pending.isEmpty)
        #expect(Set(uids).count == uids.count)
        #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == uids.count && lines.filter { $0 == "TRIGGER:-P1D" }.count == uids.count)
        #expect(lines.contains("UID:INV-2026-008@studio-brenner.invoic"))
        let event = try #require(text.components(separatedBy: "BEGIN:VEVENT").first { $0.contains("UID:INV-2026-008@") })
        let eventLines = Self.unfolded(event)
        #expect(eventLines.contains("DTSTART;VALUE=DATE:20261130") && eventLines.contains("DTEND;VALUE=DATE:20261201"))
        #expect(eventLines.contains("SUMMARY:INV-2026-008 due: Danube Arts Festival\\, €797.60"), "\(eventLines)")
        #expect(!lines.contains { $0.hasPrefix("UID:INV-2026-007@") }, "a paid invoice has no event")
        // A draft invoice and a draft estimate alike: not sent, so nothing the client was told.
        let drafts = report.invoices.filter { $0.status == .draft }.map(\.number) + report.estimates.filter { $0.status == .draft }.map(\.number)
        #expect(!drafts.isEmpty && !drafts.contains { number in lines.contains { $0.hasPrefix("UID:\(number)@") } }, "\(drafts)")
    }

    /// A reader that is not ours (PyPI's icalendar, in the venv `make test` makes) takes every
    /// event with its dates, summary and alarm as written.
    @Test func icalendarReadsTheCalendarBack() throws {
        let report = try loadReport(at: Paths.examples.appendingPathComponent("studio").path, today: "2026-11-21")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-ics-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("calendar.ics")
        try report.calendar().write(to: file, atomically: true, encoding: .utf8)
        let python = Paths.repository.appendingPathComponent(".build/einvoice-venv/bin/python")
        let read = try runProcess(python, ["-c", """
            import sys
            from icalendar import Calendar
            calendar = Calendar.from_ical(open(sys.argv[1], "rb").read())
            for event in calendar.walk("VEVENT"):
                alarms = [str(alarm["TRIGGER"].dt) for alarm in event.walk("VALARM")]
                print(event["UID"], event["DTSTART"].dt, event["DTEND"].dt, alarms, event["SUMMARY"], sep=" | ")
            """, file.path])
        #expect(read.status == 0, "\(read.stderr)")
        let lines = read.stdout.split(separator: "\n")
        #expect(lines.count == report.invoices.filter { [.sent, .partial, .overdue].contains($0.status) }.count
                + report.estimates.filter { $0.status == .sent }.count)
        #expect(lines.contains("INV-2026-008@studio-brenner.invoic | 2026-11-30 | 2026-12-01 | ['-1 day, 0:00:00'] | INV-2026-008 due: Danube Arts Festival, €797.60"), "\(lines)")
    }

    @Test func textIsEscapedAndLongLinesFoldWithoutSplittingCharacters() {
        #expect(IndexReport.escapedText("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne")
        let folded = IndexReport.folded("SUMMARY:" + String(repeating: "é", count: 60))
        let parts = folded.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        #expect(parts.count == 2 && parts.allSatisfy { $0.utf8.count <= 75 } && parts[1].hasPrefix(" "))
        #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == "SUMMARY:" + String(repeating: "é", count: 60) + "\r\n")
        #expect(IndexReport.calendarID("Müller & Söhne GmbH") == "m-ller-s-hne-gmbh.invoic")
    }
}
