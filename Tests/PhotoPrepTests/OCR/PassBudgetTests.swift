import Foundation
import Testing
@testable import PhotoPrep

/// A Tesseract pass is bounded by the CPU time it uses, not by the clock on the wall: a photo prepared on a busy
/// machine reads as it does on an idle one. Two held-out shaken pages failed on a starved CPU under the 60 s
/// wall-clock deadline that stood before, having used 3 s of CPU in all (`PassBudget`).
///
/// Starvation is stood for by a pause at each of Tesseract's checks (`PassBudget.pauseAtEachCheck`): the clock on
/// the wall runs and the reading thread does no work, as when other processes have the cores.
@Suite struct PassBudgetTests {
    static let sign = ["PLATFORM 3", "Exit to Seoul Station", "Trains every 5 minutes", "Lockers and toilets",
                       "Lost property office"]

    /// A starved pass whose wall-clock time runs past its CPU bound (five lines, each paused 300 ms, against a
    /// bound of 800 ms; its CPU time is a fraction of that) is not stopped: the sign reads in full.
    @Test func aStarvedPassReadsInFullWhileItsCPUTimeIsWithinBounds() throws {
        let engine = try TesseractEngine()
        engine.passBudget = PassBudget(cpuMilliseconds: 800, wallMilliseconds: 600_000,
                                       pauseAtEachCheck: 0.3)
        let started = Date()
        let lines = try engine.recognize(TesseractEngineTests.renderSign(lines: Self.sign)).lines.map(\.text)
        let wall = Date().timeIntervalSince(started)
        #expect(lines == Self.sign)
        // The premise: the reading took longer on the wall than the CPU bound, so a wall-clock bound would
        // have stopped it.
        #expect(wall > 1.2, "the pauses should have held the reading for longer than its bound; took \(wall) s")
    }

    /// A pass that uses up its CPU bound is stopped, and the error says why, once, in the words the command line
    /// prints after the photo's path.
    @Test func aPassPastItsCPUBoundIsStoppedAndTheErrorSaysSo() throws {
        let engine = try TesseractEngine()
        engine.passBudget.cpuMilliseconds = 1
        #expect {
            _ = try engine.recognize(TesseractEngineTests.renderSign(lines: Self.sign))
        } throws: { error in
            guard let error = error as? OCRError, case .recognitionFailed(let reason) = error else { return false }
            return reason.contains("after 1 ms of CPU time")
                && PrepareError.ocr(error).description == "the text could not be read: \(reason)"
        }
    }

    /// A thread that never gets to run is still stopped, by the far wider wall-clock bound, and the error says
    /// which bound it was. The engine reads the next photo in full after it.
    @Test func aPassPastItsWallClockBoundIsStoppedAndTheEngineReadsOn() throws {
        let engine = try TesseractEngine()
        engine.passBudget = PassBudget(cpuMilliseconds: 60_000, wallMilliseconds: 300,
                                       pauseAtEachCheck: 0.2)
        let picture = try TesseractEngineTests.renderSign(lines: Self.sign)
        #expect {
            _ = try engine.recognize(picture)
        } throws: { error in
            guard case .recognitionFailed(let reason) = error as? OCRError else { return false }
            return reason.contains("300 ms of wall-clock time") && !reason.contains("CPU")
        }
        engine.passBudget = PassBudget()
        #expect(try engine.recognize(picture).lines.map(\.text) == Self.sign)
    }

    /// The CPU clock counts work, not waiting: a sleep adds nothing to it, a busy loop does.
    @Test func theThreadsCPUClockCountsWorkNotWaiting() {
        let start = PassWatch.threadCPUNanoseconds()
        Thread.sleep(forTimeInterval: 0.3)
        let afterSleep = PassWatch.threadCPUNanoseconds()
        var x: UInt64 = 1
        let busyUntil = Date().addingTimeInterval(0.2)
        while Date() < busyUntil { x = x &* 6364136223846793005 &+ 1442695040888963407 }
        let afterWork = PassWatch.threadCPUNanoseconds()
        #expect(x != 0)
        #expect(afterSleep - start < 100_000_000, "a 300 ms sleep used \(afterSleep - start) ns of CPU")
        #expect(afterWork - afterSleep > 0, "a busy loop used no CPU time")
    }
}
