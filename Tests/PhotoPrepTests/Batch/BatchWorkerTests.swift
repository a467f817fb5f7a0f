import Foundation
import Synchronization
import Testing
@testable import PhotoPrep

/// The workers themselves: each runs Tesseract on its own thread only.
@Suite(.serialized) struct BatchWorkerTests {
    /// `omp_get_max_active_levels()` on the calling thread: 0 means every OpenMP parallel region
    /// runs on that thread alone. Nil when the process has no OpenMP runtime.
    static func openMPActiveLevels() -> Int32? {
        guard let handle = dlopen(nil, RTLD_NOW), let sym = dlsym(handle, "omp_get_max_active_levels") else {
            return nil
        }
        typealias GetLevels = @convention(c) () -> Int32
        return unsafeBitCast(sym, to: GetLevels.self)()
    }

    @Test("Every batch and watch worker runs OpenMP serially (no spinning thread teams beside --jobs)")
    func workersRunOpenMPSerially() throws {
        let dir = try TestSupport.temporaryFolder("omp")
        defer { try? FileManager.default.removeItem(at: dir) }
        var items: [BatchItem] = []
        for i in 0..<2 {
            let url = dir.appendingPathComponent("p\(i).jpg")
            try BatchTestSupport.writePhoto(url, seed: UInt64(40 + i), width: 160, height: 120)
            items.append(BatchItem(path: url.path, foundInFolder: true))
        }
        let out = dir.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        let seen = Mutex<[Int32?]>([])
        let batch = Batch(items: items, options: PrepareOptions(), destination: .folder(out), jobs: 2)
        let summary = try batch.run { _, _ in seen.withLock { $0.append(Self.openMPActiveLevels()) } }
        #expect(summary.prepared == 2)

        let queue = WatchQueue()
        let watchBatch = Batch(items: [], options: PrepareOptions(), destination: .folder(out), jobs: 2)
        let workers = WatchWorkers(batch: watchBatch, jobs: 2, queue: queue)
        try workers.start { _, _ in seen.withLock { $0.append(Self.openMPActiveLevels()) } }
        for item in items { queue.push(item.path) }
        #expect(BatchTestSupport.eventually { seen.withLock { $0.count } == 4 })
        queue.close()
        #expect(workers.finish().prepared == 2)
        let levels = seen.withLock { $0 }
        try #require(levels.first != nil, "this Tesseract is built with OpenMP")
        #expect(levels == [0, 0, 0, 0])
    }
}
