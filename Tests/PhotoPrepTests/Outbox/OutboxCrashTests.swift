import Foundation
import Testing
@testable import PhotoPrep

/// Feeding processes killed with SIGKILL, and feeders racing each other, over one outbox.
///
/// The feeder is `prepare-photo outbox _feed` (the outbox protocol of the real pipeline — claim,
/// stage under tmp/, flush, rename — without the image work, so that many runs stay fast), and in
/// one test each the real `prepare-photo --outbox DIR` batch.
@Suite(.serialized)
struct OutboxCrashTests {
    /// `count` input files in a new folder; returns the folder and the bytes by SHA-256.
    func inputs(_ count: Int, size: Int) throws -> (URL, [String: Data], [String]) {
        let folder = try OutboxFixtures.scratchFolder("photos")
        var bySha: [String: Data] = [:]
        var paths: [String] = []
        for i in 0..<count {
            let data = OutboxFixtures.fakeJPEG(seed: 7_000 + i, size: size)
            let url = folder.appendingPathComponent(String(format: "IMG_%04d.jpg", i))
            try data.write(to: url)
            bySha[SHA256.hex(Array(data))] = data
            paths.append(url.path)
        }
        return (folder, bySha, paths)
    }

    /// Checks that every moment in `pending/` is whole and that no photo is there twice; returns
    /// the photos' SHA-256s found. `exact`: the feeder stores the input bytes as original and copy.
    func checkWhole(_ root: URL, inputs: [String: Data], exact: Bool,
                    sourceLocation: SourceLocation = #_sourceLocation) -> [String] {
        let pending = root.appendingPathComponent("pending")
        var shas: [String] = []
        for id in OutboxFixtures.names(pending) {
            let folder = pending.appendingPathComponent(id)
            let files = OutboxFixtures.names(folder)
            let expected = files.contains("annotated.jpg")
                ? ["annotated.jpg", "copy.jpg", "moment.json", "original.jpg"] : ["copy.jpg", "moment.json", "original.jpg"]
            #expect(files == expected, "pending/\(id) is not whole: \(files)", sourceLocation: sourceLocation)
            guard let json = try? Data(contentsOf: folder.appendingPathComponent("moment.json")),
                  let moment = try? Moment.decode(json) else {
                Issue.record("pending/\(id)/moment.json is missing or cut short", sourceLocation: sourceLocation)
                continue
            }
            #expect(moment.id == id, sourceLocation: sourceLocation)
            let sha = moment.source.sha256
            #expect(inputs[sha] != nil, "pending/\(id) names a photo that was never fed", sourceLocation: sourceLocation)
            shas.append(sha)
            for name in ["original.jpg", "copy.jpg"] {
                let data = (try? Data(contentsOf: folder.appendingPathComponent(name))) ?? Data()
                if exact {
                    #expect(data == inputs[sha], "pending/\(id)/\(name) differs from the photo", sourceLocation: sourceLocation)
                } else {
                    #expect(data.starts(with: [0xFF, 0xD8]) && data.suffix(2) == Data([0xFF, 0xD9]),
                            "pending/\(id)/\(name) is not a whole JPEG", sourceLocation: sourceLocation)
                }
            }
        }
        #expect(Set(shas).count == shas.count, "a photo is in the outbox twice", sourceLocation: sourceLocation)
        return shas
    }

    @Test func feederKilledAtManyPointsLeavesOnlyWholeMomentsAndResumes() throws {
        let (folder, bySha, paths) = try inputs(6, size: 32 * 1024)
        defer { try? FileManager.default.removeItem(at: folder) }
        // How long an uninterrupted run takes here, so that the kills spread over the whole run.
        let calibration = try OutboxFixtures.scratchFolder()
        let started = Date()
        let full = try PreparePhotoCLI.run(["outbox", "_feed", "--quiet", "--outbox", calibration.path] + paths)
        let duration = max(Date().timeIntervalSince(started), 0.05)
        try? FileManager.default.removeItem(at: calibration)
        try #require(full.status == 0, "the feeder must work uninterrupted: \(full.stderr)")

        let runs = 24
        for run in 0..<runs {
            let root = try OutboxFixtures.scratchFolder()
            defer { try? FileManager.default.removeItem(at: root) }
            let feeder = try PreparePhotoCLI.Running(["outbox", "_feed", "--quiet", "--outbox", root.path] + paths)
            Thread.sleep(forTimeInterval: duration * Double(run) / Double(runs - 1))
            feeder.kill()
            _ = feeder.wait()
            // Measured here: runs 0–7 died before the first moment, 8–20 between moments or inside
            // one (its staging folder left under tmp/), the last few after the end.
            _ = checkWhole(root, inputs: bySha, exact: true)

            // The same command again completes the set, each photo once.
            let again = try PreparePhotoCLI.run(["outbox", "_feed", "--quiet", "--outbox", root.path] + paths)
            #expect(again.status == 0, "run \(run): \(again.stderr)")
            let shas = checkWhole(root, inputs: bySha, exact: true)
            #expect(Set(shas) == Set(bySha.keys), "run \(run): the set is not complete")
            #expect(OutboxFixtures.names(root.appendingPathComponent("tmp")).isEmpty,
                    "run \(run): the killed feeder's leftovers are cleared")
        }
    }

    @Test func twoFeedersAtOnceFeedEveryPhotoOnce() throws {
        let (folder, bySha, paths) = try inputs(12, size: 16 * 1024)
        defer { try? FileManager.default.removeItem(at: folder) }
        for round in 0..<3 {
            let root = try OutboxFixtures.scratchFolder()
            defer { try? FileManager.default.removeItem(at: root) }
            let a = try PreparePhotoCLI.Running(["outbox", "_feed", "--outbox", root.path] + paths)
            let b = try PreparePhotoCLI.Running(["outbox", "_feed", "--outbox", root.path] + paths.reversed())
            let (ra, rb) = (a.wait(), b.wait())
            #expect(ra.status == 0 && rb.status == 0, "round \(round): \(ra.stderr) \(rb.stderr)")
            let shas = checkWhole(root, inputs: bySha, exact: true)
            #expect(shas.count == paths.count && Set(shas) == Set(bySha.keys), "round \(round)")
            let fed = [ra.stderr, rb.stderr].compactMap { Int($0.split(separator: " ").first ?? "") }.reduce(0, +)
            #expect(fed == paths.count, "round \(round): the feeders prepared \(fed) moments in all")
        }
    }

    @Test func feedersAndASenderAtOnceDeliverEveryPhotoExactlyOnce() throws {
        let (folder, bySha, paths) = try inputs(12, size: 16 * 1024)
        defer { try? FileManager.default.removeItem(at: folder) }
        let engine = try FakeEngine(plan: "201")
        let root = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let send = ["outbox", "send", "--quiet", "--engine", engine.url.absoluteString, "--outbox", root.path]
        _ = try Outbox(root: root)
        let a = try PreparePhotoCLI.Running(["outbox", "_feed", "--quiet", "--outbox", root.path] + paths)
        let sender = try PreparePhotoCLI.Running(send)
        let b = try PreparePhotoCLI.Running(["outbox", "_feed", "--quiet", "--outbox", root.path] + paths.reversed())
        #expect(a.wait().status == 0 && b.wait().status == 0)
        #expect(sender.wait().status == 0)
        let last = try PreparePhotoCLI.run(send)
        #expect(last.status == 0, "\(last.stderr)")

        let requests = engine.requests()
        #expect(requests.allSatisfy { ($0["problems"] as? [String]) == [] })
        let delivered = requests.compactMap { $0["originalSha256"] as? String }
        #expect(delivered.count == paths.count, "each photo reaches the engine once")
        #expect(Set(delivered) == Set(bySha.keys))
        #expect(OutboxFixtures.names(root.appendingPathComponent("sent")).count == paths.count)
        #expect(OutboxFixtures.names(root.appendingPathComponent("pending")).isEmpty)
    }

    /// Small real photos with text, made by ImageMagick.
    func realPhotos(_ count: Int) throws -> (URL, [String]) {
        let folder = try OutboxFixtures.scratchFolder("real")
        var paths: [String] = []
        for i in 0..<count {
            let path = folder.appendingPathComponent("IMG_\(i).jpg").path
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/convert")
            // A font named outright: ImageMagick's default (Helvetica from Ghostscript's fonts) is
            // not installed by `make`, and without it every photo came out blank and identical.
            p.arguments = ["-size", "360x200", "xc:white", "-fill", "black", "-font", "DejaVu-Sans",
                           "-pointsize", "40", "-annotate", "+20+110", "GATE \(i + 10)", path]
            try p.run()
            p.waitUntilExit()
            paths.append(path)
        }
        let distinct = Set(try paths.map { try Data(contentsOf: URL(fileURLWithPath: $0)) })
        try #require(distinct.count == count, "the rendered photos must differ, or the outbox holds one")
        return (folder, paths)
    }

    func shaMap(_ paths: [String]) throws -> [String: Data] {
        var map: [String: Data] = [:]
        for path in paths {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            map[SHA256.hex(Array(data))] = data
        }
        return map
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")))
    func realBatchKilledRepeatedlyThenRerunCompletesTheSet() throws {
        let (folder, paths) = try realPhotos(6)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bySha = try shaMap(paths)
        let root = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let command = ["--outbox", root.path, "--quiet", "--jobs", "2"] + paths
        for run in 0..<6 {
            let batch = try PreparePhotoCLI.Running(command)
            Thread.sleep(forTimeInterval: 0.15 + 0.15 * Double(run))
            batch.kill()
            _ = batch.wait()
            _ = checkWhole(root, inputs: bySha, exact: false)
        }
        let last = try PreparePhotoCLI.run(command)
        #expect(last.status == 0, "\(last.stderr)")
        let shas = checkWhole(root, inputs: bySha, exact: false)
        #expect(Set(shas) == Set(bySha.keys) && shas.count == paths.count)
        let again = try PreparePhotoCLI.run(["--outbox", root.path] + paths)
        #expect(again.status == 0)
        #expect(OutboxFixtures.names(root.appendingPathComponent("pending")).count == paths.count,
                "a second run over the same photos adds nothing")
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")))
    func twoRealBatchesAtOncePrepareEveryPhotoOnce() throws {
        let (folder, paths) = try realPhotos(6)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bySha = try shaMap(paths)
        let root = try OutboxFixtures.scratchFolder()
        defer { try? FileManager.default.removeItem(at: root) }
        let a = try PreparePhotoCLI.Running(["--outbox", root.path, "--quiet", "--jobs", "1"] + paths)
        let b = try PreparePhotoCLI.Running(["--outbox", root.path, "--quiet", "--jobs", "1"] + paths.reversed())
        let (ra, rb) = (a.wait(), b.wait())
        #expect(ra.status == 0 && rb.status == 0, "\(ra.stderr) \(rb.stderr)")
        let shas = checkWhole(root, inputs: bySha, exact: false)
        #expect(shas.count == paths.count && Set(shas) == Set(bySha.keys))
    }
}
