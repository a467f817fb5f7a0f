import Foundation
import Testing
@testable import PhotoPrep

@Suite struct OutboxTests {
    @Test func enqueuedMomentIsWholeInPendingAndPrivate() throws {
        let root = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let outbox = try Outbox(root: root)
        let (moment, _) = OutboxFixtures.moment(seed: 1)
        let folder = try outbox.enqueue(moment)

        #expect(folder.path == root.appendingPathComponent("pending/\(moment.id)").standardizedFileURL.path)
        #expect(OutboxFixtures.names(folder) == ["copy.jpg", "moment.json", "original.jpg"])
        for file in moment.files {
            let written = try Data(contentsOf: folder.appendingPathComponent(file.name))
            #expect(written == file.data, "\(file.name) must be written byte for byte")
            #expect(try OutboxFixtures.mode(folder.appendingPathComponent(file.name)) == 0o600)
        }
        #expect(try OutboxFixtures.mode(folder) == 0o700)
        for sub in ["tmp", "pending", "sent", "failed"] {
            #expect(try OutboxFixtures.mode(root.appendingPathComponent(sub)) == 0o700, "\(sub)/ must be 0700")
        }
        let found = try #require(outbox.existing(sha256: moment.sha256))
        #expect(found.id == moment.id && found.state == "pending")
        #expect(try outbox.show(id: moment.id) == moment.files[2].data)
        // Nothing is left in the staging area, even while the outbox stays open.
        #expect(OutboxFixtures.names(root.appendingPathComponent("tmp")).isEmpty)
    }

    @Test func unknownPhotoIsNotExisting() throws {
        let root = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let outbox = try Outbox(root: root)
        #expect(outbox.existing(sha256: String(repeating: "ab", count: 32)) == nil)
        #expect(throws: OutboxError.self) { try outbox.show(id: ULIDGenerator.shared.next()) }
    }

