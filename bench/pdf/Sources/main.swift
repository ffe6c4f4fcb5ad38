// The PDF benchmark (run it with bench/pdf/run.sh).
//
//   InvoicPDFBench generate DIR [N]   writes a book of N single-page invoices (default 1000)
//   InvoicPDFBench invoic DIR         renders every invoice through PDFRenderer, in one process
//   InvoicPDFBench parallel DIR [J]   renders every document on J threads (one renderer each) and
//                                     checks the bytes against a serial run
//   InvoicPDFBench floor DIR          draws the same texts with a bare cairo + pango loop: one font
//                                     map, one layout, one PDF surface per invoice, no invoic logic
//
// Each run prints one line: mode, PDFs, setup ms, wall and CPU ms per PDF, peak RSS, average size.

import CPangoCairo
import Dispatch
import Foundation
import InvoicBook
import InvoicMoney
import InvoicPDF

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
}

/// CPU time of this process: on a shared machine it moves far less than the wall clock.
func cpuNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1_000_000
}

func peakRSSMegabytes() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_maxrss) / 1024
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("InvoicPDFBench: \(message)\n".utf8))
    exit(2)
}

func report(_ mode: String, count: Int, setup: Double, total: Double, cpu: Double, bytes: Int) {
    let line = String(format: "%-7@ %5d PDFs  setup %6.1f ms  %6.3f ms/PDF wall  %6.3f ms/PDF cpu  peak RSS %5.1f MB  avg %5.1f KB",
                      mode as NSString, count, setup, total / Double(count), cpu / Double(count), peakRSSMegabytes(),
                      Double(bytes) / Double(count) / 1024)
    print(line)
}

// MARK: - generate

func generate(at root: String, count: Int) throws {
    let fm = FileManager.default
    try? fm.removeItem(atPath: root)
    try fm.createDirectory(atPath: root + "/clients", withIntermediateDirectories: true)
    try fm.createDirectory(atPath: root + "/invoices", withIntermediateDirectories: true)
    try """
        business:
          name: Northwind Design Co.
          email: billing@northwind.example
          phone: "+1 206 555 0100"
          address: {street: 410 Terry Ave N, city: Seattle, region: WA, postal_code: "98109", country: US}
        payment: {beneficiary: Northwind Design Co., bank: First Bank of Seattle, account: "Checking 000123456789", bic: FBSEUS33}
        defaults: {currency: USD, locale: en_US, tax: 10.25%, terms: 30}
        """.write(toFile: root + "/invoic.yaml", atomically: true, encoding: .utf8)
    let clients = ["Acme Corporation", "Globex Industries", "Initech LLC", "Umbrella Health", "Stark Logistics",
                   "Wayne Foundation", "Tyrell Systems", "Cyberdyne Labs", "Soylent Foods", "Hooli Inc."]
    for (index, name) in clients.prefix(min(count, clients.count)).enumerated() {
        try "name: \(name)\nemail: ap@client\(index).example\naddress: {street: \(100 + index) Main St, city: Portland, region: OR, postal_code: \"97201\", country: US}\n"
            .write(toFile: root + "/clients/c\(index).yaml", atomically: true, encoding: .utf8)
    }
    let work = ["Brand strategy workshop", "Logo design, three concepts", "Website wireframes", "Copywriting, landing page",
                "Photography, half day", "Illustration set", "Print production", "Project management"]
    for number in 1...count {
        var text = "client: c\(number % min(count, clients.count))\nissued: 2026-03-12\nitems:\n"
        for line in 0..<(3 + number % 4) {
            text += "  - description: \(work[(number + line) % work.count]) (\(number)-\(line))\n"
            text += "    quantity: \(1 + (number + line) % 7).5\n    unit: h\n    price: \(80 + (number * 7 + line * 13) % 120).00\n"
        }
        try text.write(toFile: root + "/invoices/INV-\(String(format: "%04d", number)).yaml", atomically: true, encoding: .utf8)
    }
}

// MARK: - invoic

func benchInvoic(_ root: String) throws {
    let book = try BookChecker.check(at: root).book
    let documents = book.invoices
    let start = now()
    let renderer = try PDFRenderer(book: book)
    let setup = now() - start
    var bytes = 0
    let loop = now(), cpuLoop = cpuNow()
    for document in documents {
        guard case .success(let pdf) = renderer.render(document) else { fail("\(document.number) did not render") }
        bytes += pdf.count
    }
    report("invoic", count: documents.count, setup: setup, total: now() - loop, cpu: cpuNow() - cpuLoop, bytes: bytes)
}

