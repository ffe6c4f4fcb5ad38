import Foundation
import InvoicBook

/// What `lstat` says of a file: git's "stat data" (size, modification and change times to the
/// nanosecond, inode, device). A write changes the size or the times; a file swapped in by a
/// rename has another inode or change time, and the change time cannot be set back by a user.
struct FileStamp: Equatable, Sendable {
    var size: Int64
    var modified: Int64
    var modifiedNanoseconds: Int64
    var changed: Int64
    var changedNanoseconds: Int64
    var inode: UInt64
    var device: UInt64

    /// The stamp of a regular file at `path`, links not followed; nil for anything else.
    init?(path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        self.init(info)
    }

    init(_ info: stat) {
        size = Int64(info.st_size)
        modified = Int64(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int64(info.st_mtim.tv_nsec)
        changed = Int64(info.st_ctim.tv_sec)
        changedNanoseconds = Int64(info.st_ctim.tv_nsec)
        inode = UInt64(info.st_ino)
        device = UInt64(info.st_dev)
    }

    init(size: Int64, modified: Int64, modifiedNanoseconds: Int64, changed: Int64, changedNanoseconds: Int64, inode: UInt64, device: UInt64) {
        self.size = size
        self.modified = modified
        self.modifiedNanoseconds = modifiedNanoseconds
        self.changed = changed
        self.changedNanoseconds = changedNanoseconds
        self.inode = inode
        self.device = device
    }
}

/// The digests of the book's input files by their stamps, kept in the book's cache (unit
/// `stamps`), so a warm run need not read and hash every file to find the checked book's key
/// (issue 41 point 10). git's rule for its index, "racy git" included:
///
/// - a stored digest stands for a file only while its stamp is exactly the one stored;
/// - and only when the file's modification and change times are older than the unit's own
///   modification time (stamped by the same file system's clock, so a clock that differs from
///   ours does not matter) by more than `granularity`. A file written in the same tick as the
///   one it was read in can keep its size and times while its bytes change; such a file is
///   "racy" and is read and hashed on every run until its times are old enough. A unit is
///   stored only when its files were read within `writeWindow` of its write, so every trusted
///   entry was read after its file's last change, by more than a FAT file system's 2 s tick.
///
/// Anything else (no unit, a unit of another build, another stamp, a link on the way) is a file
/// read and hashed as before, and a file that is then decoded is read anyway and its digest
/// compared with the trusted one (`BookInputs.bytes(of:)`).
struct FileStamps: Equatable {
    struct Entry: Equatable {
        var stamp: FileStamp
        var digest: Fingerprint
    }

    var entries: [String: Entry] = [:]
    /// The unit's modification time as seconds and nanoseconds (the file system's clock).
    var written: (seconds: Int64, nanoseconds: Int64) = (0, 0)

    static let unit = "stamps"
    static let key = "file-stamps 1"
    /// Coarser than any time stamp invoic expects a book's file system to keep (FAT: 2 s), with
    /// `writeWindow` on top.
    static let granularity: Int64 = 4
    static let writeWindow: Double = 1

    static func == (left: FileStamps, right: FileStamps) -> Bool {
        left.entries == right.entries && left.written == right.written
    }

    /// The digest of `path` (below `root`) when its stored one may be trusted, else nil.
    func trusted(_ path: String, in root: String, plainFolders: inout [String: Bool]) -> Fingerprint? {
        guard let entry = entries[path], Self.isOld(entry.stamp, comparedWith: written) else { return nil }
        // Each folder on the way is a folder, not a link (a linked folder goes to the loader's
        // checks, which refuse one leading out of the book); each is looked at once a run.
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), !Self.isPlainFolder(String(path[..<slash]), in: root, &plainFolders) {
            return nil
        }
        return FileStamp(path: BookLoader.join(root, path)) == entry.stamp ? entry.digest : nil
    }

    /// Whether `folder` and each folder above it (below `root`) is a folder and not a link, with
    /// no `.` or `..` step; each looked at once a run.
    private static func isPlainFolder(_ folder: String, in root: String, _ known: inout [String: Bool]) -> Bool {
        if let answer = known[folder] { return answer }
        var answer: Bool
        if let slash = folder.utf8.lastIndex(of: UInt8(ascii: "/")) {
            let name = folder[folder.utf8.index(after: slash)...]
            answer = name != ".." && name != "." && !name.isEmpty && isPlainFolder(String(folder[..<slash]), in: root, &known)
        } else {
            answer = folder != ".." && folder != "." && !folder.isEmpty
        }
        if answer { answer = ContentCache.isPlainFolder(BookLoader.join(root, folder)) }
        known[folder] = answer
        return answer
    }

