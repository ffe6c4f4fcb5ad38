import Foundation
import InvoicDiagnostics

enum LogoExists: BookCheck {
    static let rule = Rule(
        "missing-asset", summary: "the logo file does not exist",
        explanation: "`business.logo` is a PNG, JPEG or SVG file, relative to the book's folder.",
        example: """
        # file: invoic.yaml
        business:
          logo: assets/logo.png   <- no such file
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        guard let logo = book.settings.logo else { return }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: BookLoader.join(book.root, logo.value), isDirectory: &isDirectory), !isDirectory.boolValue {
            let lower = logo.value.lowercased()
            guard !([".png", ".jpg", ".jpeg", ".svg"].contains { lower.hasSuffix($0) }) else { return }
            diagnostics.append(.error(rule.code, "logo `\(logo.value)` is not a PNG, JPEG or SVG file",
                                      file: BookSettings.fileName, range: logo.range, help: "convert it to PNG or SVG"))
            return
        }
        diagnostics.append(.error(rule.code, "logo `\(logo.value)` does not exist", file: BookSettings.fileName, range: logo.range,
                                  help: "paths are relative to the book's folder, e.g. assets/logo.png"))
    }
}
