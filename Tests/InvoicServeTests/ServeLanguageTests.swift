import Foundation
import Hummingbird
import HummingbirdTesting
import InvoicBook
import InvoicInbox
@testable import InvoicServe
import InvoicTestSupport
import Testing

/// Issue 27: the app speaks the book's language (`defaults.locale`) with its dates and money, and
/// offers on a document's page what the command line makes of it: the copy with today's status,
/// the reminder, the e-invoice and the mail.
@Suite struct ServeLanguageTests {
    /// The studio book with `locale: de_DE` under `defaults:`.
    static func germanBook() throws -> URL {
        let root = try ServeTests.book()
        let settings = root.appendingPathComponent("invoic.yaml")
        let text = try String(contentsOf: settings, encoding: .utf8)
        #expect(text.contains("  locale: en_GB\n"))
        try text.replacingOccurrences(of: "  locale: en_GB\n", with: "  locale: de_DE\n").write(to: settings, atomically: true, encoding: .utf8)
        return root
    }

    /// The English words of the pages, as they would stand in the HTML (between tags, in an
    /// attribute, or with the text around them): none may be left on a German page.
    static let english = [
        ">Dashboard<", ">Outstanding<", ">Overdue<", ">Paid this month<", ">Drafts<", ">Aged receivables<", ">Client<", ">Current<",
        ">Over 90<", "Income by month", ">Documents ", ">newest first<", ">Search<", "number or client", ">any<", ">Year<", ">Filter<",
        ">clear<", ">Number<", ">Issued<", ">Due<", ">Total<", ">Due amount<", ">New invoice<", ">Start an invoice<", " open invoice",
        ">draft<", ">sent<", ">paid<", ">overdue<", ">partial<", ">accepted<", ">declined<", ">void<", ">credited<", ">converted<", ">expired<",
        ">Figures<", ">Description<", ">Qty<", ">Rate<", ">Amount<", ">Subtotal<", ">Tax<", ">Paid<", ">Amount due<", ">Payments<", ">Date<",
        ">Method<", ">Reference<", ">Record<", ">Sent<", ">Void<", ">Reason<", ">Credit note<", ">History<", ">Outputs<", "Copy with today",
        "issued ", " · due ", ">Balance<", ">Invoiced<", "Statement of account", "every open invoice", "as of ", ">Diagnostics", "read-only",
        "Not in a git repository", "PDF of ", ">bank transfer<", ">card<", ">cash<", "E-invoice", "Preview the e-mail",
    ]

    static func leftovers(_ html: String) -> [String] { english.filter { html.contains($0) } }

