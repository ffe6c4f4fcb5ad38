import Foundation
import InvoicBook

/// The lock every write to a book holds from reading the files it edits to the rename that
/// replaces them, so two commands (`invoic pay` twice at once), two web actions of
/// `invoic serve`, or one of each take turns: the second reads what the first wrote, and both
/// land (or the second is refused for what the first did, e.g. nothing left to pay).
///
/// It is `flock(2)` on `.invoic/tmp/book.lock` in the book: an exclusive lock the system drops
/// when its holder exits, however it exits, so a killed command never leaves the book locked.
/// Each holder opens the file itself, so threads of one process (the web app's requests) take
/// turns as processes do. The file is never removed (a removed lock file would let the next
/// writer lock another file).
///
/// `.invoic/tmp/` also holds the temporary files of the writes (see ``AtomicFile``), and its own
/// `.gitignore` of `*`, which ignores itself too: git never lists the folder or anything in it,
/// in a book that is its own repository or a folder of a larger one, and nothing has to be added
/// to the book's `.gitignore`.
public final class BookLock {
    private let descriptor: Int32

    /// The folder of the lock and the temporary files, in the book at `root`.
    public static func folder(of root: String) -> String {
        BookLoader.join(root, ".invoic/tmp")
    }

    /// Waits until the book at `root` is this caller's to write, creating `.invoic/tmp/` when
    /// it is missing.
    public init(root: String) throws(AuthoringError) {
        let folder = try Self.prepareFolder(of: root)
        let path = folder + "/book.lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .io("cannot open \(path) to lock the book: \(String(cString: strerror(errno)))") }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw .io("cannot lock \(path): \(reason)")
            }
        }
        self.descriptor = descriptor
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// `.invoic/tmp/` of the book, with the `.gitignore` that keeps git from ever listing it.
    @discardableResult
    public static func prepareFolder(of root: String) throws(AuthoringError) -> String {
        let folder = folder(of: root)
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .io("cannot create \(folder): \(error.localizedDescription)")
        }
        let ignore = folder + "/.gitignore"
        if !FileManager.default.fileExists(atPath: ignore) {
            let text = "# invoic's lock and the temporary files of its writes: git never lists this folder.\n*\n"
            do {
                try AtomicFile.write(Array(text.utf8), to: ignore, mode: .createNew)
            } catch where error.code == EEXIST {
                // Another writer made it meanwhile.
            } catch {
                throw .io("cannot write \(ignore): \(error.reason)")
            }
        }
        return folder
    }
}
