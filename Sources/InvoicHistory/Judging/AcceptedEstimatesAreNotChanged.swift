import InvoicBook
import InvoicDiagnostics

/// An estimate is free to change until the client accepts it; then it is what they agreed to.
enum AcceptedEstimatesAreNotChanged {
    static let rule = Rule(.acceptedEstimateChanged,
        summary: "an accepted estimate was changed, deleted or renumbered",
        explanation: """
            An estimate may change freely while it is a draft or sent. Once it is committed with `accepted`,
            it is what the client agreed to: its client, dates, currency, locale, tax, discount, items and
            notes stay as accepted, its `accepted` date stays, and its file stays. For new terms, write a
            new estimate (`invoic new estimate --like EST-0003`); the invoice that converts an estimate may
            differ from it.
            """,
        example: """
            # commit 1 "Accepted": estimates/EST-0001.yaml
            client: acme
            issued: 2026-03-01
            accepted: 2026-03-05
            items:
              - { description: Design, price: 100.00 }
            # commit 2: the same file
              - { description: Design, price: 150.00 }
            """)

    static func changed(_ document: Document, _ difference: Difference, range: SourceRange?, accepted: CommitInfo, blame: Blame,
                        totals: (String, String)?) -> Diagnostic {
        var notes = ["\(document.number) was accepted in commit \(accepted.citation)", blame.sentence(for: "changed")]
        if let totals, difference.key != "total" { notes.append("its total was \(totals.0) when accepted and is \(totals.1) now") }
        return .error(rule.code, difference.message("accepted estimate \(document.number)"), file: document.file, range: range,
                      label: difference.before.map { "accepted as \($0)" } ?? "not in the accepted estimate",
                      help: "an accepted estimate is what the client agreed to: put it back as accepted, and write a new estimate "
                          + "for new terms (`invoic new estimate --like \(document.number)`)",
                      notes: notes)
    }

    static func deleted(_ number: String, file: String, range: SourceRange?, lastPath: String, renamedTo: String?,
                        accepted: CommitInfo, deletedIn: CommitInfo?) -> Diagnostic {
        let restore = deletedIn.map { "git checkout \($0.shortHash)^ -- \(lastPath)" } ?? "git checkout HEAD -- \(lastPath)"
        return .error(rule.code, "accepted estimate \(number) was \(renamedTo.map { "renumbered to \($0)" } ?? "deleted")",
                      file: file, range: range,
                      help: "an accepted estimate stays in the book: restore it (`\(restore)`)",
                      notes: ["\(number) was accepted in commit \(accepted.citation)",
                              deletedIn.map { "\(renamedTo == nil ? "deleted" : "renamed") in commit \($0.citation)" }
                                  ?? "the \(renamedTo == nil ? "deletion" : "rename") is not committed yet"])
    }
}

extension DiagnosticCode {
    public static let acceptedEstimateChanged = DiagnosticCode("accepted-estimate-changed")
}
