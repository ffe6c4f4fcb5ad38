import InvoicBook
import InvoicDiagnostics

/// The book's template (or logo) cannot be used: every problem, at the file, line and column
/// that wrote it. `sources` holds the text of the template files read, so a diagnostic can
/// quote the user's line.
public struct TemplateError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    public var sources: [SourceFile]

    public init(diagnostics: [Diagnostic], sources: [SourceFile]) {
        self.diagnostics = diagnostics
        self.sources = sources
    }

    public var description: String {
        DiagnosticRenderer(format: .gnu).render(diagnostics)
    }
}

/// A document cannot be rendered (e.g. a character no font has): the reasons, naming the document.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var description: String {
        DiagnosticRenderer(format: .gnu).render(diagnostics)
    }
}

extension PDFRenderer {
    /// Every code this module reports, for `invoic explain`.
    public static var rules: [Rule] {
        [
            Rule(.missingGlyph, summary: "a character of a document is in none of the fonts invoic embeds",
                 explanation: """
                 A PDF carries its fonts. invoic pins them (JetBrains Mono, Noto Sans Mono, Noto Sans with its \
                 script companions for Hebrew, Arabic, Devanagari, Thai, Armenian, Georgian and more, Noto Sans CJK) \
                 so every machine makes the same PDF. A character none of them has would print as an empty box and \
                 come out of the PDF as junk, so the document is not rendered. Emoji and rare symbols are the usual cause. \
                 A book may bring a font that has the character: its files in `fonts/`, its family named in a template.
                 """,
                 example: """
                 # file: invoices/INV-0001.yaml
                 client: acme
                 issued: 2026-03-12
                 items:
                   - description: Launch party 🎉   <- no embedded font has U+1F389
                     price: 500
                 """),
            Rule(.invalidTemplate, summary: "a template file has a value invoic cannot use",
                 explanation: """
                 A template (templates/NAME.yaml in the book) sets the page, fonts, colours, styles, table widths, \
                 blocks and labels. It sets only what it changes and `extends:` a built-in template (invoi when it names \
                 none). Unknown keys, colours that are not #RRGGBB, sizes out of range and templates that extend each \
                 other in a circle are errors, reported at their line.
                 """,
                 example: """
                 # file: invoic.yaml
                 template: mine
                 # file: templates/mine.yaml
                 extends: invoi
                 colours: {text: "#000000"}   <- the key is `colors`
                 """),
            Rule(.unknownFont, summary: "a template names a font family invoic does not render with",
                 explanation: """
                 Fonts are pinned so a PDF is the same on every machine: a template may use JetBrains Mono, \
                 Noto Sans Mono, Noto Sans, Noto Serif, the Noto Sans script families and Noto Sans CJK.
                 """,
                 example: """
                 # file: templates/mine.yaml
                 fonts:
                   family: Comic Sans MS   <- not one of the pinned fonts
                 """),
            Rule(.invalidLogo, summary: "the book's logo cannot be decoded",
                 explanation: "`business.logo` must be a PNG, a JPEG or an SVG image that decodes; it is drawn into the template's logo box, keeping its proportions.",
                 example: """
                 # file: invoic.yaml
                 business:
                   name: Studio
                   logo: assets/logo.png   <- a renamed GIF
                 """),
            Rule(.unrenderableDocument, summary: "a document whose figures could not be computed cannot be rendered",
                 explanation: "A PDF shows the computed figures; a document with pricing errors has none. Fix the errors `invoic check` reports for it.",
                 example: """
                 # file: invoices/INV-0001.yaml
                 client: acme
                 issued: 2026-03-12
                 items: []   <- no items, so no figures
                 """),
            Rule(.facturXFailed, summary: "a PDF could not be made Factur-X",
                 explanation: "For `einvoice: [factur-x]` the invoice PDF is written as a PDF/A-3b with its CII embedded, with the sRGB profile of Debian's icc-profiles-free as its output intent. This fails only when that profile is missing (install icc-profiles-free).",
                 example: "# no book triggers this; the machine lacks /usr/share/color/icc/sRGB.icc"),
        ]
    }
}

extension DiagnosticCode {
    public static let invalidLogo = DiagnosticCode("invalid-logo")
    public static let invalidTemplate = DiagnosticCode("invalid-template")
    public static let missingGlyph = DiagnosticCode("missing-glyph")
    public static let facturXFailed = DiagnosticCode("factur-x-failed")
    public static let unknownFont = DiagnosticCode("unknown-font")
    public static let unrenderableDocument = DiagnosticCode("unrenderable-document")
}
