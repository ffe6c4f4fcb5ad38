/// A numbering pattern such as `INV-{seq:4}` or `INV-{year}-{seq:3}`.
///
/// `{seq:N}` is the sequence, zero-padded to at least N digits; `{year}` is the issue year, and
/// a pattern with it restarts its sequence every year. A number fits a pattern only in its
/// canonical form: `INV-7` and `INV-00007` do not fit `INV-{seq:4}`, `INV-0007` does.
public struct NumberPattern: Sendable, Hashable, CustomStringConvertible {
    enum Token: Sendable, Hashable {
        case literal(String)
        case year
        case sequence(width: Int)
    }

    let tokens: [Token]
    public let description: String

    /// A number read back through its pattern.
    public struct Parts: Sendable, Hashable {
        public var year: Int?
        public var sequence: Int
    }

    public enum ParseError: Error, Sendable, Hashable {
        case noSequence, twoSequences, twoYears, unknownPlaceholder(String), badWidth(String), unclosedBrace
    }

    public static func parse(_ text: String) -> NumberPattern? {
        if case .success(let pattern) = parsing(text) { return pattern }
        return nil
    }

    public static func parsing(_ text: String) -> Result<NumberPattern, ParseError> {
        var tokens: [Token] = []
        var literal = ""
        var rest = Substring(text)
        while let open = rest.firstIndex(of: "{") {
            literal += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { return .failure(.unclosedBrace) }
            let name = rest[rest.index(after: open)..<close]
            if !literal.isEmpty { tokens.append(.literal(literal)) }
            literal = ""
            if name == "year" {
                tokens.append(.year)
            } else if name == "seq" {
                tokens.append(.sequence(width: 1))
            } else if name.hasPrefix("seq:") {
                guard let width = Int(name.dropFirst(4)), (1...12).contains(width) else { return .failure(.badWidth(String(name))) }
                tokens.append(.sequence(width: width))
            } else {
                return .failure(.unknownPlaceholder(String(name)))
            }
            rest = rest[rest.index(after: close)...]
        }
        literal += rest
        if !literal.isEmpty { tokens.append(.literal(literal)) }
        let sequences = tokens.filter { if case .sequence = $0 { return true } else { return false } }.count
        let years = tokens.filter { $0 == .year }.count
        if sequences == 0 { return .failure(.noSequence) }
        if sequences > 1 { return .failure(.twoSequences) }
        if years > 1 { return .failure(.twoYears) }
        return .success(NumberPattern(tokens: tokens, description: text))
    }

    public var hasYear: Bool { tokens.contains(.year) }

    public func format(year: Int?, sequence: Int) -> String {
        tokens.map { token -> String in
            switch token {
            case .literal(let text): return text
            case .year: return String(year ?? 0)
            case .sequence(let width):
                let digits = String(sequence)
                return String(repeating: "0", count: max(0, width - digits.count)) + digits
            }
        }.joined()
    }

    /// The year and sequence of `number`, if it is exactly what this pattern would write.
    public func match(_ number: String) -> Parts? {
        var rest = Substring(number)
        var year: Int?
        var sequence: Int?
        for token in tokens {
            switch token {
            case .literal(let text):
                guard rest.hasPrefix(text) else { return nil }
                rest = rest.dropFirst(text.count)
            case .year:
                let digits = rest.prefix(4)
                guard digits.count == 4, digits.allSatisfy(\.isASCIIDigit) else { return nil }
                year = Int(digits)
                rest = rest.dropFirst(4)
            case .sequence:
                let digits = rest.prefix(while: \.isASCIIDigit).prefix(18)
                guard !digits.isEmpty, let value = Int(digits) else { return nil }
                sequence = value
                rest = rest.dropFirst(digits.count)
            }
        }
        guard rest.isEmpty, let sequence else { return nil }
        let parts = Parts(year: year, sequence: sequence)
        return format(year: year, sequence: sequence) == number ? parts : nil
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
