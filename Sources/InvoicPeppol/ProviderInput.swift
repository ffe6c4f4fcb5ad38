import Foundation
import InvoicDiagnostics

/// What a provider says is not trusted: its error texts may echo the request (the Authorization
/// header with the API key in it), and its ids and details may carry control characters or
/// megabytes. Everything of it that invoic prints or writes into the book goes through
/// `ProviderSettings.clean(_:)` (texts) or `ProviderID.checked(_:from:)` (ids) first.
public struct Secrets: Sendable {
    /// The forms the key travels in: as it is, each part of `KEY:SECRET` (Scrada's X-API-KEY and
    /// X-PASSWORD), Base64 of it (HTTP Basic), percent-encoded. Longest first, so a part never
    /// leaves a piece of the whole behind.
    let values: [String]

    /// Shorter forms are not searched for: replacing every `abc` in a text would hide the text
    /// and protect nothing (a key that short is no key).
    static let shortest = 4

    public init(token: String) {
        var forms = [token, Data(token.utf8).base64EncodedString(), percentEncoded(token)]
        forms += token.split(separator: ":").map(String.init)
        forms += token.split(separator: ":").map { Data($0.utf8).base64EncodedString() }
        values = Array(Set(forms.filter { $0.count >= Self.shortest })).sorted { $0.count > $1.count || ($0.count == $1.count && $0 < $1) }
    }

    public static let mask = "[redacted]"

    /// Headers whose value is a credential, wherever a text echoes them (`Name: value` of an HTTP
    /// dump, `"name": "value"` of a JSON echo), to the end of the value.
    private static let headerValue = try! NSRegularExpression(
        pattern: #"(?i)\b(authorization|proxy-authorization|x-api-key|x-password|api-key|x-auth-token)(["']?[ \t]*[:=][ \t]*["']?)[^\r\n"',}<&]*"#)
    /// The credential of an HTTP authentication scheme, even without its header's name: a word
    /// of 8 or more token characters that is not a plain lower-case word ("Basic authentication").
    private static let schemeValue = try! NSRegularExpression(
        pattern: #"(?i)\b(bearer|basic|token)([ \t]+)(?-i)(?![a-z]+\b)[A-Za-z0-9._~+/=:-]{8,}"#)

    /// `text` with every form of the key, every credential header's value and every Bearer or
    /// Basic credential replaced by `[redacted]`.
    public func redact(_ text: String) -> String {
        var text = text
        for value in values { text = text.replacingOccurrences(of: value, with: Self.mask) }
        for pattern in [Self.headerValue, Self.schemeValue] {
            text = pattern.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "$1$2" + Self.mask)
        }
        return text
    }
}

public enum ProviderText {
    /// The longest provider text kept: a reason, not a document (a record's value must stay far
    /// under the YAML reader's limit, and a terminal line readable).
    public static let maxLength = 2000

    /// `text` redacted, on one line (line breaks and tabs as spaces, other control characters,
    /// which a YAML reader refuses and a terminal obeys, escaped by `printable`) and at most
    /// `maxLength` long.
    public static func clean(_ text: String, secrets: Secrets) -> String {
        let redacted = secrets.redact(text)
        var out = String.UnicodeScalarView()
        var count = 0
        for scalar in redacted.unicodeScalars {
            if count == maxLength {
                out.append("…")
                break
            }
            switch scalar.value {
            case 0x09, 0x0A, 0x0D, 0x85, 0x2028, 0x2029: out.append(" ")
            case 0xFEFF, 0xFFFE, 0xFFFF: out.append("\u{FFFD}")
            default: out.append(scalar)
            }
            count += 1
        }
        // The other control characters as the one terminal escaper writes them (`\u{9B}`): what
        // the provider sent stays legible, and neither a terminal nor the YAML reader obeys it.
        return printable(String(out).trimmingCharacters(in: .whitespaces))
    }
}

/// A provider's id of a document, before invoic keeps it: in the outbox record, in a folder name
/// under received/peppol/, on the terminal. Real ids are UUIDs or short tokens (`doc_123`,
/// `0000-1`); anything else is refused rather than stored.
public enum ProviderID {
    public static let maxLength = 200

    /// Why `id` is not stored, or nil: 1 to 200 visible ASCII characters (no space, no control).
    public static func problem(_ id: String) -> String? {
        let bytes = id.utf8
        if bytes.isEmpty { return "it is empty" }
        if bytes.count > maxLength { return "it is \(bytes.count) bytes long (at most \(maxLength))" }
        if let bad = bytes.first(where: { !(0x21...0x7E).contains($0) }) {
            return bad < 0x20 || bad == 0x7F ? "it holds a control character" : bad == 0x20 ? "it holds a space" : "it holds a character outside visible ASCII"
        }
        return nil
    }

    /// `id` when it may be stored; else an error that says why, without printing the id.
    public static func checked(_ id: String, from provider: String) throws(PeppolError) -> String {
        if let problem = problem(id) {
            throw PeppolError("\(provider) answered a document id invoic does not keep: \(problem) (an id is 1 to \(maxLength) visible ASCII characters)")
        }
        return id
    }
}

extension ProviderSettings {
    /// The one gate of provider texts: what this provider said, fit to print and to store.
    public func clean(_ text: String) -> String {
        ProviderText.clean(text, secrets: Secrets(token: token))
    }

    /// `error` with its text cleaned, for errors leaving the sender and the receiver.
    func cleaned(_ error: PeppolError) -> PeppolError {
        PeppolError(clean(error.message), isRefusal: error.isRefusal)
    }
}
