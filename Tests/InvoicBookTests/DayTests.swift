import Testing
@testable import InvoicBook

@Suite struct DayTests {
    @Test func parsesOnlyRealDaysInExactForm() {
        #expect(Day("2026-03-01") == Day(year: 2026, month: 3, day: 1))
        #expect(Day("2024-02-29") != nil)
        #expect(Day("2026-02-29") == nil)
        #expect(Day("2026-3-1") == nil)
        #expect(Day("2026-13-01") == nil)
        #expect(Day("26-03-01") == nil)
        #expect(Day("2026-03-01 ") == nil)
        #expect(Day("２０２６-03-01") == nil)
    }

    @Test func ordinalRoundTripsAndAddsAcrossMonthsAndLeapYears() throws {
        let day = try #require(Day("2024-02-28"))
        #expect(day.adding(days: 1).description == "2024-02-29")
        #expect(day.adding(days: 2).description == "2024-03-01")
        #expect(try #require(Day("2026-12-15")).adding(days: 30).description == "2027-01-14")
        #expect(Day(ordinal: 0).description == "1970-01-01")
        #expect(try #require(Day("2026-03-01")).days(until: try #require(Day("2026-03-31"))) == 30)
    }
}
