import Foundation
import InvoicDiagnostics

/// Where output goes, and whether it may be coloured.
struct Terminal: Sendable {
    let descriptor: Int32

    static let standardOutput = Terminal(descriptor: STDOUT_FILENO)
    static let standardError = Terminal(descriptor: STDERR_FILENO)

    var isInteractive: Bool { isatty(descriptor) == 1 }

    /// Colour only on a terminal, never with NO_COLOR set (https://no-color.org).
    var allowsColor: Bool {
        isInteractive && ProcessInfo.processInfo.environment["NO_COLOR"].map(\.isEmpty) ?? true
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// Text that holds something from outside (a supplier's number or note, a provider's message
    /// or id, a received file's name), written through the one terminal escaper: its line feeds
    /// kept, every other control character shown as `\u{1B}`.
    func writePrintable(_ text: String) {
        write(printableLines(text))
    }

    /// One line holding something from outside, every control character in it escaped (a line
    /// feed too: a number `X-1\ncategory: x` cannot start a line of its own).
    func writeLine(_ text: String) {
        write(printable(text) + "\n")
    }

    func write(_ text: String) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written <= 0 { return }
            offset += written
        }
    }
}
