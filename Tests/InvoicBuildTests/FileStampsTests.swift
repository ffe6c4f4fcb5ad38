import Foundation
import InvoicBook
import InvoicTestSupport
import Testing
@testable import InvoicBuild

/// The book's files trusted by their stamps (`FileStamps`, git's stat data and its "racy git"
/// rule, issue 41 point 10): a stored digest stands for a file only while its stamp is the one
/// stored and its times are older than the unit's by more than the granularity; a file changed
/// in the same second, with the same size, is still seen.
@Suite struct FileStampsTests {
    static func book() -> TestBook {
        TestBook(["invoices/INV-0001.yaml": invoice(), "invoices/INV-0002.yaml": invoice(issued: "2026-03-02")])
    }

    static func stampsFile(_ root: String) -> String { root + "/.invoic/cache/stamps" }

    /// Sets a file's modification time (and access time) to `seconds` since 1970; its change time becomes now.
    static func setModified(_ path: String, _ seconds: Int, nanoseconds: Int = 0) {
        var times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    /// Overwrites a file in place (same inode), as an editor that does not rename does.
    static func overwrite(_ path: String, _ text: String) {
        let descriptor = open(path, O_WRONLY | O_TRUNC)
        #expect(descriptor >= 0)
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) } == bytes.count)
        close(descriptor)
    }

    static func now() -> Int { Int(Date().timeIntervalSince1970) }

    static func stamp(modified: Int64, changed: Int64, nanoseconds: Int64 = 0) -> FileStamp {
        FileStamp(size: 10, modified: modified, modifiedNanoseconds: nanoseconds, changed: changed, changedNanoseconds: nanoseconds, inode: 1, device: 1)
    }

    /// The rule by hand: both times strictly older than the unit's by more than 4 s.
    @Test func theRacyRule() {
        let written: (Int64, Int64) = (1_000_000, 500)
        #expect(FileStamps.isOld(Self.stamp(modified: 999_990, changed: 999_990), comparedWith: written))
        // Exactly 4 s older, to the nanosecond: not more than the granularity.
        #expect(!FileStamps.isOld(Self.stamp(modified: 999_996, changed: 999_996, nanoseconds: 500), comparedWith: written))
        #expect(FileStamps.isOld(Self.stamp(modified: 999_996, changed: 999_996, nanoseconds: 499), comparedWith: written))
        // The same second as the unit, and a second later (a file written after the unit).
        #expect(!FileStamps.isOld(Self.stamp(modified: 1_000_000, changed: 1_000_000), comparedWith: written))
        #expect(!FileStamps.isOld(Self.stamp(modified: 1_000_001, changed: 1_000_001), comparedWith: written))
        // An old modification time set back by `touch -d` does not hide a recent change time.
        #expect(!FileStamps.isOld(Self.stamp(modified: 900_000, changed: 999_999), comparedWith: written))
    }

    /// Once the unit is older than the files by more than the granularity (its time pushed an
    /// hour ahead here, as if written then), no file is read to make the key, and the key is
    /// the one reading every file gives.
    @Test func oldStampsAreTrustedAndGiveTheSameKey() throws {
        let book = Self.book()
        defer { book.remove() }
        let (_, cold) = try CheckedBookCacheTests.check(book.root, "INV-0001")
        #expect(!cold)
        #expect(FileManager.default.fileExists(atPath: Self.stampsFile(book.root)))
        let readAll = BookInputs(root: book.root, context: "history whenKept")
        // Just written: every file is racy, so every file is read.
        #expect(BookInputs(root: book.root, context: "history whenKept", stamps: FileStamps.load(root: book.root)).files.count == readAll.files.count)
        Self.setModified(Self.stampsFile(book.root), Self.now() + 3600)
        let trusted = BookInputs(root: book.root, context: "history whenKept", stamps: FileStamps.load(root: book.root))
        #expect(trusted.files.isEmpty)
        #expect(trusted.key == readAll.key)
        let (warm, hit) = try CheckedBookCacheTests.check(book.root, "INV-0001")
        #expect(hit)
        #expect(try CheckedBookCacheTests.pdf(warm, "INV-0001") == CheckedBookCacheTests.pdf(BookPipeline(root: book.root, history: .skipped).check(), "INV-0001"))

        // Each change to a trusted file changes its stamp: read again, and the verdict is the new book's.
        let other = book.root + "/invoices/INV-0002.yaml"
        Self.overwrite(other, invoice(client: "acne", issued: "2026-03-02"))
        let (after, afterHit) = try CheckedBookCacheTests.check(book.root, "INV-0001")
        #expect(!afterHit)
        #expect(after.diagnostics.contains { $0.code.name == "unknown-client" && $0.file == "invoices/INV-0002.yaml" })
    }

    /// git's racy case: another document changed in the same second as the verdict, with the
    /// same size, and its modification time set back to the one stored. Its stamp may then match
    /// to the nanosecond; it is still read (its times are not older than the unit's), so the
    /// change is seen.
    @Test func aFileChangedInTheSameSecondWithTheSameSizeIsSeen() throws {
        let book = Self.book()
        defer { book.remove() }
        let path = book.root + "/invoices/INV-0002.yaml"
        _ = try CheckedBookCacheTests.check(book.root, "INV-0001")
        let (_, hit) = try CheckedBookCacheTests.check(book.root, "INV-0001")
        #expect(hit)
        var before = stat()
        #expect(lstat(path, &before) == 0)
        let edited = invoice(client: "acne", issued: "2026-03-02")
        #expect(edited.utf8.count == invoice(issued: "2026-03-02").utf8.count)
        Self.overwrite(path, edited)
        Self.setModified(path, before.st_mtim.tv_sec, nanoseconds: before.st_mtim.tv_nsec)
        let (after, afterHit) = try CheckedBookCacheTests.check(book.root, "INV-0001")
        #expect(!afterHit)
        #expect(after.diagnostics.contains { $0.code.name == "unknown-client" && $0.file == "invoices/INV-0002.yaml" })
    }

    /// The racy rule is what keeps a stale digest out: a unit whose entry for a file has its
    /// current stamp but another digest (what a change in the stamp's own tick leaves) is not
    /// trusted while the unit is as new as the file, and is trusted, wrongly, once it is older:
    /// the rule, not luck, decided.
    @Test func aStaleDigestOfARacyFileIsNotUsed() throws {
        let book = Self.book()
        defer { book.remove() }
        let path = "invoices/INV-0002.yaml"
        let stamp = try #require(FileStamp(path: book.root + "/" + path))
        var stale = Fingerprint()
        stale.add("what the file held before")
        let entries = [path: FileStamps.Entry(stamp: stamp, digest: stale)]
        #expect(ContentCache(root: book.root).store(FileStamps.unit, key: FileStamps.key, FileStamps.bytes(entries)))
        let readAll = BookInputs(root: book.root, context: "c")
        let racy = BookInputs(root: book.root, context: "c", stamps: FileStamps.load(root: book.root))
        #expect(racy.key == readAll.key)
        #expect(racy.files[path] != nil)
        Self.setModified(Self.stampsFile(book.root), Self.now() + 3600)
        let old = BookInputs(root: book.root, context: "c", stamps: FileStamps.load(root: book.root))
        #expect(old.files[path] == nil)
        #expect(old.key != readAll.key)
    }

    /// A trusted file that is then decoded is read and hashed again; bytes other than its digest
    /// (a stamp that did not change with them) send the run to read and check the whole book.
    @Test func aDecodedFileIsCheckedAgainstItsDigest() throws {
        let book = Self.book()
        defer { book.remove() }
        _ = try CheckedBookCacheTests.check(book.root, "INV-0001")
        let path = "invoices/INV-0001.yaml"
        let stored = FileStamps.load(root: book.root)
        Self.overwrite(book.root + "/" + path, invoice(items: "  - { description: Design, quantity: 3, price: 100.00 }\n"))
        // The unit made to say the new stamp has the old digest, and to be old enough to trust.
        var entries = stored.entries
        entries[path]?.stamp = try #require(FileStamp(path: book.root + "/" + path))
        #expect(ContentCache(root: book.root).store(FileStamps.unit, key: FileStamps.key, FileStamps.bytes(entries)))
        Self.setModified(Self.stampsFile(book.root), Self.now() + 3600)
        let (checked, _) = try CheckedBookCacheTests.check(book.root, "INV-0001")
        let whole = try BookPipeline(root: book.root, history: .skipped).check()
        #expect(checked.book.document("INV-0001")?.figures?.total == whole.book.document("INV-0001")?.figures?.total)
        #expect(checked.diagnostics == whole.diagnostics)
    }

    /// A folder on the way swapped for a link to a copy with the same files: not trusted (the
    /// loader's own checks then decide), even though each file's stamp is the one stored.
    @Test func aLinkedFolderIsNotTrusted() throws {
        let book = Self.book()
        defer { book.remove() }
        _ = try CheckedBookCacheTests.check(book.root, "INV-0001")
        Self.setModified(Self.stampsFile(book.root), Self.now() + 3600)
        let moved = book.root + "-invoices"
        defer { try? FileManager.default.removeItem(atPath: moved) }
        try FileManager.default.moveItem(atPath: book.root + "/invoices", toPath: moved)
        try FileManager.default.createSymbolicLink(atPath: book.root + "/invoices", withDestinationPath: moved)
        let stamps = FileStamps.load(root: book.root)
        var folders: [String: Bool] = [:]
        #expect(stamps.entries["invoices/INV-0001.yaml"] != nil)
        #expect(stamps.trusted("invoices/INV-0001.yaml", in: book.root, plainFolders: &folders) == nil)
        #expect(stamps.trusted("clients/acme.yaml", in: book.root, plainFolders: &folders) != nil)
    }

    /// A stamps unit that does not read back whole is no stamps at all.
    @Test func aDamagedUnitTrustsNothing() throws {
        let book = Self.book()
        defer { book.remove() }
        _ = try CheckedBookCacheTests.check(book.root, "INV-0001")
        let stored = FileStamps.load(root: book.root)
        #expect(!stored.entries.isEmpty)
        let bytes = FileStamps.bytes(stored.entries)
        for cut in [bytes.count - 1, bytes.count / 2, 3] {
            #expect(ContentCache(root: book.root).store(FileStamps.unit, key: FileStamps.key, Array(bytes[..<cut])))
            #expect(FileStamps.load(root: book.root).entries.isEmpty)
        }
        // Fields that are not a stamp or a digest.
        let zeros = String(repeating: "0", count: 32)
        for (numbers, digest) in [("1 2 3 4 5 6", zeros), ("1 2 3 4 5 6 x", zeros), ("1 2 3 4 5 6 7 ", zeros), ("1  2 3 4 5 6 7", zeros),
                                  ("-1 2 3 4 5 6 7", zeros), ("1 2 -3 4 5 6 7", zeros), ("1 2 3 4 5 6 18446744073709551616", zeros),
                                  ("9223372036854775808 2 3 4 5 6 7", zeros), ("1 2 3 4 5 6 7", String(repeating: "g", count: 32)),
                                  ("1 2 3 4 5 6 7", "00")] {
            var out = UnitWriter()
            out.count(1)
            out.string("invoic.yaml")
            out.string(numbers)
            out.string(digest)
            #expect(ContentCache(root: book.root).store(FileStamps.unit, key: FileStamps.key, out.bytes))
            #expect(FileStamps.load(root: book.root).entries.isEmpty, "\(numbers) \(digest)")
        }
        // And what is one: times before 1970, the largest inode and device.
        var out = UnitWriter()
        out.count(1)
        out.string("invoic.yaml")
        out.string("12 -2 3 -4 5 18446744073709551615 18446744073709551615")
        out.string(zeros)
        #expect(ContentCache(root: book.root).store(FileStamps.unit, key: FileStamps.key, out.bytes))
        #expect(FileStamps.load(root: book.root).entries["invoic.yaml"]?.stamp
                == FileStamp(size: 12, modified: -2, modifiedNanoseconds: 3, changed: -4, changedNanoseconds: 5, inode: .max, device: .max))
        let (_, hit) = try CheckedBookCacheTests.check(book.root, "INV-0001")
        #expect(hit)
    }
}
