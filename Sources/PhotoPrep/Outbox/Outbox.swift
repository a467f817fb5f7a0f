import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// The on-disk queue of prepared moments (contract section 4):
///
/// ```
/// OUTBOX/
///   tmp/            moments being written: tmp/<token>/ guarded by flock on tmp/<token>.lock, one per write
///   pending/<id>/   complete moments waiting to be sent
///   sent/<id>/      delivered: moment.json and receipt.json (the engine's answer)
///   failed/<id>/    refused by the engine for good: every file kept, and failure.json (the answer)
///   index/<sha256>  the ids prepared from the photo with this SHA-256, one per line, oldest first
///   .locks/<sha256> per-photo claims (flock), present only while a photo is being prepared
///   .sender.lock    held (flock) by the one sender draining the outbox
/// ```
///
/// Promises: a moment appears in `pending/` whole or not at all (staged under `tmp/`, flushed,
/// renamed in one step, the folder flushed); several processes and threads may feed one outbox at
/// once; leftovers of a crashed writer (staging folders, claim files) are removed when the outbox
/// is next opened, while those of writers still alive are left alone (each is guarded by its
/// owner's `flock`);
/// folders are `0700` and files `0600`. A failed write (full or read-only disk) removes the moment
/// being written and never touches what is already pending.
///
/// Safe to share between threads: it holds no mutable state. Holds no file open between calls,
/// so however the process ends, a run that finished its writes leaves `tmp/` empty.
public final class Outbox: Sendable {
    /// The outbox folder.
    public let root: URL
    let rootPath: String
    /// False when opened with `init(readingFrom:)`.
    let isWritable: Bool

    static let states = ["pending", "sent", "failed"]

    /// Opens (creating when missing) the outbox at `root`: makes `tmp/ pending/ sent/ failed/
    /// index/ .locks/` with mode `0700` and clears what crashed writers left under `tmp/` and the
    /// claim files in `.locks/` that nobody holds.
    public init(root: URL) throws(OutboxError) {
        self.root = root.standardizedFileURL
        rootPath = self.root.path
        isWritable = true
        try MomentFolder.createDirectories(rootPath)
        for sub in ["tmp", "pending", "sent", "failed", ".locks"] {
            try DurableFiles.makeDirectory(rootPath + "/" + sub)
        }
        StagingArea.clearLeftovers(in: rootPath + "/tmp")
        Outbox.clearFreeClaims(in: rootPath + "/.locks")
        if !DurableFiles.isDirectory(rootPath + "/index") { try rebuildIndex() }
        try DurableFiles.syncDirectory(rootPath)
    }

    /// Opens an existing outbox only to look at it (`list`, `show`, `existing`): creates, clears and
    /// locks nothing, so it works on a read-only disk. `enqueue`, claims and sending are refused.
    public init(readingFrom root: URL) throws(OutboxError) {
        self.root = root.standardizedFileURL
        rootPath = self.root.path
        isWritable = false
        guard DurableFiles.isDirectory(rootPath + "/pending") else {
            throw .fileSystem(action: "open the outbox", path: rootPath, errno: ENOENT)
        }
    }

    func requireWritable() throws(OutboxError) {
        if !isWritable { throw .openedForReading(outbox: rootPath) }
    }

    /// A new private folder under `tmp/` for one write.
    func stagingArea() throws(OutboxError) -> StagingArea {
        try StagingArea(in: rootPath + "/tmp")
    }

