import Foundation
import Synchronization

/// Where prepared moments go.
public enum MomentDestination: Sendable {
    /// Into an outbox's `pending/`, each photo once unless asked again.
    case outbox(Outbox)
    /// As plain folders `DIR/<id>/`.
    case folder(URL)
}

/// What became of one input.
public enum BatchOutcome: Sendable {
    /// `seconds`: the preparer's time for this photo (writing the folder not included).
    case prepared(moment: Moment, folder: URL, seconds: StageSeconds)
    case alreadyIn(id: String, state: String)
    /// Not a photo, found while searching a folder.
    case skipped(reason: String)
    case failed(reason: String)
}

/// The counts a batch ends with.
public struct BatchSummary: Sendable, Equatable {
    public var prepared = 0
    public var alreadyIn = 0
    public var skipped = 0
    public var failed: [(path: String, reason: String)] = []
    public var total: Int { prepared + alreadyIn + skipped + failed.count }
    public init() {}
    public static func == (a: BatchSummary, b: BatchSummary) -> Bool {
        a.prepared == b.prepared && a.alreadyIn == b.alreadyIn && a.skipped == b.skipped
            && a.failed.map(\.path) == b.failed.map(\.path)
    }
}

/// Prepares a list of inputs with N workers, each with its own engine created once.
///
/// Photos are streamed: a worker reads one file, prepares it, writes it, then takes the next, so
/// memory stays bounded whatever the batch's size. One photo failing never stops the rest.
/// `stop()` (Ctrl-C) stops taking new photos; the ones in flight finish.
public final class Batch: Sendable {
    public let items: [BatchItem]
    public let options: PrepareOptions
    public let destination: MomentDestination
    public let jobs: Int
    public let again: Bool
    private let next = Atomic<Int>(0)
    private let stopped = Atomic<Bool>(false)

    public init(items: [BatchItem], options: PrepareOptions, destination: MomentDestination, jobs: Int,
                again: Bool = false) {
        self.items = items; self.options = options; self.destination = destination
        self.jobs = max(1, min(jobs, max(1, items.count))); self.again = again
    }

    public func stop() { stopped.store(true, ordering: .sequentiallyConsistent) }
    public var isStopped: Bool { stopped.load(ordering: .sequentiallyConsistent) }

    /// Runs the batch; `report` is called once per input as it completes, from the worker's thread.
    /// Throws only when no engine can be started (a language that is not installed).
    public func run(report: @escaping @Sendable (BatchItem, BatchOutcome) -> Void) throws(OCRError) -> BatchSummary {
        let pool = try PreparerPool(batch: self, jobs: jobs, next: { [self] in
            let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
            return i < items.count ? items[i] : nil
        }, report: report)
        return pool.finish()
    }

    /// Call first on every worker thread. OpenMP's limit set at start (`configureProcess`) binds only
    /// the thread that set it; a thread OpenMP did not create starts from its defaults, and there
    /// Tesseract would open 4-thread teams that spin (measured: up to 40% more CPU per photo).
    static func runOpenMPSerially() {
        if ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == "1" { OpenMPControl.runSerially() }
    }

    /// Prepares one input into the destination; every failure becomes an outcome, never a throw.
    public func process(_ item: BatchItem, with preparer: PhotoPreparer) -> BatchOutcome {
        let input: PhotoInput
        do {
            input = try Batch.read(item)
        } catch {
            return .failed(reason: error.description)
        }
        if item.foundInFolder, ImageFormat.sniff(input.bytes) == nil {
            return .skipped(reason: "not a photo")
        }
        switch destination {
        case .folder(let dir):
            do {
                let prepared = try preparer.prepare(input)
                let url = try MomentFolder.write(prepared.files, into: dir)
                return .prepared(moment: prepared.moment, folder: url, seconds: prepared.seconds)
            } catch let e as PrepareError {
                return .failed(reason: e.description)
            } catch {
                return .failed(reason: "\(error)")
            }
        case .outbox(let outbox):
            do {
                switch try outbox.admit(sha256: input.sha256, again: again) {
                case .alreadyIn(let id, let state):
                    return .alreadyIn(id: id, state: state)
                case .prepare(let claim):
                    defer { claim.release() }
                    let prepared = try preparer.prepare(input)
                    let url = try outbox.enqueue(prepared.files)
                    return .prepared(moment: prepared.moment, folder: url, seconds: prepared.seconds)
                }
            } catch let e as PrepareError {
                return .failed(reason: e.description)
            } catch {
                return .failed(reason: "\(error)")
            }
        }
    }

    /// Reads an input whole: a file, or standard input for `-`.
    static func read(_ item: BatchItem) throws(InputError) -> PhotoInput {
        if item.isStandardInput {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return PhotoInput(name: "-", bytes: [UInt8](data), modified: nil)
        }
        let url = URL(fileURLWithPath: item.path)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            if item.path.contains("\u{FFFD}"), !FileManager.default.fileExists(atPath: item.path) {
                throw InputError(
                    reason: "its name is not valid UTF-8 (the bytes that are not are shown as \u{FFFD}), so it"
                        + " cannot be opened; rename it to prepare it")
            }
            throw InputError(reason: "cannot be read (\((error as NSError).localizedDescription))")
        }
        let modified = (try? FileManager.default.attributesOfItem(atPath: item.path))?[.modificationDate] as? Date
        return PhotoInput(name: url.lastPathComponent, bytes: [UInt8](data), modified: modified)
    }
}

/// An input file that could not be read at all.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public var reason: String
    public var description: String { reason }
}