    @Test func aGermanBookShowsGermanWithGermanDatesAndMoney() async throws {
        let root = try Self.germanBook()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<html lang=\"de\">") && html.contains("<h1>Kennzahlen</h1>") && html.contains(">Offen<") && html.contains(">Überfällig<"))
                #expect(html.contains("8.936,60\u{A0}€"), "German money: \(html.prefix(3000))")
                #expect(html.contains(">überfällig<") && html.contains(">Nummer<"))
                #expect(html.contains("Stand 21. Nov. 2026"), "the day in German")
                #expect(html.contains("<option value=\"overdue\">überfällig</option>"), "statuses filter by their key, shown in German")
                #expect(Self.leftovers(html).isEmpty, "\(Self.leftovers(html))")
            }
            try await client.execute(uri: "/documents/INV-2026-008", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<h1><span class=\"nowrap\">Rechnung INV-2026-008</span>"), "\(html.prefix(1500))")
                #expect(html.contains("ausgestellt am 9. Nov. 2026") && html.contains("fällig am 30. Nov. 2026"))
                #expect(html.contains("797,60\u{A0}€") && html.contains(">Zwischensumme<") && html.contains(">Offener Betrag<"))
                #expect(html.contains("<option value=\"bank_transfer\">Überweisung</option>") && html.contains(">Bezahlt</button>"))
                #expect(Self.leftovers(html).isEmpty, "\(Self.leftovers(html))")
            }
            try await client.execute(uri: "/clients/danube-festival", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains(">Saldo<") && html.contains("Kontoübersicht (PDF)") && html.contains(">Berechnet<") && html.contains("\u{A0}€"))
                #expect(Self.leftovers(html).isEmpty, "\(Self.leftovers(html))")
            }
            try await client.execute(uri: "/diagnostics", method: .get) { response in
                #expect(String(buffer: response.body).contains("Das Buch ist fehlerfrei"))
            }
            try await client.execute(uri: "/clients/nobody", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .notFound && html.contains("<h1>Nicht gefunden</h1>") && html.contains("Kein Kunde nobody") && html.contains(">Zurück<"))
            }
            let (headers, _) = ServeTests.form("")
            try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: headers, body: ByteBuffer(string: "amount=1.00")) { response in
                #expect(response.status == .forbidden && String(buffer: response.body).contains("Das Formular stammt aus einer anderen Sitzung"))
            }
            try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&amount=1.00&date=2026-02-30")) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .unprocessableContent && html.contains("<h1>Nicht gespeichert</h1>") && html.contains("ist kein Datum"))
            }
            try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n&amount=100.00&date=2026-11-21")) { response in
                #expect(response.status == .seeOther)
                let location = response.headers[.location] ?? ""
                #expect(location.allSatisfy(\.isASCII) && location.removingPercentEncoding?.hasSuffix("done=Zahlung zu INV-2026-008 erfasst") == true, "\(location)")
            }
        }
    }

    /// The English words of the document form and the source editor (`AppWords`' `form_` keys).
    static let englishForm = [
        "New client", ">Dates<", "Left empty", ">Lines<", ">Quantity<", ">Unit<", ">Price<", ">Remove<", "Tax left empty", ">Add line<",
        ">Discount", "Notes<", ">Preview<", ">Save<", ">Totals<", "Press Preview", "Email<", "Issued<", "Due<", "Only when",
        "Findings in this file", "No findings", ">Save file<", "Saved only when", ">Source: ", ">Description<", ">Tax<", ">Client<",
    ]

    /// The form and the source editor speak the book's language too.
    @Test func aGermanBookShowsTheFormAndTheSourceInGerman() async throws {
        let root = try Self.germanBook()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/new/invoice", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok && html.contains("<h1>Neue Rechnung</h1>") && html.contains(">Vorschau<") && html.contains(">Speichern<"), "\(html)")
                #expect(html.contains(">Positionen<") && html.contains(">Position hinzufügen<") && html.contains("Neuer Kunde…") && html.contains("Fällig am<"))
                let left = (Self.english + Self.englishForm).filter { html.contains($0) }
                #expect(left.isEmpty, "\(left)")
            }
            try await client.execute(uri: "/new/estimate", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<h1>Neues Angebot</h1>") && html.contains("Gültig bis<"))
            }
            try await client.execute(uri: "/source?file=invoic.yaml", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok && html.contains("<h1>Quelltext: <code>invoic.yaml</code></h1>") && html.contains(">Datei speichern<"), "\(html)")
                #expect(html.contains("Keine Befunde in dieser Datei.") || html.contains("Befunde in dieser Datei"))
                let left = Self.englishForm.filter { html.contains($0) }
                #expect(left.isEmpty, "\(left)")
            }
        }
    }

    @Test func theEnglishBookStaysEnglish() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        try await ServeTests.server(root).application().test(.router) { client in
            try await client.execute(uri: "/", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<html lang=\"en\">") && html.contains(">Outstanding<") && html.contains("as of 21 Nov 2026") && html.contains(">overdue<"))
            }
        }
    }

    @Test func theDocumentPageOffersWhatTheCommandLineMakes() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/documents/INV-2026-008", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("href=\"/documents/INV-2026-008/copy.pdf\"") && html.contains("href=\"/documents/INV-2026-008/mail\""))
                #expect(html.contains("href=\"/documents/INV-2026-008/ubl.xml\"") && html.contains("href=\"/documents/INV-2026-008/cii.xml\""), "UBL and CII when the client names none")
            }
            try await client.execute(uri: "/documents/INV-2026-008/copy.pdf", method: .get) { response in
                #expect(response.headers[.contentType] == "application/pdf" && String(buffer: response.body).hasPrefix("%PDF-"))
            }
            for format in ["ubl", "cii"] {
                try await client.execute(uri: "/documents/INV-2026-008/\(format).xml", method: .get) { response in
                    let xml = String(buffer: response.body)
                    #expect(response.status == .ok && response.headers[.contentType] == "application/xml; charset=utf-8")
                    #expect(xml.hasPrefix("<?xml") && xml.contains("INV-2026-008") && xml.contains(format == "ubl" ? "<Invoice" : "CrossIndustryInvoice"), "\(xml.prefix(300))")
                }
            }
            try await client.execute(uri: "/documents/EST-2026-004/ubl.xml", method: .get) { #expect($0.status == .notFound, "an estimate is no e-invoice") }
            try await client.execute(uri: "/documents/INV-2026-008/nothing.xml", method: .get) { #expect($0.status == .notFound) }
            try await client.execute(uri: "/documents/INV-2026-008/mail", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(response.status == .ok && html.contains("Invoice INV-2026-008 from Studio Brenner") && html.contains(">INV-2026-008.pdf<"))
                #expect(html.contains("<code>invoic mail INV-2026-008</code>") && html.contains("30 Nov 2026"), "\(html)")
            }
            try await client.execute(uri: "/documents/INV-2026-008", method: .get) { response in
                #expect(!String(buffer: response.body).contains("reminder.pdf"), "an invoice not overdue has no reminder")
            }
        }
    }

    /// The overdue invoice's reminder, as `invoic remind` renders it, and recorded as `remind --record` does.
    @Test func anOverdueInvoiceIsRemindedFromItsPage() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = BookServer(live: try LiveBook(root: root.path, today: Day("2026-12-20")), options: .init(), csrfToken: "t0k3n")
        let due = try #require(server.live.snapshot.book.remindersDue(on: server.live.snapshot.today).first, "an invoice of the studio book is due a reminder")
        let number = due.invoice.number
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/documents/\(number)", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("href=\"/documents/\(number)/reminder.pdf\"") && html.contains("action=\"/documents/\(number)/remind\""))
                #expect(html.contains("Reminder 1 is due"))
            }
            try await client.execute(uri: "/documents/\(number)/reminder.pdf", method: .get) { response in
                #expect(response.headers[.contentType] == "application/pdf" && String(buffer: response.body).hasPrefix("%PDF-"))
            }
            let (headers, _) = ServeTests.form("")
            try await client.execute(uri: "/documents/\(number)/remind", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n")) { response in
                #expect(response.status == .seeOther && response.headers[.location]?.hasPrefix(BookServer.documentPath(number) + "?done=") == true)
            }
            let text = try String(contentsOf: root.appendingPathComponent(due.invoice.file), encoding: .utf8)
            #expect(text.contains("reminders:\n") && text.contains("level: \(due.level)"), "\(text)")
            try await client.execute(uri: "/documents/\(number)/reminder.pdf", method: .get) { #expect($0.status == .notFound, "recorded: no new level is due today") }
            try await client.execute(uri: "/documents/\(number)/remind", method: .post, headers: headers, body: ByteBuffer(string: "csrf=t0k3n")) {
                #expect($0.status == .unprocessableContent, "not recorded twice")
            }
        }
        let check = try BookChecker.check(at: root.path)
        #expect(!check.diagnostics.contains { $0.severity == .error }, "\(check.diagnostics.map(\.message))")
    }

    /// Issue 27, point 4: one or two months of income draw bars of a bar's width, with their amounts.
    @Test func theChartDrawsNarrowBarsWithAmounts() async throws {
        let root = try ServeTests.book()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        let chart = try #require(server.incomeChart(server.live.snapshot.report, server.live.snapshot.words)?["svg"] as? String)
        let widths = chart.components(separatedBy: "<rect ").dropFirst().compactMap { $0.components(separatedBy: "width=\"").dropFirst().first.flatMap { Int($0.prefix { $0.isNumber }) } }
        #expect(!widths.isEmpty && widths.allSatisfy { $0 <= 44 }, "\(widths)")
        #expect(chart.contains("<text class=\"amount\"") && chart.contains("€"))
    }
}

