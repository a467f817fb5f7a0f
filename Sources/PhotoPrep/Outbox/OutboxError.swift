import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// What went wrong while keeping moments on disk or handing them to the engine.
///
/// Every case names the path (or the moment) it is about; a failed system call keeps its `errno`
/// so that a full or read-only disk is said in words, not as a number.
public enum OutboxError: Error, Sendable, CustomStringConvertible, Equatable {
    /// A system call failed: `action` is what we were doing ("write", "rename", …) on `path`.
    case fileSystem(action: String, path: String, errno: Int32)
    /// No moment with this id is in the outbox.
    case notFound(id: String, outbox: String)
    /// A file the outbox holds cannot be understood (a damaged `moment.json`, …).
    case damaged(path: String, reason: String)
    /// The moment handed in cannot be written as it is (a file name with a slash, a malformed id, …).
    case invalidMoment(id: String, reason: String)
    /// Another sender is already draining this outbox; only one may run at a time.
    case senderBusy(outbox: String)
    /// The outbox was opened with `Outbox(readingFrom:)`, which never writes.
    case openedForReading(outbox: String)

    /// Whether the disk (or the user's quota) is full.
    public var isDiskFull: Bool {
        if case .fileSystem(_, _, let e) = self { return e == ENOSPC || e == EDQUOT }
        return false
    }

    /// Whether the disk holding the outbox is mounted read-only.
    public var isReadOnly: Bool {
        if case .fileSystem(_, _, let e) = self { return e == EROFS }
        return false
    }

    public var description: String {
        switch self {
        case let .fileSystem(action, path, code):
            let text = String(cString: strerror(code))
            switch code {
            case ENOSPC: return "cannot \(action) \(path): \(text) (the disk is full)"
            case EDQUOT: return "cannot \(action) \(path): \(text) (your disk quota is used up)"
            case EROFS: return "cannot \(action) \(path): \(text) (the disk is read-only)"
            case EACCES, EPERM: return "cannot \(action) \(path): \(text) (no permission)"
            default: return "cannot \(action) \(path): \(text)"
            }
        case let .notFound(id, outbox):
            return "no moment \(id) in the outbox \(outbox)"
        case let .damaged(path, reason):
            return "\(path) is damaged: \(reason)"
        case let .invalidMoment(id, reason):
            return "moment \(id) cannot be written: \(reason)"
        case let .senderBusy(outbox):
            return "another sender is already delivering the outbox \(outbox)"
        case let .openedForReading(outbox):
            return "the outbox \(outbox) was opened only for reading"
        }
    }
}
