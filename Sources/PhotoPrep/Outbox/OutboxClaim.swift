import Foundation

/// The right to prepare one photo (by SHA-256) for this outbox, held by one worker of one process
/// at a time. Release it when the moment is enqueued or has failed; it is released anyway when
/// dropped, and by the system when the process dies (even by `SIGKILL`), so a crash never leaves a
/// photo blocked.
public final class OutboxClaim: Sendable {
    public let sha256: String
    private let lock: FileLock

    init(sha256: String, lock: FileLock) {
        self.sha256 = sha256
        self.lock = lock
    }

    /// Gives the claim up. A second call does nothing.
    public func release() { lock.release() }
}

/// The outbox's answer to "may I prepare this photo?".
public enum OutboxAdmission: Sendable {
    /// Prepare it, enqueue it, then release the claim.
    case prepare(OutboxClaim)
    /// The photo is already in the outbox as moment `id`, in `state` (`pending`, `sent`, `failed`).
    case alreadyIn(id: String, state: String)
}

extension Outbox {
    /// Claims the photo with this SHA-256 without waiting: `nil` when another worker (in this or
    /// another process) is preparing it right now.
    public func claim(sha256: String) throws(OutboxError) -> OutboxClaim? {
        try takeClaim(sha256: sha256, wait: false)
    }

    /// Decides whether this worker should prepare the photo, waiting while another worker holds
    /// its claim. Unless `again`, a photo already in the outbox (pending, sent or failed) — even
    /// one another feeder finished while we waited — answers `.alreadyIn`. Otherwise the photo is
    /// claimed and `.prepare` returned; the caller prepares, calls `enqueue`, then `release()`.
    ///
    /// This is what makes two feeders over the same folder prepare every photo once.
    public func admit(sha256: String, again: Bool = false) throws(OutboxError) -> OutboxAdmission {
        if !again, let found = existing(sha256: sha256) { return .alreadyIn(id: found.id, state: found.state) }
        guard let claim = try takeClaim(sha256: sha256, wait: true) else {
            throw .invalidMoment(id: sha256, reason: "the photo could not be claimed")
        }
        if !again, let found = existing(sha256: sha256) {
            claim.release()
            return .alreadyIn(id: found.id, state: found.state)
        }
        return .prepare(claim)
    }

    /// Removes the claim files nobody holds: a worker killed between enqueueing a photo and giving
    /// its claim up leaves its file behind (the lock itself dies with the process), and a photo
    /// already in the outbox is never claimed again to remove it. Held claims are left alone; a
    /// worker claiming a file just removed notices and claims a new one (`FileLock.acquire`), and
    /// one asking without waiting (`claim(sha256:)`) at that very instant may find the photo busy.
    static func clearFreeClaims(in locks: String) {
        for name in (try? DurableFiles.names(in: locks)) ?? [] {
            if let free = try? FileLock.acquire(locks + "/" + name, wait: false, removeOnRelease: true) {
                free.release()
            }
        }
    }

    private func takeClaim(sha256: String, wait: Bool) throws(OutboxError) -> OutboxClaim? {
        guard MomentFiles.isDigest(sha256) else {
            throw .invalidMoment(id: sha256, reason: "the photo's digest is not lowercase hexadecimal")
        }
        try requireWritable()
        let path = rootPath + "/.locks/" + sha256
        guard let lock = try FileLock.acquire(path, wait: wait, removeOnRelease: true) else { return nil }
        return OutboxClaim(sha256: sha256, lock: lock)
    }
}
