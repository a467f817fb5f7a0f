import Foundation
import Testing
@testable import PhotoPrep

/// The folder watcher on its own: what it hands out, and that it loses nothing when the kernel's
/// event queue overflows.
@Suite(.serialized) struct FolderWatcherTests {
    /// Calls `next` until `wanted` paths have come or nothing more comes for a while.
    static func collect(_ watcher: FolderWatcher, wanted: Int) throws -> [String] {
        var got: [String] = []
        var quiet = 0
        while got.count < wanted && quiet < 20 {
            let more = try watcher.next(timeoutMilliseconds: 100)
            quiet = more.isEmpty ? quiet + 1 : 0
            got += more
        }
        return got
    }

    @Test("More files than the kernel's event queue holds: every one handed out once, after a rescan")
    func overflow() throws {
        let dir = try TestSupport.temporaryFolder("overflow")
        defer { try? FileManager.default.removeItem(at: dir) }
        let limit = (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 16384
        let count = limit / 2 + 2000  // each new file makes two events: created, closed after writing
        let watcher = try FolderWatcher(folder: dir.path)
        #expect(try watcher.start().isEmpty)
        var expected: Set<String> = []
        for i in 0..<count {
            let path = dir.path + "/f\(i).jpg"
            let fd = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o644)
            try #require(fd >= 0 && write(fd, [UInt8(i & 0xFF)], 1) == 1)
            close(fd)
            expected.insert(path)
        }
        let got = try Self.collect(watcher, wanted: count)
        #expect(watcher.rescans >= 1, "the queue overflowed (\(count) files)")
        #expect(Set(got) == expected)
        #expect(got.count == count, "none handed out twice")
    }

    @Test("Hidden files, excluded folders, empty files and links out of the folder are left alone")
    func leftAlone() throws {
        let dir = try TestSupport.temporaryFolder("alone")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fm = FileManager.default
        for sub in ["outbox/pending/x", ".cache", "photos"] {
            try fm.createDirectory(at: dir.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        let outside = try TestSupport.temporaryFolder("outside")
        defer { try? fm.removeItem(at: outside) }
        try Data([1]).write(to: outside.appendingPathComponent("secret.jpg"))
        let files = ["outbox/pending/x/original.jpg", ".cache/a.jpg", "photos/.partial.jpg", "photos/kept.jpg"]
        for f in files { try Data([1, 2, 3]).write(to: dir.appendingPathComponent(f)) }
        try Data().write(to: dir.appendingPathComponent("photos/empty.jpg"))
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("photos/link.jpg").path,
                                  withDestinationPath: outside.appendingPathComponent("secret.jpg").path)

        let watcher = try FolderWatcher(folder: dir.path, excluding: [dir.appendingPathComponent("outbox").path])
        #expect(try watcher.start() == [dir.path + "/photos/kept.jpg"])
        // The same kinds of files landing while watching.
        for f in files { try Data([4, 5, 6]).write(to: dir.appendingPathComponent(f)) }
        try Data().write(to: dir.appendingPathComponent("photos/empty2.jpg"))
        try fm.createSymbolicLink(atPath: dir.appendingPathComponent("photos/link2.jpg").path,
                                  withDestinationPath: outside.appendingPathComponent("secret.jpg").path)
        #expect(try Self.collect(watcher, wanted: 2) == [dir.path + "/photos/kept.jpg"],
                "rewritten, so handed out again")
    }

    @Test("The folder given may itself be a symbolic link to a folder")
    func linkedFolder() throws {
        let dir = try TestSupport.temporaryFolder("linked")
        defer { try? FileManager.default.removeItem(at: dir) }
        let real = dir.appendingPathComponent("card")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        let link = dir.appendingPathComponent("inbox").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real.path)
        let watcher = try FolderWatcher(folder: link)
        #expect(try watcher.start().isEmpty)
        try Data([1, 2]).write(to: real.appendingPathComponent("new.jpg"))
        #expect(try Self.collect(watcher, wanted: 1) == [link + "/new.jpg"])
    }

    @Test("The watched folder removed: the watch ends with an error instead of waiting forever")
    func folderRemoved() throws {
        let dir = try TestSupport.temporaryFolder("removed")
        defer { try? FileManager.default.removeItem(at: dir) }
        let inbox = dir.appendingPathComponent("inbox")
        try FileManager.default.createDirectory(at: inbox.appendingPathComponent("sub"),
                                                withIntermediateDirectories: true)
        let watcher = try FolderWatcher(folder: inbox.path)
        _ = try watcher.start()
        try FileManager.default.removeItem(at: inbox)
        #expect(throws: WatchError.self) { _ = try Self.collect(watcher, wanted: 1) }
    }

    @Test("A file found at the start while still open for writing is handed out only after its writer closes it")
    func openAtStart() throws {
        let dir = try TestSupport.temporaryFolder("open")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.path + "/writing.jpg"
        let fd = open(path, O_CREAT | O_WRONLY | O_EXCL, 0o644)
        try #require(fd >= 0)
        let writer = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
        try writer.write(contentsOf: [0xFF, 0xD8, 0xFF, 0xE0])
        try Data([7]).write(to: dir.appendingPathComponent("done.jpg"))

        let watcher = try FolderWatcher(folder: dir.path)
        #expect(try watcher.start() == [dir.path + "/done.jpg"])
        #expect(try Self.collect(watcher, wanted: 1).isEmpty, "not while the writer still has it open")
        try writer.write(contentsOf: [0x00, 0x10])
        try writer.close()
        #expect(try Self.collect(watcher, wanted: 1) == [path])
    }
}
