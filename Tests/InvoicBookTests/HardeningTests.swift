import Foundation
import InvoicDiagnostics
import InvoicMoney
import InvoicTestSupport
import Testing
@testable import InvoicBook

private func codes(_ result: CheckedBook) -> [String] { result.diagnostics.map(\.code.name) }

/// The book-wide bounds of `BookLimits`, each at its value and one past it.
@Suite struct BookBoundTests {
    @Test func theStandardBoundsAreTheDocumentedOnes() {
        #expect(BookLimits.standard.maxFiles == 100_000)
        #expect(BookLimits.standard.maxItems == 10_000)
        #expect(BookLimits.standard.maxPayments == 10_000)
        #expect(BookLimits.standard.maxNameLength == 128)
        #expect(BookLimits.standard.maxAssetSize == 16 * 1024 * 1024)
        #expect(BookLimits.standard.yaml == .standard)
    }

    @Test func itemsAtAndPastTheBound() {
        let limit = BookLimits.standard.maxItems
        func items(_ count: Int) -> String { String(repeating: "  - { description: x, price: 1 }\n", count: count) }
        let at = TestBook(["invoices/INV-0001.yaml": invoice(items: items(limit))]).check()
        #expect(codes(at) == [])
        #expect(at.book.documents.first?.figures?.total == Int64(limit) * 100)
        let past = TestBook(["invoices/INV-0001.yaml": invoice(items: items(limit + 1))]).findings()
        #expect(past == ["invoices/INV-0001.yaml:4:3 resource-limit"])
    }

    @Test func paymentsAtAndPastTheBound() {
        let limit = BookLimits.standard.maxPayments
        func payments(_ count: Int) -> String {
            "payments:\n" + String(repeating: "  - { date: 2026-03-02, amount: 0.01, method: card }\n", count: count)
        }
        let item = "  - { description: x, price: \(limit / 100).00 }\n"
        let at = TestBook(["invoices/INV-0001.yaml": invoice(payments(limit), items: item)]).check()
        #expect(codes(at) == [])
        #expect(at.book.documents.first?.figures?.paid == Int64(limit))
        let past = TestBook(["invoices/INV-0001.yaml": invoice(payments(limit + 1), items: item)]).check()
        #expect(codes(past) == ["resource-limit"])
        #expect(past.diagnostics.first?.message == "an invoice with 10001 payments, more than the limit of 10000")
    }

    @Test func filesAtAndPastTheBound() throws {
        // Counted: every entry below clients/, invoices/ and estimates/ (here the client file, one
        // invoice and `n` other files). Past the bound nothing is read.
        func book(otherFiles: Int) -> TestBook {
            let book = TestBook(["invoices/INV-0001.yaml": invoice()])
            for index in 0..<otherFiles { book.write("invoices/notes/\(index).txt", "") }
            return book
        }
        var limits = BookLimits.standard
        limits.maxFiles = 20
        let at = book(otherFiles: 17)   // acme.yaml, INV-0001.yaml, notes/, 17 files
        defer { at.remove() }
        #expect(codes(try BookChecker.check(at: at.root, limits: limits)) == [])
        at.write("invoices/notes/one-more.txt", "")
        let past = try BookChecker.check(at: at.root, limits: limits)
        #expect(codes(past) == ["resource-limit"])
        #expect(past.diagnostics.first?.file == "invoices")
        #expect(past.book.documents.isEmpty)
    }

    /// Creating 100,000 files takes most of a minute on some file systems: run with INVOIC_SLOW_TESTS=1.
    @Test(.enabled(if: ProcessInfo.processInfo.environment["INVOIC_SLOW_TESTS"] == "1"))
    func filesAtAndPastTheStandardBound() throws {
        // 100,000 entries: the bound itself; one more and the book is refused without parsing.
        let book = TestBook(["invoices/INV-0001.yaml": invoice()])
        defer { book.remove() }
        let folder = book.root + "/estimates/old"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // acme.yaml + INV-0001.yaml + old/ + 99,997 files = 100,000.
        for index in 0..<(BookLimits.standard.maxFiles - 3) {
            close(open(folder + "/\(index)", O_CREAT | O_WRONLY, 0o644))
        }
        let started = Date()
        #expect(codes(try BookChecker.check(at: book.root)) == [])
        close(open(folder + "/one-more", O_CREAT | O_WRONLY, 0o644))
        #expect(codes(try BookChecker.check(at: book.root)) == ["resource-limit"])
        #expect(Date().timeIntervalSince(started) < 30)
    }

    @Test func aLinkLoopDoesNotTrapTheWalk() throws {
        let book = TestBook(["invoices/INV-0001.yaml": invoice()])
        defer { book.remove() }
        try FileManager.default.createSymbolicLink(atPath: book.root + "/invoices/loop", withDestinationPath: book.root + "/invoices")
        #expect(codes(try BookChecker.check(at: book.root)) == [])
    }

