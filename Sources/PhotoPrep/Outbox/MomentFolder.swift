import Foundation
import Synchronization

/// Writes a moment as a folder that appears whole or not at all.
///
/// The files are written into a staging folder on the same disk, each flushed with `fsync`, the
/// staging folder flushed, then renamed to its final name in one step and the parent flushed:
/// after a crash or a power cut there is either the complete folder or none (Maildir's delivery).
/// Files are `0600` and folders `0700`: a moment holds places and faces.
public enum MomentFolder {
    /// Writes `moment` as `directory/<id>/`, staging it in `directory/.tmp-<id>`; creates `directory`
    /// when missing. Used for `--out DIR`. Returns the moment's folder.
    ///
    /// Never replaces an existing `directory/<id>/`. When anything fails (a full disk, a read-only
    /// disk) the staging folder is removed and nothing appears under the final name.
    @discardableResult
    public static func write(_ moment: MomentFiles, into directory: URL) throws(OutboxError) -> URL {
        try moment.validate()
        let parent = directory.path
        if !DurableFiles.isDirectory(parent) {
            try createDirectories(parent)
        }
        sweepStaleStaging(in: parent)
        let staging = parent + "/.tmp-" + moment.id
        let final = parent + "/" + moment.id
        try stage(moment, at: staging)
        do {
            try DurableFiles.renameNoReplace(staging, final)
            try DurableFiles.syncDirectory(parent)
        } catch {
            DurableFiles.removeTree(staging)
            throw error
        }
        return URL(fileURLWithPath: final, isDirectory: true)
    }

    /// A staging folder older than this belongs to a writer that died (writing one takes milliseconds).
    static let staleAfter: TimeInterval = 600
    /// Folders already swept by this process.
    private static let swept = Mutex<Set<String>>([])

    /// Removes `.tmp-<id>` folders left in `parent` by a writer killed mid-write (SIGKILL, power cut),
    /// once per folder and process. Only folders untouched for `staleAfter` are removed, so another
    /// process writing into the same folder at this moment keeps its staging folder.
    static func sweepStaleStaging(in parent: String) {
        guard swept.withLock({ $0.insert(parent).inserted }) else { return }
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: parent) else { return }
        let now = Date()
        for name in names where name.hasPrefix(".tmp-") {
            let path = parent + "/" + name
            guard let modified = (try? fm.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
                  now.timeIntervalSince(modified) > staleAfter
            else { continue }
            DurableFiles.removeTree(path)
        }
    }

    /// Writes every file of `moment` into a new folder at `staging` and flushes them and the folder.
    /// On failure the staging folder is removed before the error is thrown.
    static func stage(_ moment: MomentFiles, at staging: String) throws(OutboxError) {
        do {
            try DurableFiles.makeDirectory(staging)
            for file in moment.files {
                try DurableFiles.writeNewFile(staging + "/" + file.name, data: file.data)
            }
            try DurableFiles.syncDirectory(staging)
        } catch {
            DurableFiles.removeTree(staging)
            throw error
        }
    }

    /// `mkdir -p` with `0700` for the folders it creates.
    static func createDirectories(_ path: String) throws(OutboxError) {
        if DurableFiles.isDirectory(path) { return }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try createDirectories(parent) }
        try DurableFiles.makeDirectory(path)
    }
}
