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
    private let pool = Mutex<PreparerPool?>(nil)

    public init(batch: Batch, jobs: Int, queue: WatchQueue) {
        self.batch = batch; self.jobs = max(1, jobs); self.queue = queue
    }

    /// Creates the engines (throwing when a language is not installed, before any thread starts),
    /// then starts the threads. `report` is called once per photo, from the worker's thread.
    public func start(report: @escaping @Sendable (BatchItem, BatchOutcome) -> Void) throws(OCRError) {
        let queue = self.queue
        let started = try PreparerPool(batch: batch, jobs: jobs,
                                       next: { queue.pop().map { BatchItem(path: $0, foundInFolder: true) } },
                                       report: report)
        pool.withLock { $0 = started }
    }

    /// Waits for every worker to finish (close the queue or stop the batch first) and returns the counts.
    public func finish() -> BatchSummary {
        pool.withLock { $0 }?.finish() ?? BatchSummary()
    }
}
