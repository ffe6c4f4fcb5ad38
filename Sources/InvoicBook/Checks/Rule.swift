import InvoicDiagnostics

/// What a diagnostic code means, with an input that triggers it: `invoic explain CODE` prints it.
public struct Rule: Sendable {
    public let code: String
    public let severity: Severity
    public let summary: String
    public let explanation: String
    /// A failing example: `# file: path` lines separate the files of a small book.
    public let example: String

    public init(_ code: String, _ severity: Severity = .error, summary: String, explanation: String, example: String) {
        self.code = code
        self.severity = severity
        self.summary = summary
        self.explanation = explanation
        self.example = example
    }
}

/// A rule over the whole priced book. Each check lives in its own file, named for what must hold,
/// with its rule and messages beside it.
protocol BookCheck {
    static var rule: Rule { get }
    static func check(_ book: Book, into diagnostics: inout [Diagnostic])
}

extension Rule {
    /// Every code any stage can report, in a stable order.
    public static var all: [Rule] {
        (DecodingRules.all + PricingRules.all + BookChecker.checks.map { $0.rule }).sorted { $0.code < $1.code }
    }

    public static func named(_ code: String) -> Rule? { all.first { $0.code == code } }
}
