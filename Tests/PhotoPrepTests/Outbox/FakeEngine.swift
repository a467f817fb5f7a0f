import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The fake engine of `scripts/test-engine.py`, a real HTTP server on 127.0.0.1 run for one test.
/// It checks every request against the contract and logs it before answering; `requests()` reads
/// that log.
final class FakeEngine {
    let process = Process()
    /// The engine's standard input: it leaves when this reaches its end (the test process died).
    private let lifeline = Pipe()
    let port: Int
    let log: URL

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let script = packageRoot.appendingPathComponent("scripts/test-engine.py")

    struct StartFailure: Error, CustomStringConvertible { let description: String }

    /// `options`: more of the script's flags (`--read-delay`, `--answer-delay`, `--dedupe`, `--trace`).
    init(plan: String, token: String? = nil, stallSeconds: Double = 30, options: [String] = []) throws {
        log = try OutboxFixtures.scratchFolder("engine").appendingPathComponent("requests.jsonl")
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        var arguments = [FakeEngine.script.path, "--log", log.path, "--plan", plan,
                         "--stall-seconds", String(stallSeconds)]
        if let token { arguments += ["--token", token] }
        process.arguments = arguments + options
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = lifeline
        try process.run()
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            process.terminate()
            throw StartFailure(description: "the fake engine did not start: \(text)")
        }
        self.port = port
    }

    deinit { discard() }

    var url: URL { URL(string: "http://127.0.0.1:\(port)")! }

    func stop() {
        // SIGKILL: a child of the test process may inherit a mask that blocks SIGTERM.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Stops the engine and removes its log.
    func discard() {
        stop()
        try? FileManager.default.removeItem(at: log.deletingLastPathComponent())
    }

    /// Every request logged so far, in arrival order.
    func requests() -> [[String: Any]] {
        guard let data = try? Data(contentsOf: log) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }

    /// Every line of the log: with `--trace`, the engine's `begin`/`end` events and the test's own
    /// marks among the requests (which have no `event`).
    func events() -> [[String: Any]] { requests() }

    /// Appends the test's own line (such as `{"event": "kill"}`) to the log, in order with the engine's.
    func mark(_ entry: [String: Any]) {
        guard let data = try? JSONSerialization.data(withJSONObject: entry, options: [.sortedKeys]) else { return }
        let fd = open(log.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let line = data + Data("\n".utf8)
        _ = line.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    /// Waits (polling, up to `seconds`) until at least `count` requests have arrived.
    func waitForRequests(_ count: Int, seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if requests().count >= count { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return requests().count >= count
    }

    /// Replaces the engine's plan of answers (see the script).
    func setPlan(_ spec: String) throws {
        var request = URLRequest(url: url.appendingPathComponent("_plan"))
        request.httpMethod = "POST"
        request.httpBody = Data(spec.utf8)
        let done = DispatchSemaphore(value: 0)
        let task = URLSession.shared.dataTask(with: request) { _, _, _ in done.signal() }
        task.resume()
        done.wait()
    }
}
