import Foundation
import Testing
@testable import PhotoPrep

/// Helpers of the batch and watch tests: small photos on disk, the outbox read back, and a
/// `prepare-photo watch` process run in the background.
enum BatchTestSupport {
    /// Writes a small, distinct photo (the seed changes its bytes) and returns its bytes.
    @discardableResult
    static func writePhoto(_ url: URL, seed: UInt64, width: Int = 320, height: Int = 240) throws -> [UInt8] {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let bytes = try TestSupport.jpeg(TestSupport.photoLike(width: width, height: height, seed: seed), quality: 85)
        try Data(bytes).write(to: url)
        return bytes
    }

    /// The records of the moments waiting in `outbox/pending/`.
    static func pendingMoments(_ outbox: URL) throws -> [Moment] {
        let pending = outbox.appendingPathComponent("pending")
        guard FileManager.default.fileExists(atPath: pending.path) else { return [] }
        return try FileManager.default.contentsOfDirectory(atPath: pending.path).sorted().map { id in
            try Moment.decode(Data(contentsOf: pending.appendingPathComponent("\(id)/moment.json")))
        }
    }

    /// How many moments wait in `outbox/pending/` (0 while the outbox does not exist yet).
    static func pendingCount(_ outbox: URL) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: outbox.appendingPathComponent("pending").path).count) ?? 0
    }

    /// The summary line the tool prints at the end ("N prepared, N already in the outbox, …").
    static func summaryLine(_ stderr: String) -> String? {
        stderr.split(separator: "\n").last { $0.contains(" prepared, ") && $0.hasSuffix(" failed") }.map(String.init)
    }

    static func sha256(_ bytes: [UInt8]) -> String { SHA256.hex(bytes) }

    /// Polls `condition` every 100 ms until it holds or `timeout` passes (only a guard against
    /// hanging: the tests never assert on time). Returns whether it held.
    static func eventually(timeout: TimeInterval = 90, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if try condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return try condition()
    }
}

/// `prepare-photo watch …` running in the background, its standard error kept in a file.
final class WatchProcess {
    let process = Process()
    let stderrFile: URL
    let stdoutFile: URL

    init(_ args: [String]) throws {
        let scratch = FileManager.default.temporaryDirectory
        stderrFile = scratch.appendingPathComponent("watch-stderr-\(UUID().uuidString)")
        stdoutFile = scratch.appendingPathComponent("watch-stdout-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: stdoutFile.path, contents: nil)
        process.executableURL = TestSupport.preparePhoto
        process.arguments = ["watch"] + args
        process.standardInput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: stderrFile)
        process.standardOutput = try FileHandle(forWritingTo: stdoutFile)
        try process.run()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        try? FileManager.default.removeItem(at: stderrFile)
        try? FileManager.default.removeItem(at: stdoutFile)
    }

    var stderr: String { (try? String(contentsOf: stderrFile, encoding: .utf8)) ?? "" }

    /// Waits until the watcher says it is watching (its watches are in place).
    func waitUntilWatching() -> Bool {
        BatchTestSupport.eventually { stderr.contains("watching ") || !process.isRunning }
            && process.isRunning
    }

    /// Sends `SIGTERM` and waits for the exit (killing it after a generous time so a test never hangs).
    func terminate() -> (status: Int32?, stderr: String) {
        kill(process.processIdentifier, SIGTERM)
        let exited = BatchTestSupport.eventually(timeout: 60) { !process.isRunning }
        if !exited { kill(process.processIdentifier, SIGKILL); process.waitUntilExit(); return (nil, stderr) }
        process.waitUntilExit()
        return (process.terminationStatus, stderr)
    }
}
