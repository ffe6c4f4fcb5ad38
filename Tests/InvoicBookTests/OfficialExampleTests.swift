import Foundation
import InvoicBook
import InvoicDiagnostics
import InvoicMoney
import InvoicTestSupport
import Testing

/// The official EN 16931, Peppol BIS (Swedish) and XRechnung example invoices and credit notes,
/// written as books (Tests/Fixtures/official, made by scripts/official-example-to-book.py): invoic
/// computes every official figure to the cent (line nets, BT-106 to BT-115, tax per group), and a
/// stated figure one cent off is an error. Between them they hold negative lines and a negative
/// invoice, a credit note, line and document allowances and charges with percents and bases,
/// allowances on one of several tax groups, price base quantities of 12, 365 and 366, a price with
/// nine decimals, exempt and outside-scope groups, prepaid amounts and Swedish whole-krona rounding.
@Suite struct OfficialExampleTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/official")
    static var books: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { name in
            FileManager.default.fileExists(atPath: directory.appendingPathComponent(name).appendingPathComponent("invoic.yaml").path)
        }.sorted()
    }

    @Test func everyKindOfCaseIsCovered() {
        #expect(Self.books.count >= 12, "\(Self.books)")
    }

    /// What `invoic check` says about the book (most: nothing), then every figure against expected.json.
    @Test(arguments: books) func reproducesEveryOfficialFigure(_ name: String) throws {
        let root = Self.directory.appendingPathComponent(name)
        let checked = try BookChecker.check(at: root.path)
        let said = DiagnosticRenderer(format: .gnu).render(checked.diagnostics)
        try expectGolden(said, at: root.appendingPathComponent("expected-diagnostics.txt"))

        let expected = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("expected.json"))) as! [String: [String: Any]]
        #expect(!expected.isEmpty)
        for (number, figures) in expected.sorted(by: { $0.key < $1.key }) {
            let document = try #require(checked.book.document(number), "\(name): no \(number)")
            let computed = try #require(document.figures, "\(name): \(number) has no figures")
            let currency = computed.currency
            func minor(_ key: String) throws -> Int64 {
                let text = try #require(figures[key] as? String, "\(name) \(number): no \(key)")
                return try #require(try DecimalNumber.parse(text).get().minorUnits(in: currency), "\(text)")
            }
            let lines = try (figures["lines"] as! [String]).map { try #require(try DecimalNumber.parse($0).get().minorUnits(in: currency)) }
            #expect(computed.lines.map(\.amount) == lines, "\(name) \(number): line nets (BT-131)")
            let b = computed.breakdown
            #expect(b.subtotal == (try minor("BT-106")), "\(name) \(number): BT-106 sum of line nets")
            #expect(b.allowances + b.discount == (try minor("BT-107")), "\(name) \(number): BT-107 allowances")
            #expect(b.charges == (try minor("BT-108")), "\(name) \(number): BT-108 charges")
            #expect(b.total - b.tax == (try minor("BT-109")), "\(name) \(number): BT-109 total without VAT")
            #expect(b.tax == (try minor("BT-110")), "\(name) \(number): BT-110 VAT")
            #expect(b.total == (try minor("BT-112")), "\(name) \(number): BT-112 total with VAT")
            #expect(computed.prepaid == (try minor("BT-113")), "\(name) \(number): BT-113 prepaid")
            #expect(computed.roundingAmount == (try minor("BT-114")), "\(name) \(number): BT-114 rounding")
            #expect(computed.payable == (try minor("BT-115")), "\(name) \(number): BT-115 amount due")
            let groups = try (figures["groups"] as! [[String: String]]).map { group in
                "\(group["category"]!) \(try #require(try DecimalNumber.parse(group["taxable"]!).get().minorUnits(in: currency))) \(try #require(try DecimalNumber.parse(group["tax"]!).get().minorUnits(in: currency)))"
            }
            #expect(b.groups.map { "\($0.category.rawValue) \($0.taxable) \($0.tax)" }.sorted() == groups.sorted(), "\(name) \(number): tax per group")
        }
    }

    /// Every stated figure of the books that check clean, one cent off, is a `stated-figure-mismatch` at its line.
    @Test(arguments: books) func aStatedFigureOneCentOffIsAnError(_ name: String) throws {
        let source = Self.directory.appendingPathComponent(name)
        guard try String(contentsOf: source.appendingPathComponent("expected-diagnostics.txt"), encoding: .utf8)
            .split(separator: "\n").allSatisfy({ !$0.contains(": error:") }) else { return }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-official-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: source, to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        var tried = 0
        for folder in ["invoices", "credit-notes"] {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: copy.appendingPathComponent(folder).path)) ?? []
            for file in files.sorted() {
                let path = "\(folder)/\(file)"
                let url = copy.appendingPathComponent(path)
                let original = try String(contentsOf: url, encoding: .utf8)
                let lines = original.split(separator: "\n", omittingEmptySubsequences: false)
                for (index, line) in lines.enumerated() {
                    let stated = ["amount: ", "subtotal: ", "allowance_total: ", "charge_total: ", "tax_amount: ", "total: ", "due_amount: "]
                    guard let key = stated.first(where: { line.trimmingCharacters(in: .whitespaces).hasPrefix($0) }),
                          !line.contains("{"), let value = line.split(separator: ":", maxSplits: 1).last.map({ $0.trimmingCharacters(in: .whitespaces) }),
                          case .success(let number) = DecimalNumber.parse(value.split(separator: " ").first ?? "") else { continue }
                    var changed = lines
                    changed[index] = Substring(line.replacingOccurrences(of: value, with: try Self.oneCentMore(number)))
                    try changed.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
                    let findings = try BookChecker.check(at: copy.path).diagnostics.filter { $0.severity == .error }
                    #expect(findings.contains { $0.code == .statedFigureMismatch && $0.file == path && $0.range?.start.line == index + 1 },
                            "\(name) \(path):\(index + 1) `\(key)` one cent off was not caught: \(findings.map(\.message))")
                    tried += 1
                }
                try original.write(to: url, atomically: true, encoding: .utf8)
            }
        }
        #expect(tried > 4, "\(name): only \(tried) stated figures")
    }

    /// `n` + 0.01 written with at least 2 decimals: `10835` -> `10835.01`, `-9560` -> `-9559.99`.
    static func oneCentMore(_ n: DecimalNumber) throws -> String {
        let scale = max(n.scale, 2)
        var step: Int128 = 1
        for _ in 0..<(scale - 2) { step *= 10 }
        let value = try #require(n.scaled(to: scale)) + step
        let digits = String(value.magnitude)
        let padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
        return (value < 0 ? "-" : "") + padded.dropLast(scale) + "." + padded.suffix(scale)
    }
}
