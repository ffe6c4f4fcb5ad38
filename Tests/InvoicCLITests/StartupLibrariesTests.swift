import Foundation
import InvoicTestSupport
import Testing

/// Which shared libraries every invoic command loads before it runs (issue 41 point 10: half of
/// `invoic pdf N` was start-up, much of it the dynamic loader). Libraries only some commands need
/// are opened with dlopen when needed; linked again by mistake, they would cost every command.
@Suite struct StartupLibrariesTests {
    /// The libraries the dynamic loader maps for the binary, as it lists them itself
    /// (LD_TRACE_LOADED_OBJECTS, what ldd does) without running it.
    static func loaded(by binary: URL = Invoic.binary) throws -> [String] {
        let run = try runProcess(binary, ["--version"], environment: ["LD_TRACE_LOADED_OBJECTS": "1"])
        #expect(run.status == 0, "\(run.stderr)")
        return run.stdout.split(separator: "\n").compactMap { line in
            line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init)
        }
    }

    @Test func librariesOnlySomeCommandsNeedAreNotLoadedAtStart() throws {
        let libraries = try Self.loaded()
        // The loader's own list is there (the trace really ran), with what every PDF needs.
        #expect(libraries.contains { $0.hasPrefix("libpango-1.0.so") }, "\(libraries)")
        #expect(libraries.contains { $0.hasPrefix("libyaml") }, "\(libraries)")
        // libxml2 (and the ICU, liblzma it brings): XML Schema validation; libcrypto: KSeF and its
        // offline certificate; libqpdf: received PDFs; libcurl: mail, Peppol, KSeF.
        for name in ["libxml2.so", "libicuuc.so", "libicudata.so", "libcrypto.so", "libqpdf.so", "libcurl.so"] {
            #expect(!libraries.contains { $0.hasPrefix(name) }, "\(name) is loaded at start: \(libraries)")
        }
    }

    /// The release build (`make`, bench/oneshot: `swift build -c release --static-swift-stdlib`).
    static let release = Invoic.repository.appendingPathComponent(".build/release/invoic")

    /// The release build links the C++ runtime and the unwinder that the static Swift runtime
    /// needs (Package.swift's linker settings of `invoic`, scripts/link): loading libstdc++.so.6
    /// and libgcc_s.so.1 cost 0.6-1.3 ms of every start, and no library invoic loads at start
    /// needs them (libqpdf, opened for a received PDF, loads its own). A debug build loads them
    /// with the shared Swift runtime, so only a release build is looked at; `make` makes one.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: release.path), "no release build to look at (make builds one)"))
    func theReleaseBuildLoadsNoCxxRuntime() throws {
        let libraries = try Self.loaded(by: Self.release)
        #expect(libraries.contains { $0.hasPrefix("libpango-1.0.so") }, "\(libraries)")
        for name in ["libstdc++.so", "libgcc_s.so"] {
            #expect(!libraries.contains { $0.hasPrefix(name) }, "\(name) is loaded at start: \(libraries)")
        }
    }

    /// The release build lays out the functions a warm `invoic pdf N` runs together
    /// (scripts/link/invoic.order; each Swift function in a section of its own, gold's
    /// --section-ordering-file), so the kernel maps a few megabytes of the binary's text at each
    /// run instead of windows across all of it. Unordered, the same functions spread over 16 MB.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: release.path), "no release build to look at (make builds one)"))
    func theReleaseBuildLaysOutTheFunctionsAPDFRunsTogether() throws {
        let order = try String(contentsOf: Invoic.repository.appendingPathComponent("scripts/link/invoic.order"), encoding: .utf8)
        let listed = order.split(separator: "\n").map { $0.dropFirst(".text.".count) }
        #expect(listed.count > 1_000, "scripts/link/invoic.order lists \(listed.count) functions")
        let symbols = try runProcess(URL(fileURLWithPath: "/usr/bin/nm"), ["--defined-only", Self.release.path])
        #expect(symbols.status == 0, "\(symbols.stderr)")
        var address: [Substring: UInt64] = [:]
        for line in symbols.stdout.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count == 3, "tTwW".contains(fields[1]), let value = UInt64(fields[0], radix: 16) else { continue }
            address[fields[2]] = value
        }
        let found = listed.compactMap { address[$0] }.sorted()
        #expect(found.count * 10 >= listed.count * 9, "only \(found.count) of the \(listed.count) listed functions are in the binary")
        try #require(found.count > 20)
        // The middle 90 %: a few functions the linker keeps elsewhere do not matter.
        let span = found[found.count - 1 - found.count / 20] - found[found.count / 20]
        #expect(span < 4_000_000, "the functions a PDF runs spread over \(span) bytes of text")
    }
}
