import Foundation
internal import CTesseract

/// How long one Tesseract recognition pass may run before it is stopped.
///
/// The bound that matters is CPU time: a picture Tesseract cannot read in reasonable time uses it up on any
/// machine. Wall-clock time is not the work done: two held-out shaken pages (20–30 s of CPU each) failed under the
/// 60 s wall-clock deadline that stood before, prepared at `nice 19` beside other work, and read in full alone. With
/// the process stopped nine tenths of the time they failed after 63 s, having used 3 s of CPU in all. Wall-clock time
/// keeps a far wider bound, for a thread that never gets to run.
struct PassBudget: Sendable {
    /// CPU time of the reading thread, in milliseconds. The slowest single pass measured on the harness took 19.5 s
    /// (a page of small print enlarged ×2.3).
    var cpuMilliseconds = 60_000
    /// Wall-clock time, in milliseconds: ten times the CPU bound.
    var wallMilliseconds: Int32 = 600_000
    /// For tests only: a pause at each of Tesseract's checks, which stands for a starved CPU (wall-clock time
    /// passes and the thread does no work).
    var pauseAtEachCheck: TimeInterval?
}

/// One pass's watch on its budget: Tesseract calls `exceeded` (through its cancel function, with the watch as its
/// `cancel_this`) before each piece it recognizes: with its LSTM model, a text line.
///
/// Tesseract's progress monitor covers recognition only, not layout analysis, so a pass is stopped between two
/// lines, never in the middle of finding them.
final class PassWatch {
    let budget: PassBudget
    /// The reading thread's CPU clock when the pass began, in nanoseconds.
    private let startNanoseconds: Int64
    /// When the pass began, on the clock on the wall.
    private let started = ContinuousClock.now
    /// Set when the CPU bound stopped the pass.
    private(set) var ranOutOfCPU = false

    init(budget: PassBudget) {
        self.budget = budget
        self.startNanoseconds = Self.threadCPUNanoseconds()
    }

    /// CPU time the calling thread has used. With `OMP_THREAD_LIMIT=1` Tesseract works on the thread that
    /// calls it; with more OpenMP threads this is that thread's share.
    static func threadCPUNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// CPU milliseconds the pass has used so far.
    var cpuMilliseconds: Int { Int((Self.threadCPUNanoseconds() - startNanoseconds) / 1_000_000) }

    func exceeded() -> Bool {
        if let pause = budget.pauseAtEachCheck { Thread.sleep(forTimeInterval: pause) }
        if cpuMilliseconds > budget.cpuMilliseconds { ranOutOfCPU = true }
        return ranOutOfCPU
    }

    /// Installs the watch on `monitor` (which must not outlive it) with its wall-clock bound.
    /// The corresponding C functions are `TessMonitorSetCancelFunc`, `TessMonitorSetCancelThis` and
    /// `TessMonitorSetDeadlineMSecs`.
    func install(on monitor: OpaquePointer) {
        TessMonitorSetDeadlineMSecs(monitor, budget.wallMilliseconds)
        TessMonitorSetCancelThis(monitor, Unmanaged.passUnretained(self).toOpaque())
        TessMonitorSetCancelFunc(monitor) { watch, _ in
            guard let watch else { return false }
            return Unmanaged<PassWatch>.fromOpaque(watch).takeUnretainedValue().exceeded()
        }
    }

    /// Why a pass that failed stopped, in words a user can act on.
    var failure: String {
        if ranOutOfCPU {
            return "Tesseract stopped after \(Self.spoken(budget.cpuMilliseconds)) of CPU time on one pass "
                + "(a picture it cannot read in reasonable time)"
        }
        if ContinuousClock.now - started >= .milliseconds(budget.wallMilliseconds) {
            return "Tesseract stopped: a pass ran past \(Self.spoken(Int(budget.wallMilliseconds))) of wall-clock "
                + "time (on a machine too busy to run it)"
        }
        return "Tesseract failed inside a recognition pass"
    }

    /// `60 s`, `300 ms`.
    static func spoken(_ milliseconds: Int) -> String {
        milliseconds % 1000 == 0 ? "\(milliseconds / 1000) s" : "\(milliseconds) ms"
    }
}
