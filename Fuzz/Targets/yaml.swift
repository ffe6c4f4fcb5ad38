// libFuzzer target: any bytes through the YAML layer (libyaml events to located nodes).
// Whatever the bytes, YAMLParser.parse must return (nodes or diagnostics), never trap or hang.
import InvoicDiagnostics
import InvoicYAML

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    let parsed = YAMLParser.parse(bytes, path: "fuzz.yaml")
    // Walk the tree: every node's range must lie in the file, and a diagnostic must carry a code.
    if let root = parsed.root { walk(root) }
    for diagnostic in parsed.diagnostics where diagnostic.code.name.isEmpty { fatalError("a diagnostic without a code") }
    // The renderers quote the file: they must cope with every range the parser reports.
    _ = DiagnosticRenderer(format: .human, sources: ["fuzz.yaml": parsed.source]).render(parsed.diagnostics)
    return 0
}

private func walk(_ node: YAMLNode) {
    precondition(node.range.start.line >= 1 && node.range.start.column >= 1, "a range before the file's start")
    switch node.kind {
    case .scalar: break
    case .sequence(let items): for item in items { walk(item) }
    case .mapping(let pairs):
        for pair in pairs {
            walk(pair.key)
            walk(pair.value)
        }
    }
}
