import Foundation
import InvoicDiagnostics

enum LogoExists: BookCheck {
    static let rule = Rule(.missingAsset, summary: "the logo file does not exist",
        explanation: "`business.logo` is a PNG, JPEG or SVG file, relative to the book's folder.",
        example: """
        # file: invoic.yaml
        business:
          logo: assets/logo.png   <- no such file
        """)

    static func check(_ book: Book, into diagnostics: inout [Diagnostic]) {
        guard let logo = book.settings.logo else { return }
        // A path leading out of the book is `path-outside-book`'s to report; it is not looked at.
        guard BookPaths.problem(with: logo.value, in: book.root) == nil else { return }
        var info = stat()
        guard stat(BookLoader.join(book.root, logo.value), &info) == 0, info.st_mode & S_IFMT != S_IFDIR else {
            diagnostics.append(.error(rule.code, "logo `\(logo.value)` does not exist", file: BookSettings.fileName, range: logo.range,
                                      help: "paths are relative to the book's folder, e.g. assets/logo.png"))
            return
        }
        // A named pipe or a device would block or never end when the PDF stage reads it.
        guard info.st_mode & S_IFMT == S_IFREG else {
            diagnostics.append(.error(rule.code, "logo `\(logo.value)` is not a regular file", file: BookSettings.fileName, range: logo.range,
                                      help: "point `logo:` at an image file, e.g. assets/logo.png"))
            return
        }
        let limit = BookLimits.standard.maxAssetSize
        guard Int(info.st_size) <= limit else {
            diagnostics.append(.error(.resourceLimit, "logo `\(logo.value)` is \(info.st_size) bytes, more than the limit of \(limit)",
                                      file: BookSettings.fileName, range: logo.range,
                                      help: "a logo is a small image; export it smaller, or as SVG"))
            return
        }
        let lower = logo.value.lowercased()
        guard !([".png", ".jpg", ".jpeg", ".svg"].contains { lower.hasSuffix($0) }) else { return }
        diagnostics.append(.error(rule.code, "logo `\(logo.value)` is not a PNG, JPEG or SVG file",
                                  file: BookSettings.fileName, range: logo.range, help: "convert it to PNG or SVG"))
    }
}

extension DiagnosticCode {
    public static let missingAsset = DiagnosticCode("missing-asset")
}
