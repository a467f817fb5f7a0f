import Foundation
import Synchronization

/// The photos a watch has found and its workers have not taken yet, oldest first.
///
/// A path already waiting is not queued twice (a burst of events for one file prepares it once).
/// `close()` wakes every waiting worker; what was still waiting is dropped and counted, so the
/// next start (which searches the folder again) picks it up. Safe to share between threads.
public final class WatchQueue: Sendable {
    private struct State {
        var paths: [String] = []
        var head = 0
        var waiting: Set<String> = []
        var closed = false
    }
    private let state = Mutex(State())
    private let available = DispatchSemaphore(value: 0)

    public init() {}

    /// Queues `path` unless it is already waiting or the queue is closed; says whether it was queued.
    @discardableResult
    public func push(_ path: String) -> Bool {
        let queued = state.withLock { s in
            guard !s.closed, s.waiting.insert(path).inserted else { return false }
            s.paths.append(path)
            return true
        }
        if queued { available.signal() }
        return queued
    }

    /// The oldest waiting path; blocks while there is none. Nil once the queue is closed.
    public func pop() -> String? {
        available.wait()
        let path: String? = state.withLock { s in
            guard !s.closed, s.head < s.paths.count else { return nil }
            let path = s.paths[s.head]
            s.head += 1
            s.waiting.remove(path)
            if s.head > 1024 && s.head * 2 > s.paths.count {
                s.paths.removeFirst(s.head)
                s.head = 0
            }
            return path
        }
        if path == nil { available.signal() }  // closed: pass the wake-up on to the next worker
        return path
    }

    /// Closes the queue and wakes every worker. Returns how many paths were dropped untaken.
    @discardableResult
    public func close() -> Int {
        let dropped = state.withLock { s in
            s.closed = true
            return s.paths.count - s.head
        }
        available.signal()
        return dropped
    }
}
