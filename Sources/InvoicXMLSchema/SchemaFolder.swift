import Foundation

/// Where the XML Schemas invoic carries are: the project's `resources/schemas` (see its README for
/// their sources and licences). An installed invoic finds them in `PREFIX/share/invoic/schemas`
/// (scripts/install.sh copies them there), a build in the source tree it was built from;
/// `INVOIC_SCHEMAS` names another folder. Never the network, never ../shared.
public enum SchemaFolder {
    /// The folder, or nil when none of the places holds it (the caller says what is not checked).
    public static let path: String? = candidates().first { folder in
        FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("README.md"))
    }

    /// `relative` (e.g. `ubl-2.1/maindoc/UBL-Invoice-2.1.xsd`) in the folder, when it is there.
    public static func file(_ relative: String) -> String? {
        guard let path else { return nil }
        let file = (path as NSString).appendingPathComponent(relative)
        return FileManager.default.fileExists(atPath: file) ? file : nil
    }

    static func candidates() -> [String] {
        var list: [String] = []
        if let named = ProcessInfo.processInfo.environment["INVOIC_SCHEMAS"], !named.isEmpty { list.append(named) }
        // The running binary, symlinks resolved: PREFIX/bin/invoic -> PREFIX/share/invoic/schemas.
        if let binary = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let bin = (binary as NSString).deletingLastPathComponent
            list.append(((bin as NSString).deletingLastPathComponent as NSString).appendingPathComponent("share/invoic/schemas"))
        }
        // A build: this file is Sources/InvoicXMLSchema/SchemaFolder.swift of the tree it was built from.
        let sources = ((#filePath as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        list.append(((sources as NSString).deletingLastPathComponent as NSString).appendingPathComponent("resources/schemas"))
        return list
    }
}
