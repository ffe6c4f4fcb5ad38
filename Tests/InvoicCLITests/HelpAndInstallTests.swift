import Foundation
import InvoicTestSupport
import Testing

/// What a new user types first: help in every form, the version, the man page and completions.
@Suite struct HelpAndInstallTests {
    /// The command tree as the binary itself describes it (ArgumentParser's help dump).
    struct Command: Decodable {
        var commandName: String
        var subcommands: [Command]?
        var arguments: [Argument]?
        struct Argument: Decodable {
            var names: [Name]?
            var shouldDisplay: Bool
            struct Name: Decodable { var kind: String; var name: String }
        }
    }

    static func tree() throws -> Command {
        struct Dump: Decodable { var command: Command }
        let output = try Invoic.run(["--experimental-dump-help"])
        return try JSONDecoder().decode(Dump.self, from: Data(output.stdout.utf8)).command
    }

    static let subcommands: [String] = ((try? tree().subcommands) ?? nil)?.map(\.commandName).filter { $0 != "help" } ?? []

    @Test func theRootHelpInEveryForm() throws {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let output = try Invoic.run(arguments)
            #expect(output.status == 0, "\(arguments): \(output.stderr)")
            #expect(output.stderr.isEmpty, "\(arguments): \(output.stderr)")
            #expect(output.stdout.contains("USAGE: invoic <subcommand>"), "\(arguments)")
            #expect(output.stdout.contains("check"), "\(arguments)")
        }
    }

    @Test(arguments: subcommands) func everySubcommandsHelpGoesToStandardOutput(_ name: String) throws {
        for arguments in [["help", name], [name, "--help"], [name, "-h"]] {
            let output = try Invoic.run(arguments)
            #expect(output.status == 0, "\(arguments): \(output.stderr)")
            #expect(output.stderr.isEmpty, "\(arguments): \(output.stderr)")
            #expect(output.stdout.contains("USAGE: invoic \(name)"), "\(arguments): \(output.stdout)")
        }
    }

    @Test func theVersion() throws {
        let output = try Invoic.run(["--version"])
        #expect(output.status == 0)
        #expect(output.stdout.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".").count == 3, "\(output.stdout)")
    }

    /// docs/man/invoic.1 is generated (`make man`); a command or option added since is missing
    /// from it, and this test says to regenerate it.
    @Test func theManPageNamesEveryCommandAndOption() throws {
        let page = try String(contentsOf: Invoic.repository.appendingPathComponent("docs/man/invoic.1"), encoding: .utf8)
        func walk(_ command: Command, path: [String]) {
            for argument in command.arguments ?? [] where argument.shouldDisplay {
                for name in argument.names ?? [] where name.kind == "long" {
                    #expect(page.contains("Fl -\(name.name)") || page.contains(", -\(name.name)"), "`invoic \(path.joined(separator: " ")) --\(name.name)` is not in docs/man/invoic.1: run `make man`")
                }
            }
            for sub in command.subcommands ?? [] where sub.commandName != "help" {
                #expect(page.contains("Em \(sub.commandName)"), "`invoic \((path + [sub.commandName]).joined(separator: " "))` is not in docs/man/invoic.1: run `make man`")
                walk(sub, path: path + [sub.commandName])
            }
        }
        let tree = try Self.tree()
        #expect(!(tree.subcommands ?? []).isEmpty)
        walk(tree, path: [])
    }

    @Test func installPutsTheBinaryManPageAndCompletionsUnderThePrefix() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let output = try runProcess(URL(fileURLWithPath: "/bin/bash"),
                                    [Invoic.repository.appendingPathComponent("scripts/install.sh").path, Invoic.binary.path, prefix.path])
        #expect(output.status == 0, "\(output.stderr)")
        for (path, needle) in [("bin/invoic", nil), ("share/man/man1/invoic.1", ".Dt INVOIC 1"),
                               ("share/bash-completion/completions/invoic", "check"),
                               ("share/zsh/site-functions/_invoic", "#compdef invoic"),
                               ("share/fish/vendor_completions.d/invoic.fish", "invoic"),
                               ("share/invoic/schemas/ubl-2.1/maindoc/UBL-Invoice-2.1.xsd", "urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"),
                               ("share/invoic/schemas/factur-x/en16931/Factur-X_EN16931.xsd", "CrossIndustryInvoice")] as [(String, String?)] {
            let file = prefix.appendingPathComponent(path)
            #expect(FileManager.default.fileExists(atPath: file.path), "\(path) not installed")
            if let needle { #expect((try? String(contentsOf: file, encoding: .utf8))?.contains(needle) == true, "\(path)") }
        }
        let installed = try runProcess(prefix.appendingPathComponent("bin/invoic"), ["--version"])
        #expect(installed.status == 0)
    }
}