extension ServeLanguageTests {
    /// Issue 37: in a German book the pay form offers the amount as German writes it, takes
    /// `500,00` and `1.000,00` as typed, and refuses `1,000.00` in German; nothing is written then.
    @Test func aGermanBookTakesGermanAmounts() async throws {
        let root = try Self.germanBook()
        defer { try? FileManager.default.removeItem(at: root) }
        let server = try ServeTests.server(root)
        let file = root.appendingPathComponent("invoices/2026/INV-2026-008.yaml")
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/documents/INV-2026-008", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("name=\"amount\" value=\"797,60\""), "the amount due, prefilled as German writes it")
            }
            let (headers, _) = ServeTests.form("")
            let before = try String(contentsOf: file, encoding: .utf8)
            try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: headers,
                                     body: ByteBuffer(string: "csrf=t0k3n&amount=1%2C000.00&date=2026-11-20")) { response in
                let body = String(buffer: response.body)
                #expect(response.status == .unprocessableContent && body.contains("`1,000.00` ist keine Zahl (etwa 1.234,50)"), "\(body.suffix(600))")
            }
            #expect(try String(contentsOf: file, encoding: .utf8) == before)
            try await client.execute(uri: "/documents/INV-2026-008/pay", method: .post, headers: headers,
                                     body: ByteBuffer(string: "csrf=t0k3n&amount=500%2C00&date=2026-11-20")) { #expect($0.status == .seeOther) }
            #expect(try String(contentsOf: file, encoding: .utf8).contains("amount: 500.00"))
        }
    }
}

