import Foundation
import Testing
@testable import PhotoPrep

/// `prepare-photo FOLDER` as a user runs it on a real folder: what is prepared, skipped, failed
/// and found already there, read from the summary and from the outbox itself.
@Suite(.serialized) struct BatchCommandTests {
    static func prepare(_ args: [String]) throws -> TestSupport.ToolResult {
        try TestSupport.run(TestSupport.preparePhoto.path, args)
    }

    @Test("A nested folder: photos prepared, text skipped, hidden ignored, broken failed, duplicate found already in")
    func nestedFolder() throws {
        let dir = try TestSupport.temporaryFolder("nested")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photos = dir.appendingPathComponent("photos")
        let a = try BatchTestSupport.writePhoto(photos.appendingPathComponent("a.jpg"), seed: 1)
        let b = try BatchTestSupport.writePhoto(photos.appendingPathComponent("trip/b.jpg"), seed: 2)
        let c = try BatchTestSupport.writePhoto(photos.appendingPathComponent("trip/day 2/c.jpg"), seed: 3)
        try Data(a).write(to: photos.appendingPathComponent("trip/day 2/copy of a.jpg"))  // same bytes as a.jpg
        try Data("milk, eggs\n".utf8).write(to: photos.appendingPathComponent("trip/notes.txt"))
        try BatchTestSupport.writePhoto(photos.appendingPathComponent(".hidden.jpg"), seed: 4)
        try BatchTestSupport.writePhoto(photos.appendingPathComponent(".thumbnails/t.jpg"), seed: 5)
        let broken = photos.appendingPathComponent("trip/broken.jpg")
        try Data(BatchTestSupport.writePhoto(broken, seed: 6, width: 400, height: 300).prefix(900)).write(to: broken)

        let outbox = dir.appendingPathComponent("outbox")
        let r = try Self.prepare(["--outbox", outbox.path, "--jobs", "2", photos.path])
        #expect(r.status == 1, "one photo failed: \(r.stderr)")
        #expect(BatchTestSupport.summaryLine(r.stderr) == "3 prepared, 1 already in the outbox, 1 skipped, 1 failed")
        #expect(r.stderr.contains("failed: \(broken.path): "), "the failure names the broken file")
        let moments = try BatchTestSupport.pendingMoments(outbox)
        #expect(Set(moments.map(\.source.sha256)) == Set([a, b, c].map(BatchTestSupport.sha256)))
        #expect(moments.count == 3, "the duplicate did not become a second moment; hidden photos were left alone")

        // The same command again resumes: nothing is prepared twice.
        let again = try Self.prepare(["--outbox", outbox.path, "--quiet", photos.path])
        #expect(again.status == 1)
        #expect(BatchTestSupport.summaryLine(again.stderr)
                == "0 prepared, 4 already in the outbox, 1 skipped, 1 failed")
        #expect(BatchTestSupport.pendingCount(outbox) == 3)
    }

    @Test("--shard 1/3, 2/3 and 3/3 together prepare every photo exactly once")
    func shardsCoverEverythingOnce() throws {
        let dir = try TestSupport.temporaryFolder("shard")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photos = dir.appendingPathComponent("library")
        var all: Set<String> = []
        for i in 0..<15 {
            let bytes = try BatchTestSupport.writePhoto(
                photos.appendingPathComponent("\(2020 + i % 3)/IMG_\(1000 + i).jpg"), seed: UInt64(100 + i),
                width: 160, height: 120)
            all.insert(BatchTestSupport.sha256(bytes))
        }
        var shares: [[String]] = []
        for k in 1...3 {
            let outbox = dir.appendingPathComponent("outbox-\(k)")
            let r = try Self.prepare(["--outbox", outbox.path, "--quiet", "--shard", "\(k)/3", photos.path])
            #expect(r.status == 0, "\(r.stderr)")
            shares.append(try BatchTestSupport.pendingMoments(outbox).map(\.source.sha256))
        }
        let everything = shares.flatMap { $0 }
        #expect(everything.count == 15, "no photo prepared twice")
        #expect(Set(everything) == all, "no photo left out")
        #expect(shares.filter(\.isEmpty).count < 3)
    }

    @Test("An outbox (or --out folder) inside the folder being prepared is never taken for photos")
    func destinationInsideTheFolder() throws {
        let dir = try TestSupport.temporaryFolder("inside")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photos = dir.appendingPathComponent("photos")
        try BatchTestSupport.writePhoto(photos.appendingPathComponent("a.jpg"), seed: 31, width: 160, height: 120)
        try BatchTestSupport.writePhoto(photos.appendingPathComponent("b.jpg"), seed: 32, width: 160, height: 120)
        let outbox = photos.appendingPathComponent("outbox")
        for _ in 0..<2 { _ = try Self.prepare(["--outbox", outbox.path, "--quiet", photos.path]) }
        let again = try Self.prepare(["--outbox", outbox.path, photos.path])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(BatchTestSupport.summaryLine(again.stderr)
                == "0 prepared, 2 already in the outbox, 0 skipped, 0 failed")
        #expect(BatchTestSupport.pendingCount(outbox) == 2, "the outbox's own moments were not prepared again")

        try FileManager.default.removeItem(at: outbox)
        let moments = photos.appendingPathComponent("moments")
        for _ in 0..<2 {
            let r = try Self.prepare(["--out", moments.path, "--quiet", photos.path])
            #expect(r.status == 0, "\(r.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: moments.path).count == 4,
                "each run prepares a.jpg and b.jpg, never the moments written by the run before")
    }

    @Test("A symbolic link pointing out of the folder is not followed; one inside it is, once")
    func linksOutOfTheFolder() throws {
        let dir = try TestSupport.temporaryFolder("links")
        defer { try? FileManager.default.removeItem(at: dir) }
        let photos = dir.appendingPathComponent("photos")
        let outside = dir.appendingPathComponent("elsewhere")
        let inside = try BatchTestSupport.writePhoto(photos.appendingPathComponent("inside.jpg"), seed: 7)
        try BatchTestSupport.writePhoto(outside.appendingPathComponent("private.jpg"), seed: 8)
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: photos.appendingPathComponent("linked.jpg").path,
                                  withDestinationPath: outside.appendingPathComponent("private.jpg").path)
        try fm.createSymbolicLink(atPath: photos.appendingPathComponent("linked-folder").path,
                                  withDestinationPath: "../elsewhere")
        try fm.createSymbolicLink(atPath: photos.appendingPathComponent("alias.jpg").path,
                                  withDestinationPath: "inside.jpg")

        let outbox = dir.appendingPathComponent("outbox")
        let r = try Self.prepare(["--outbox", outbox.path, photos.path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(BatchTestSupport.summaryLine(r.stderr) == "1 prepared, 0 already in the outbox, 0 skipped, 0 failed")
        #expect(try BatchTestSupport.pendingMoments(outbox).map(\.source.sha256) == [BatchTestSupport.sha256(inside)])
        #expect(!r.stderr.contains("private.jpg"))
    }
}
