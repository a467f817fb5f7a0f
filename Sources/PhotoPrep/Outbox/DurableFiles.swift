import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The few file system steps the outbox is built from, each one durable when it returns and each
/// failure turned into an `OutboxError` naming the path and the system's reason.
///
/// Files are created exclusively (never overwriting) with the mode asked for, written whole and
/// flushed with `fsync`; folders that change are flushed too, so that a rename survives a power cut.
enum DurableFiles {
    static func fail(_ action: String, _ path: String, _ code: Int32 = errno) -> OutboxError {
        .fileSystem(action: action, path: path, errno: code)
    }

    /// Creates the folder with `mode`; an existing folder is fine.
    static func makeDirectory(_ path: String, mode: mode_t = 0o700) throws(OutboxError) {
        if mkdir(path, mode) == 0 { return }
        let code = errno
        var st = stat()
        if code == EEXIST, stat(path, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { return }
        throw fail("create the folder", path, code)
    }

    /// Writes `data` into a new file at `path` (which must not exist), then flushes it to disk.
    static func writeNewFile(_ path: String, data: Data, mode: mode_t = 0o600) throws(OutboxError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw fail("create", path) }
        var failure: OutboxError?
        let ok = data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Bool in
            var offset = 0
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = fail("write", path)
                    return false
                }
                offset += n
            }
            return true
        }
        if ok, fchmod(fd, mode) != 0 { failure = fail("set permissions of", path) }
        if failure == nil, fsync(fd) != 0 { failure = fail("flush to disk", path) }
        if close(fd) != 0, failure == nil, errno != EINTR { failure = fail("close", path) }
        if let failure {
            unlink(path)
            throw failure
        }
    }

    /// Flushes a folder's entries (new names, renames) to disk.
    static func syncDirectory(_ path: String) throws(OutboxError) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw fail("open the folder", path) }
        defer { close(fd) }
        if fsync(fd) != 0, errno != EINVAL { throw fail("flush to disk the folder", path) }
    }

    /// Renames in one step. A non-empty folder at `to` is never replaced (the system refuses).
    static func rename(_ from: String, _ to: String) throws(OutboxError) {
        if Glibc.rename(from, to) != 0 { throw fail("move \(from) to", to) }
    }

    /// Renames a folder only when nothing is at `to` yet.
    static func renameNoReplace(_ from: String, _ to: String) throws(OutboxError) {
        if access(to, F_OK) == 0 { throw fail("move \(from) to", to, EEXIST) }
        try rename(from, to)
    }

    static func readFile(_ path: String) throws(OutboxError) -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw fail("read", path) }
        defer { close(fd) }
        var result = Data()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw fail("read", path)
            }
            if n == 0 { break }
            result.append(contentsOf: buffer[0..<n])
        }
        return result
    }

    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// The names in a folder, without `.` and `..`, in no particular order.
    static func names(in path: String) throws(OutboxError) -> [String] {
        guard let dir = opendir(path) else { throw fail("list the folder", path) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Removes a file or a whole folder; what cannot be removed is left for the next cleanup.
    static func removeTree(_ path: String) {
        var st = stat()
        guard lstat(path, &st) == 0 else { return }
        if (st.st_mode & S_IFMT) == S_IFDIR {
            if let names = try? names(in: path) {
                for name in names { removeTree(path + "/" + name) }
            }
            rmdir(path)
        } else {
            unlink(path)
        }
    }
}
