import Foundation
import PhotoPrep

/// sysexits(3)
enum Exit {
    static let ok: Int32 = 0, someFailed: Int32 = 1, usage: Int32 = 64, noInput: Int32 = 66
    static let software: Int32 = 70, cantCreate: Int32 = 73, ioError: Int32 = 74
}

let version = "0.1.0"

func runPrepare(_ args: [String]) -> Int32 {
    let options: Options
    do { options = try Options.parse(args) } catch {
        Console.error("\(error)")
        return Exit.usage
    }
    let prepare: PrepareOptions, destination: MomentDestination
    do { (prepare, destination) = try options.setUp() } catch {
        Console.error(error.message)
        return error.status
    }
    let found = PhotoFinder.find(options.paths, excluding: [options.destinationPath])
    for path in found.missing { Console.error("\(path): no such file or folder") }
    var items = found.items
    if let shard = options.shard { items = items.filter { PhotoFinder.inShard($0.path, k: shard.k, of: shard.n) } }

    let console = Console(json: options.json, quiet: options.quiet, total: items.count)
    let batch = Batch(items: items, options: prepare, destination: destination, jobs: options.jobs, again: options.again)
    let interrupts = Interrupts { batch.stop() }
    let summary: BatchSummary
    do { summary = try batch.run(report: console.report) } catch {
        Console.error("\(error)")
        return Exit.software
    }
    console.summary(summary, interrupted: batch.isStopped)
    withExtendedLifetime(interrupts) {}
    if !found.missing.isEmpty && summary.prepared + summary.alreadyIn == 0 { return Exit.noInput }
    return summary.failed.isEmpty && found.missing.isEmpty ? Exit.ok : Exit.someFailed
}

/// Ctrl-C and SIGTERM: the first stops taking new photos and lets those in flight finish into
/// the outbox; the second abandons them (their half-written moments stay under tmp/ and are
/// cleared when the outbox is next opened).
final class Interrupts {
    private var sources: [DispatchSourceSignal] = []
    init(onFirst: @escaping @Sendable () -> Void) {
        let count = Mutex(0)
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                let n = count.withLock { c in c += 1; return c }
                if n == 1 {
                    FileHandle.standardError.write(Data("\nprepare-photo: stopping after the photos in flight (Ctrl-C again to abandon them)\n".utf8))
                    onFirst()
                } else {
                    exit(130)
                }
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Cancelling the sources releases their handlers, and with them the batch and its outbox,
    /// whose staging folder is then removed before the process exits.
    deinit { sources.forEach { $0.cancel() } }
}

import Synchronization

let args = Array(CommandLine.arguments.dropFirst())
switch args.first {
case "--help", "-h", "help":
    print(Options.help)
    exit(Exit.ok)
case "--version":
    print("prepare-photo \(version)")
    exit(Exit.ok)
case "watch":
    exit(runWatchCommand(Array(args.dropFirst())))
case "outbox":
    exit(runOutboxCommand(Array(args.dropFirst())))
case nil:
    FileHandle.standardError.write(Data((Options.help + "\n").utf8))
    exit(Exit.usage)
default:
    exit(runPrepare(args))
}
