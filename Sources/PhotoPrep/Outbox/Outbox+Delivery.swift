import Foundation

extension Outbox {
    /// The sender's exclusive right to drain this outbox, or nil when another sender holds it.
    func lockSender() throws(OutboxError) -> FileLock? {
        try requireWritable()
        return try FileLock.acquire(rootPath + "/.sender.lock", wait: false, removeOnRelease: false)
    }

    /// Reads the files of a pending moment.
    func pendingFile(_ id: String, _ name: String) throws(OutboxError) -> Data {
        try DurableFiles.readFile(folderPath(id, "pending") + "/" + name)
    }

    /// Records the engine's receipt and moves the moment from `pending/` to `sent/` in one step;
    /// then drops its pictures, keeping `moment.json` and `receipt.json` (contract section 4).
    /// A crash before the move leaves it pending: the next run sends it again with the same key.
    func markSent(_ id: String, answer: EngineAnswer) throws(OutboxError) {
        try settle(id, into: "sent", file: "receipt.json", answer: answer)
        dropPictures(folderPath(id, "sent"))
    }

    /// Finishes what a sender killed between moving a moment to `sent/` and dropping its pictures
    /// left behind: every `sent/<id>/` keeps only `moment.json` and `receipt.json` (a sent moment's
    /// photos, with their places and faces, are not kept). A few `stat`s per sent moment; call it
    /// holding the sender's lock, before sending. Best effort: what cannot be read or removed now is
    /// left for the next run, and never stops a delivery.
    func tidySent() {
        for id in (try? ids(in: "sent")) ?? [] {
            let folder = folderPath(id, "sent")
            if Outbox.pictureNames.contains(where: { DurableFiles.exists(folder + "/" + $0) }) {
                dropPictures(folder)
            }
        }
    }

    /// The pictures a moment may hold (`annotated.jpg` with `--annotate`).
    static let pictureNames = ["original.jpg", "copy.jpg", "annotated.jpg"]

    private func dropPictures(_ folder: String) {
        for name in (try? DurableFiles.names(in: folder)) ?? [] where name != "moment.json" && name != "receipt.json" {
            DurableFiles.removeTree(folder + "/" + name)
        }
    }

    /// Records why the engine refused the moment and moves it, every file kept, to `failed/`.
    func markFailed(_ id: String, answer: EngineAnswer) throws(OutboxError) {
        try settle(id, into: "failed", file: "failure.json", answer: answer)
    }

    private func settle(_ id: String, into state: String, file: String, answer: EngineAnswer) throws(OutboxError) {
        let pending = folderPath(id, "pending")
        let scratch = pending + "/.answer.tmp"
        DurableFiles.removeTree(scratch)
        try DurableFiles.writeNewFile(scratch, data: answer.jsonData())
        try DurableFiles.rename(scratch, pending + "/" + file)
        try DurableFiles.syncDirectory(pending)
        try DurableFiles.renameNoReplace(pending, folderPath(id, state))
        try DurableFiles.syncDirectory(rootPath + "/" + state)
        try DurableFiles.syncDirectory(rootPath + "/pending")
    }
}
