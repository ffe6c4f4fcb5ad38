/// A diagnostic's stable identifier (`unknown-client`, `numbering-gap`): declared once, as a
/// static constant beside the rule that explains it (`invoic explain CODE`), and used by that
/// name wherever it is reported, so a code is never spelled twice.
public struct DiagnosticCode: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The code as printed and as `invoic explain` takes it.
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public var description: String { name }

    public static func < (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.name < b.name }
}
