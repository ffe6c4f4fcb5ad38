import Testing
@testable import InvoicAuthoring

/// `CountryDefaults.codes` names `invoic init`'s countries without building the table (every
/// command's help is read on every run): it must list the same countries, in the same order.
@Suite struct CountryDefaultsCodesTests {
    @Test func theCodesAreTheTablesCountriesInOrder() {
        #expect(CountryDefaults.codes == CountryDefaults.table.map(\.country))
        #expect(CountryDefaults.codes.first == "US")
        #expect(CountryDefaults.codes.contains("DE") && CountryDefaults.codes.contains("AT"))
        #expect(CountryDefaults.codes.allSatisfy { $0.count == 2 && $0 == $0.uppercased() })
    }
}
