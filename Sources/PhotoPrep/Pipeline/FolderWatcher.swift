import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Tells which files in a folder (and its subfolders) are completely written: those there at the
/// start, then each one that lands, once.
///
/// Promises:
/// - A file is handed out only when complete: after the writer closes it (`IN_CLOSE_WRITE`) or when
///   it is moved in whole (`IN_MOVED_TO`). A file found by searching (at the start, in a new
///   subfolder, after an overflow) is handed out only when no process has it open for writing
///   (a read lease can be taken); when that cannot be known (a file system without leases), once
///   it has been unchanged for `settleSeconds`.
/// - Subfolders are watched too, including ones created or moved in while watching; hidden files
///   and folders (a leading dot, as rsync and many cameras' uploaders use for partial files) are
///   left alone; symbolic links are followed only to files inside the folder; `excluding` folders
///   (the outbox, when it lives inside the watched folder) are never entered.
/// - Nothing is lost in a burst: events are read until none are left, and when the kernel's queue
///   overflows (`IN_Q_OVERFLOW`) the whole folder is searched again.
/// - A file is handed out again only when it changed (size, modification time or inode); empty
///   files are not photos yet and are left until written.
///
/// Used from one thread. The corresponding C functions are `inotify_init1` and `inotify_add_watch`.
public final class FolderWatcher {
    /// The folder as given; handed-out paths start with it.
    public let folder: String
    /// How long a file must stay unchanged when a read lease cannot tell whether it is still open.
    public var settleSeconds: Double = 2
    /// How many times an overflowing event queue made the whole folder be searched again.
    public private(set) var rescans = 0

    private let realRoot: String
    private let excluded: [String]
    private let fd: Int32
    private var folders: [Int32: String] = [:]
    private var rootWatch: Int32 = -1
    private var handedOut: [String: FileStamp] = [:]
    private var settling: [String: FileStamp] = [:]

    private struct FileStamp: Equatable {
        var size: Int
        var modified: Int
        var inode: UInt
        var modifiedAt: Double { Double(modified) / 1e9 }
    }

