import InvoicDiagnostics
import InvoicYAML

/// Finds where a value is written in a file, for pointing at it: the deepest part of `place`
/// the file has (the item when its `tax` is inherited), or nil when not even the first key is there.
enum Locator {
    static func range(of place: [KeyStep], in root: YAMLNode?) -> SourceRange? {
        var node = root
        var found: SourceRange?
        for step in place {
            switch step {
            case .key(let key):
                node = node?[key]
            case .index(let index):
                node = node?.sequence.flatMap { index < $0.count ? $0[index] : nil }
            }
            guard let node else { break }
            found = node.range
        }
        return found
    }
}
