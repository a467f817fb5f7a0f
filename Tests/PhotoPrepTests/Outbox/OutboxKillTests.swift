import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif
@testable import PhotoPrep

/// SIGKILL at seeded random points of `prepare-photo outbox send` and of a whole batch (prepare the
/// folder, then send), against the loopback engine slowed a little (`scripts/test-engine.py
/// --read-delay --answer-delay`) so that kills land mid-request, mid-body and between moments.
///
/// Kill runs here: 30 of the sender, 14 of prepare-then-send (in either phase), each counted only when
/// our SIGKILL ended the process; with the 24 + 6 kill points of `OutboxCrashTests`, 74 in `make test`.
/// Each test prints where its kills landed. Found by them: a sender killed between moving a moment
/// to sent/ and dropping its pictures left the pictures there for good (now dropped by the next
/// send), and a batch killed between enqueueing a photo and releasing its claim left the claim file
/// in .locks/ for good (now cleared when the outbox is opened).
@Suite(.serialized)
struct OutboxKillTests {
    static let senderKills = 30
    static let batchKills = 14

    /// A slow, deduplicating, traced engine: the body read 4 KiB at a time with 3 ms pauses, 20 ms
    /// between reading a request and answering it.
    static func slowEngine() throws -> FakeEngine {
        try FakeEngine(plan: "201", options: ["--read-delay", "0.003", "--read-chunk", "4096",
                                              "--answer-delay", "0.02", "--dedupe", "--trace"])
    }

    static func sendCommand(_ engine: FakeEngine, _ root: URL) -> [String] {
        ["outbox", "send", "--quiet", "--engine", engine.url.absoluteString, "--outbox", root.path,
         "--retry-base", "0.05", "--retry-cap", "0.2", "--max-attempts", "3", "--timeout", "30"]
    }

    // MARK: - Found by the kills

