import Foundation

/// One input of a batch: a file named on the command line, a file found in a folder, or `-`.
public struct BatchItem: Sendable, Equatable {
    /// The path as the user would recognise it (the folder given, joined with what was found in it).
    public var path: String
    /// Found by searching a folder: a file that is not a photo is then skipped, not failed.
    public var foundInFolder: Bool

    public init(path: String, foundInFolder: Bool) { self.path = path; self.foundInFolder = foundInFolder }

    public var isStandardInput: Bool { path == "-" && !foundInFolder }
}

/// Finds the inputs of a batch: files as given, folders searched recursively.
///
/// Hidden files and folders (a leading dot) are skipped. Symbolic links are followed only when
/// they stay inside the folder given, so a link cannot pull a whole disk into a batch, and each
/// real file is listed once. The result is sorted per folder, so runs are repeatable.
public enum PhotoFinder {
    public struct Found: Sendable {
        public var items: [BatchItem]
        /// Paths given on the command line that do not exist.
        public var missing: [String]
    }

    /// `excluding`: folders never searched — where the moments go, so that an outbox or `--out`
    /// folder inside the folder given is not taken for photos on the next run.
    public static func find(_ paths: [String], excluding: [String] = []) -> Found {
        let excluded = Set(excluding.map { URL(fileURLWithPath: $0).resolvingSymlinksInPath().path })
        var items: [BatchItem] = []
        var missing: [String] = []
        let fm = FileManager.default
        for path in paths {
            if path == "-" { items.append(BatchItem(path: "-", foundInFolder: false)); continue }
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: path, isDirectory: &isDir) else {
                // A name that is not UTF-8 arrives with U+FFFD in it and cannot be opened: it is
                // there, so it fails with that reason (Batch.read) rather than as "no such file".
                if path.contains("\u{FFFD}") { items.append(BatchItem(path: path, foundInFolder: false)) }
                else { missing.append(path) }
                continue
            }
            if !isDir.boolValue { items.append(BatchItem(path: path, foundInFolder: false)); continue }
            let root = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            var seen = Set<String>()
            walk(folder: path, root: root, excluded: excluded, into: &items, seen: &seen)
        }
        return Found(items: items, missing: missing)
    }

    private static func walk(folder: String, root: String, excluded: Set<String>, into items: inout [BatchItem],
                             seen: inout Set<String>) {
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard real == root || real.hasPrefix(root + "/") else { continue }  // a link out of the folder
            guard seen.insert(real).inserted else { continue }
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: real, isDirectory: &isDir) else {
                // Foundation lists a name that is not UTF-8 with U+FFFD in place of its bytes, and
                // that path cannot be opened: listed anyway, so the batch reports it, never drops it.
                if name.contains("\u{FFFD}") { items.append(BatchItem(path: path, foundInFolder: false)) }
                continue
            }
            if isDir.boolValue {
                if excluded.contains(real) { continue }
                walk(folder: path, root: root, excluded: excluded, into: &items, seen: &seen)
            } else {
                items.append(BatchItem(path: path, foundInFolder: true))
            }
        }
    }

    /// Whether `path` falls in share `k` of `n` (1-based): a stable hash of the path, so every
    /// machine of a fan-out agrees on the split without talking to the others.
    public static func inShard(_ path: String, k: Int, of n: Int) -> Bool {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        for byte in path.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int(hash % UInt64(n)) == k - 1
    }
}
