import Foundation
import InvoicBook
import InvoicPDF
import InvoicReport
import InvoicTestSupport
import Testing

/// Issue 37: the web app's first hour in a real headless Chromium, driven over the DevTools
/// protocol by scripts/web-walk.py (scripts/cdp.py: a pipe, Python's standard library only), as a
/// German freelancer would use it on a desktop (1280 px) and a phone (390 px): a new invoice of
/// three lines (two tax rates) previewed with its PDF inside the page, saved, marked sent, paid;
/// the mail preview, the client's file edited in the source editor, a supplier's e-invoice
/// uploaded on the Purchases page, its page, the purchase paid; the diagnostics.
/// Every page: nothing wider than the screen, no console error, no CSP violation or blocked
/// load, no `{placeholder}` left, no English word in a de_DE book. Every form is submitted by the
/// page itself, so it carries the page's Origin and the CSRF guard is the server's, unchanged.
@Suite(.serialized) struct WebAppBrowserTests {
    @Test(arguments: [1280, 390])
    func theFirstHourInAGermanBookInARealBrowser(width: Int) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-walk-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let book = scratch.appendingPathComponent("buch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try Invoic.run(["init", "--country", "DE", "--name", "Muster Design GmbH", book.path])
        try Invoic.run(["new", "client", "kunde-nord", "--name", "Kunde Nord GmbH", "--email", "buchhaltung@kunde-nord.example", "-C", book.path, "--today", "2026-11-21"])
        let english = scratch.appendingPathComponent("english.json")
        try JSONSerialization.data(withJSONObject: try Self.englishOnlyWords(book).sorted()).write(to: english)

        let (server, url, _) = try ServeCommandTests.serve(book)
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() } }
        let shots = scratch.appendingPathComponent("shots")
        try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
        // The walk bounds itself (--timeout: it then says what it waited for); `timeout` is the last resort.
        let drive = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), [
            "timeout", "400", "python3", Invoic.repository.appendingPathComponent("scripts/web-walk.py").path, url, "--width", String(width),
            "--client", "kunde-nord", "--timeout", "240", "--english", english.path, "--shots", shots.path,
            "--receive", Invoic.fixtures.appendingPathComponent("received/zugferd-xml_basic_1.xml").path,
            "--line", "Konzeption und Gestaltung des neuen Markenauftritts mit Logo;6;Std.;95,00",
            "--line", "Reinzeichnung;1;Stk.;450,00", "--line", "Fachbuch Typografie;1;Stk.;35,20;7%",
        ])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(drive.stdout.utf8)) as? [String: Any], "\(drive.stdout)\(drive.stderr)")
        #expect(report["error"] == nil, "\(report["error"] ?? "")")
        let pages = report["pages"] as? [[String: Any]] ?? []
        let names = pages.map { $0["name"] as? String ?? "" }
        #expect(names == ["dashboard", "form-empty", "form-preview", "document", "document-sent", "document-paid", "mail", "client", "source",
                          "source-saved", "purchases-empty", "purchases", "purchase", "purchase-paid", "diagnostics", "dashboard-after"])
        for page in pages {
            let name = "\(page["name"] ?? "") at \(width) px"
            #expect(page["lang"] as? String == "de", "\(name)")
            #expect((page["overflow"] as? Int ?? 1) <= 0, "\(name) is \(page["overflow"] ?? "?") px wider than the screen: it scrolls sideways")
            #expect((page["problems"] as? [String])?.isEmpty == true, "\(name): \(page["problems"] ?? "")")
            #expect((page["placeholders"] as? [String])?.isEmpty == true, "\(name) shows a label's placeholder: \(page["placeholders"] ?? "")")
            #expect((page["english"] as? [String])?.isEmpty == true, "\(name) speaks English in a de_DE book: \(page["english"] ?? "")")
            #expect(page["header"] as? Bool == true, "\(name) has the app's header and its way back")
            #expect(page["banner"] is NSNull, "\(name): \(page["banner"] ?? "")")
        }
        guard names.count == 16 else { return }
        func page(_ name: String) -> [String: Any] { pages.first { $0["name"] as? String == name } ?? [:] }

        // The PDF inside the page, beside the form and on the document's page: shown, not its fallback link.
        for name in ["form-preview", "document"] {
            let pdf = page(name)["pdf"] as? [String: Any] ?? [:]
            #expect(pdf["present"] as? Bool == true && pdf["fallback_shown"] as? Bool == false && (pdf["height"] as? Int ?? 0) > 200, "\(name): \(pdf)")
        }
        // A long description is read whole in its field, on a desktop as on a phone.
        #expect(page("form-preview")["description_fits"] as? Bool == true)
        // The document's lines as the PDF prints them, with their units, and one tax row per rate:
        // 19 % of 570.00 + 450.00 = 193.80; 7 % of 35.20 = 2.464, so 2.46; together 196.26, and
        // the total 1,055.20 + 196.26 = 1,251.46 (worked by hand).
        let lines = page("document")["lines"] as? [[String]] ?? []
        #expect(lines.map { $0.count > 1 ? $0[1] : "" } == ["6 Std.", "1 Stk.", "1 Stk."], "\(lines)")
        let totals = (page("document")["totals"] as? [String] ?? []).map { $0.replacingOccurrences(of: "\u{A0}", with: " ") }
        #expect(Array(totals.prefix(10)) == ["Zwischensumme", "1.055,20 €", "USt. 7 %", "2,46 €", "USt. 19 %", "193,80 €", "Steuer gesamt", "196,26 €",
                                            "Gesamt", "1.251,46 €"], "\(totals)")
        // Each action answered with its own page: sent, paid, saved, received, the purchase paid.
        #expect((page("document-sent")["notice"] as? String)?.contains("versandt") == true, "\(page("document-sent")["notice"] ?? "")")
        #expect(page("document-paid")["status"] as? String == "pill paid")
        #expect(page("source-saved")["saved"] as? Bool == true && (page("source-saved")["notice"] as? String)?.hasSuffix("gespeichert") == true)
        #expect((page("purchases")["notice"] as? String)?.contains("471102") == true)
        #expect(page("purchase")["styled"] as? Bool == true, "the purchase's page under the app's stylesheet")
        // The supplier's figures (zugferd-xml_basic_1.xml: BT-115, amount due 235.62), then nothing left.
        #expect((page("purchase")["balance"] as? String)?.replacingOccurrences(of: "\u{A0}", with: " ") == "235,62 €")
        #expect((page("purchase-paid")["balance"] as? String)?.replacingOccurrences(of: "\u{A0}", with: " ") == "0,00 €")
        #expect(page("purchase-paid")["pay_form"] as? Bool == false)
        let record = try String(contentsOf: book.appendingPathComponent("purchases/2020/lieferant-gmbh-471102.yaml"), encoding: .utf8)
        #expect(record.contains("- {date: 2026-11-21, amount: 235.62}"), "\(record)")
        // The source editor's edit, in the file as typed.
        #expect(try String(contentsOf: book.appendingPathComponent("clients/kunde-nord.yaml"), encoding: .utf8).contains("# Notiz: Ansprechpartnerin Frau Nord"))

        // Stopped after the walk: at once, by its own graceful shutdown.
        kill(server.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(15)  // the poll would hold 25 s; the fix answers at once
        while server.isRunning, Date() < deadline { usleep(20_000) }
        #expect(!server.isRunning, "invoic serve still runs 15 s after SIGTERM")
        if !server.isRunning { #expect(server.terminationReason == .exit && server.terminationStatus == 0, "a graceful stop, not a kill") }
    }

    /// SIGTERM with a long poll open (the request every open page keeps waiting on /changes):
    /// the poll is answered, with the generation it had, and the process ends by its own
    /// graceful shutdown (exit 0), not after the poll's 25 s.
    @Test func aLongPollDoesNotHoldTheServerOnSIGTERM() throws {
        let book = try Invoic.copy(Invoic.examples.appendingPathComponent("studio"))
        defer { try? FileManager.default.removeItem(at: book) }
        let (server, url, _) = try ServeCommandTests.serve(book)
        defer { if server.isRunning { kill(server.processIdentifier, SIGKILL); server.waitUntilExit() } }
        let page = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["curl", "-s", url])
        let generation = try #require(page.stdout.firstMatch(of: /data-generation="([0-9]+)"/)?.1).description
        let poll = Process()
        poll.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        poll.arguments = ["curl", "-s", "--max-time", "60", "-w", "\n%{http_code}", url + "changes?since=\(generation)"]
        let out = Pipe()
        poll.standardOutput = out
        try poll.run()
        defer { if poll.isRunning { poll.terminate() } }
        // Wait until the server holds the poll: on its side of the connection the request has
        // arrived (bytes_received) and been read (Recv-Q 0). The HTTP decoder takes the head in
        // that same read, so the request is in flight before the signal, whatever the load.
        let port = URL(string: url)?.port ?? 0
        var held = false
        for _ in 0..<2400 where !held {
            let sockets = try runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["ss", "-Htni", "state", "established", "( sport = :\(port) )"]).stdout
            let queued = sockets.split(separator: "\n").first?.split(separator: " ").first.flatMap { Int($0) }
            let received = sockets.firstMatch(of: /bytes_received:([0-9]+)/).flatMap { Int($0.1) } ?? 0
            held = queued == 0 && received > 0
            if !held { usleep(25_000) }
        }
        #expect(held, "the long poll reached the server")
        kill(server.processIdentifier, SIGTERM)
        let deadline = Date().addingTimeInterval(15)  // a hang guard below the poll's 25 s
        while server.isRunning, Date() < deadline { usleep(20_000) }
        #expect(!server.isRunning, "invoic serve still runs 15 s after SIGTERM: the long poll holds it")
        server.waitUntilExit()
        #expect(server.terminationReason == .exit && server.terminationStatus == 0, "a graceful stop")
        poll.waitUntilExit()
        let answer = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(answer == "\(generation)\n200", "the poll answered with the generation it had: \(answer)")
    }

    /// Words of the English texts invoic has (the app's words, the report's, the PDFs' labels)
    /// that no German text of it uses: seen on a page of a de_DE book, they are English left
    /// behind. Lower case, three letters or more.
    static func englishOnlyWords(_ book: URL) throws -> Set<String> {
        let loaded = try BookLoader.load(at: book.path).0
        func words(_ texts: some Sequence<String>) -> Set<String> {
            var found: Set<String> = []
            for text in texts {
                let plain = text.replacing(/\{[A-Za-z_]+\}/, with: " ")
                for match in plain.matches(of: /[A-Za-z][A-Za-z'’-]*[A-Za-z]/) where match.output.count >= 3 { found.insert(match.output.lowercased()) }
            }
            return found
        }
        let english = words(AppWords(locale: "en_US").all.values).union(words(PDFRenderer.labels(of: loaded, locale: "en_US").values))
        let german = words(AppWords(locale: "de_DE").all.values).union(words(PDFRenderer.labels(of: loaded, locale: "de_DE").values))
        return english.subtracting(german)
    }
}
