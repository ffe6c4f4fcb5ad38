import Testing
@testable import InvoicBook

@Suite struct NumberPatternTests {
    @Test func matchesOnlyTheCanonicalForm() throws {
        let pattern = try #require(NumberPattern.parse("INV-{seq:4}"))
        #expect(pattern.match("INV-0007")?.sequence == 7)
        #expect(pattern.match("INV-12345")?.sequence == 12345)
        #expect(pattern.match("INV-7") == nil)
        #expect(pattern.match("INV-00007") == nil)
        #expect(pattern.match("inv-0007") == nil)
        #expect(pattern.match("INV-0007a") == nil)
    }

    @Test func yearlyPatternsCarryTheYear() throws {
        let pattern = try #require(NumberPattern.parse("INV-{year}-{seq:3}"))
        #expect(pattern.match("INV-2026-004") == NumberPattern.Parts(year: 2026, sequence: 4))
        #expect(pattern.format(year: 2027, sequence: 1) == "INV-2027-001")
        #expect(pattern.hasYear)
    }

    @Test func malformedPatternsAreRejected() {
        #expect(NumberPattern.parsing("INV") == .failure(.noSequence))
        #expect(NumberPattern.parsing("{seq}-{seq}") == .failure(.twoSequences))
        #expect(NumberPattern.parsing("{year}{year}{seq}") == .failure(.twoYears))
        #expect(NumberPattern.parsing("INV-{number}") == .failure(.unknownPlaceholder("number")))
        #expect(NumberPattern.parsing("INV-{seq:x}") == .failure(.badWidth("seq:x")))
        #expect(NumberPattern.parsing("INV-{seq") == .failure(.unclosedBrace))
    }
}
