/// A colour as the template writes it (`#111111`), in 0...1 components.
struct RGB: Hashable, Sendable {
    var red: Double
    var green: Double
    var blue: Double

    static let black = RGB(red: 0, green: 0, blue: 0)

    /// `#RGB` or `#RRGGBB`.
    init?(hex: String) {
        var digits = Substring(hex)
        guard digits.hasPrefix("#") else { return nil }
        digits = digits.dropFirst()
        if digits.count == 3 { digits = Substring(digits.map { "\($0)\($0)" }.joined()) }
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        red = Double(value >> 16 & 0xFF) / 255
        green = Double(value >> 8 & 0xFF) / 255
        blue = Double(value & 0xFF) / 255
    }

    init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}

struct Rect: Hashable, Sendable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double

    var maxX: Double { x + width }
    var maxY: Double { y + height }
}

enum TextAlignment: String, Sendable {
    case left, center, right
}

enum FontWeight: Int, Sendable, CaseIterable {
    case light = 300, regular = 400, medium = 500, semibold = 600, bold = 700

    var name: String {
        switch self {
        case .light: return "light"
        case .regular: return "regular"
        case .medium: return "medium"
        case .semibold: return "semibold"
        case .bold: return "bold"
        }
    }
}

/// A pango family list (`JetBrains Mono, Noto Sans Mono, Noto Sans, ...`), hashed once when
/// made: the list is a few hundred characters, and every shaped block's cache key carries it
/// (hashing it at every lookup was 6 % of a build's instructions, by callgrind).
struct FontFamilies: Hashable, Sendable, ExpressibleByStringLiteral {
    let list: String
    private let hash: Int

    init(_ list: String) {
        self.list = list
        hash = list.hashValue
    }

    init(stringLiteral list: String) { self.init(list) }

    static func == (a: FontFamilies, b: FontFamilies) -> Bool { a.hash == b.hash && a.list == b.list }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

/// How one kind of text looks: resolved from the template, with the fallback chain in `family`.
struct TextStyle: Hashable, Sendable {
    /// A pango family list: the template's font, then its fallbacks, comma-separated.
    var family: FontFamilies
    var size: Double
    var weight: FontWeight
    var italic: Bool
    var color: RGB
    /// Extra space between letters, in points (negative tightens).
    var tracking: Double
    var uppercase: Bool
    /// A line-height factor for wrapped text; 0 keeps the font's own.
    var lineHeight: Double
}

/// One drawing instruction on a page, in points from the page's top left corner.
enum DrawOp {
    case text(TextBlock, x: Double, y: Double)
    case line(x1: Double, y1: Double, x2: Double, y2: Double, width: Double, color: RGB)
    case rect(Rect, fill: RGB?, stroke: RGB?, lineWidth: Double, radius: Double)
    /// The business's logo, a figure whose alternative text is `alt` (the business's name).
    case logo(Rect, alt: String)
    /// A QR code filling `frame` (a square, its quiet zone around it left to the layout).
    /// Tagged a figure, `alt` saying what it pays, for readers that cannot scan it.
    case qrCode(QRCode, Rect, alt: String)
    /// The structure a screen reader follows (tagged PDF): a `Table`, its `TR`, `TH` and `TD`, a
    /// heading `H1`, a `Figure`. Text outside any tag is a paragraph (`P`).
    case beginTag(String)
    case endTag(String)
    /// Page furniture a screen reader should pass over (the running footer, a table header
    /// repeated on a new page): drawn untagged, so the finished PDF marks it an artifact.
    case beginArtifact
    case endArtifact
    /// A status stamp: text in a rotated frame, centred on a point.
    case stamp(TextBlock, centerX: Double, centerY: Double, degrees: Double, color: RGB, lineWidth: Double, padding: (x: Double, y: Double))

    /// The same instruction moved down by `dy`.
    func offset(by dy: Double) -> DrawOp {
        switch self {
        case .text(let block, let x, let y): return .text(block, x: x, y: y + dy)
        case .line(let x1, let y1, let x2, let y2, let width, let color):
            return .line(x1: x1, y1: y1 + dy, x2: x2, y2: y2 + dy, width: width, color: color)
        case .rect(let frame, let fill, let stroke, let lineWidth, let radius):
            return .rect(Rect(x: frame.x, y: frame.y + dy, width: frame.width, height: frame.height),
                         fill: fill, stroke: stroke, lineWidth: lineWidth, radius: radius)
        case .logo(let frame, let alt): return .logo(Rect(x: frame.x, y: frame.y + dy, width: frame.width, height: frame.height), alt: alt)
        case .qrCode(let code, let frame, let alt): return .qrCode(code, Rect(x: frame.x, y: frame.y + dy, width: frame.width, height: frame.height), alt: alt)
        case .beginTag, .endTag, .beginArtifact, .endArtifact: return self
        case .stamp(let block, let x, let y, let degrees, let color, let lineWidth, let padding):
            return .stamp(block, centerX: x, centerY: y + dy, degrees: degrees, color: color, lineWidth: lineWidth, padding: padding)
        }
    }
}