    /// Writes `index/` from the moments' own records when it is missing (a new outbox, or one whose
    /// index was deleted): built under `tmp/` and renamed into place whole, so that a crash
    /// midway leaves no partial index that would let a photo be prepared twice.
    private func rebuildIndex() throws(OutboxError) {
        var ids: [String: [String]] = [:]
        for state in Outbox.states {
            for id in try self.ids(in: state) {
                guard let data = try? DurableFiles.readFile(folderPath(id, state) + "/moment.json"),
                      let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                      let source = json["source"] as? [String: Any],
                      let sha = source["sha256"] as? String, MomentFiles.isDigest(sha) else { continue }
                ids[sha, default: []].append(id)
            }
        }
        let staging = try stagingArea()
        defer { staging.close() }
        let building = staging.path + "/index"
        try DurableFiles.makeDirectory(building)
        for (sha, list) in ids {
            try DurableFiles.writeNewFile(building + "/" + sha, data: Data((list.sorted().joined(separator: "\n") + "\n").utf8))
        }
        try DurableFiles.syncDirectory(building)
        do {
            try DurableFiles.renameNoReplace(building, rootPath + "/index")
        } catch {
            DurableFiles.removeTree(building)  // another process rebuilt it first: theirs is as good
            if !DurableFiles.isDirectory(rootPath + "/index") { throw error }
        }
    }

    /// The moment already prepared from the photo with this SHA-256, and where it is: `"pending"`,
    /// `"sent"` or `"failed"`. The newest such moment when the photo was prepared more than once.
    /// Reads one small index file and checks at most a few folders: fast for any size of outbox.
    public func existing(sha256: String) -> (id: String, state: String)? {
        guard MomentFiles.isDigest(sha256),
              let data = try? DurableFiles.readFile(rootPath + "/index/" + sha256) else { return nil }
        let ids = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
        for id in ids.reversed() {
            if let state = state(of: String(id)) { return (String(id), state) }
        }
        return nil
    }

    /// Where the moment `id` is (`"pending"`, `"sent"`, `"failed"`), or nil when it is not here.
    public func state(of id: String) -> String? {
        guard MomentFiles.isPlainName(id) else { return nil }
        return Outbox.states.first { DurableFiles.isDirectory(folderPath(id, $0)) }
    }

    func folderPath(_ id: String, _ state: String) -> String {
        rootPath + "/" + state + "/" + id
    }

    /// Puts a moment into `pending/<id>/` atomically and records its photo's SHA-256 in the index.
    /// Returns the moment's folder.
    ///
    /// The index line is written before the rename: after a crash between the two the index names
    /// an id with no folder, which `existing(sha256:)` ignores, so the photo is prepared again.
    /// Call it while holding the photo's claim (`admit(sha256:again:)`) so that two feeders never
    /// both prepare the same photo. Never replaces a moment already in the outbox.
    @discardableResult
    public func enqueue(_ moment: MomentFiles) throws(OutboxError) -> URL {
        try requireWritable()
        try moment.validate()
        if let state = state(of: moment.id) {
            throw .invalidMoment(id: moment.id, reason: "a moment with this id is already \(state)")
        }
        let staging = try stagingArea()
        defer { staging.close() }
        let staged = staging.path + "/" + moment.id
        try MomentFolder.stage(moment, at: staged)
        let final = folderPath(moment.id, "pending")
        try appendToIndex(sha256: moment.sha256, id: moment.id, scratch: staging.path + "/index-" + moment.sha256)
        try DurableFiles.renameNoReplace(staged, final)
        try DurableFiles.syncDirectory(rootPath + "/pending")
        return URL(fileURLWithPath: final, isDirectory: true)
    }

    /// Replaces `index/<sha256>` in one step with its old lines plus `id`.
    private func appendToIndex(sha256: String, id: String, scratch: String) throws(OutboxError) {
        let path = rootPath + "/index/" + sha256
        var lines = Data()
        if DurableFiles.exists(path) {
            lines = try DurableFiles.readFile(path)
            if let last = lines.last, last != UInt8(ascii: "\n") { lines.append(UInt8(ascii: "\n")) }
        }
        lines.append(contentsOf: Array((id + "\n").utf8))
        try DurableFiles.writeNewFile(scratch, data: lines)
        do {
            try DurableFiles.rename(scratch, path)
            try DurableFiles.syncDirectory(rootPath + "/index")
        } catch {
            DurableFiles.removeTree(scratch)
            throw error
        }
    }
}
