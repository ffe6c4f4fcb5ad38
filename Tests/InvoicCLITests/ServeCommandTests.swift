import Foundation
import InvoicTestSupport
import Testing

/// `invoic serve` as a user runs it: the built binary on a free port, its dashboard loaded in a
/// real headless Chromium, a foreign Host refused, and a clean stop on SIGTERM.
@Suite(.serialized) struct ServeCommandTests {
    @Test func servesTheDashboardToChromiumAndStopsCleanly() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let (server, url, line) = try Self.serve(book)
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL) } }
        let port = URL(string: url)?.port ?? 0
        #expect(line == "invoic: serving \(book.path) at \(url) (Ctrl-C to stop)")

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
        let deadline = Date().addingTimeInterval(60)  // a bound for a hung server, not a speed test
        while server.isRunning, Date() < deadline { usleep(50_000) }
        #expect(!server.isRunning && server.terminationStatus == 0, "a clean stop on SIGTERM")
    }
    /// A server on a free port for `book`, stopped by the caller; returns it, its address and the
    /// first line it printed (that it listens, or why not: after it, the port answers).
    static func serve(_ book: URL) throws -> (Process, String, String) {
        let port = 18000 + Int.random(in: 0..<7000)
        let server = Process()
        server.executableURL = Invoic.binary
        server.arguments = ["serve", "-C", book.path, "--port", String(port), "--today", "2026-11-21"]
        server.environment = ProcessInfo.processInfo.environment.merging(["LOG_LEVEL": "error"]) { $1 }
        let out = Pipe()
        server.standardOutput = out
        server.standardError = FileHandle.nullDevice
        try server.run()
        var line = Data()
        while let byte = try out.fileHandleForReading.read(upToCount: 1), !byte.isEmpty, byte != Data("\n".utf8) { line += byte }
        return (server, "http://127.0.0.1:\(port)/", String(decoding: line, as: UTF8.self))
    }

    /// Issue 27: a person writes an invoice of three lines in the web app, in a real Chromium
    /// (scripts/web-form-drive.py drives it over the DevTools protocol): the dashboard's link, the
    /// form, "add line" twice (real submits, no script needed), preview (totals and the PDF), save;
    /// the document's page, its PDF, the draft edited in the same form, the dashboard listing it. In English (the studio, an existing client) and in German
    /// (a new book from `init --country DE`, the client made inline, a price typed `450,00`), on a
    /// desktop (1280 px) and a phone (390 px): nothing cut off, axe finds nothing, the words are the book's.
    @Test(arguments: [("en", 1280), ("en", 390), ("de", 1280), ("de", 390)])
    func aPersonWritesAnInvoiceInTheWebApp(language: String, width: Int) throws {
        let axe = Invoic.repository.appendingPathComponent(".build/axe/axe.min.js")
        try #require(FileManager.default.fileExists(atPath: axe.path), "run `make axe` first (make test does)")
        let book: URL
        var who: [String]
        let lines: [String]
        if language == "en" {
            book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
            who = ["--client", "strasser"]
            lines = ["Design workshop;2;450", "Logo files;1;120.50", "Travel;1;80"]
        } else {
            book = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-form-\(UUID().uuidString)")
            try Invoic.run(["init", "--country", "DE", "--name", "Muster Design GmbH", book.path])
            who = ["--new-client", "kunde-nord", "Kunde Nord GmbH"]
            lines = ["Beratung;3;120", "Entwurf, Logo;1;450,00", "Fahrtkosten;1;35.20"]
        }
        defer { try? FileManager.default.removeItem(at: book) }
        let (server, url, _) = try Self.serve(book)
        defer { kill(server.processIdentifier, SIGTERM); server.waitUntilExit() }

        let shots = book.appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        let drive = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["timeout", "300", "python3", Invoic.repository.appendingPathComponent("scripts/web-form-drive.py").path,
                                                                         url, "--width", String(width), "--axe", axe.path, "--shots", shots.path] + who + lines.flatMap { ["--line", $0] })
        let report = try #require(try JSONSerialization.jsonObject(with: Data(drive.stdout.utf8)) as? [String: Any], "\(drive.stdout)\(drive.stderr)")
        #expect(report["error"] == nil, "\(report["error"] ?? "")")
        let pages = report["pages"] as? [[String: Any]] ?? []
        #expect(pages.map { $0["name"] as? String ?? "" } == ["dashboard-before", "form-empty", "form-preview", "document", "form-edit", "document-revised", "dashboard-after"])
        for page in pages {
            let name = page["name"] as? String ?? ""
            #expect(page["lang"] as? String == language, "\(name)")
            #expect((page["overflow"] as? Int ?? 1) <= 0, "\(name) at \(width) px scrolls sideways by \(page["overflow"] ?? "?") px: something is cut off")
            #expect((page["axe"] as? [Any])?.isEmpty == true, "\(name) at \(width) px: \(page["axe"] ?? "")")
        }
        guard pages.count == 7 else { return }
        // The PDF beside the form, as it would print.
        let preview = pages[2]["pdf"] as? [String: Any] ?? [:]
        #expect(preview["status"] as? Int == 200 && preview["magic"] as? String == "%PDF-", "\(preview)")
        // The totals the book computes, shown before saving, in the book's money format.
        let totals = pages[2]["totals"] as? [String] ?? []
        if language == "en" {
            #expect(totals == ["Subtotal", "€1,100.50", "Tax", "€220.10", "Total", "€1,320.60"], "\(totals)")
            #expect(pages[1]["title"] as? String == "New invoice · Studio Brenner")
        } else {
            #expect(totals == ["Zwischensumme", "845,20\u{A0}€", "Steuer", "160,59\u{A0}€", "Gesamt", "1.005,79\u{A0}€"], "\(totals)")
            #expect(pages[1]["title"] as? String == "Neue Rechnung · Muster Design GmbH")
        }
        let number = language == "en" ? "INV-2026-014" : "INV-0001"
        #expect(pages[3]["url"] as? String == "/documents/\(number)")
        #expect((pages[3]["heading"] as? String)?.contains(number) == true, "\(pages[3]["heading"] ?? "")")
        // The draft, opened again in the same form, its first line changed and saved.
        #expect(pages[4]["url"] as? String == "/edit/\(number)" && pages[4]["first_line"] as? String == String(lines[0].split(separator: ";")[0]))
        #expect(pages[5]["url"] as? String == "/documents/\(number)" && (pages[5]["text"] as? String)?.contains("(revised)") == true)
        #expect((pages[6]["text"] as? String)?.contains(number) == true, "the dashboard lists the new invoice")
        let head = report["pdf_head"] as? [String: Any] ?? [:]
        #expect(head["status"] as? Int == 200 && head["type"] as? String == "application/pdf" && head["magic"] as? String == "%PDF-", "\(head)")
        // The file, where the book keeps its invoices, and its PDF with the three lines.
        let file = language == "en" ? "invoices/2026/\(number).yaml" : "invoices/\(number).yaml"
        #expect(FileManager.default.fileExists(atPath: book.appendingPathComponent(file).path), "\(file)")
        let pdf = book.appendingPathComponent("\(number).pdf")
        _ = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["curl", "-s", "-o", pdf.path, url + "documents/\(number).pdf"])
        let text = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["pdftotext", "-layout", pdf.path, "-"]).stdout
        for line in lines { #expect(text.contains(String(line.split(separator: ";")[0])), "\(line) in the PDF:\n\(text)") }
        #expect(text.contains(language == "en" ? "1,320.60" : "1.005,79"), "\(text)")
    }
}