    @Test func nameLengthAtAndPastTheBound() {
        let limit = BookLimits.standard.maxNameLength
        let settings = TestBook.settings + "\nnumbering: { invoice: \"I{seq:4}\" }\n"
        let atName = "I" + String(repeating: "1", count: limit - 1)
        let at = TestBook(["invoices/\(atName).yaml": invoice()], settings: settings).check()
        #expect(!codes(at).contains("invalid-file-name"))
        let pastName = "I" + String(repeating: "1", count: limit)
        let past = TestBook(["invoices/\(pastName).yaml": invoice()], settings: settings).check()
        #expect(codes(past) == ["invalid-file-name"])
        #expect(past.diagnostics.first?.message == "the file name is 129 bytes long without .yaml, more than the limit of 128")
    }

    @Test func aFileNameWithAControlCharacterIsRefusedAndShownEscaped() {
        let result = TestBook(["invoices/INV-\u{1B}[2J0001.yaml": invoice()]).check()
        #expect(codes(result) == ["invalid-file-name"])
        #expect(result.diagnostics.first?.file == "invoices/INV-\\u{1B}[2J0001.yaml")
        #expect(!result.diagnostics.contains { ($0.file ?? "").contains("\u{1B}") || $0.message.contains("\u{1B}") })
    }

    @Test func aPDFNamePatternPastTheFileSystemsBoundIsReported() {
        let longName = String(repeating: "B", count: 200)
        let settings = "business: { name: \(longName) }\ndefaults: { currency: USD }\npdf_name: \"{number} {business}\"\n"
        #expect(TestBook(["invoices/INV-0001.yaml": invoice()], settings: settings).findings() == [])
        let tooLong = "business: { name: \(longName) }\ndefaults: { currency: USD }\npdf_name: \"{number} {business} {business}\"\n"
        #expect(TestBook(["invoices/INV-0001.yaml": invoice()], settings: tooLong).findings() == ["invoic.yaml:3:11 invalid-file-name"])
    }
}

/// PDF names come from numbers, names and the `pdf_name` pattern: none may leave the output folder.
@Suite struct OutputNameTests {
    func name(pattern: String?, number: String = "INV-0001", business: String = "Studio", client: String = "Acme") -> String {
        var settings = BookSettings(business: Contact(name: business))
        settings.pdfName = pattern.map { Located($0, at: SourceRange(line: 1, column: 1)) }
        var clientValue = Client(id: "acme", file: "clients/acme.yaml", contact: Contact(name: client))
        clientValue.archived = nil
        let book = Book(root: ".", settings: settings, clients: ["acme": clientValue], documents: [], sources: [:])
        let document = Document(kind: .invoice, number: number, file: "invoices/\(number).yaml",
                                client: Located("acme", at: SourceRange(line: 1, column: 1)),
                                issued: Located(Day(year: 2026, month: 3, day: 1)!, at: SourceRange(line: 1, column: 1)))
        return book.pdfFileName(for: document)
    }

    @Test(arguments: [
        ("../../etc/{number}", "-..-etc-INV-0001.pdf"),
        ("/etc/passwd", "-etc-passwd.pdf"),
        ("{number}/../../x", "INV-0001-..-..-x.pdf"),
        ("..", "invoice.pdf"),
        ("", "invoice.pdf"),
        (".hidden-{number}", "hidden-INV-0001.pdf"),
        ("{number}\\..\\x", "INV-0001-..-x.pdf"),
    ])
    func patternsCannotLeaveTheFolder(_ pattern: String, _ expected: String) {
        let result = name(pattern: pattern)
        #expect(result == expected)
        #expect(!result.contains("/") && !result.hasPrefix("."))
    }

    @Test func namesFromTheBookCannotLeaveTheFolderEither() {
        #expect(name(pattern: "{client}", client: "../../../root/.ssh/authorized_keys") == "-..-..-root-.ssh-authorized_keys.pdf")
        #expect(name(pattern: "{business}", business: "..") == "invoice.pdf")
        #expect(name(pattern: nil, number: "..") == "invoice.pdf")
        #expect(name(pattern: nil, number: ".") == "invoice.pdf")
        #expect(name(pattern: "{number}", number: "a\u{0}b\nc") == "a-b-c.pdf")
    }
}

/// `business.logo` and `template:` name files inside the book.
@Suite struct PathTests {
    func findings(logo: String? = nil, template: String? = nil, setUp: (TestBook) throws -> Void = { _ in }) throws -> [String] {
        var settings = TestBook.settings + "\n"
        if let logo { settings = settings.replacingOccurrences(of: "business: { name: Test Studio }", with: "business: { name: Test Studio, logo: \"\(logo)\" }") }
        if let template { settings += "template: \"\(template)\"\n" }
        let book = TestBook(["invoices/INV-0001.yaml": invoice(), "assets/logo.png": "png"], settings: settings)
        try setUp(book)
        return book.findings()
    }

