import Foundation

/// A streak measured from the spectrum, settled by reading: its direction and length as the reading of a band of
/// the page with it removed tells them.
extension TesseractEngine {
    /// How far (degrees) the streak's direction is stepped from the one measured, and how many steps it is
    /// taken at most either way.
    static let streakStep = 6.0
    static let streakSteps = 2

    /// `blur` (a streak measured in `grey`, the picture in grey) or one near it whose removal reads more of the
    /// band across the middle eighth of its lines, read at `quarterTurns`: its direction stepped by `streakStep`
    /// while that reads more, then a pixel shorter where that does. A step must read `littleRead` at least: a band
    /// that reads less tells nothing (a sign's gap between lines, a page smeared past reading). The band as measured
    /// may read less, and a step more: seed 2323's shaken small-01 read 66 readable characters there with its streak
    /// measured 8.69 px long at 64° (in the tiles of its lines read with fainter ink), 194 at 58° and 214 at 52°.
    /// Measured 8.67 px long (its lines read without), its band read under 60 and, not settled, the page read 1 of
    /// its 163 lines; settled, 24.
    ///
    /// The spectrum's first dip spreads over the directions near the streak's: on the eight shaken held-out sets,
    /// the 34 streaks measured were 5.4° off the renderer's on average, up to 12° (the 22 settled: 3.0°). Small
    /// print needs it nearer: seed 4545's small-02 (drawn at 116.4°) read 28, 1,246 and 2,951 readable characters
    /// with a streak removed at 104°, 110° (measured) and 116°.
    ///
    /// `band`, `.scraps`: every reading of the band that held lines read as scraps (`areScraps`), one of them at least
    /// holding lines. The page is smeared past reading there, whichever way the streak is taken. Of 140 shaken harness
    /// photos, twelve had their streak settled and then had the band across their middle quarter read
    /// (`readsAsScraps`), which holds this one; six read as scraps there. Four of them read as scraps here every way,
    /// and the quarter need not be read (seed 9292's small-02: a 1536×512 band, 2.1 s of its 19). Each of the six whose
    /// quarter read more had a reading here that was not scraps (87–492 readable characters at its best). `.words`: one
    /// reading at least read as lines of words (`areWords`); a page looked at early (`droppedAsJunk`) is read again
    /// whole only then, and its wider band is not read (seed 5353's shaken small-01: a 1536×512 band, 2 s).
    func settled(_ blur: MotionBlur, in grey: Raster, quarterTurns: Int) throws(OCRError)
        -> (blur: MotionBlur, band: SettledBand)
    {
        let band = Self.middleBand(of: grey, across: quarterTurns % 2 == 0 ? 0 : 90)
        var heldLines = false, allScraps = true, words = false
        func read(_ streak: MotionBlur) throws(OCRError) -> Double {
            let sharp = Raster(width: band.width, height: band.height, channels: 1,
                               pixels: streak.removed(from: band.pixels, width: band.width, height: band.height))
            guard let picture = LeptonicaImage(sharp), let upright = picture.rotated(quarterTurns: quarterTurns) else {
                throw .recognitionFailed(reason: "Leptonica could not hold a \(band.width)×\(band.height) band")
            }
            let read = try pass(upright, scale: 1)
            let readable = Self.readableCharacters(read)
            if !read.isEmpty {
                heldLines = true
                allScraps = allScraps && Self.areScraps(readable: readable, lines: read.count)
                words = words || Self.areWords(readable: readable, lines: read.count)
            }
            return readable
        }
        var best = blur, most = max(try read(blur), Self.littleRead)
        for step in [Self.streakStep, -Self.streakStep] {
            var moved = false
            for _ in 0..<Self.streakSteps {
                var next = best
                next.angle = (best.angle + step + 180).truncatingRemainder(dividingBy: 180)
                let more = try read(next)
                guard more > most else { break }
                best = next
                most = more
                moved = true
            }
            if moved { break }
        }
        // Shorter only: the 34 streaks were measured 0.5 px longer than the renderer's box on the mean, 14 of them
        // more than half a pixel longer and none shorter; of the 22 settled, 6 read more a pixel shorter (seed 3434's
        // small-01: 122 → 138 of its 139 lines), 1 a pixel longer (by 3%).
        var shorter = best
        shorter.length -= 1
        if shorter.length >= Double(MotionBlur.tile) / Double(MotionBlur.farthest), try read(shorter) > most {
            best = shorter
        }
        return (best, heldLines && allScraps ? .scraps : words ? .words : .unclear)
    }

    /// What the band a streak was settled on (`settled`) read as, over every way the streak was taken.
    enum SettledBand {
        /// Every reading that held lines read as scraps (`areScraps`), one of them at least holding lines.
        case scraps
        /// One reading at least read as lines of words (`areWords`).
        case words
        /// Neither, or the streak was not settled.
        case unclear
    }

    /// The middle eighth of `grey` across lines lying at `linesAt` degrees (0 or 90): rows across the picture, or
    /// columns down it.
    static func middleBand(of grey: Raster, across linesAt: Double) -> Raster {
        let w = grey.width, h = grey.height
        if linesAt == 0 {
            let top = h * 7 / 16, bottom = max(top + 1, h * 9 / 16)
            return Raster(width: w, height: bottom - top, channels: 1,
                          pixels: Array(grey.pixels[(top * w)..<(bottom * w)]))
        }
        let left = w * 7 / 16, right = max(left + 1, w * 9 / 16)
        var pixels: [UInt8] = []
        pixels.reserveCapacity((right - left) * h)
        for y in 0..<h { pixels += grey.pixels[(y * w + left)..<(y * w + right)] }
        return Raster(width: right - left, height: h, channels: 1, pixels: pixels)
    }
}
