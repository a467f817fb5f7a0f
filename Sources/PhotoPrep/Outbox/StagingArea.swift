import Foundation

/// A private folder `tmp/<token>/` for one write into the outbox, guarded by an `flock` on
/// `tmp/<token>.lock` for as long as the write lasts.
///
/// Another process opening the outbox clears every staging folder whose lock nobody holds (its
/// writer died) and leaves the others alone. Closing removes the folder and the lock, so a normal
/// run — however the process ends — leaves `tmp/` empty.
final class StagingArea {
    let path: String
    private let lock: FileLock

    init(in tmp: String) throws(OutboxError) {
        var taken: (String, FileLock)?
        while taken == nil {
            let token = ULIDGenerator.shared.next()
            if let lock = try FileLock.acquire(tmp + "/" + token + ".lock", wait: false, removeOnRelease: true) {
                taken = (tmp + "/" + token, lock)
            }
        }
        (path, lock) = taken!
        do {
            try DurableFiles.makeDirectory(path)
        } catch {
            lock.release()
            throw error
        }
    }

    /// Removes the folder with whatever is left in it, then gives the lock up. A second call does nothing.
    func close() {
        DurableFiles.removeTree(path)
        lock.release()
    }

    deinit { close() }

    /// Removes staging folders whose writer is gone: a `<token>.lock` nobody holds, and anything
    /// under `tmp/` without a lock file beside it.
    static func clearLeftovers(in tmp: String) {
        guard let names = try? DurableFiles.names(in: tmp) else { return }
        let present = Set(names)
        for name in names {
            if name.hasSuffix(".lock") {
                let owner = String(name.dropLast(5))
                if let lock = try? FileLock.acquire(tmp + "/" + name, wait: false, removeOnRelease: true) {
                    DurableFiles.removeTree(tmp + "/" + owner)
                    lock.release()
                }
            } else if !present.contains(name + ".lock") {
                DurableFiles.removeTree(tmp + "/" + name)
            }
        }
    }
}
