import Foundation

/// The authorities' own files (XSDs, specifications, samples) beside the project, in
/// ../shared/standards/ (its README says what and from where). Tests read them in place; the
/// project never copies them.
public enum Standards {
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    public static let folder = repository.deletingLastPathComponent().appendingPathComponent("shared/standards")

    /// A file of the standards folder, e.g. `Standards.path("pl-ksef/faktury/schemy/FA/schemat_FA(3)_v1-0E.xsd")`.
    public static func path(_ relative: String) -> String {
        folder.appendingPathComponent(relative).path
    }
}
