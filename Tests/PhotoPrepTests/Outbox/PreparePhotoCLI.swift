import Foundation
#if canImport(Glibc)
import Glibc
#endif
@testable import PhotoPrep

/// Runs the `prepare-photo` binary built next to the test bundle, as a separate process that a test
/// can kill at any moment.
struct PreparePhotoCLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        var killed: Bool
    }

    /// The built `prepare-photo`: beside the test bundle (`swift build`'s bin folder).
    static let binary: URL? = {
        var candidates: [URL] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            candidates.append(URL(fileURLWithPath: exe).deletingLastPathComponent().appendingPathComponent("prepare-photo"))
        }
        candidates.append(Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("prepare-photo"))
        candidates.append(Bundle.main.bundleURL.appendingPathComponent("prepare-photo"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    struct Missing: Error, CustomStringConvertible {
        var description: String { "prepare-photo is not built next to the tests (run swift build first)" }
    }

    /// A started process whose output goes to files read at the end.
    final class Running {
        let process = Process()
        let outFile: URL
        let errFile: URL

        init(_ arguments: [String], environment: [String: String] = [:]) throws {
            guard let binary = PreparePhotoCLI.binary else { throw Missing() }
            let folder = try OutboxFixtures.scratchFolder("cli")
            outFile = folder.appendingPathComponent("stdout")
            errFile = folder.appendingPathComponent("stderr")
            _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
            _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)
            process.executableURL = binary
            process.arguments = arguments
            var env = ProcessInfo.processInfo.environment
            env.removeValue(forKey: "PREPARE_PHOTO_OUTBOX")
            env.removeValue(forKey: "PREPARE_PHOTO_ENGINE_TOKEN")
            env["OMP_THREAD_LIMIT"] = "1"
            for (k, v) in environment { env[k] = v }
            process.environment = env
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = try FileHandle(forWritingTo: outFile)
            process.standardError = try FileHandle(forWritingTo: errFile)
            try process.run()
        }

        /// SIGKILL: nothing of the process runs after this, as in a crash or a power cut.
        func kill() {
            if process.isRunning { Glibc.kill(process.processIdentifier, SIGKILL) }
        }

        func wait() -> Result {
            process.waitUntilExit()
            let out = (try? String(contentsOf: outFile, encoding: .utf8)) ?? ""
            let err = (try? String(contentsOf: errFile, encoding: .utf8)) ?? ""
            try? FileManager.default.removeItem(at: outFile.deletingLastPathComponent())
            return Result(status: process.terminationStatus, stdout: out, stderr: err,
                          killed: process.terminationReason == .uncaughtSignal)
        }
    }

    /// Runs to the end and returns what it said.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Result {
        try Running(arguments, environment: environment).wait()
    }
}
