import Foundation
import Testing
@testable import PhotoPrep

/// `prepare-photo watch DIR` as a user runs it: photos landing in the folder become moments once,
/// only when complete, none lost in a burst; SIGTERM ends it with a summary.
@Suite(.serialized) struct WatchCommandTests {
    @Test("A photo written slowly in chunks is prepared once, and only when it is complete")
    func slowWriter() throws {
        let dir = try TestSupport.temporaryFolder("watch-slow")
        defer { try? FileManager.default.removeItem(at: dir) }
        let inbox = dir.appendingPathComponent("inbox")
        let outbox = dir.appendingPathComponent("outbox")
        try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
        let watch = try WatchProcess([inbox.path, "--outbox", outbox.path, "--jobs", "2"])
        try #require(watch.waitUntilWatching(), "\(watch.stderr)")

        // Two writers: one straight into the folder; one into a folder outside, which is moved in
        // (and so searched) while its photo is still half-written and open.
        let bytes = try TestSupport.jpeg(TestSupport.photoLike(width: 320, height: 240, seed: 11), quality: 85)
        let other = try TestSupport.jpeg(TestSupport.photoLike(width: 320, height: 240, seed: 12), quality: 85)
        let card = dir.appendingPathComponent("card")
        try FileManager.default.createDirectory(at: card, withIntermediateDirectories: true)
        let targets = [(inbox.appendingPathComponent("slow.jpg"), bytes),
                       (card.appendingPathComponent("slow2.jpg"), other)]
        var handles: [FileHandle] = []
        for (url, _) in targets {
            let fd = open(url.path, O_CREAT | O_WRONLY | O_EXCL, 0o644)  // one open for the whole write
            try #require(fd >= 0)
            handles.append(FileHandle(fileDescriptor: fd, closeOnDealloc: true))
        }
        let chunk = bytes.count / 4 + 1
        for start in stride(from: 0, to: max(bytes.count, other.count), by: chunk) {
            for (i, (_, data)) in targets.enumerated() where start < data.count {
                try handles[i].write(contentsOf: data[start..<min(start + chunk, data.count)])
            }
            if start == 0 { try FileManager.default.moveItem(at: card, to: inbox.appendingPathComponent("card")) }
            Thread.sleep(forTimeInterval: 0.6)  // the watcher sees each half-written file in between
        }
        for h in handles { try h.close() }

        #expect(BatchTestSupport.eventually { BatchTestSupport.pendingCount(outbox) >= 2 })
        Thread.sleep(forTimeInterval: 1)  // room for a wrong second preparation to show up
        let (status, stderr) = watch.terminate()
        #expect(status == 0, "\(stderr)")
        #expect(BatchTestSupport.summaryLine(stderr) == "2 prepared, 0 already in the outbox, 0 skipped, 0 failed")
        let moments = try BatchTestSupport.pendingMoments(outbox)
        #expect(Set(moments.map(\.source.sha256)) == Set([bytes, other].map(BatchTestSupport.sha256)),
                "the moments hold the whole files")
        #expect(moments.count == 2)
    }

    @Test("A burst of 100 photos (written in place, moved in, in a new subfolder) loses none")
    func burst() throws {
        let dir = try TestSupport.temporaryFolder("watch-burst")
        defer { try? FileManager.default.removeItem(at: dir) }
        let inbox = dir.appendingPathComponent("inbox")
        let staging = dir.appendingPathComponent("staging")
        let outbox = dir.appendingPathComponent("outbox")
        let fm = FileManager.default
        try fm.createDirectory(at: inbox, withIntermediateDirectories: true)
        try fm.createDirectory(at: staging.appendingPathComponent("roll"), withIntermediateDirectories: true)
        // Made before the watch starts so the burst itself is only file system work.
        var photos: [[UInt8]] = []
        for i in 0..<100 {
            photos.append(try TestSupport.jpeg(TestSupport.photoLike(width: 96, height: 72, seed: UInt64(1000 + i)),
                                               quality: 80))
        }
        for i in 40..<70 { try Data(photos[i]).write(to: staging.appendingPathComponent("m\(i).jpg")) }
        for i in 70..<100 { try Data(photos[i]).write(to: staging.appendingPathComponent("roll/r\(i).jpg")) }

        let watch = try WatchProcess([inbox.path, "--outbox", outbox.path, "--jobs", "2"])
        try #require(watch.waitUntilWatching(), "\(watch.stderr)")

        for i in 0..<40 { try Data(photos[i]).write(to: inbox.appendingPathComponent("w\(i).jpg")) }
        for i in 40..<70 {
            try fm.moveItem(at: staging.appendingPathComponent("m\(i).jpg"),
                            to: inbox.appendingPathComponent("m\(i).jpg"))
        }
        try fm.moveItem(at: staging.appendingPathComponent("roll"), to: inbox.appendingPathComponent("roll"))

        #expect(BatchTestSupport.eventually(timeout: 120) { BatchTestSupport.pendingCount(outbox) >= 100 })
        let (status, stderr) = watch.terminate()
        #expect(status == 0, "\(stderr)")
        #expect(BatchTestSupport.summaryLine(stderr) == "100 prepared, 0 already in the outbox, 0 skipped, 0 failed")
        let got = Set(try BatchTestSupport.pendingMoments(outbox).map(\.source.sha256))
        #expect(got == Set(photos.map(BatchTestSupport.sha256)))
    }

    @Test("Photos already there at start are prepared unless the outbox holds them; SIGTERM ends with a summary")
    func existingPhotosAndSIGTERM() throws {
        let dir = try TestSupport.temporaryFolder("watch-start")
        defer { try? FileManager.default.removeItem(at: dir) }
        let inbox = dir.appendingPathComponent("inbox")
        let outbox = dir.appendingPathComponent("outbox")
        let early = try BatchTestSupport.writePhoto(inbox.appendingPathComponent("early.jpg"), seed: 21)
        let before = try TestSupport.run(TestSupport.preparePhoto.path,
                                         ["--outbox", outbox.path, "--quiet", inbox.path])
        try #require(before.status == 0, "\(before.stderr)")
        let later = [try BatchTestSupport.writePhoto(inbox.appendingPathComponent("later.jpg"), seed: 22),
                     try BatchTestSupport.writePhoto(inbox.appendingPathComponent("sub/later2.jpg"), seed: 23)]
        try Data("not a photo".utf8).write(to: inbox.appendingPathComponent("readme.txt"))

        let watch = try WatchProcess([inbox.path, "--outbox", outbox.path, "--jobs", "1"])
        #expect(BatchTestSupport.eventually { BatchTestSupport.pendingCount(outbox) >= 3 || !watch.process.isRunning })
        #expect(watch.process.isRunning, "the watch keeps running after the photos already there")
        let (status, stderr) = watch.terminate()
        #expect(status == 0, "a clean stop: \(stderr)")
        #expect(BatchTestSupport.summaryLine(stderr) == "2 prepared, 1 already in the outbox, 1 skipped, 0 failed")
        let moments = try BatchTestSupport.pendingMoments(outbox)
        #expect(Set(moments.map(\.source.sha256)) == Set(([early] + later).map(BatchTestSupport.sha256)))
    }

    @Test("watch needs exactly one existing folder")
    func usage() throws {
        let missing = try TestSupport.run(TestSupport.preparePhoto.path, ["watch", "/no/such/folder"])
        #expect(missing.status == 66 && missing.stderr.contains("/no/such/folder"))
        let none = try TestSupport.run(TestSupport.preparePhoto.path, ["watch", "--quiet"])
        #expect(none.status == 64)
    }
}
