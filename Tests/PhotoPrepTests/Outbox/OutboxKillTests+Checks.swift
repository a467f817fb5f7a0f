import Foundation
import Testing
@testable import PhotoPrep

/// What the kill tests check after each kill, and the inputs they build.
extension OutboxKillTests {
    static let pictures: Set<String> = ["original.jpg", "copy.jpg", "annotated.jpg"]

    /// Where moment `id` is in the outbox, and whether (in sent/) it holds only its record and receipt.
    static func stateOf(_ root: URL, _ id: String) -> (state: String?, tidy: Bool) {
        for state in ["pending", "sent", "failed"] {
            let folder = root.appendingPathComponent("\(state)/\(id)")
            if FileManager.default.fileExists(atPath: folder.path) {
                return (state, OutboxFixtures.names(folder) == ["moment.json", "receipt.json"])
            }
        }
        return (nil, false)
    }

    // MARK: - What a user cares about after each kill

    /// The outbox after a killed (or finished) sender: every moment in exactly one place — pending/
    /// whole and byte for byte, or sent/ with its record and a receipt for its own key — nothing
    /// in tmp/, and the sender's lock free for the next run. `final`: sent/ folders hold nothing but
    /// `moment.json` and `receipt.json`. Returns the ids still pending.
    @discardableResult
    static func checkSenderOutbox(_ root: URL, _ moments: [MomentFiles], final: Bool, _ run: String,
                                  sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let pending = OutboxFixtures.names(root.appendingPathComponent("pending"))
        let sent = OutboxFixtures.names(root.appendingPathComponent("sent"))
        let failed = OutboxFixtures.names(root.appendingPathComponent("failed"))
        let all = pending + sent + failed
        #expect(Set(pending).isDisjoint(with: sent), "\(run): a moment is in pending/ and sent/ at once",
                sourceLocation: sourceLocation)
        #expect(all.sorted() == moments.map(\.id).sorted(),
                "\(run): moments lost, doubled or unknown: pending \(pending), sent \(sent), failed \(failed)",
                sourceLocation: sourceLocation)
        #expect(OutboxFixtures.names(root.appendingPathComponent("tmp")).isEmpty,
                "\(run): the sender left something in tmp/", sourceLocation: sourceLocation)
        for moment in moments {
            let files = Dictionary(uniqueKeysWithValues: moment.files.map { ($0.name, $0.data) })
            if pending.contains(moment.id) {
                let folder = root.appendingPathComponent("pending/\(moment.id)")
                let names = Set(OutboxFixtures.names(folder))
                // A sender killed between writing the answer and moving the folder leaves the answer
                // beside the moment; the next run sends it again with the same key and rewrites it.
                let extra = names.subtracting(files.keys)
                #expect(extra.isSubset(of: ["receipt.json", ".answer.tmp"]) && !(final && !extra.isEmpty),
                        "\(run): pending/\(moment.id) holds \(names.sorted())", sourceLocation: sourceLocation)
                for (name, data) in files {
                    #expect((try? Data(contentsOf: folder.appendingPathComponent(name))) == data,
                            "\(run): pending/\(moment.id)/\(name) is missing or changed",
                            sourceLocation: sourceLocation)
                }
            } else if sent.contains(moment.id) {
                let folder = root.appendingPathComponent("sent/\(moment.id)")
                let names = OutboxFixtures.names(folder)
                let leftover = Set(names).subtracting(["moment.json", "receipt.json"])
                #expect(final ? leftover.isEmpty : leftover.isSubset(of: pictures),
                        "\(run): sent/\(moment.id) holds \(names)", sourceLocation: sourceLocation)
                #expect((try? Data(contentsOf: folder.appendingPathComponent("moment.json"))) == files["moment.json"],
                        "\(run): sent/\(moment.id)/moment.json is missing or changed", sourceLocation: sourceLocation)
                let receipt = (try? Data(contentsOf: folder.appendingPathComponent("receipt.json")))
                    .flatMap { try? JSONDecoder().decode(EngineAnswer.self, from: $0) }
                #expect(receipt?.idempotencyKey == "photo-\(moment.id)"
                            && [200, 201, 409].contains(receipt?.status ?? 0),
                        "\(run): sent/\(moment.id) has no receipt for its own key", sourceLocation: sourceLocation)
            }
        }
        // The lock died with the sender: the next one may drain the outbox.
        let lock = (try? Outbox(root: root)).flatMap { try? $0.lockSender() }
        #expect(lock != nil, "\(run): the killed sender's lock is still held", sourceLocation: sourceLocation)
        lock?.release()
        return pending
    }

    /// What the engine received, all runs together: every request it read whole kept the contract;
    /// it saw each photo of `photos` (by the moment's source SHA-256) and no other, each under one
    /// Idempotency-Key however often it came. Returns how many whole requests repeated a key, and
    /// how many the engine never got whole (the sender killed while its body was still on its way).
    @discardableResult
    static func checkEngineSawEachPhotoUnderOneKey(_ engine: FakeEngine, photos: Set<String>, _ run: String,
                                                  sourceLocation: SourceLocation = #_sourceLocation)
        -> (repeated: Int, cut: Int) {
        let requests = engine.events(nil, in: engine.events()[...])
        let whole = requests.filter { $0["complete"] as? Bool == true }
        for request in whole {
            #expect((request["problems"] as? [String]) == [], "\(run): the engine found \(request["problems"] ?? "")",
                    sourceLocation: sourceLocation)
        }
        var keysByPhoto: [String: Set<String>] = [:]
        for request in whole {
            keysByPhoto[request["sourceSha256"] as? String ?? "?", default: []].insert(request["key"] as? String ?? "?")
        }
        #expect(Set(keysByPhoto.keys) == photos,
                "\(run): the engine saw \(keysByPhoto.count) photos, not the \(photos.count) given",
                sourceLocation: sourceLocation)
        let twoKeys = keysByPhoto.filter { $0.value.count > 1 }
        #expect(twoKeys.isEmpty, "\(run): photos sent under two keys (two moments): \(twoKeys)",
                sourceLocation: sourceLocation)
        return (whole.count - keysByPhoto.values.reduce(0) { $0 + $1.count }, requests.count - whole.count)
    }

    /// Counts where the killed sender landed (`engine` was marked at the kill) into `landings`,
    /// once the engine has finished with the killed request.
    static func recordLanding(_ engine: FakeEngine, from: Int, root: URL, into landings: inout [String: Int],
                              _ run: String) {
        #expect(engine.waitUntilIdle(), "\(run): the engine never finished the killed sender's request")
        let landing = engine.sendLanding(from: from) { stateOf(root, $0) }
        landings[landing.rawValue, default: 0] += 1
    }

    // MARK: - Inputs

    /// Moments with 24 KiB originals: each request takes the slow engine a few reads.
    static func fill(_ root: URL, count: Int, firstSeed: Int) throws -> [MomentFiles] {
        let outbox = try Outbox(root: root)
        return try (0..<count).map { i in
            let moment = OutboxFixtures.moment(seed: firstSeed + i, size: 24 * 1024).files
            try outbox.enqueue(moment)
            return moment
        }
    }

    /// `count` real 64×48 JPEGs (photo-like pixels, TurboJPEG) in a new folder, and their SHA-256s.
    static func photoFolder(_ count: Int, firstSeed: UInt64) throws -> (URL, Set<String>) {
        let folder = try OutboxFixtures.scratchFolder("photos")
        var shas = Set<String>()
        for i in 0..<count {
            let bytes = try TestSupport.jpeg(TestSupport.photoLike(width: 64, height: 48, seed: firstSeed + UInt64(i)))
            try Data(bytes).write(to: folder.appendingPathComponent(String(format: "IMG_%04d.jpg", i)))
            shas.insert(SHA256.hex(bytes))
        }
        return (folder, shas)
    }

    /// The outbox after a batch killed in either phase: every moment whole where it is (pending/:
    /// its files, both JPEGs whole; sent/: its record and a receipt for its own key), each naming a
    /// photo of the folder, no photo twice; no photo claim and no sender lock still held; and what
    /// the kill left in tmp/ and .locks/ cleared when the outbox is opened again, as the rerun does.
    /// Returns how many moments there are, whether tmp/ held a staging folder before that, and how
    /// many claim files .locks/ held (the checks alone are often all a caller wants).
    @discardableResult
    static func checkBatchOutbox(_ root: URL, photos: Set<String>, _ run: String,
                                 sourceLocation: SourceLocation = #_sourceLocation)
        -> (moments: Int, staged: Bool, claims: Int) {
        var shas: [String] = []
        var placed: [String: String] = [:]
        for state in ["pending", "sent", "failed"] {
            for id in OutboxFixtures.names(root.appendingPathComponent(state)) {
                #expect(placed[id] == nil, "\(run): \(id) is in \(placed[id] ?? "") and \(state)",
                        sourceLocation: sourceLocation)
                placed[id] = state
                let folder = root.appendingPathComponent("\(state)/\(id)")
                let names = Set(OutboxFixtures.names(folder))
                guard let data = try? Data(contentsOf: folder.appendingPathComponent("moment.json")),
                      let moment = try? Moment.decode(data) else {
                    Issue.record("\(run): \(state)/\(id)/moment.json is missing or cut short",
                                 sourceLocation: sourceLocation)
                    continue
                }
                #expect(moment.id == id && photos.contains(moment.source.sha256),
                        "\(run): \(state)/\(id) is not a moment of a photo of the folder",
                        sourceLocation: sourceLocation)
                shas.append(moment.source.sha256)
                if state == "pending" {
                    let required: Set<String> = ["copy.jpg", "moment.json", "original.jpg"]
                    #expect(required.isSubset(of: names)
                                && names.subtracting(required).isSubset(of: ["receipt.json", ".answer.tmp"]),
                            "\(run): pending/\(id) holds \(names.sorted())", sourceLocation: sourceLocation)
                    for name in ["original.jpg", "copy.jpg"] {
                        let jpeg = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
                        #expect(jpeg.starts(with: [0xFF, 0xD8]) && jpeg.suffix(2) == Data([0xFF, 0xD9]),
                                "\(run): pending/\(id)/\(name) is not a whole JPEG", sourceLocation: sourceLocation)
                    }
                } else if state == "sent" {
                    #expect(names.isSuperset(of: ["moment.json", "receipt.json"])
                                && names.subtracting(["moment.json", "receipt.json"]).isSubset(of: pictures),
                            "\(run): sent/\(id) holds \(names.sorted())", sourceLocation: sourceLocation)
                    let receipt = (try? Data(contentsOf: folder.appendingPathComponent("receipt.json")))
                        .flatMap { try? JSONDecoder().decode(EngineAnswer.self, from: $0) }
                    #expect(receipt?.idempotencyKey == moment.clientRequestId,
                            "\(run): sent/\(id) has no receipt for its own key", sourceLocation: sourceLocation)
                }
            }
        }
        #expect(Set(shas).count == shas.count, "\(run): a photo is in the outbox twice", sourceLocation: sourceLocation)
        let claims = OutboxFixtures.names(root.appendingPathComponent(".locks"))
        for claim in claims {
            let lock = try? FileLock.acquire(root.path + "/.locks/" + claim, wait: false, removeOnRelease: false)
            #expect(lock != nil, "\(run): the claim on \(claim) is still held", sourceLocation: sourceLocation)
            lock?.release()
        }
        let staged = !OutboxFixtures.names(root.appendingPathComponent("tmp")).isEmpty
        let outbox = try? Outbox(root: root)
        #expect(outbox != nil && OutboxFixtures.names(root.appendingPathComponent("tmp")).isEmpty,
                "\(run): opening the outbox again does not clear tmp/", sourceLocation: sourceLocation)
        #expect(OutboxFixtures.names(root.appendingPathComponent(".locks")).isEmpty,
                "\(run): opening the outbox again does not clear the free claims in .locks/",
                sourceLocation: sourceLocation)
        let lock = outbox.flatMap { try? $0.lockSender() }
        #expect(lock != nil, "\(run): the killed sender's lock is still held", sourceLocation: sourceLocation)
        lock?.release()
        return (shas.count, staged, claims.count)
    }
}
