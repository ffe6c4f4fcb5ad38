import InvoicBook
import InvoicDiagnostics

/// Turns one planned output (a document's PDF, or one of its e-invoices) into file bytes. Each
/// build worker owns one renderer, so an implementation may keep per-thread state (a font map, a
/// layout) and reuse it.
public protocol DocumentRenderer: SendableMetatype {
    mutating func render(_ output: BuildPlan.Output) -> Result<[UInt8], RenderFailure>
}

public struct RenderFailure: Error, Sendable {
    public var diagnostics: [Diagnostic]
    /// Files the diagnostics point into that are not the book's own (a template), for excerpts.
    public var sources: [SourceFile]

    public init(_ diagnostics: [Diagnostic], sources: [SourceFile] = []) {
        self.diagnostics = diagnostics
        self.sources = sources
    }
}
