import Foundation

/// The French e-invoicing rules as a platform applies them, over files a test wrote: the
/// official FNFE-MPE schematrons of ../shared/standards/fr-ctc (BR-FR Flux 2 and EXTENDED-CTC-FR,
/// version 1.4.0.03) run by scripts/schematron.py, and ../shared/tools/einvoice-check (XML Schema
/// and EN 16931), both on the test venv's python (scripts/einvoice-venv.sh, or EINVOICE_PYTHON).
public enum FrenchRules {
    public enum Rules: String, CaseIterable, Sendable {
        case brFRUBL = "fr-ctc/20260804_BR-FR-Flux2-Schematron-UBL_V1.4.0.03.sch"
        case brFRCII = "fr-ctc/20260804_BR-FR-Flux2-Schematron-CII_V1.4.0.03.sch"
        case extendedUBL = "fr-ctc/20260804_EXTENDED-CTC-FR-UBL-V1.4.0.03.sch"
        case extendedCII = "fr-ctc/20260804_EXTENDED-CTC-FR-CII-V1.4.0.03.sch"
    }

    public static let python = ProcessInfo.processInfo.environment["EINVOICE_PYTHON"].map(URL.init(fileURLWithPath:))
        ?? Standards.repository.appendingPathComponent(".build/einvoice-venv/bin/python")
    static let runner = Standards.repository.appendingPathComponent("scripts/schematron.py")
    static let validator = Standards.repository.deletingLastPathComponent().appendingPathComponent("shared/tools/einvoice-check")

    /// Whether the schematrons are beside the project (tests `#require` it, naming the folder).
    public static var available: Bool { FileManager.default.fileExists(atPath: Standards.path(Rules.brFRUBL.rawValue)) }

    /// The runner's findings on `files` (one line each: `file: flag id at location: text`);
    /// status 1 when one is fatal. No files, no run.
    public static func schematron(_ rules: Rules, _ files: [String]) throws -> ProcessOutput {
        guard !files.isEmpty else { return ProcessOutput(status: 0, stdout: "", stderr: "") }
        return try runProcess(python, [runner.path, Standards.path(rules.rawValue)] + files)
    }

    /// einvoice-check on `files`: status 1 when one is schema-invalid or breaks a fatal rule.
    public static func einvoiceCheck(_ files: [String]) throws -> ProcessOutput {
        guard !files.isEmpty else { return ProcessOutput(status: 0, stdout: "", stderr: "") }
        return try runProcess(python, [validator.path] + files)
    }

    /// The fatal findings' lines of an output (warnings are advice, not a refusal).
    public static func fatal(_ output: ProcessOutput) -> [String] {
        output.stdout.split(separator: "\n").map(String.init).filter { $0.contains(": fatal ") || $0.contains(": error ") }
    }
}
