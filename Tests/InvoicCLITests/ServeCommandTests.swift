import Foundation
import InvoicTestSupport
import Testing

/// `invoic serve` as a user runs it: the built binary on a free port, its dashboard loaded in a
/// real headless Chromium, a foreign Host refused, and a clean stop on SIGTERM.
@Suite(.serialized) struct ServeCommandTests {
    @Test func servesTheDashboardToChromiumAndStopsCleanly() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let port = 18000 + Int.random(in: 0..<2000)
        let server = Process()
        server.executableURL = Invoic.binary
        server.arguments = ["serve", "-C", book.path, "--port", String(port), "--today", "2026-11-21"]
        server.environment = ProcessInfo.processInfo.environment.merging(["LOG_LEVEL": "error"]) { $1 }
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        let url = "http://127.0.0.1:\(port)/"
        #expect(String(decoding: line, as: UTF8.self) == "invoic: serving \(book.path) at \(url) (Ctrl-C to stop)")

        let dom = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["timeout", "120", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                                                       "--user-data-dir=\(book.path)/chromium-dom", "--enable-logging=stderr", "--v=0", "--dump-dom", url])
        #expect(dom.stdout.contains("<h1>Dashboard</h1>") && dom.stdout.contains("INV-2026-013"), "\(dom.stdout.prefix(500))\(dom.stderr.suffix(500))")
        let console = dom.stderr.split(separator: "\n").filter { $0.contains("CONSOLE") }
        #expect(console.isEmpty, "the page logs nothing to the console: \(console)")
        let shot = book.appendingPathComponent("dashboard.png")
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["timeout", "120", "chromium", "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                                                 "--user-data-dir=\(book.path)/chromium-shot", "--window-size=1200,1400", "--screenshot=\(shot.path)", url])
        #expect((try? Data(contentsOf: shot))?.count ?? 0 > 10_000, "a screenshot of the dashboard")

        let foreign = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Host: evil.example:\(port)", url])
        #expect(foreign.stdout == "403")
        // What the browser gets, from the real server: no framing by another site, no inline code.
        let head = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["curl", "-s", "-D", "-", "-o", "/dev/null", url + "documents/INV-2026-008"])
        #expect(head.stdout.lowercased().contains("x-frame-options: deny\r\n") && head.stdout.contains("frame-ancestors 'none'"), "\(head.stdout)")
        // Two Host headers, over a raw socket (curl sends one).
        let twoHosts = try runProcess(URL(fileURLWithPath: "/bin/bash"), ["-c", "exec 3<>/dev/tcp/127.0.0.1/\(port); printf 'GET / HTTP/1.1\\r\\nHost: 127.0.0.1:\(port)\\r\\nHost: evil.example\\r\\nConnection: close\\r\\n\\r\\n' >&3; head -n 1 <&3"])
        #expect(twoHosts.stdout.hasPrefix("HTTP/1.1 400"), "\(twoHosts.stdout)")

        kill(server.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(10)
        while server.isRunning, Date() < deadline { usleep(50_000) }
        #expect(!server.isRunning && server.terminationStatus == 0, "a clean stop on SIGTERM")
    }
}