// MARK: - parallel

final class Results: @unchecked Sendable {
    let lock = NSLock()
    var bytes: [[UInt8]?]
    var failures: [String] = []
    init(count: Int) { bytes = Array(repeating: nil, count: count) }
}

func benchParallel(_ root: String, threads: Int) throws {
    let book = try BookChecker.check(at: root).book
    let documents = book.documents.filter { $0.figures != nil }
    let serialRenderer = try PDFRenderer(book: book)
    let serial = documents.map { document -> [UInt8] in
        guard case .success(let pdf) = serialRenderer.render(document) else { fail("\(document.number) did not render") }
        return pdf
    }
    let results = Results(count: documents.count)
    let loop = now()
    DispatchQueue.concurrentPerform(iterations: threads) { worker in
        guard let renderer = try? PDFRenderer(book: book) else { return }
        for index in stride(from: worker, to: documents.count, by: threads) {
            switch renderer.render(documents[index]) {
            case .success(let pdf): results.lock.withLock { results.bytes[index] = pdf }
            case .failure(let error): results.lock.withLock { results.failures.append("\(documents[index].number): \(error)") }
            }
        }
    }
    let elapsed = now() - loop
    var differ = 0
    for index in documents.indices where results.bytes[index] != serial[index] { differ += 1 }
    print(String(format: "parallel %d threads: %d PDFs in %.1f ms (%.3f ms/PDF), %d differ from serial, %d failed",
                 threads, documents.count, elapsed, elapsed / Double(documents.count), differ, results.failures.count))
    for failure in results.failures.prefix(5) { print("  " + failure) }
    if differ > 0 || !results.failures.isEmpty { exit(1) }
}

// MARK: - floor

/// The texts an invoice prints, worked out before the clock starts.
struct Line {
    var text: String
    var font: Int
    var x: Double
    var y: Double
}

func floorLines(_ book: Book, _ document: Document) -> [Line] {
    let figures = document.figures!
    let money = { (value: Int64) in MoneyFormat.format(value, figures.currency, locale: "en_US") }
    let client = book.clients[document.client.value]!.contact
    var lines: [Line] = [
        Line(text: book.settings.business.name, font: 0, x: 40, y: 42),
        Line(text: "INVOICE", font: 1, x: 420, y: 38),
        Line(text: document.number, font: 2, x: 500, y: 82),
        Line(text: book.settings.business.email ?? "", font: 2, x: 40, y: 80),
        Line(text: book.settings.business.phone ?? "", font: 2, x: 40, y: 94),
        Line(text: "410 Terry Ave N, Seattle, WA 98109", font: 2, x: 40, y: 108),
        Line(text: "BILL TO", font: 3, x: 40, y: 150), Line(text: "ISSUE DATE", font: 3, x: 380, y: 150),
        Line(text: "DUE DATE", font: 3, x: 470, y: 150),
        Line(text: client.name, font: 4, x: 40, y: 168), Line(text: "Mar 12, 2026", font: 2, x: 380, y: 168),
        Line(text: "Apr 11, 2026", font: 2, x: 470, y: 168), Line(text: client.email ?? "", font: 2, x: 40, y: 190),
        Line(text: "100 Main St, Portland, OR 97201", font: 2, x: 40, y: 204),
        Line(text: "DESCRIPTION", font: 3, x: 40, y: 250), Line(text: "QTY", font: 3, x: 290, y: 250),
        Line(text: "RATE", font: 3, x: 400, y: 250), Line(text: "AMOUNT", font: 3, x: 520, y: 250),
    ]
    var y = 280.0
    for (item, line) in zip(document.items, figures.lines) {
        lines.append(Line(text: item.description, font: 5, x: 40, y: y))
        lines.append(Line(text: "\(item.quantity?.value.description ?? "1") h", font: 5, x: 290, y: y))
        lines.append(Line(text: MoneyFormat.format(item.price.value, figures.currency, locale: "en_US"), font: 5, x: 400, y: y))
        lines.append(Line(text: money(line.amount), font: 6, x: 500, y: y))
        y += 32
    }
    lines += [
        Line(text: "Subtotal", font: 5, x: 300, y: y + 20), Line(text: money(figures.breakdown.subtotal), font: 5, x: 500, y: y + 20),
        Line(text: "Tax 10.25%", font: 5, x: 300, y: y + 40), Line(text: money(figures.breakdown.tax), font: 5, x: 500, y: y + 40),
        Line(text: "Total", font: 4, x: 300, y: y + 70), Line(text: money(figures.total), font: 7, x: 480, y: y + 66),
        Line(text: "PAYMENT DETAILS", font: 3, x: 40, y: y + 120),
        Line(text: "Payee", font: 5, x: 40, y: y + 140), Line(text: "Northwind Design Co.", font: 5, x: 140, y: y + 140),
        Line(text: "Bank", font: 5, x: 40, y: y + 156), Line(text: "First Bank of Seattle", font: 5, x: 140, y: y + 156),
        Line(text: "Account", font: 5, x: 40, y: y + 172), Line(text: "Checking 000123456789", font: 5, x: 140, y: y + 172),
        Line(text: "SWIFT/BIC", font: 5, x: 40, y: y + 188), Line(text: "FBSEUS33", font: 5, x: 140, y: y + 188),
    ]
    return lines
}

