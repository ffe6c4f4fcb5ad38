/// What a diagnostic code means, with an input that triggers it: `invoic explain CODE` prints it.
public struct Rule: Sendable {
    public let code: DiagnosticCode
    public let severity: Severity
    public let summary: String
    public let explanation: String
    /// A failing example: `# file: path` lines separate the files of a small book.
    public let example: String

    public init(_ code: DiagnosticCode, _ severity: Severity = .error, summary: String, explanation: String, example: String) {
        self.code = code
        self.severity = severity
        self.summary = summary
        self.explanation = explanation
        self.example = example
    }
}
