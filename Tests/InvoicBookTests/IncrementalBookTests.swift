import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicTestSupport
import Testing

/// The language server's engine (`IncrementalBook`) checks an edit of one document at that
/// document's cost; these tests prove it finds exactly what a whole check of the edited book finds.
@Suite struct IncrementalBookTests {
    static let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("examples")

    /// A deterministic generator (SplitMix64): a failure replays with the same seed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// One random edit of a document's text: the kinds of change that move the cross-document
    /// findings (client, dates, numbers, references, payments, voids) and the ones that break
    /// the file (garbage, a lost line), or the file as it was.
    static func edit(_ text: String, original: String, numbers: [String], clients: [String], using random: inout Generator) -> String {
        var lines = text.components(separatedBy: "\n")
        let day = "2026-\(String(format: "%02d", Int.random(in: 1...12, using: &random)))-\(String(format: "%02d", Int.random(in: 1...28, using: &random)))"
        let number = numbers.randomElement(using: &random) ?? "INV-0001"
        func replaceKey(_ key: String, _ value: String) {
            if let index = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) { lines[index] = "\(key): \(value)" } else { lines.insert("\(key): \(value)", at: 0) }
        }
        switch Int.random(in: 0..<14, using: &random) {
        case 0: replaceKey("client", (clients + ["nobody", "acmee"]).randomElement(using: &random)!)
        case 1: replaceKey("issued", day)
        case 2: replaceKey("sent", day)
        case 3: replaceKey("corrects", number)
        case 4: replaceKey("from_estimate", number)
        case 5: replaceKey(["accepted", "declined"].randomElement(using: &random)!, day)
        case 6: replaceKey("void", "{ date: \(day), reason: Billed twice }")
        case 7: replaceKey("payments", "[{ date: \(day), amount: \(Int.random(in: 1...20_000, using: &random)).00, method: transfer }]")
        case 8: replaceKey("due", day)
        case 9:
            if !lines.isEmpty { lines.remove(at: Int.random(in: 0..<lines.count, using: &random)) }
        case 10: lines.insert(["items: [", "  - : :", "\tbad", "client: [unclosed"].randomElement(using: &random)!, at: Int.random(in: 0...lines.count, using: &random))
        case 11:
            // A digit changed: amounts, quantities, dates and rates move.
            var characters = Array(lines.joined(separator: "\n"))
            let digits = characters.indices.filter { characters[$0].isNumber }
            if let index = digits.randomElement(using: &random) { characters[index] = Character(String(Int.random(in: 0...9, using: &random))) }
            return String(characters)
        case 12: replaceKey("number", number)
        default: return original
        }
        return lines.joined(separator: "\n")
    }

    /// `number` with its last run of digits raised by `step`, as wide as it was: INV-2026-009 -> INV-2026-010.
    static func advance(_ number: String, by step: Int) -> String {
        let characters = Array(number)
        guard let end = characters.lastIndex(where: \.isNumber) else { return number + "-\(step)" }
        var start = end
        while start > 0, characters[start - 1].isNumber { start -= 1 }
        let digits = String(characters[start...end])
        let raised = String(Int(digits)! + step)
        return String(characters[..<start]) + String(repeating: "0", count: max(0, digits.count - raised.count)) + raised + String(characters[(end + 1)...])
    }

    func replay(_ example: String, seed: UInt64, edits: Int) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-incremental-\(UUID().uuidString)").path
        try FileManager.default.copyItem(atPath: Self.examples.appendingPathComponent(example).path, toPath: root)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let book = (root: root, ())
        let engine = IncrementalBook(root: book.root)
        let first = try engine.checkAll()
        #expect(first.diagnostics == (try BookChecker.check(at: book.root)).diagnostics)
        let documents = first.book.documents.map(\.file)
        let numbers = first.book.documents.map(\.number)
        let clients = first.book.clients.keys.sorted()
        // New files too, in the book's own series: the next free number of each kind, one
        // that leaves a gap, and one that takes a number already used.
        var fresh: [String] = []
        for kind in DocumentKind.allCases {
            guard let last = first.book.documents.last(where: { $0.kind == kind }) else { continue }
            let folder = (last.file as NSString).deletingLastPathComponent
            for step in [1, 3] { fresh.append("\(folder)/\(Self.advance(last.number, by: step)).yaml") }
            fresh.append("\(folder)/copy/\(last.number).yaml")
        }
        var texts: [String: String] = [:]
        var random = Generator(state: seed)
        var incremental = 0
        for step in 0..<edits {
            let path = (documents + fresh + fresh).randomElement(using: &random)!
            let original = try? String(contentsOfFile: book.root + "/" + path, encoding: .utf8)
            let template = try String(contentsOfFile: book.root + "/" + documents[0], encoding: .utf8)
            let current = texts[path] ?? original ?? template
            let text = Self.edit(current, original: original ?? current, numbers: numbers, clients: clients, using: &random)
            texts[path] = text
            let overrides = texts.mapValues { Array($0.utf8) }
            let whole = try BookChecker.check(at: book.root, overrides: overrides)
            let checked: CheckedBook
            if let updated = engine.update(path: path, bytes: Array(text.utf8)) {
                checked = updated
                incremental += 1
            } else {
                checked = try engine.checkAll(overrides: overrides)
            }
            let context = "\(example) seed \(seed) step \(step): \(path)\n\(text)"
            #expect(checked.diagnostics == whole.diagnostics, "\(context)\nonly incremental: \(Set(checked.diagnostics).subtracting(whole.diagnostics))\nonly whole: \(Set(whole.diagnostics).subtracting(checked.diagnostics))")
            #expect(checked.book.documents.map(\.file) == whole.book.documents.map(\.file), "\(context)")
            #expect(checked.book.documents.map { $0.figures?.total } == whole.book.documents.map { $0.figures?.total }, "\(context)")
            #expect(checked.book.unreadable.map(\.file) == whole.book.unreadable.map(\.file), "\(context)")
            if checked.diagnostics != whole.diagnostics { return }
            // Now and then a save: the whole book read again, the edits staying.
            if step % 25 == 24 { _ = try engine.checkAll(overrides: overrides) }
        }
        // The edits went through the engine, not around it.
        #expect(incremental > edits * 3 / 4, "only \(incremental) of \(edits) edits were incremental")
    }

    @Test(arguments: ["studio", "conseil", "poland", "wholesale"])
    func randomEditsFindWhatAWholeCheckFinds(_ example: String) throws {
        try replay(example, seed: 41, edits: 200)
    }

    @Test func anEditOfSettingsOrAClientReadsTheWholeBook() throws {
        let book = TestBook(["invoices/INV-0001.yaml": invoice()])
        defer { book.remove() }
        let engine = IncrementalBook(root: book.root)
        _ = try engine.checkAll()
        #expect(engine.update(path: "clients/acme.yaml", bytes: Array("name: Acme\n".utf8)) == nil)
        #expect(engine.update(path: "invoic.yaml", bytes: Array(TestBook.settings.utf8)) == nil)
        // A document edit is incremental and sees the cross-document rules: a duplicate of the
        // number in another file, then the client unknown.
        let duplicate = try #require(engine.update(path: "invoices/2026/INV-0001.yaml", bytes: Array(invoice().utf8)))
        #expect(duplicate.diagnostics.map(\.code) == [.duplicateNumber])
        let unknown = try #require(engine.update(path: "invoices/INV-0001.yaml", bytes: Array(invoice(client: "acmee").utf8)))
        #expect(Set(unknown.diagnostics.map(\.code)) == [.duplicateNumber, .unknownClient])
    }
}
