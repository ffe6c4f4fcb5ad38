import Foundation
import InvoicTestSupport
import Testing

/// Issue 46, point 1: `init --country FR` writes the French mentions (docs/france.md) where a
/// French business fills them in, and the book checks once they are.
@Suite struct FrenchInitTests {
    @Test func initCountryFRWritesTheFrenchMentions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-fr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let initialized = try Invoic.run(["init", "book", "--country", "FR"], in: folder)
        #expect(initialized.status == 0, "\(initialized.stderr)")
        let settingsURL = folder.appendingPathComponent("book/invoic.yaml")
        var settings = try String(contentsOf: settingsURL, encoding: .utf8)
        for line in ["  # siren: \"your 9-digit SIREN\"", "  # billing_mode: S1", "  # vat_on_debits: true",
                     "  # electronic_address: \"0225:<your SIREN>\"", "TVA non applicable, art. 293 B du CGI", "locale: fr_FR"] {
            #expect(settings.contains(line), "\(line) missing:\n\(settings)")
        }
        // Filled in: a French address and a SIREN with a wrong check digit, then the right one.
        settings = settings.replacingOccurrences(of: "  # siren: \"your 9-digit SIREN\"", with: "  siren: \"732829321\"\n  address: { city: Lyon, country: FR }")
            .replacingOccurrences(of: "  # billing_mode: S1", with: "  billing_mode: S1")
        try settings.write(to: settingsURL, atomically: true, encoding: .utf8)
        let wrong = try Invoic.run(["check", "-C", "book"], in: folder)
        #expect(wrong.status != 0 && wrong.stderr.contains("invalid-siren"), "\(wrong.stderr)")
        try settings.replacingOccurrences(of: "732829321", with: "732829320").write(to: settingsURL, atomically: true, encoding: .utf8)
        let checked = try Invoic.run(["check", "-C", "book"], in: folder)
        #expect(checked.status == 0, "\(checked.stderr)")
        let other = try Invoic.run(["init", "de", "--country", "DE"], in: folder)
        #expect(other.status == 0)
        #expect(!(try String(contentsOf: folder.appendingPathComponent("de/invoic.yaml"), encoding: .utf8)).contains("siren"))
    }
}
