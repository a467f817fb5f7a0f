import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// An advisory lock (`flock`) on one file, held until `release()` or until the process ends —
/// even by `SIGKILL`, which is why the outbox uses it rather than lock files that must be removed.
///
/// Two holders conflict whether they are in different processes or in different threads of one
/// process (each `FileLock` opens its own file description).
final class FileLock: Sendable {
    let path: String
    private let fd: Mutex<Int32>
    /// Whether the lock file is removed on release (per-photo claims) or kept (the sender's lock).
    private let removeOnRelease: Bool

    private init(path: String, fd: Int32, removeOnRelease: Bool) {
        self.path = path
        self.fd = Mutex(fd)
        self.removeOnRelease = removeOnRelease
    }

    /// Takes the lock on `path`, creating the file. Returns `nil` when another holder has it and
    /// `wait` is false. When the file is removed on release, a holder that took a lock on a file
    /// just unlinked by its previous holder notices (the inode no longer matches) and tries again.
    static func acquire(_ path: String, wait: Bool, removeOnRelease: Bool) throws(OutboxError) -> FileLock? {
        while true {
            let fd = open(path, O_RDONLY | O_CREAT | O_CLOEXEC, 0o600)
            guard fd >= 0 else { throw DurableFiles.fail("create the lock", path) }
            var result: Int32
            repeat { result = flock(fd, wait ? LOCK_EX : (LOCK_EX | LOCK_NB)) } while result != 0 && errno == EINTR
            if result != 0 {
                let code = errno
                close(fd)
                if code == EWOULDBLOCK { return nil }
                throw DurableFiles.fail("lock", path, code)
            }
            var held = stat(), named = stat()
            if fstat(fd, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino,
               held.st_dev == named.st_dev {
                return FileLock(path: path, fd: fd, removeOnRelease: removeOnRelease)
            }
            close(fd)  // the previous holder removed the file while we waited: lock the new one
        }
    }

    /// Gives the lock up; a second call does nothing.
    func release() {
        fd.withLock { fd in
            guard fd >= 0 else { return }
            if removeOnRelease { unlink(path) }
            close(fd)
            fd = -1
        }
    }

    deinit { release() }
}