    @Test func aLogoInsideTheBookIsFine() throws {
        #expect(try findings(logo: "assets/logo.png") == [])
        #expect(try findings(logo: "./assets//logo.png") == [])
    }

    @Test(arguments: ["/etc/passwd", "../logo.png", "assets/../../logo.png", "assets/../logo.png", ".."])
    func aLogoOutsideTheBookIsRefused(_ path: String) throws {
        #expect(try findings(logo: path) == ["invoic.yaml:1:38 path-outside-book"])
    }

    @Test func aLinkLeadingOutOfTheBookIsRefused() throws {
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-outside-\(UUID().uuidString).png").path
        FileManager.default.createFile(atPath: outside, contents: Data("png".utf8))
        defer { try? FileManager.default.removeItem(atPath: outside) }
        #expect(try findings(logo: "assets/linked.png") { book in
            try FileManager.default.createSymbolicLink(atPath: book.root + "/assets/linked.png", withDestinationPath: outside)
        } == ["invoic.yaml:1:38 path-outside-book"])
        // A linked folder on the way counts the same.
        #expect(try findings(logo: "shared/x.png") { book in
            try FileManager.default.createSymbolicLink(atPath: book.root + "/shared", withDestinationPath: FileManager.default.temporaryDirectory.path)
        } == ["invoic.yaml:1:38 path-outside-book", ])
        // A link that stays inside the book is fine.
        #expect(try findings(logo: "assets/alias.png") { book in
            try FileManager.default.createSymbolicLink(atPath: book.root + "/assets/alias.png", withDestinationPath: book.root + "/assets/logo.png")
        } == [])
    }

    @Test func aLogoThatIsNotARegularFileIsRefusedBeforeAnythingReadsIt() throws {
        #expect(try findings(logo: "assets/pipe.png") { book in
            mkfifo(book.root + "/assets/pipe.png", 0o644)
        } == ["invoic.yaml:1:38 missing-asset"])
    }

    @Test func aLogoPastTheAssetBoundIsRefused() throws {
        #expect(try findings(logo: "assets/big.png") { book in
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: book.root + "/assets/logo.png"))
            try handle.truncate(atOffset: UInt64(BookLimits.standard.maxAssetSize))
            try handle.close()
            try FileManager.default.copyItem(atPath: book.root + "/assets/logo.png", toPath: book.root + "/assets/big.png")
            let big = try FileHandle(forWritingTo: URL(fileURLWithPath: book.root + "/assets/big.png"))
            try big.truncate(atOffset: UInt64(BookLimits.standard.maxAssetSize + 1))
            try big.close()
        } == ["invoic.yaml:1:38 resource-limit"])
        #expect(try findings(logo: "assets/logo.png") { book in
            truncate(book.root + "/assets/logo.png", off_t(BookLimits.standard.maxAssetSize))
        } == [])
    }

    @Test(arguments: ["../../etc/passwd", "/etc/passwd", "..", "a/../../b"])
    func aTemplateNameLeadingOutOfTheBookIsRefused(_ name: String) throws {
        #expect(try findings(template: name) == ["invoic.yaml:3:11 path-outside-book"])
    }

    @Test func aLinkedTemplateLeadingOutOfTheBookIsRefused() throws {
        #expect(try findings(template: "mine") { book in
            book.write("templates/.keep", "")
            try FileManager.default.createSymbolicLink(atPath: book.root + "/templates/mine.yaml", withDestinationPath: "/etc/hostname")
        } == ["invoic.yaml:3:11 path-outside-book"])
        #expect(try findings(template: "mine") { book in book.write("templates/mine.yaml", "extends: invoi\n") } == [])
    }
}

/// Amounts past 64-bit minor units are reported, never trapped on.
@Suite struct OverflowTests {
    func findings(_ extra: String = "", items: String) -> [String] {
        TestBook(["invoices/INV-0001.yaml": invoice(extra, items: items)]).findings()
    }

    @Test func aQuantityTooLargeToHold() {
        #expect(findings(items: "  - { description: A, quantity: 99999999999999999999, price: 1 }\n") == ["invoices/INV-0001.yaml:4:33 amount-overflow"])
        #expect(findings(items: "  - { description: A, quantity: \(String(repeating: "9", count: 400)), price: 1 }\n") == ["invoices/INV-0001.yaml:4:33 amount-overflow"])
    }

