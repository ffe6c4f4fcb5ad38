import Foundation
import Hummingbird
import HummingbirdTesting
import InvoicBook
import InvoicPeppol
import InvoicReport
import InvoicSDI
@testable import InvoicServe
import InvoicTestSupport
import Testing

/// Issue 47: the document page's Peppol and SdI badges say the transmission's state in the book's
/// language, like every other word of the page; the raw state (`rejected`, `transit`) stays only
/// the badge's CSS class. The expected words are written here by hand: the SdI's own Italian terms
/// (scartata, mancata consegna, decorrenza termini, ...) and German ones.
@Suite struct TransmissionBadgeLanguageTests {
    static let italianSdI = [
        "recorded": "registrata", "sent": "inviata", "failed": "invio non riuscito", "delivered": "consegnata",
        "rejected": "scartata", "undelivered": "mancata consegna", "expired": "decorrenza termini",
        "attested": "impossibilità di recapito", "accepted": "accettata", "refused": "rifiutata",
    ]
    static let germanPeppol = [
        "recorded": "erfasst", "created": "angelegt", "requested": "angefordert", "refused": "abgelehnt",
        "transit": "unterwegs", "delivered": "zugestellt", "failed": "fehlgeschlagen",
    ]

    /// The studio book in another locale.
    static func book(locale: String) throws -> URL {
        let root = try ServeTests.book()
        let settings = root.appendingPathComponent("invoic.yaml")
        let text = try String(contentsOf: settings, encoding: .utf8)
        #expect(text.contains("  locale: en_GB\n"))
        try text.replacingOccurrences(of: "  locale: en_GB\n", with: "  locale: \(locale)\n").write(to: settings, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("outbox/2026/INV-2026-013"), withIntermediateDirectories: true)
        return root
    }

    static func page(_ root: URL) async throws -> String {
        try await ServeTests.server(root).application().test(.router) { client in
            try await client.execute(uri: "/documents/INV-2026-013", method: .get) { response in String(buffer: response.body) }
        }
    }

    @Test func anItalianBooksSdIBadgeSpeaksItalian() async throws {
        #expect(Set(Self.italianSdI.keys) == Set(SDIRecord.State.allCases.map(\.rawValue)), "every SdI state has its Italian word here")
        let root = try Self.book(locale: "it_IT")
        defer { try? FileManager.default.removeItem(at: root) }
        for (state, italian) in Self.italianSdI.sorted(by: { $0.key < $1.key }) {
            try SDIServeTests.record(state, errors: state == "rejected" ? [("00100", "Certificato di firma scaduto")] : [])
                .write(to: root.appendingPathComponent("outbox/2026/INV-2026-013/sdi.yaml"), atomically: true, encoding: .utf8)
            let html = try await Self.page(root)
            #expect(html.contains("<span class=\"pill sdi \(state)\" title=\"IT03456789019_00013.xml, 2026-11-20T10:30:00Z\">SdI: \(italian)</span>"),
                    "\(state): \(html.prefix(1500))")
            #expect(!html.contains("SdI: \(state)<"), "no raw state: \(state)")
        }
    }

    @Test func aGermanBooksPeppolBadgeSpeaksGerman() async throws {
        #expect(Set(Self.germanPeppol.keys) == Set(TransmissionState.allCases.map(\.rawValue)), "every Peppol state has its German word here")
        let root = try Self.book(locale: "de_DE")
        defer { try? FileManager.default.removeItem(at: root) }
        for (state, german) in Self.germanPeppol.sorted(by: { $0.key < $1.key }) {
            let record = "number: INV-2026-013\nattempts:\n  - key: \"k-1\"\n    provider: e-invoice.be\n    url: http://127.0.0.1:9\n    sender: \"9914:ATU68231451\"\n"
                + "    receiver: \"0208:0477472701\"\n    file: INV-2026-013.peppol.xml\n    sha256: \"00\"\n    provider_id: doc-1\n    history:\n"
                + "      - at: 2026-11-20T09:00:00Z\n        state: \(state)\n"
            try record.write(to: root.appendingPathComponent("outbox/2026/INV-2026-013/peppol.yaml"), atomically: true, encoding: .utf8)
            let html = try await Self.page(root)
            #expect(html.contains("<span class=\"pill peppol \(state)\" title=\"e-invoice.be, 2026-11-20T09:00:00Z\">Peppol: \(german)</span>"),
                    "\(state): \(html.prefix(1500))")
            #expect(!html.contains("Peppol: \(state)<"), "no raw state: \(state)")
            #expect(ServeLanguageTests.leftovers(html).isEmpty, "\(ServeLanguageTests.leftovers(html))")
        }
    }

    /// Every language the app ships has its own word for every state: none falls back to English.
    @Test func everyLanguageHasAWordForEveryState() {
        let english = AppWords(locale: "en_GB")
        for language in AppWords.languages where language != "en" {
            let words = AppWords(locale: language)
            #expect(words.language == language)
            for state in TransmissionState.allCases.map(\.rawValue) {
                #expect(words.peppolState(state) != english.peppolState(state) && !words.peppolState(state).contains("_"), "\(language) peppol \(state)")
            }
            for state in SDIRecord.State.allCases.map(\.rawValue) {
                #expect(words.sdiState(state) != english.sdiState(state) && !words.sdiState(state).contains("_"), "\(language) sdi \(state)")
            }
        }
    }
}