    @Test func plainFolderIsWrittenWholeAndNeverReplaced() throws {
        let dir = try OutboxFixtures.scratchFolder("out").appendingPathComponent("nested/out")
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent().deletingLastPathComponent()) }
        let (moment, _) = OutboxFixtures.moment(seed: 2)
        let folder = try MomentFolder.write(moment, into: dir)
        #expect(OutboxFixtures.names(dir) == [moment.id])
        #expect(try Data(contentsOf: folder.appendingPathComponent("original.jpg")) == moment.files[0].data)
        // A second moment with the same id must not overwrite the first.
        var clash = OutboxFixtures.moment(seed: 3, id: moment.id).files
        clash.files.removeLast()
        #expect(throws: OutboxError.self) { try MomentFolder.write(clash, into: dir) }
        #expect(try Data(contentsOf: folder.appendingPathComponent("original.jpg")) == moment.files[0].data)
        #expect(OutboxFixtures.names(dir) == [moment.id], "no staging folder is left behind")
    }

    @Test func stagingFoldersOfAKilledWriterAreClearedButNotThoseOfALiveOne() throws {
        let dir = try OutboxFixtures.scratchFolder("out-stale")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        // What a writer killed an hour ago left, and what a writer busy right now has.
        let dead = dir.appendingPathComponent(".tmp-01DEADWRITER0000000000000")
        let live = dir.appendingPathComponent(".tmp-01LIVEWRITER0000000000000")
        for d in [dead, live] {
            try fm.createDirectory(at: d, withIntermediateDirectories: false)
            try Data([1, 2, 3]).write(to: d.appendingPathComponent("original.jpg"))
        }
        try fm.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: dead.path)
        let (moment, _) = OutboxFixtures.moment(seed: 5)
        try MomentFolder.write(moment, into: dir)
        #expect(!fm.fileExists(atPath: dead.path))
        #expect(fm.fileExists(atPath: live.appendingPathComponent("original.jpg").path))
        #expect(fm.fileExists(atPath: dir.appendingPathComponent(moment.id).path))
    }

    @Test(arguments: ["../escape", ".hidden", "a/b", ""])
    func fileNamesThatEscapeTheFolderAreRefused(name: String) throws {
        let root = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let outbox = try Outbox(root: root)
        var (moment, _) = OutboxFixtures.moment(seed: 4)
        moment.files.append((name, Data([1, 2, 3])))
        #expect(throws: OutboxError.self) { try outbox.enqueue(moment) }
        #expect(OutboxFixtures.names(root.appendingPathComponent("pending")).isEmpty)
    }

    @Test func crashLeftoversAreClearedButLiveWritersAreNot() throws {
        let root = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let live = try Outbox(root: root)
        // A half-written moment of a live writer must survive another process opening the outbox.
        let staging = try live.stagingArea()
        let liveHalf = URL(fileURLWithPath: staging.path).appendingPathComponent("HALF")
        try FileManager.default.createDirectory(at: liveHalf, withIntermediateDirectories: true)
        // Leftovers of dead writers: a folder with an unheld lock, and a folder with no lock at all.
        let tmp = root.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: tmp.appendingPathComponent("DEAD/01ABC"), withIntermediateDirectories: true)
        try Data().write(to: tmp.appendingPathComponent("DEAD.lock"))
        try FileManager.default.createDirectory(at: tmp.appendingPathComponent("ORPHAN/x"), withIntermediateDirectories: true)

        let second = try Outbox(root: root)
        let left = OutboxFixtures.names(tmp)
        #expect(!left.contains("DEAD") && !left.contains("DEAD.lock") && !left.contains("ORPHAN"))
        #expect(FileManager.default.fileExists(atPath: liveHalf.path), "a live writer's staging must be kept")
        _ = second
        staging.close()
        #expect(OutboxFixtures.names(tmp).isEmpty, "a closed staging area leaves nothing")
    }

    @Test func lostIndexIsRebuiltFromTheMomentsOnOpen() throws {
        let root = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let first = OutboxFixtures.moment(seed: 20).files
        let second = OutboxFixtures.moment(seed: 21).files
        do {
            let outbox = try Outbox(root: root)
            try outbox.enqueue(first)
            try outbox.enqueue(second)
            try outbox.markSent(second.id, answer: EngineAnswer(status: 201, idempotencyKey: "photo-\(second.id)",
                                                               answeredAt: "", reason: "delivered", body: "", attempts: 1))
        }
        try FileManager.default.removeItem(at: root.appendingPathComponent("index"))
        let reopened = try Outbox(root: root)
        #expect(reopened.existing(sha256: first.sha256)?.id == first.id)
        #expect(reopened.existing(sha256: second.sha256)?.state == "sent")
    }

    @Test func claimIsExclusiveUntilReleased() throws {
        let root = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let outbox = try Outbox(root: root)
        let sha = String(repeating: "0f", count: 32)
        let first = try #require(try outbox.claim(sha256: sha))
        #expect(try outbox.claim(sha256: sha) == nil, "a second worker must not get the same photo")
        first.release()
        let again = try #require(try outbox.claim(sha256: sha))
        again.release()
        #expect(OutboxFixtures.names(root.appendingPathComponent(".locks")).isEmpty)
    }

    @Test func admitSaysAlreadyInUnlessAgain() throws {
        let root = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let outbox = try Outbox(root: root)
        let (moment, _) = OutboxFixtures.moment(seed: 5)
        guard case .prepare(let claim) = try outbox.admit(sha256: moment.sha256) else {
            Issue.record("a new photo must be admitted"); return
        }
        try outbox.enqueue(moment)
        claim.release()
        guard case .alreadyIn(let id, let state) = try outbox.admit(sha256: moment.sha256) else {
            Issue.record("a photo already pending must not be prepared again"); return
        }
        #expect(id == moment.id && state == "pending")
        guard case .prepare(let second) = try outbox.admit(sha256: moment.sha256, again: true) else {
            Issue.record("--again must prepare it again"); return
        }
        let redo = OutboxFixtures.moment(seed: 5).files
        try outbox.enqueue(redo)
        second.release()
        #expect(outbox.existing(sha256: moment.sha256)?.id == redo.id, "the newest moment is reported")
        #expect(OutboxFixtures.names(root.appendingPathComponent("pending")).count == 2)
    }

    @Test func manyThreadsAdmittingOnePhotoPrepareItOnce() async throws {
        let root = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let outbox = try Outbox(root: root)
        let sha = OutboxFixtures.moment(seed: 6).files.sha256
        let prepared = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    await Task.detached {
                        guard case .prepare(let claim)? = try? outbox.admit(sha256: sha) else { return 0 }
                        defer { claim.release() }
                        let moment = OutboxFixtures.moment(seed: 6).files
                        return (try? outbox.enqueue(moment)) == nil ? 0 : 1
                    }.value
                }
            }
            return await group.reduce(0, +)
        }
        #expect(prepared == 1)
        #expect(OutboxFixtures.names(root.appendingPathComponent("pending")).count == 1)
    }

    @Test func listShowsEveryStateOldestFirst() throws {
        let root = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let outbox = try Outbox(root: root)
        let a = OutboxFixtures.moment(seed: 7, name: "a.jpg").files
        let b = OutboxFixtures.moment(seed: 8, name: "b.jpg").files
        try outbox.enqueue(b.id < a.id ? b : a)
        try outbox.enqueue(b.id < a.id ? a : b)
        let c = OutboxFixtures.moment(seed: 9).files
        try outbox.enqueue(c)
        try outbox.markFailed(c.id, answer: EngineAnswer(status: 422, idempotencyKey: "photo-\(c.id)",
                                                         answeredAt: "", reason: "no lines", body: "{}", attempts: 1))
        let entries = try outbox.list()
        #expect(entries.map(\.state) == ["pending", "pending", "failed"])
        #expect(entries.map(\.sourceName) == ["a.jpg", "b.jpg", "IMG_9.jpg"])
        #expect(entries[2].engineStatus == 422 && entries[2].problem == "no lines")
        #expect(outbox.existing(sha256: c.sha256)?.state == "failed")
        #expect(OutboxFixtures.names(root.appendingPathComponent("failed/\(c.id)")).contains("original.jpg"),
                "a refused moment keeps every file")
    }
}
