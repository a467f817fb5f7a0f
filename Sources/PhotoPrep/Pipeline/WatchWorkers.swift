import Foundation
import Synchronization

/// The workers of a watch: N threads, each with its own engine created once, preparing the
/// photos of a `WatchQueue` exactly as a batch prepares a folder (`Batch.process(_:with:)`), until
/// the queue is closed or the batch is stopped. The photo in a worker's hands when that happens is
/// finished into the destination.
public final class WatchWorkers: Sendable {
    public let batch: Batch
    public let jobs: Int
    public let queue: WatchQueue
    private let summary = Mutex(BatchSummary())
    private let group = DispatchGroup()

    public init(batch: Batch, jobs: Int, queue: WatchQueue) {
        self.batch = batch; self.jobs = max(1, jobs); self.queue = queue
    }

    /// Creates the engines (throwing when a language is not installed, before any thread starts),
    /// then starts the threads. `report` is called once per photo, from the worker's thread.
    public func start(report: @escaping @Sendable (BatchItem, BatchOutcome) -> Void) throws(OCRError) {
        TesseractEngine.configureProcess()
        var preparers: [PhotoPreparer] = []
        for _ in 0..<jobs { preparers.append(try PhotoPreparer(options: batch.options)) }
        for preparer in preparers {
            nonisolated(unsafe) let worker = preparer  // each preparer is used by exactly one thread
            group.enter()
            let thread = Thread { [self] in
                defer { group.leave() }
                Batch.runOpenMPSerially()
                while !batch.isStopped, let path = queue.pop() {
                    let item = BatchItem(path: path, foundInFolder: true)
                    let outcome = batch.process(item, with: worker)
                    summary.withLock { $0.count(outcome, of: item) }
                    report(item, outcome)
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Waits for every worker to finish (close the queue or stop the batch first) and returns the counts.
    public func finish() -> BatchSummary {
        group.wait()
        return summary.withLock { $0 }
    }
}

extension BatchSummary {
    /// Counts one input's outcome.
    mutating func count(_ outcome: BatchOutcome, of item: BatchItem) {
        switch outcome {
        case .prepared: prepared += 1
        case .alreadyIn: alreadyIn += 1
        case .skipped: skipped += 1
        case .failed(let reason): failed.append((item.path, reason))
        }
    }
}
