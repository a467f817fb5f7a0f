import Foundation

/// A folder that cannot be watched: it is missing, not a folder, or the system refused the watch
/// (too many watches: raise `fs.inotify.max_user_watches`). Carries the system's own message.
public struct WatchError: Error, Sendable, CustomStringConvertible {
    public var folder: String
    public var reason: String

    public init(folder: String, reason: String) { self.folder = folder; self.reason = reason }

    /// The reason for the C library's current `errno`, in words.
    static func system(_ folder: String, _ what: String) -> WatchError {
        WatchError(folder: folder, reason: "\(what) (\(String(cString: strerror(errno))))")
    }

    public var description: String { "\(folder): \(reason)" }
}
