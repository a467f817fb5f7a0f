import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import PhotoPrep

/// Runs `prepare-photo` and kills it with SIGKILL at a chosen point: `delay` seconds after a
/// condition (`anchor`) first holds — the process started, the first moment landed, the engine
/// began the k-th request. Waiting on a condition rather than on the clock alone keeps the kill
/// points spread over the interesting part of a run however loaded the machine is.
enum KillHarness {
    struct Outcome {
        var result: PreparePhotoCLI.Result
        /// The process died of our SIGKILL (false when it ended before the kill was due).
        var killed: Bool
        /// The process died of a signal we did not send.
        var crashed: Bool
        var seconds: Double
    }

    /// `afterKill` runs the instant the signal is sent (before waiting for the process, which
    /// Foundation notices only every 50 ms), to mark the moment in the engine's log.
    static func run(_ arguments: [String], delay: Double, afterKill: () -> Void = {},
                    anchor: () -> Bool) throws -> Outcome {
        let started = Date()
        let running = try PreparePhotoCLI.Running(arguments)
        var anchoredAt: Date?
        var sent = false
        while running.process.isRunning {
            if anchoredAt == nil, anchor() { anchoredAt = Date() }
            if let anchoredAt, Date().timeIntervalSince(anchoredAt) >= delay {
                running.kill()
                sent = true
                afterKill()
                break
            }
            Thread.sleep(forTimeInterval: 0.005)
        }
        let result = running.wait()
        let byOurKill = sent && result.killed && result.status == SIGKILL
        return Outcome(result: result, killed: byOurKill, crashed: result.killed && !byOurKill,
                       seconds: Date().timeIntervalSince(started))
    }

    /// Runs to the end, no kill.
    static func run(_ arguments: [String]) throws -> Outcome {
        try run(arguments, delay: .infinity) { false }
    }
}

/// Where a SIGKILL of `outbox send` landed, read from the traced engine's log (`--trace`) and the
/// killed moment's folder.
enum SendLanding: String, CaseIterable {
    case beforeFirstRequest = "before its first request (starting, reading the outbox)"
    case midBody = "mid-request, the engine still reading the body"
    case awaitingAnswer = "mid-request, body whole, no answer yet"
    case answeredNotRecorded = "answer written, the moment not yet moved"
    case movedNotTidied = "moved to sent/, its pictures not yet dropped"
    case betweenMoments = "between moments (the last one recorded)"
}

extension FakeEngine {
    /// Lines with `event` = `name` (with `--trace`), and requests (no `event`) for `nil`.
    func events(_ name: String?, in lines: ArraySlice<[String: Any]>) -> [[String: Any]] {
        lines.filter { ($0["event"] as? String) == name }
    }

    /// Requests the engine has begun so far (`--trace`). Cheap (no JSON parsing): it is polled.
    func begunCount() -> Int {
        guard let data = try? Data(contentsOf: log) else { return 0 }
        let begin = Array(#"{"event": "begin""#.utf8)
        return data.split(separator: UInt8(ascii: "\n")).filter { $0.starts(with: begin) }.count
    }

    /// Waits until the engine is done with every request it began (each `begin` has its `end`):
    /// a killed sender's last request is read to its end or cut, and logged, before the checks.
    func waitUntilIdle(seconds: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        repeat {
            let lines = events()[...]
            let begun = Set(events("begin", in: lines).compactMap { $0["n"] as? Int })
            let ended = Set(events("end", in: lines).compactMap { $0["n"] as? Int })
            if begun.isSubset(of: ended) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        } while Date() < deadline
        return false
    }

    /// Where the sender killed just before the last `{"event": "kill"}` mark landed; `from` is the
    /// number of log lines when that sender started. `stateOf` tells where a moment is now. The
    /// engine logs each step just after it, so a kill within a millisecond of a step may be put
    /// one step early: good enough to see that the kills spread over the whole delivery.
    func sendLanding(from: Int, stateOf: (String) -> (state: String?, tidy: Bool)) -> SendLanding {
        let lines = events()
        guard let kill = lines.lastIndex(where: { ($0["event"] as? String) == "kill" }), kill >= from else {
            return .beforeFirstRequest
        }
        let run = lines[from..<kill]
        guard let begin = events("begin", in: run).last, let n = begin["n"] as? Int else { return .beforeFirstRequest }
        guard let request = events(nil, in: run).last(where: { $0["n"] as? Int == n }),
              request["complete"] as? Bool == true else { return .midBody }
        guard events("end", in: run).contains(where: { $0["n"] as? Int == n }) else { return .awaitingAnswer }
        let id = String((request["key"] as? String ?? "").dropFirst("photo-".count))
        let (state, tidy) = stateOf(id)
        if state == "pending" { return .answeredNotRecorded }
        return tidy ? .betweenMoments : .movedNotTidied
    }
}

extension Dictionary where Key == String, Value == Int {
    /// `3 mid-body, 2 between moments` in a fixed order.
    func summary(order: [String]) -> String {
        order.compactMap { name in self[name].map { "\($0) \(name)" } }.joined(separator: ", ")
    }
}