    private static let fileEvents = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO)
    private static let folderEvents = UInt32(IN_CREATE) | UInt32(IN_MOVED_FROM)
    private static let dontFollow: UInt32 = 0x0200_0000  // IN_DONTFOLLOW, which Glibc exports only under _GNU_SOURCE
    private static let watchMask = fileEvents | folderEvents | UInt32(IN_ONLYDIR) | dontFollow

    /// Opens the watch on `folder`; `excluding` are folders never to enter.
    public init(folder: String, excluding: [String] = []) throws(WatchError) {
        var info = stat()
        guard stat(folder, &info) == 0 else { throw .system(folder, "cannot be watched") }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw WatchError(folder: folder, reason: "is not a folder") }
        self.folder = folder.count > 1 && folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        realRoot = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        self.excluded = excluding.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }
        fd = inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC))
        guard fd >= 0 else { throw .system(folder, "cannot be watched") }
    }

    deinit { close(fd) }

    /// Puts the watches in place, then returns the complete files already there (sorted per
    /// folder). Files that land from now on come from `next(timeoutMilliseconds:)`.
    public func start() throws(WatchError) -> [String] {
        try addWatch(folder, isRoot: true)
        var found: [String] = []
        try search(folder, into: &found)
        return found
    }

    /// Waits up to `timeoutMilliseconds` for files to land and returns those now complete, in the
    /// order they completed (possibly none).
    public func next(timeoutMilliseconds: Int32) throws(WatchError) -> [String] {
        var ready: [String] = []
        var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let waited = poll(&poller, 1, settling.isEmpty ? timeoutMilliseconds : min(timeoutMilliseconds, 250))
        if waited < 0 && errno != EINTR { throw .system(folder, "cannot be watched") }
        if waited > 0 { try readEvents(into: &ready) }
        recheckSettling(into: &ready)
        return ready
    }

    // MARK: Events

    private func readEvents(into ready: inout [String]) throws(WatchError) {
        let capacity = 64 * 1024
        var buffer = [UInt8](repeating: 0, count: capacity)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, capacity) }
            if n < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN { return }
                throw .system(folder, "cannot be watched")
            }
            if n == 0 { return }
            var offset = 0
            while offset + 16 <= n {
                let wd = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
                let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
                let length = Int(buffer.withUnsafeBytes {
                    $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)
                })
                let nameBytes = buffer[(offset + 16)..<min(offset + 16 + length, n)].prefix { $0 != 0 }
                offset += 16 + length
                try handle(wd: wd, mask: mask, name: String(decoding: nameBytes, as: UTF8.self), ready: &ready)
            }
        }
    }

    private func handle(wd: Int32, mask: UInt32, name: String, ready: inout [String]) throws(WatchError) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            rescans += 1
            try search(folder, into: &ready)
            return
        }
        if mask & UInt32(IN_IGNORED) != 0 {
            folders[wd] = nil
            if wd == rootWatch {
                throw WatchError(folder: folder, reason: "was removed or unmounted while being watched")
            }
            return
        }
        guard let parent = folders[wd], !name.isEmpty, !name.hasPrefix(".") else { return }
        let path = parent + "/" + name
        if mask & UInt32(IN_ISDIR) != 0 {
            if mask & UInt32(IN_MOVED_FROM) != 0 {
                forgetFolders(under: path)
            } else if mask & (UInt32(IN_CREATE) | UInt32(IN_MOVED_TO)) != 0, !isExcluded(path) {
                // Files may land before the watch is in place: search the new folder as well.
                try addWatch(path)
                try search(path, into: &ready)
            }
            return
        }
        if mask & Self.fileEvents != 0 {
            consider(path, written: true, into: &ready)
        } else if mask & UInt32(IN_CREATE) != 0 {
            var info = stat()
            // A symbolic link is complete when made; a new regular file is not: wait for its close.
            if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                consider(path, written: false, into: &ready)
            }
        }
    }

    // MARK: Searching

    /// Watches `path` and every folder below it, and hands out the complete files found there.
    private func search(_ path: String, into ready: inout [String]) throws(WatchError) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let child = path + "/" + name
            var info = stat()
            guard lstat(child, &info) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                if isExcluded(child) { continue }
                try addWatch(child)
                try search(child, into: &ready)
            case S_IFREG, S_IFLNK:
                consider(child, written: false, into: &ready)
            default:
                continue
            }
        }
    }

    /// Watches one folder. The folder given may be a symbolic link; links below it are not followed.
    private func addWatch(_ path: String, isRoot: Bool = false) throws(WatchError) {
        let wd = inotify_add_watch(fd, path, isRoot ? Self.watchMask & ~Self.dontFollow : Self.watchMask)
        if wd < 0 {
            if !isRoot && (errno == ENOENT || errno == ENOTDIR) { return }  // gone again already
            throw .system(path, "cannot be watched")
        }
        folders[wd] = path
        if isRoot { rootWatch = wd }
    }

    private func forgetFolders(under path: String) {
        for (wd, folder) in folders where folder == path || folder.hasPrefix(path + "/") {
            inotify_rm_watch(fd, wd)
            folders[wd] = nil
        }
    }

    private func isExcluded(_ path: String) -> Bool {
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return excluded.contains { real == $0 || real.hasPrefix($0 + "/") }
    }

    // MARK: Is it complete?

    /// Hands `path` out when it is a non-empty regular file inside the folder, changed since it
    /// was last handed out, and complete: `written` (closed after writing, or moved in) or found
    /// by a search with no writer left.
    private func consider(_ path: String, written: Bool, into ready: inout [String]) {
        guard let stamp = Self.stamp(path), stamp.size > 0, isInside(path) else { return }
        guard handedOut[path] != stamp else { return }
        if !written {
            switch Self.isOpenForWriting(path) {
            case true?:
                return  // its writer's close will come as an event
            case nil where Date().timeIntervalSince1970 - stamp.modifiedAt < settleSeconds:
                settling[path] = stamp
                return
            default:
                break
            }
        }
        settling[path] = nil
        handedOut[path] = stamp
        ready.append(path)
    }

    private func recheckSettling(into ready: inout [String]) {
        for (path, old) in settling {
            guard let now = Self.stamp(path), now.size > 0 else { settling[path] = nil; continue }
            if now != old { settling[path] = now; continue }
            consider(path, written: false, into: &ready)
        }
    }

    /// Symbolic links count only when they lead to a file inside the folder (and not into an
    /// excluded one). A regular file in a watched folder is inside by construction: links to
    /// folders are never followed and excluded folders never watched.
    private func isInside(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        guard info.st_mode & S_IFMT == S_IFLNK else { return true }
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path.hasPrefix(realRoot + "/") && !isExcluded(path)
    }

    private static func stamp(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return FileStamp(size: Int(info.st_size),
                         modified: Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec),
                         inode: UInt(info.st_ino))
    }

    /// Whether some process has the file open for writing: a read lease is refused exactly then.
    /// Nil when the file system or the file's owner does not allow leases. The corresponding C
    /// call is `fcntl(F_SETLEASE)`.
    static func isOpenForWriting(_ path: String) -> Bool? {
        let file = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return nil }
        defer { close(file) }
        let setLease: Int32 = 1024  // F_SETLEASE, which Glibc exports only under _GNU_SOURCE
        if fcntl(file, setLease, Int32(F_RDLCK)) == 0 {
            _ = fcntl(file, setLease, Int32(F_UNLCK))
            return false
        }
        return errno == EAGAIN ? true : nil
    }
}