final class Sink { var bytes: [UInt8] = [] }

func benchFloor(_ root: String) throws {
    let book = try BookChecker.check(at: root).book
    let pages = book.invoices.map { floorLines(book, $0) }
    let start = now()
    let fontMap = pango_cairo_font_map_new()!
    pango_cairo_font_map_set_resolution(OpaquePointer(fontMap), 72)
    let context = pango_font_map_create_context(fontMap)!
    let options = cairo_font_options_create()
    cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
    cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
    pango_cairo_context_set_font_options(context, options)
    pango_context_set_round_glyph_positions(context, 0)
    let layout = pango_layout_new(context)!
    let names: [String] = ["JetBrains Mono Bold 26", "JetBrains Mono Bold 34", "JetBrains Mono 12", "JetBrains Mono Semi-Bold 10",
                           "JetBrains Mono Bold 15", "JetBrains Mono 11", "JetBrains Mono Medium 11", "JetBrains Mono Bold 20"]
    let fonts = names.map { name in name.withCString { pango_font_description_from_string($0)! } }
    let setup = now() - start
    let write: cairo_write_func_t = { closure, data, length in
        Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        return CAIRO_STATUS_SUCCESS
    }
    var bytes = 0
    let loop = now(), cpuLoop = cpuNow()
    for lines in pages {
        let sink = Sink()
        let surface = cairo_pdf_surface_create_for_stream(write, Unmanaged.passUnretained(sink).toOpaque(), 595.276, 841.89)
        let cr = cairo_create(surface)
        for line in lines {
            pango_layout_set_font_description(layout, fonts[line.font])
            line.text.withCString { pango_layout_set_text(layout, $0, -1) }
            cairo_set_source_rgb(cr, 0.07, 0.07, 0.07)
            cairo_move_to(cr, line.x, line.y)
            pango_cairo_show_layout(cr, layout)
        }
        for rule in 0..<8 {
            cairo_move_to(cr, 40, 270 + Double(rule) * 32)
            cairo_line_to(cr, 555, 270 + Double(rule) * 32)
            cairo_stroke(cr)
        }
        cairo_show_page(cr)
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        cairo_surface_destroy(surface)
        bytes += sink.bytes.count
    }
    report("floor", count: pages.count, setup: setup, total: now() - loop, cpu: cpuNow() - cpuLoop, bytes: bytes)
}

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: InvoicPDFBench generate|invoic|floor DIR [N]") }
do {
    switch arguments[1] {
    case "generate": try generate(at: arguments[2], count: arguments.count > 3 ? Int(arguments[3]) ?? 1000 : 1000)
    case "invoic": try benchInvoic(arguments[2])
    case "floor": try benchFloor(arguments[2])
    case "parallel": try benchParallel(arguments[2], threads: arguments.count > 3 ? Int(arguments[3]) ?? 2 : 2)
    default: fail("unknown mode \(arguments[1])")
    }
} catch {
    fail("\(error)")
}
