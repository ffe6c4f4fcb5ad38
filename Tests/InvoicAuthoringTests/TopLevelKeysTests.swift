import InvoicBook
import Testing
@testable import InvoicAuthoring

/// `TopLevelKeys.setting`, the one edit of a top-level key (`pa lookup --write`'s
/// `electronic_address:`, a document's `sent:` or `sdi_progressive:`): the expected files are
/// written by hand; every byte the edit is not about stays.
@Suite struct TopLevelKeysTests {
    static let address = YAMLText.quoted("0225:123456782")

    static func set(_ text: String, after anchors: [String] = []) throws -> String {
        let edited = try TopLevelKeys(text: text, path: "clients/rhone.yaml").setting("electronic_address", to: address, after: anchors)
        // The result parses, with the key once and the new value.
        let parsed = BookFileDecoder.parse(Array(edited.utf8).dropBOM, path: "clients/rhone.yaml")
        #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics.map(\.message)) in \(edited)")
        let pairs = parsed.root?.mapping ?? []
        #expect(pairs.filter { $0.key.keyText == "electronic_address" }.map { $0.value.scalar?.text } == ["0225:123456782"], "\(edited)")
        return edited
    }

    @Test func aBlockMappingKeyIsReplacedAndItsCommentKept() throws {
        #expect(try Self.set("name: Rhône Logistique\nelectronic_address: \"0225:999\"   # from the directory\nemail: a@b.fr\n")
            == "name: Rhône Logistique\nelectronic_address: \"0225:123456782\"   # from the directory\nemail: a@b.fr\n")
        // Plain, single-quoted, empty: each replaced up to its own end.
        #expect(try Self.set("electronic_address: 0225:999 # old\nname: X\n") == "electronic_address: \"0225:123456782\" # old\nname: X\n")
        #expect(try Self.set("name: X\nelectronic_address: '0225:999'\n") == "name: X\nelectronic_address: \"0225:123456782\"\n")
        #expect(try Self.set("electronic_address:\nname: X\n") == "electronic_address: \"0225:123456782\"\nname: X\n")
        #expect(try Self.set("electronic_address: # none yet\nname: X\n") == "electronic_address: \"0225:123456782\" # none yet\nname: X\n")
    }

    @Test func aBlockMappingWithoutTheKeyGetsALineAfterItsLastValue() throws {
        // After the last key's value, before the trailing blank line and comment.
        #expect(try Self.set("# Rhône\nname: Rhône Logistique   # SAS\naddress:\n  city: Lyon\n\n# end\n")
            == "# Rhône\nname: Rhône Logistique   # SAS\naddress:\n  city: Lyon\nelectronic_address: \"0225:123456782\"\n\n# end\n")
        // After an anchor when asked, and at the end of a last line without a line break.
        #expect(try Self.set("name: X\nsiren: \"123456782\"\nemail: a@b.fr", after: ["siren"])
            == "name: X\nsiren: \"123456782\"\nelectronic_address: \"0225:123456782\"\nemail: a@b.fr")
        #expect(try Self.set("name: X") == "name: X\nelectronic_address: \"0225:123456782\"\n")
    }

    @Test func aFlowMappingIsEditedInsideItsBraces() throws {
        #expect(try Self.set("{name: Rhône, electronic_address: \"0225:999\", siren: \"123456782\"}  # client\n")
            == "{name: Rhône, electronic_address: \"0225:123456782\", siren: \"123456782\"}  # client\n")
        #expect(try Self.set("{name: Rhône}\n") == "{name: Rhône, electronic_address: \"0225:123456782\"}\n")
        #expect(try Self.set("{ name: Rhône, siren: \"123456782\" } # c\n", after: ["name"])
            == "{ name: Rhône, electronic_address: \"0225:123456782\", siren: \"123456782\" } # c\n")
        #expect(try Self.set("{\n  name: Rhône,\n  siren: \"123456782\"\n}\n") == "{\n  name: Rhône,\n  siren: \"123456782\", electronic_address: \"0225:123456782\"\n}\n")
        #expect(try Self.set("{}\n") == "{electronic_address: \"0225:123456782\"}\n")
    }

    @Test func aValueOverSeveralLinesIsReplacedWhole() throws {
        #expect(try Self.set("name: X\nelectronic_address: \"0225:\n  999\"  # wrapped\nemail: a@b.fr\n")
            == "name: X\nelectronic_address: \"0225:123456782\"  # wrapped\nemail: a@b.fr\n")
        #expect(try Self.set("electronic_address: 0225:999\n  999\nname: X\n") == "electronic_address: \"0225:123456782\"\nname: X\n")
        #expect(try Self.set("electronic_address: |\n  0225:999\n\n# kept\nname: X\n") == "electronic_address: \"0225:123456782\"\n\n# kept\nname: X\n")
        #expect(try Self.set("electronic_address:\n  - 0225:1\n  - 0225:2\n# kept\nname: X\n") == "electronic_address: \"0225:123456782\"\n# kept\nname: X\n")
        #expect(try Self.set("{name: X, electronic_address: \"0225:\n   999\", email: a@b.fr}\n") == "{name: X, electronic_address: \"0225:123456782\", email: a@b.fr}\n")
        // An alias carries the range of what it names: its own `*name` is replaced, not that.
        #expect(try Self.set("other: &a \"0225:1\"\nelectronic_address: *a # shared\n") == "other: &a \"0225:1\"\nelectronic_address: \"0225:123456782\" # shared\n")
    }

    @Test func crlfAndAByteOrderMarkStay() throws {
        #expect(try Self.set("name: X\r\nelectronic_address: \"0225:999\" # c\r\nemail: a@b.fr\r\n") == "name: X\r\nelectronic_address: \"0225:123456782\" # c\r\nemail: a@b.fr\r\n")
        #expect(try Self.set("name: X\r\nemail: a@b.fr\r\n") == "name: X\r\nemail: a@b.fr\r\nelectronic_address: \"0225:123456782\"\r\n")
        #expect(try Self.set("\u{FEFF}name: X\nelectronic_address: \"0225:999\"\n") == "\u{FEFF}name: X\nelectronic_address: \"0225:123456782\"\n")
    }

    @Test func aFileThatIsNoMappingIsRefused() {
        for text in ["- a\n- b\n", "just text\n", "{broken\n", ""] {
            #expect(throws: AuthoringError.self, "\(text)") { try TopLevelKeys(text: text, path: "clients/x.yaml") }
        }
    }
}

private extension Array where Element == UInt8 {
    /// Without a leading UTF-8 byte-order mark (the loader's parse counts ranges without it).
    var dropBOM: [UInt8] { starts(with: [0xEF, 0xBB, 0xBF]) ? Array(dropFirst(3)) : self }
}
