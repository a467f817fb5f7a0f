import Foundation
import Testing
@testable import PhotoPrep

/// `prepare-photo outbox list|show|send` as a user runs it, against the loopback engine.
@Suite
struct OutboxCommandTests {
    func outbox(with count: Int) throws -> (URL, [MomentFiles]) {
        let (outbox, moments) = try OutboxFixtures.filledOutbox(count, firstSeed: 500)
        return (outbox.root, moments)
    }

    let quick = ["--retry-base", "0.05", "--retry-cap", "0.2", "--max-attempts", "2", "--timeout", "30"]

    @Test func senderKilledMidUploadLeavesItPendingAndTheNextRunDeliversWithTheSameKey() throws {
        let engine = try FakeEngine(plan: "stall", stallSeconds: 30)
        let (root, moments) = try outbox(with: 1)
        defer { try? FileManager.default.removeItem(at: root) }
        let send = ["outbox", "send", "--engine", engine.url.absoluteString, "--outbox", root.path] + quick

        let first = try PreparePhotoCLI.Running(send)
        #expect(engine.waitForRequests(1), "the upload must reach the engine")
        first.kill()
        #expect(first.wait().killed)
        #expect(OutboxFixtures.names(root.appendingPathComponent("pending")) == [moments[0].id])
        #expect(OutboxFixtures.names(root.appendingPathComponent("sent")).isEmpty)

        try engine.setPlan("201")
        let second = try PreparePhotoCLI.run(send)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stderr.contains("1 delivered"))
        let keys = engine.requests().map { $0["key"] as? String }
        #expect(keys == ["photo-\(moments[0].id)", "photo-\(moments[0].id)"], "the same key both times")
        #expect(OutboxFixtures.names(root.appendingPathComponent("sent")) == [moments[0].id])
        #expect(OutboxFixtures.names(root.appendingPathComponent("pending")).isEmpty)
    }

    @Test func aSecondSenderSaysAnotherIsRunningAndExitsZero() throws {
        let engine = try FakeEngine(plan: "stall", stallSeconds: 30)
        let (root, _) = try outbox(with: 1)
        defer { try? FileManager.default.removeItem(at: root) }
        let send = ["outbox", "send", "--engine", engine.url.absoluteString, "--outbox", root.path] + quick
        let first = try PreparePhotoCLI.Running(send)
        defer { first.kill(); _ = first.wait() }
        #expect(engine.waitForRequests(1))
        let second = try PreparePhotoCLI.run(send)
        #expect(second.status == 0)
        #expect(second.stderr.contains("another sender is already delivering"))
        #expect(engine.requests().count == 1, "the second sender sent nothing")
    }

    @Test func refusedMomentExitsOneAndUnreachableEngineExits69() throws {
        let engine = try FakeEngine(plan: "422")
        let (root, moments) = try outbox(with: 1)
        defer { try? FileManager.default.removeItem(at: root) }
        let refused = try PreparePhotoCLI.run(["outbox", "send", "--engine", engine.url.absoluteString,
                                               "--outbox", root.path] + quick)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("prepare-photo: \(moments[0].id): the engine refused it (422)"))
        #expect(OutboxFixtures.names(root.appendingPathComponent("failed")) == [moments[0].id])

        let gone = engine.url
        engine.stop()
        try Outbox(root: root).enqueue(OutboxFixtures.moment(seed: 600).files)
        let unreachable = try PreparePhotoCLI.run(["outbox", "send", "--engine", gone.absoluteString,
                                                   "--outbox", root.path] + quick)
        #expect(unreachable.status == 69)
        #expect(unreachable.stderr.contains("could not be reached"))
        #expect(OutboxFixtures.names(root.appendingPathComponent("pending")).count == 1)
    }

    @Test func tokenComesFromTheEnvironmentAndIsNeverPrinted() throws {
        let engine = try FakeEngine(plan: "503:ra=0,201", token: "tok-7f3a9")
        let (root, moments) = try outbox(with: 1)
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try PreparePhotoCLI.run(
            ["outbox", "send", "--engine", engine.url.absoluteString, "--outbox", root.path] + quick,
            environment: ["PREPARE_PHOTO_ENGINE_TOKEN": "tok-7f3a9"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(engine.requests().allSatisfy { ($0["problems"] as? [String]) == [] })
        #expect(!(result.stdout + result.stderr).contains("tok-7f3a9"))
        #expect(OutboxFixtures.names(root.appendingPathComponent("sent")) == [moments[0].id])
    }

    @Test(arguments: [
        ["send"], ["send", "--engine", "ftp://x"], ["send", "--engine"], ["show"], ["list", "extra"],
        ["frobnicate"], ["send", "--engine", "http://127.0.0.1:1", "--max-attempts", "0"],
    ])
    func usageErrorsExit64(arguments: [String]) throws {
        let root = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try PreparePhotoCLI.run(["outbox"] + arguments + ["--outbox", root.path])
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("prepare-photo: "))
    }

    @Test func listAndShowTellWhatIsInTheOutbox() throws {
        let (root, moments) = try outbox(with: 2)
        defer { try? FileManager.default.removeItem(at: root) }
        let list = try PreparePhotoCLI.run(["outbox", "list", "--json", "--outbox", root.path])
        #expect(list.status == 0)
        let entries = try list.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(OutboxEntry.self, from: Data($0.utf8))
        }
        #expect(entries.map(\.id) == moments.map(\.id))
        #expect(entries.allSatisfy { $0.state == "pending" })
        #expect(entries.map(\.sha256) == moments.map(\.sha256))

        let text = try PreparePhotoCLI.run(["outbox", "list", "--outbox", root.path])
        #expect(text.stdout.contains(moments[0].id) && text.stdout.contains("IMG_500.jpg"))
        #expect(text.stderr.contains("2 pending, 0 sent, 0 failed"))

        let show = try PreparePhotoCLI.run(["outbox", "show", moments[1].id, "--outbox", root.path])
        #expect(show.status == 0)
        #expect(try Moment.decode(Data(show.stdout.utf8)).id == moments[1].id)

        let missing = try PreparePhotoCLI.run(["outbox", "show", "01ARZ3NDEKTSV4RRFFQ69G5FAV", "--outbox", root.path])
        #expect(missing.status == 66)
        #expect(missing.stderr.hasPrefix("prepare-photo: 01ARZ3NDEKTSV4RRFFQ69G5FAV: no moment"))

        let noOutbox = try PreparePhotoCLI.run(["outbox", "list", "--outbox", root.appendingPathComponent("nope").path])
        #expect(noOutbox.status == 66)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("nope").path),
                "listing does not create an outbox")
    }

    @Test func outboxFolderComesFromTheEnvironment() throws {
        let (root, moments) = try outbox(with: 1)
        defer { try? FileManager.default.removeItem(at: root) }
        let list = try PreparePhotoCLI.run(["outbox", "list", "--json"], environment: ["PREPARE_PHOTO_OUTBOX": root.path])
        #expect(list.status == 0)
        #expect(list.stdout.contains(moments[0].id))
    }
}