    /// A sender killed after moving a moment to sent/ but before dropping its pictures left them
    /// there for good (sent/ is meant to keep only `moment.json` and `receipt.json`: the photos,
    /// with their places and faces, stay only as long as they wait). The next run drops them and
    /// does not send that moment again.
    @Test func picturesLeftInSentByAKilledSenderAreDroppedByTheNextRun() throws {
        let root = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let moments = try Self.fill(root, count: 3, firstSeed: 30_000)
        // What the kill left: the receipt written, the folder moved, one or both pictures still there.
        for (moment, drop) in zip(moments.prefix(2), [[], ["original.jpg"]]) {
            let pending = root.appendingPathComponent("pending/\(moment.id)")
            let answer = EngineAnswer(status: 201, idempotencyKey: "photo-\(moment.id)",
                                      answeredAt: "2026-11-29T06:45:02Z", reason: "delivered", body: "{}", attempts: 1)
            try answer.jsonData().write(to: pending.appendingPathComponent("receipt.json"))
            let sent = root.appendingPathComponent("sent/\(moment.id)")
            try FileManager.default.moveItem(at: pending, to: sent)
            for name in drop { try FileManager.default.removeItem(at: sent.appendingPathComponent(name)) }
        }
        let engine = try FakeEngine(plan: "201")
        let run = try PreparePhotoCLI.run(Self.sendCommand(engine, root))
        #expect(run.status == 0, "\(run.stderr)")
        for moment in moments {
            let names = OutboxFixtures.names(root.appendingPathComponent("sent/\(moment.id)"))
            #expect(names == ["moment.json", "receipt.json"], "sent/\(moment.id) still holds pictures")
        }
        #expect(engine.requests().map { $0["key"] as? String } == ["photo-\(moments[2].id)"],
                "only the moment still pending is sent")
        Self.checkSenderOutbox(root, moments, final: true, "after the next run")
    }

    /// A batch killed between enqueueing a photo and giving its claim up left the claim's file in
    /// .locks/ for good: its lock died with the process, but the photo, now in the outbox, is never
    /// claimed again, which is what removes the file. Opening the outbox clears free claim files and
    /// leaves those still held alone.
    @Test func claimFilesLeftByAKilledBatchAreClearedWhenTheOutboxIsOpened() throws {
        let root = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let outbox = try Outbox(root: root)
        let (free, held) = (String(repeating: "a", count: 64), String(repeating: "b", count: 64))
        #expect(FileManager.default.createFile(atPath: root.path + "/.locks/" + free, contents: nil))
        let claim = try #require(try outbox.claim(sha256: held))
        defer { claim.release() }

        _ = try Outbox(root: root)
        #expect(OutboxFixtures.names(root.appendingPathComponent(".locks")) == [held])
        #expect(try outbox.claim(sha256: held) == nil, "a claim still held stays held")
        let again = try #require(try outbox.claim(sha256: free), "the photo can be claimed again")
        again.release()
    }

    // MARK: - The sender killed

    @Test func senderKilledAtSeededRandomPointsNeverLosesHalfMovesOrDoublesAMoment() throws {
        let perRound = 8
        // How long this machine takes: from start to the engine's first request, and per moment.
        let calibration = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: calibration) }
        _ = try Self.fill(calibration, count: perRound, firstSeed: 20_000)
        let calibrationEngine = try Self.slowEngine()
        var firstRequest: Date?
        let started = Date()
        let whole = try KillHarness.run(Self.sendCommand(calibrationEngine, calibration), delay: .infinity) {
            if firstRequest == nil, calibrationEngine.begunCount() > 0 { firstRequest = Date() }
            return false
        }
        try #require(whole.result.status == 0, "the sender must work uninterrupted: \(whole.result.stderr)")
        let startup = firstRequest.map { $0.timeIntervalSince(started) } ?? 0.1
        let perMoment = max(0.02, (whole.seconds - startup) / Double(perRound))

        var rng = SeededGenerator(seed: 0x5345_4E44_4B49_4C4C)
        var kills = 0, round = 0, resentWithSameKey = 0, cut = 0
        var landings: [String: Int] = [:]
        while kills < Self.senderKills {
            round += 1
            let root = try OutboxFixtures.scratchFolder()
            defer { try? FileManager.default.removeItem(at: root) }
            let moments = try Self.fill(root, count: perRound, firstSeed: 20_000 + 100 * round)
            let engine = try Self.slowEngine()
            let send = Self.sendCommand(engine, root)
            var killsThisRound = 0
            while kills < Self.senderKills, killsThisRound < 6 {
                let name = "round \(round), kill \(killsThisRound + 1)"
                // One kill in five from the start (reading the outbox, the first connection); the
                // others after the engine began the sender's first or second request, anywhere in
                // the time a moment takes.
                let choice = rng.next() % 5
                let from = engine.events().count
                let begun = engine.begunCount()
                let delay = choice == 0 ? rng.uniform(startup * 1.5) : rng.uniform(perMoment * 1.2)
                let outcome = try KillHarness.run(send, delay: delay, afterKill: { engine.mark(["event": "kill"]) }) {
                    choice == 0 || engine.begunCount() >= begun + Int(choice % 2) + 1
                }
                #expect(!outcome.crashed, "\(name): the sender died of a signal we did not send: \(outcome.result)")
                guard outcome.killed else {
                    #expect(outcome.result.status == 0, "\(name): \(outcome.result.stderr)")
                    break  // it delivered the rest before the kill was due
                }
                kills += 1
                killsThisRound += 1
                Self.recordLanding(engine, from: from, root: root, into: &landings, name)
                let waiting = Self.checkSenderOutbox(root, moments, final: false, name)
                if waiting.isEmpty { break }
            }
            // The same command again delivers the rest.
            let last = try PreparePhotoCLI.run(send)
            #expect(last.status == 0, "round \(round): \(last.stderr)")
            #expect(Self.checkSenderOutbox(root, moments, final: true, "round \(round), rerun").isEmpty)
            #expect(engine.waitUntilIdle())
            let photos = Set(moments.map(\.sha256))
            let seen = Self.checkEngineSawEachPhotoUnderOneKey(engine, photos: photos, "round \(round)")
            resentWithSameKey += seen.repeated
            cut += seen.cut
            // Byte for byte: the original the engine read whole is the one prepared.
            let shaById = Dictionary(uniqueKeysWithValues: moments.map { ("photo-\($0.id)", $0.sha256) })
            for request in engine.events(nil, in: engine.events()[...]) where request["complete"] as? Bool == true {
                #expect(request["originalSha256"] as? String == shaById[request["key"] as? String ?? ""],
                        "round \(round): the engine got another original for \(request["key"] ?? "")")
            }
        }
        print("OutboxKillTests: \(kills) sender kills in \(round) rounds of \(perRound) moments: "
              + landings.summary(order: SendLanding.allCases.map(\.rawValue))
              + "; \(resentWithSameKey) requests repeated a moment (same key), \(cut) bodies cut short; "
              + "outbox and engine checked after every kill and at the end")
        #expect(kills == Self.senderKills)
    }

    // MARK: - A batch that prepares a folder, then sends

    @Test func batchPreparingThenSendingKilledInEitherPhaseDeliversEveryPhotoOnce() throws {
        let photoCount = 8
        let (folder, photos) = try Self.photoFolder(photoCount, firstSeed: 4_000)
        defer { try? FileManager.default.removeItem(at: folder) }
        func prepare(_ root: URL) -> [String] { ["--outbox", root.path, "--quiet", "--jobs", "2", folder.path] }
        func momentCount(_ root: URL) -> Int {
            ["pending", "sent", "failed"].reduce(0) { $0 + OutboxFixtures.names(root.appendingPathComponent($1)).count }
        }

        // How long this machine takes for each phase: until its first moment or request, and the rest.
        let calibration = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: calibration) }
        var first: Date?
        var started = Date()
        let prepared = try KillHarness.run(prepare(calibration), delay: .infinity) {
            if first == nil, momentCount(calibration) > 0 { first = Date() }
            return false
        }
        try #require(prepared.result.status == 0, "the batch must work uninterrupted: \(prepared.result.stderr)")
        let prepareStartup = first.map { $0.timeIntervalSince(started) } ?? prepared.seconds / 2
        let prepareWork = max(0.02, prepared.seconds - prepareStartup)
        let calibrationEngine = try Self.slowEngine()
        (first, started) = (nil, Date())
        let sent = try KillHarness.run(Self.sendCommand(calibrationEngine, calibration), delay: .infinity) {
            if first == nil, calibrationEngine.begunCount() > 0 { first = Date() }
            return false
        }
        try #require(sent.result.status == 0, "the sender must work uninterrupted: \(sent.result.stderr)")
        let sendStartup = first.map { $0.timeIntervalSince(started) } ?? 0.1
        let sendWork = max(0.02, sent.seconds - sendStartup)

        var rng = SeededGenerator(seed: 0x4241_5443_484B_494C)
        var kills = ["prepare": 0, "send": 0]
        var landings: [String: Int] = [:]
        var round = 0, attempts = 0, resentWithSameKey = 0, cut = 0, claimFiles = 0
        while kills.values.reduce(0, +) < Self.batchKills {
            round += 1
            let root = try OutboxFixtures.scratchFolder()
            defer { try? FileManager.default.removeItem(at: root) }
            let engine = try Self.slowEngine()
            let send = Self.sendCommand(engine, root)
            var killsThisRound = 0
            while true {
                attempts += 1
                let name = "round \(round), attempt \(attempts)"
                // The kill due in this attempt: in either phase (prepare only while photos are left
                // to prepare), one in four timed from the phase's start, the others from its first
                // moment or request; none once this round had its share, so that the round ends.
                let killing = kills.values.reduce(0, +) < Self.batchKills && killsThisRound < 6
                let inPrepare = rng.next() % 2 == 0 && momentCount(root) < photoCount
                let fromStart = rng.next() % 4 == 0
                let fraction = rng.uniform(1)

                let before = momentCount(root)
                let prepareDelay = fraction * (fromStart ? prepareStartup : prepareWork)
                let p = try KillHarness.run(prepare(root), delay: killing && inPrepare ? prepareDelay : .infinity) {
                    killing && inPrepare && (fromStart || momentCount(root) > before)
                }
                #expect(!p.crashed, "\(name): the batch died of a signal we did not send: \(p.result)")
                if p.killed {
                    kills["prepare", default: 0] += 1
                    killsThisRound += 1
                    let (moments, staged, claims) = Self.checkBatchOutbox(root, photos: photos, name)
                    claimFiles += claims
                    let landing = staged ? "prepare: writing a moment (its staging folder left in tmp/)"
                        : moments == before ? "prepare: starting, no moment written yet" : "prepare: between moments"
                    landings[landing, default: 0] += 1
                    continue  // the rerun starts again from the top, as a script would
                }
                #expect(p.result.status == 0, "\(name): \(p.result.stderr)")

                let from = engine.events().count
                let begun = engine.begunCount()
                let sendDelay = fraction * (fromStart ? sendStartup : sendWork)
                let s = try KillHarness.run(send, delay: killing && !inPrepare ? sendDelay : .infinity,
                                            afterKill: { engine.mark(["event": "kill"]) }) {
                    killing && !inPrepare && (fromStart || engine.begunCount() > begun)
                }
                #expect(!s.crashed, "\(name): the sender died of a signal we did not send: \(s.result)")
                if s.killed {
                    kills["send", default: 0] += 1
                    killsThisRound += 1
                    var landing: [String: Int] = [:]
                    Self.recordLanding(engine, from: from, root: root, into: &landing, name)
                    for (key, n) in landing { landings["send: " + key, default: 0] += n }
                    Self.checkBatchOutbox(root, photos: photos, name)
                    continue
                }
                #expect(s.result.status == 0, "\(name): \(s.result.stderr)")
                break  // both phases ran to their end
            }
            // The set is complete: every photo of the folder sent once, the engine saw exactly them.
            let (moments, _, _) = Self.checkBatchOutbox(root, photos: photos, "round \(round), done")
            #expect(moments == photoCount, "round \(round): \(moments) moments for \(photoCount) photos")
            #expect(OutboxFixtures.names(root.appendingPathComponent("pending")).isEmpty,
                    "round \(round): moments left pending")
            for id in OutboxFixtures.names(root.appendingPathComponent("sent")) {
                let names = OutboxFixtures.names(root.appendingPathComponent("sent/\(id)"))
                #expect(names == ["moment.json", "receipt.json"], "round \(round): sent/\(id) still holds pictures")
            }
            #expect(engine.waitUntilIdle())
            let seen = Self.checkEngineSawEachPhotoUnderOneKey(engine, photos: photos, "round \(round)")
            resentWithSameKey += seen.repeated
            cut += seen.cut
        }
        let order = ["prepare: starting, no moment written yet",
                     "prepare: writing a moment (its staging folder left in tmp/)", "prepare: between moments"]
            + SendLanding.allCases.map { "send: " + $0.rawValue }
        print("OutboxKillTests: \(kills["prepare"] ?? 0) kills while preparing and \(kills["send"] ?? 0) while "
              + "sending, \(round) batches of \(photoCount) photos (\(attempts) runs of prepare-then-send): "
              + landings.summary(order: order)
              + "; \(resentWithSameKey) requests repeated a moment (same key), \(cut) bodies cut short, "
              + "\(claimFiles) free claim files found in .locks/ after a kill (cleared on opening); outbox checked after every kill, outbox and engine "
              + "at the end of each batch")
        #expect(kills.values.reduce(0, +) == Self.batchKills)
    }
}
