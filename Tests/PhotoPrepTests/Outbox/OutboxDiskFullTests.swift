import Foundation
import Testing
@testable import PhotoPrep

/// A real small disk: a tmpfs of a few hundred kilobytes, mounted for the test (needs root or
/// CAP_SYS_ADMIN; the tests are skipped where mounting is not allowed).
struct SmallDisk {
    let url: URL

    static func run(_ arguments: [String]) -> Bool {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = arguments
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return false }
        p.waitUntilExit()
        return p.terminationStatus == 0
    }

    static let available: Bool = {
        guard let disk = try? SmallDisk(kilobytes: 64) else { return false }
        disk.unmount()
        return true
    }()

    init(kilobytes: Int) throws {
        url = try OutboxFixtures.scratchFolder("disk")
        guard SmallDisk.run(["mount", "-t", "tmpfs", "-o", "size=\(kilobytes)k,mode=0700", "tmpfs", url.path]) else {
            try? FileManager.default.removeItem(at: url)
            throw CocoaError(.featureUnsupported)
        }
    }

    func remountReadOnly() -> Bool { SmallDisk.run(["mount", "-o", "remount,ro", url.path]) }

    func unmount() {
        _ = SmallDisk.run(["umount", url.path])
        try? FileManager.default.removeItem(at: url)
    }
}

@Suite(.serialized, .enabled(if: SmallDisk.available, "mounting a small tmpfs needs root"))
struct OutboxDiskFullTests {
    @Test func fullDiskAbandonsTheMomentAndKeepsWhatIsPending() throws {
        let disk = try SmallDisk(kilobytes: 256)
        defer { disk.unmount() }
        let outbox = try Outbox(root: disk.url.appendingPathComponent("outbox"))
        let small = OutboxFixtures.moment(seed: 10, size: 8 * 1024).files
        let pendingFolder = try outbox.enqueue(small)

        let big = OutboxFixtures.moment(seed: 11, size: 400 * 1024).files
        let error = try #require(throws: OutboxError.self) { try outbox.enqueue(big) }
        #expect(error.isDiskFull)
        #expect("\(error)".contains("the disk is full"))
        #expect("\(error)".contains(disk.url.path), "the error names the path")

        #expect(OutboxFixtures.names(disk.url.appendingPathComponent("outbox/pending")) == [small.id])
        for file in small.files {
            #expect(try Data(contentsOf: pendingFolder.appendingPathComponent(file.name)) == file.data)
        }
        #expect(OutboxFixtures.names(disk.url.appendingPathComponent("outbox/tmp")).isEmpty,
                "the abandoned moment's files are removed, freeing the space")
        #expect(outbox.existing(sha256: big.sha256) == nil)
        // With space again, the same moment goes in.
        let fits = OutboxFixtures.moment(seed: 12, size: 8 * 1024).files
        try outbox.enqueue(fits)
        #expect(outbox.existing(sha256: fits.sha256)?.state == "pending")
    }

    @Test func readOnlyDiskSaysSoAndTouchesNothing() throws {
        let disk = try SmallDisk(kilobytes: 256)
        defer { disk.unmount() }
        let root = disk.url.appendingPathComponent("outbox")
        let first = try Outbox(root: root)
        let small = OutboxFixtures.moment(seed: 13, size: 4 * 1024).files
        try first.enqueue(small)
        #expect(disk.remountReadOnly())

        let error = try #require(throws: OutboxError.self) {
            try first.enqueue(OutboxFixtures.moment(seed: 14, size: 4 * 1024).files)
        }
        #expect(error.isReadOnly)
        #expect("\(error)".contains("read-only"))
        #expect(OutboxFixtures.names(root.appendingPathComponent("pending")) == [small.id])
        #expect(try first.show(id: small.id) == small.files[2].data)
        // Opened again, it still says so when written to; opened to look, it lists what is there.
        let reopened = try Outbox(root: root)
        let again = try #require(throws: OutboxError.self) {
            try reopened.enqueue(OutboxFixtures.moment(seed: 17, size: 1024).files)
        }
        #expect(again.isReadOnly)
        let reader = try Outbox(readingFrom: root)
        #expect(try reader.list().map(\.id) == [small.id])
        #expect(reader.existing(sha256: small.sha256)?.id == small.id)
        #expect(throws: OutboxError.openedForReading(outbox: reader.rootPath)) {
            try reader.enqueue(OutboxFixtures.moment(seed: 16).files)
        }
    }

    @Test func fullDiskForPlainFolderLeavesNothingBehind() throws {
        let disk = try SmallDisk(kilobytes: 128)
        defer { disk.unmount() }
        let big = OutboxFixtures.moment(seed: 15, size: 300 * 1024).files
        let error = try #require(throws: OutboxError.self) { try MomentFolder.write(big, into: disk.url) }
        #expect(error.isDiskFull)
        #expect(OutboxFixtures.names(disk.url).isEmpty)
    }
}