    /// Whether a file of `stamp` cannot change in a unit written at `written` without its stamp
    /// changing: its times are older than the unit's by more than the granularity.
    static func isOld(_ stamp: FileStamp, comparedWith written: (seconds: Int64, nanoseconds: Int64)) -> Bool {
        func older(_ seconds: Int64, _ nanoseconds: Int64) -> Bool {
            (seconds, nanoseconds) < (written.seconds - granularity, written.nanoseconds)
        }
        return older(stamp.modified, stamp.modifiedNanoseconds) && older(stamp.changed, stamp.changedNanoseconds)
    }

    // MARK: - The unit

    /// The stamps stored for the book at `root`, with the unit's time; empty when there are none.
    static func load(root: String) -> FileStamps {
        guard let (payload, info) = ContentCache(root: root).loadWithStat(unit, key: key) else { return FileStamps() }
        var reader = UnitReader(bytes: payload)
        var stamps = FileStamps()
        stamps.written = (Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec))
        guard let count = reader.count() else { return FileStamps() }
        // Bounded by the unit's size (a count that lies cannot make a huge table).
        stamps.entries.reserveCapacity(min(count, payload.count / 16))
        for _ in 0..<count {
            guard let path = reader.string(), let numbers = reader.field().flatMap(Self.stamp), let digest = reader.field().flatMap(Fingerprint.init(hex:))
            else { return FileStamps() }
            let stamp = numbers
            stamps.entries[path] = Entry(stamp: stamp, digest: digest)
        }
        return reader.atEnd ? stamps : FileStamps()
    }

    static func bytes(_ entries: [String: Entry]) -> [UInt8] {
        var out = UnitWriter()
        out.count(entries.count)
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            let stamp = entry.stamp
            out.string(path)
            out.string("\(stamp.size) \(stamp.modified) \(stamp.modifiedNanoseconds) \(stamp.changed) \(stamp.changedNanoseconds) \(stamp.inode) \(stamp.device)")
            out.string(entry.digest.hex)
        }
        return out.bytes
    }

    /// Seven decimal numbers separated by single spaces (the times may be negative: before 1970),
    /// read in one pass without splitting: a large book's unit has a stamp per file.
    private static func stamp(_ field: ArraySlice<UInt8>) -> FileStamp? {
        var values = (Int64(0), Int64(0), Int64(0), Int64(0), Int64(0), UInt64(0), UInt64(0))
        var index = field.startIndex
        for position in 0..<7 {
            let negative = index < field.endIndex && field[index] == UInt8(ascii: "-")
            // Only the times (1, 3) may be negative.
            if negative {
                guard position == 1 || position == 3 else { return nil }
                index += 1
            }
            var value: UInt64 = 0
            var digits = 0
            while index < field.endIndex, field[index] != UInt8(ascii: " ") {
                let byte = field[index]
                guard (0x30...0x39).contains(byte), digits < 20 else { return nil }
                let (times, overflow) = value.multipliedReportingOverflow(by: 10)
                let (sum, carry) = times.addingReportingOverflow(UInt64(byte - 0x30))
                guard !overflow, !carry else { return nil }
                value = sum
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            // A space between numbers, none after the last.
            if position < 6 {
                guard index < field.endIndex else { return nil }
                index += 1
            }
            if position < 5 {
                guard value <= UInt64(Int64.max) else { return nil }
                let signed = negative ? -Int64(value) : Int64(value)
                switch position {
                case 0: values.0 = signed
                case 1: values.1 = signed
                case 2: values.2 = signed
                case 3: values.3 = signed
                default: values.4 = signed
                }
            } else if position == 5 {
                values.5 = value
            } else {
                values.6 = value
            }
        }
        guard index == field.endIndex else { return nil }
        return FileStamp(size: values.0, modified: values.1, modifiedNanoseconds: values.2, changed: values.3,
                         changedNanoseconds: values.4, inode: values.5, device: values.6)
    }
}
