// The PDF benchmark (run it with bench/pdf/run.sh).
//
//   InvoicPDFBench generate DIR [N]   writes a book of N single-page invoices (default 1000)
//   InvoicPDFBench invoic DIR         renders every invoice through PDFRenderer, in one process
//   InvoicPDFBench parallel DIR [J]   renders every document on J threads (one renderer each) and
//                                     checks the bytes against a serial run
//
// (The "floor" mode, a bare cairo + pango loop, measured cairo's ceiling until invoic wrote its
// PDFs itself: cairo writes no PDF any more, docs/decisions.md "PDF writer".)
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

let arguments = CommandLine.arguments
guard arguments.count >= 3 else { fail("usage: InvoicPDFBench generate|invoic|parallel DIR [N]") }
do {
    switch arguments[1] {
    case "generate": try generate(at: arguments[2], count: arguments.count > 3 ? Int(arguments[3]) ?? 1000 : 1000)
    case "invoic": try benchInvoic(arguments[2])
    case "parallel": try benchParallel(arguments[2], threads: arguments.count > 3 ? Int(arguments[3]) ?? 2 : 2)
    default: fail("unknown mode \(arguments[1])")
    }
} catch {
    fail("\(error)")
}
