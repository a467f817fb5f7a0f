import Foundation
import PhotoPrep

/// `prepare-photo watch DIR [options]`: prepares the photos already in DIR that the outbox does not
/// hold yet, then each photo that lands in DIR or a subfolder once it is completely written, until
/// SIGINT or SIGTERM; then the photos in flight finish and the summary is printed.
///
/// The options are those of preparing, and each photo is prepared, reported and counted exactly as
/// a batch does (`Batch.process`, `Console`). With `--out` there is no outbox to remember what is
/// done, so every photo already in DIR is prepared again at each start. An outbox or `--out`
/// folder inside DIR is never watched (its moments would otherwise be prepared again, forever).
func runWatchCommand(_ args: [String]) -> Int32 {
    let options: Options
    do { options = try Options.parse(args) } catch {
        Console.error("watch: \(error)")
        return Exit.usage
    }
    guard options.paths.count == 1, let folder = options.paths.first, folder != "-" else {
        Console.error("watch: give exactly one folder to watch (prepare-photo watch DIR [options])")
        return Exit.usage
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else {
        Console.error("\(folder): no such folder")
        return Exit.noInput
    }
    guard isFolder.boolValue else {
        Console.error("\(folder): not a folder (watch needs a folder; to prepare one photo, leave out \"watch\")")
        return Exit.usage
    }
    let prepare: PrepareOptions, destination: MomentDestination
    do { (prepare, destination) = try options.setUp() } catch {
        Console.error(error.message)
        return error.status
    }

    let console = Console(json: options.json, quiet: options.quiet, total: 0)
    let batch = Batch(items: [], options: prepare, destination: destination, jobs: options.jobs, again: options.again)
    let queue = WatchQueue()
    let workers = WatchWorkers(batch: batch, jobs: options.jobs, queue: queue)
    do { try workers.start(report: console.report) } catch {
        Console.error("\(error)")
        queue.close()
        return Exit.software
    }
    let interrupts = Interrupts { batch.stop() }
    func take(_ paths: [String]) {
        for path in paths where options.shard.map({ PhotoFinder.inShard(path, k: $0.k, of: $0.n) }) ?? true {
            console.expect(more: 1)
            queue.push(path)
        }
    }
    var failure: WatchError?
    do {
        let watcher = try FolderWatcher(folder: folder, excluding: [options.destinationPath])
        let existing = try watcher.start()
        if !options.quiet {
            let there = "\(existing.count) file\(existing.count == 1 ? "" : "s") there already"
            FileHandle.standardError.write(Data("prepare-photo: watching \(folder) (\(there)); Ctrl-C to stop\n".utf8))
        }
        take(existing)
        while !batch.isStopped { take(try watcher.next(timeoutMilliseconds: 200)) }
    } catch {
        failure = error
        batch.stop()
    }
    let dropped = queue.close()
    let summary = workers.finish()
    if let failure { Console.error("watch: \(failure)") }
    console.summary(summary, interrupted: dropped > 0)
    withExtendedLifetime(interrupts) {}
    if failure != nil { return Exit.ioError }
    return summary.failed.isEmpty ? Exit.ok : Exit.someFailed
}
