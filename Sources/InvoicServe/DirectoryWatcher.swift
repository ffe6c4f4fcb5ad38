import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Calls `onChange` after files below `root` change: Linux inotify on every folder of the book
/// (not build/, not hidden ones), new folders watched as they appear. Changes that come together
/// (an editor's write-and-rename, `git checkout`) are taken as one: it waits until 25 ms pass
/// without another before calling.
final class DirectoryWatcher: @unchecked Sendable {
    let root: String
    let onChange: @Sendable () -> Void
    private var descriptor: Int32 = -1

    init(root: String, onChange: @escaping @Sendable () -> Void) {
        self.root = root
        self.onChange = onChange
    }

    func start() {
        #if canImport(Glibc)
        descriptor = inotify_init1(Int32(IN_CLOEXEC))
        guard descriptor >= 0 else { return }
        watchTree(root)
        let thread = Thread { [self] in run() }
        thread.name = "invoic-watch"
        thread.start()
        #endif
    }

    #if canImport(Glibc)
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE | IN_DELETE_SELF)

    private func watchTree(_ folder: String) {
        _ = inotify_add_watch(descriptor, folder, Self.mask)
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in entries where !name.hasPrefix(".") && !(folder == root && name == "build") {
            let path = folder + "/" + name
            var isDirectory: ObjCBool = false
            // Links are not followed: a link to a big tree, or a loop, is not watched.
            if let attributes = try? FileManager.default.attributesOfItem(atPath: path), attributes[.type] as? FileAttributeType == .typeDirectory,
               FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                watchTree(path)
            }
        }
    }

    private func run() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { return }
            // A new folder (invoices/2027/) is watched from now on.
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.withUnsafeBytes { $0.load(fromByteOffset: offset, as: inotify_event.self) }
                if event.mask & UInt32(IN_ISDIR) != 0, event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                    watchTree(root)
                }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
            // Let a burst of changes settle, then reload once.
            var poll = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            while Glibc.poll(&poll, 1, 25) > 0 {
                if read(descriptor, &buffer, buffer.count) <= 0 { break }
            }
            onChange()
        }
    }
    #endif
}
