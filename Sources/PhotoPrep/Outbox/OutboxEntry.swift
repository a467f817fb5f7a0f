import Foundation

/// One moment as `outbox list` shows it. Fields that a damaged `moment.json` does not give are nil
/// and `problem` says why; the entry is listed anyway so that nothing in the outbox is hidden.
public struct OutboxEntry: Sendable, Equatable, Codable {
    public var id: String
    /// `pending`, `sent` or `failed`.
    public var state: String
    /// The moment's folder.
    public var folder: String
    /// The photo's file name when it was prepared.
    public var sourceName: String?
    public var sha256: String?
    public var capturedAt: String?
    /// For `failed`: the engine's status code; for `sent`: the status that confirmed delivery.
    public var engineStatus: Int?
    /// Why the engine refused the moment, or what is wrong with the folder.
    public var problem: String?
}

extension Outbox {
    /// Every moment in the outbox: pending first, then failed, then sent; oldest first within each.
    public func list() throws(OutboxError) -> [OutboxEntry] {
        var entries: [OutboxEntry] = []
        for state in ["pending", "failed", "sent"] {
            for id in try ids(in: state) {
                entries.append(entry(id: id, state: state))
            }
        }
        return entries
    }

    /// The moment ids in one state's folder, oldest first (ULIDs sort by time).
    func ids(in state: String) throws(OutboxError) -> [String] {
        try DurableFiles.names(in: rootPath + "/" + state).filter { MomentFiles.isPlainName($0) }.sorted()
    }

    func entry(id: String, state: String) -> OutboxEntry {
        let folder = folderPath(id, state)
        var e = OutboxEntry(id: id, state: state, folder: folder)
        do {
            let data = try DurableFiles.readFile(folder + "/moment.json")
            guard let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw OutboxError.damaged(path: folder + "/moment.json", reason: "not a JSON object")
            }
            let source = json["source"] as? [String: Any]
            e.sourceName = source?["name"] as? String
            e.sha256 = source?["sha256"] as? String
            e.capturedAt = json["capturedAt"] as? String
        } catch {
            e.problem = "\(error)"
        }
        let answerFile = state == "sent" ? "/receipt.json" : state == "failed" ? "/failure.json" : nil
        if let answerFile, let data = try? DurableFiles.readFile(folder + answerFile),
           let answer = try? JSONDecoder().decode(EngineAnswer.self, from: data) {
            e.engineStatus = answer.status
            if state == "failed" { e.problem = answer.reason }
        }
        return e
    }

    /// The `moment.json` of moment `id`, wherever it is in the outbox.
    public func show(id: String) throws(OutboxError) -> Data {
        guard let state = state(of: id) else { throw .notFound(id: id, outbox: rootPath) }
        return try DurableFiles.readFile(folderPath(id, state) + "/moment.json")
    }
}