extension ServeLanguageTests {
    /// Issue 37: the Purchases page of a German book heads its findings column "Befunde" (not the
    /// count's unfilled `Fehler: {errors}, ...`), names statuses in German, and the source editor
    /// says "gespeichert".
    @Test func theGermanPurchasesPageHasNoPlaceholdersAndNoEnglishStatus() async throws {
        let root = try Self.germanBook()
        defer { try? FileManager.default.removeItem(at: root) }
        let pdf = try Data(contentsOf: ServeTests.repository.appendingPathComponent("Tests/Fixtures/received/zugferd-pdf_zf_en16931_1.pdf"))
        #expect(Inbox.receive(bytes: [UInt8](pdf), filename: "r.pdf", into: root.path, today: Day("2026-11-21")!).map(\.status) == [.received])
        let server = try ServeTests.server(root)
        try await server.application().test(.router) { client in
            try await client.execute(uri: "/purchases", method: .get) { response in
                let html = String(buffer: response.body)
                #expect(html.contains("<th>Befunde</th>"), "\(html.suffix(3000))")
                #expect(!html.contains("{errors}") && !html.contains("{warnings}") && !html.contains("{"), "no placeholder left")
                #expect(!html.contains(">open<") && !html.contains(">overdue<"))
            }
            let (headers, _) = ServeTests.form("")
            let file = "clients/danube-festival.yaml"
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let body = "csrf=t0k3n&file=" + file.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "&base=&text="
                + text.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
            try await client.execute(uri: "/source", method: .post, headers: headers, body: ByteBuffer(string: body)) { response in
                let location = response.headers[.location] ?? ""
                #expect(location.removingPercentEncoding?.contains("nichts geändert") == true || location.removingPercentEncoding?.contains("gespeichert") == true,
                        "\(response.status) \(location)")
            }
        }
    }
}