    @Test func aPriceTooLargeToHold() {
        #expect(findings(items: "  - { description: A, price: 92233720368547758.08 }\n") == ["invoices/INV-0001.yaml:4:30 amount-overflow"])
        // The largest amount a price can hold is still more than any page prints: reported, not trapped.
        #expect(findings(items: "  - { description: A, price: 92233720368547758.07 }\n") == ["invoices/INV-0001.yaml:4:3 amount-overflow"])
        #expect(findings(items: "  - { description: A, price: 10000000000000.00 }\n") == [])
        #expect(findings(items: "  - { description: A, price: 10000000000000.01 }\n") == ["invoices/INV-0001.yaml:4:3 amount-overflow"])
    }

    @Test func aProductTooLargeToHold() {
        #expect(findings(items: "  - { description: A, quantity: 10000000000, price: 10000000000 }\n") == ["invoices/INV-0001.yaml:4:53 amount-overflow"])
    }

    @Test func linesAddingUpPastTheBound() {
        let line = "  - { description: A, price: 5000000000000.00 }\n"
        #expect(findings(items: line + line) == [])
        #expect(findings(items: line + line + line) == ["invoices/INV-0001.yaml:4:3 amount-overflow"])
        let huge = "  - { description: A, price: 50000000000000000.00 }\n"
        #expect(findings(items: huge + huge) == ["invoices/INV-0001.yaml:4:3 amount-overflow"])
    }

    @Test func taxPushingTheTotalPastTheBound() {
        #expect(findings("tax: 100%\n", items: "  - { description: A, price: 50000000000000000.00 }\n") == ["invoices/INV-0001.yaml:4:3 amount-overflow"])
    }

    @Test func paymentsAddingUpPastTheBound() {
        let payment = "  - { date: 2026-03-02, amount: 6000000000000.00, method: card }\n"
        let items = "  - { description: A, price: 9000000000000.00 }\n"
        #expect(findings("payments:\n" + payment, items: items) == [])
        #expect(findings("payments:\n" + payment + payment, items: items) == ["invoices/INV-0001.yaml:2:9 amount-overflow"])
        // Ten thousand payments each as large as an amount may be.
        let many = String(repeating: "  - { date: 2026-03-02, amount: 92233720368547758.07, method: card }\n", count: 10_000)
        #expect(findings("payments:\n" + many, items: items) == ["invoices/INV-0001.yaml:2:9 amount-overflow"])
    }

    @Test func statedFiguresAndDiscountsTooLargeToHold() {
        let items = "  - { description: A, price: 1 }\n"
        #expect(findings("total: 99999999999999999999\n", items: items) == ["invoices/INV-0001.yaml:5:8 amount-overflow"])
        #expect(findings("discount: 99999999999999999999\n", items: items) == ["invoices/INV-0001.yaml:5:11 amount-overflow"])
        #expect(findings("total: 1\(String(repeating: "0", count: 300))\n", items: items) == ["invoices/INV-0001.yaml:5:8 amount-overflow"])
    }

    @Test func datesAtTheEndOfTheCalendarDoNotTrap() {
        let result = TestBook(["invoices/INV-0001.yaml": invoice(issued: "9999-12-31")],
                              settings: "business: { name: S }\ndefaults: { currency: USD, terms: 99999 }\n").check()
        #expect(codes(result) == [])
        let document = result.book.documents[0]
        #expect(document.figures?.dueDate?.year == 10273)
        _ = result.book.status(of: document, today: Day(year: 9999, month: 12, day: 31)!)
    }
}

/// Reading a book's file: only regular files, never more than the size bound.
@Suite struct FileReadingTests {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("invoic-read-\(UUID().uuidString)").path

    @Test func readsRegularFilesAndRefusesEverythingElse() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let bytes = (0..<200_000).map { UInt8(truncatingIfNeeded: $0) }
        FileManager.default.createFile(atPath: root + "/file", contents: Data(bytes))
        #expect(try BookLoader.read(root + "/file", limit: 200_000).get() == bytes)
        guard case .failure(let tooBig) = BookLoader.read(root + "/file", limit: 199_999) else { Issue.record("read past the limit"); return }
        #expect(tooBig.code.name == "resource-limit")
        #expect(mkfifo(root + "/pipe", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: root + "/zero", withDestinationPath: "/dev/zero")
        for (name, message) in [("pipe", "is a named pipe, not a file"), ("zero", "is a link to a device, not a file"), (".", "is a directory, not a file")] {
            guard case .failure(let problem) = BookLoader.read(root + "/" + name, limit: 1000) else { Issue.record("\(name) was read"); continue }
            #expect(problem.code.name == "unreadable-file")
            #expect(problem.message == message)
        }
        #expect(FileManager.default.createFile(atPath: root + "/empty", contents: Data()))
        #expect(try BookLoader.read(root + "/empty", limit: 10).get() == [])
    }
}
