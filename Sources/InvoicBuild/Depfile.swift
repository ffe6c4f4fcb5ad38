/// Make-format dependencies: every output depends on every input, and each input is also an
/// empty target (as `gcc -MP` does), so deleting a document does not break make.
public enum Depfile {
    public static func text(outputs: [String], inputs: [String]) -> String {
        let escaped = inputs.map(escape)
        var text = outputs.map(escape).joined(separator: " \\\n ") + ": \\\n " + escaped.joined(separator: " \\\n ") + "\n"
        for input in escaped { text += "\n\(input):\n" }
        return text
    }

    static func escape(_ path: String) -> String {
        path.replacingOccurrences(of: "$", with: "$$").replacingOccurrences(of: " ", with: "\\ ")
            .replacingOccurrences(of: "#", with: "\\#")
    }
}
