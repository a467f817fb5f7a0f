import Foundation
import Synchronization
import PhotoPrep

/// Everything the tool says: results on standard output, progress and errors on standard error.
/// Safe to call from every worker thread.
final class Console: Sendable {
    let json: Bool
    let quiet: Bool
    /// Inputs expected in all; a watch adds to it as photos land (`expect(more:)`).
    var total: Int { expected.load(ordering: .relaxed) }
    private let expected: Atomic<Int>
    let isTerminal = isatty(2) == 1
    private struct State { var done = 0; var started = Date(); var lineOpen = false }
    private let state = Mutex(State())

    init(json: Bool, quiet: Bool, total: Int) { self.json = json; self.quiet = quiet; self.expected = Atomic(total) }

    func expect(more n: Int) { expected.add(n, ordering: .relaxed) }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data("prepare-photo: \(text)\n".utf8))
    }

    func report(_ item: BatchItem, _ outcome: BatchOutcome) {
        state.withLock { s in
            s.done += 1
            var out = ""
            var err = ""
            switch outcome {
            case .prepared(let moment, let folder, let seconds):
                if json {
                    if let data = try? moment.jsonData(pretty: false) { out = String(decoding: data, as: UTF8.self) + "\n" }
                } else {
                    out = "\(item.path) → \(folder.path)/ (\(moment.lines.count) line\(moment.lines.count == 1 ? "" : "s"))\n"
                    for line in moment.lines { out += String(format: "  %3d  ", line.number) + line.text + "\n" }
                }
                for w in moment.warnings { err += "prepare-photo: \(item.path): warning: \(w)\n" }
                if !quiet && !isTerminal {
                    err += "[\(s.done)/\(total)] prepared \(item.path) in "
                        + String(format: "%.2f s (text %.2f s)\n", seconds.total, seconds.text)
                }
            case .alreadyIn(let id, let state):
                if !quiet { err += "[\(s.done)/\(total)] \(item.path): already in the outbox as \(id) (\(state))\n" }
            case .skipped(let reason):
                if !quiet && !isTerminal { err += "[\(s.done)/\(total)] skipped \(item.path): \(reason)\n" }
            case .failed(let reason):
                err += "prepare-photo: \(item.path): \(reason)\n"
            }
            if isTerminal && s.lineOpen { err = "\r\u{1B}[K" + err }
            if !out.isEmpty { FileHandle.standardOutput.write(Data(out.utf8)) }
            if !quiet && isTerminal {
                let elapsed = Date().timeIntervalSince(s.started)
                let rate = Double(s.done) / max(elapsed, 0.001)
                let left = rate > 0 ? Double(total - s.done) / rate : 0
                err += String(format: "\r\u{1B}[K[%d/%d] %.2f photos/s, about %@ left", s.done, total, rate,
                              Console.duration(left))
                s.lineOpen = true
            }
            if !err.isEmpty { FileHandle.standardError.write(Data(err.utf8)) }
        }
    }

    func summary(_ s: BatchSummary, interrupted: Bool) {
        var text = state.withLock { st in st.lineOpen ? "\r\u{1B}[K" : "" }
        text += interrupted ? "Interrupted: run the same command again to finish.\n" : ""
        text += "\(s.prepared) prepared, \(s.alreadyIn) already in the outbox, \(s.skipped) skipped, \(s.failed.count) failed\n"
        for f in s.failed { text += "  failed: \(f.path): \(f.reason)\n" }
        if !quiet || !s.failed.isEmpty || interrupted { FileHandle.standardError.write(Data(text.utf8)) }
    }

    static func duration(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        return s >= 3600 ? "\(s / 3600)h\(s % 3600 / 60)m" : (s >= 60 ? "\(s / 60)m\(s % 60)s" : "\(s)s")
    }
}
