import Foundation
import Synchronization

/// The workers of a batch or a watch: N threads, each with its own `PhotoPreparer` (and so its own
/// Tesseract engine) created once, taking inputs from `next` until it returns nil or the batch is
/// stopped. The input in a worker's hands when that happens is finished into the destination.
final class PreparerPool: Sendable {
    private let summary = Mutex(BatchSummary())
    private let group = DispatchGroup()

    /// Creates every engine first, so that a language that is not installed fails once, before any
    /// thread starts; then starts the threads. `report` is called once per input, from its worker.
    init(batch: Batch, jobs: Int, next: @escaping @Sendable () -> BatchItem?,
         report: @escaping @Sendable (BatchItem, BatchOutcome) -> Void) throws(OCRError) {
        TesseractEngine.configureProcess()
        var preparers: [PhotoPreparer] = []
        for _ in 0..<max(1, jobs) { preparers.append(try PhotoPreparer(options: batch.options)) }
        for preparer in preparers {
            nonisolated(unsafe) let worker = preparer  // each preparer is used by exactly one thread
            group.enter()
            let thread = Thread { [self] in
                defer { group.leave() }
                Batch.runOpenMPSerially()
                while !batch.isStopped, let item = next() {
                    let outcome = batch.process(item, with: worker)
                    summary.withLock { $0.count(outcome, of: item) }
                    report(item, outcome)
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// Waits for every worker to finish and returns the counts.
    func finish() -> BatchSummary {
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
