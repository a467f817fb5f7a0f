import Foundation

/// One prepared moment's files, ready to be written as a folder named by its id:
/// `original.jpg`, `copy.jpg`, `moment.json` and, when asked for, `annotated.jpg`.
public struct MomentFiles: Sendable {
    /// The moment's ULID; the folder's name.
    public var id: String
    /// The SHA-256 of the source photo's bytes (lowercase hex): how the outbox recognises a photo
    /// it already holds.
    public var sha256: String
    /// Plain file names (no folders) and their bytes, written in this order.
    public var files: [(name: String, data: Data)]

    public init(id: String, sha256: String, files: [(name: String, data: Data)]) {
        self.id = id
        self.sha256 = sha256
        self.files = files
    }

    /// Refuses what could escape the moment's folder or clash on disk: an id or file name with a
    /// slash or a leading dot, a repeated file name, a digest that is not hexadecimal.
    func validate() throws(OutboxError) {
        guard MomentFiles.isPlainName(id) else {
            throw .invalidMoment(id: id, reason: "the id is not a plain folder name")
        }
        guard MomentFiles.isDigest(sha256) else {
            throw .invalidMoment(id: id, reason: "the photo's digest \"\(sha256)\" is not lowercase hexadecimal")
        }
        var seen = Set<String>()
        for file in files {
            guard MomentFiles.isPlainName(file.name) else {
                throw .invalidMoment(id: id, reason: "\"\(file.name)\" is not a plain file name")
            }
            guard seen.insert(file.name).inserted else {
                throw .invalidMoment(id: id, reason: "\"\(file.name)\" appears twice")
            }
        }
    }

    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 200 && !name.hasPrefix(".") && !name.contains("/")
            && !name.utf8.contains(0)
    }

    static func isDigest(_ s: String) -> Bool {
        (16...128).contains(s.utf8.count)
            && s.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }
}
