import Foundation
internal import CTesseract

/// A loaded Tesseract model that reads the lines of text in photos.
///
/// Loading a model takes a while, so a worker creates one engine once and reuses it for every photo
/// it prepares. An engine is not shared between threads; separate engines may run in parallel.
public final class TesseractEngine {
    /// Tesseract's handle; owned, ended and deleted in `deinit`.
    let api: OpaquePointer
    /// The languages as given, e.g. `kor+eng`.
    public let languages: String
    /// The first of them (`kor` of `kor+eng`): the language Tesseract tries first on each new picture.
    let firstLanguage: String
    /// The tessdata folder the model came from.
    public let dataPath: String
    /// `tesseract 5.3.0`.
    public let engineName: String
    /// How long Tesseract may spend on one recognition pass before it is stopped (CPU time, with a wider
    /// wall-clock bound).
    var passBudget = PassBudget()
    /// How text is looked for; fixed at creation.
    var options = TextFinderOptions()
    /// A second model, only for orientation detection, loaded on first need.
    var orientationDetector: OrientationDetector?
    /// The pixels Tesseract has recognized since the engine started, over all its passes: the work a
    /// photo's reading cost, counted where a clock on a shared machine cannot measure it.
    var pixelsRecognized = 0
    /// The pieces of lines `LineFilter` has dropped as junk since the engine started, over all its passes (a piece
    /// read again alone and kept is counted too): how much of a picture a reading took for junk.
    var linesDropped = 0
    /// While set, a page's reading keeping fainter ink is not made but left in `fainterInkLeft`
    /// (see `reading`): only for a photo's first reading, until it is known not to be a page of junk
    /// whose streak is removed.
    var leavesFainterInk = false
    /// The reading left while `leavesFainterInk` was set, to be made or dropped once the streak is looked for.
    var fainterInkLeft: LeftReading?

    nonisolated(unsafe) private static var configured = false
    private static let configureLock = NSLock()

    /// Makes Tesseract behave in a multi-worker process: `OMP_THREAD_LIMIT=1` (unless the caller set
    /// it) so OpenMP does not spin against the other workers, and Leptonica silent so the library
    /// never prints. Safe to call more than once; engines call it themselves.
    ///
    /// OpenMP reads `OMP_THREAD_LIMIT` when the process loads it, before any of our code runs, so the
    /// limit is also applied through OpenMP's API (`omp_set_max_active_levels(0)`).
    public static func configureProcess() {
        configureLock.lock()
        defer { configureLock.unlock() }
        if configured { return }
        configured = true
        if ProcessInfo.processInfo.environment["OMP_THREAD_LIMIT"] == nil {
            setenv("OMP_THREAD_LIMIT", "1", 0)
            // OpenMP read its environment when the library loaded, before this ran: limit it through its
            // API too. No active parallel level means every parallel region runs on the calling thread.
            OpenMPControl.runSerially()
        }
        _ = setMsgSeverity(Int32(L_SEVERITY_NONE))
    }

    /// Loads the model for `languages` (`eng`, `kor+eng`, …) from `dataPath`, or from the tessdata
    /// folder found through `TESSDATA_PREFIX` and the standard install paths.
    ///
    /// Throws `OCRError.languageNotInstalled` naming the missing language and its Debian package.
    /// The corresponding C functions are `TessBaseAPICreate` and `TessBaseAPIInit3`.
    public init(languages: String = "eng", dataPath: String? = nil) throws(OCRError) {
        Self.configureProcess()
        let dir = try TessdataLocator.locate(explicit: dataPath)
        _ = try TessdataLocator.checkLanguages(languages, in: dir)
        guard let api = TessBaseAPICreate() else {
            throw .engineInitFailed(languages: languages, dataPath: dir)
        }
        // Tesseract's own messages go to its debug file, not our standard error.
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        if TessBaseAPIInit3(api, dir, languages) != 0 {
            TessBaseAPIDelete(api)
            throw .engineInitFailed(languages: languages, dataPath: dir)
        }
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        self.api = api
        self.options = TextFinderOptions()
        _ = TessBaseAPISetVariable(api, "thresholding_method", String(options.thresholding))
        // Sauvola's window: 1 inch, not Tesseract's 0.33 (see `sauvolaWindow`).
        _ = TessBaseAPISetVariable(api, "thresholding_window_size", Self.sauvolaWindow)
        _ = TessBaseAPISetVariable(api, "thresholding_kfactor", Self.sauvolaK)
        // No table finding: we read no tables as tables, and on a grainy brick wall (a sign wall's rest,
        // its panels painted over) Sauvola leaves the mortar as dotted lines that its table finder took
        // 15 s of the photo's 19 to merge into cells (tesseract-ocr/tesseract#2886), for one junk word.
        _ = TessBaseAPISetVariable(api, "textord_tabfind_find_tables", "0")
        // Paragraphs found from the layout alone, before recognition, not again from the text after it: we
        // read no paragraphs, and the text-based search walked the page's results from the start for every
        // word (a tenth of a 187-line page's reading, the same lines either way).
        _ = TessBaseAPISetVariable(api, "paragraph_text_based", "0")
        self.languages = languages
        self.firstLanguage = languages.split(separator: "+").first.map(String.init) ?? languages
        self.dataPath = dir
        self.engineName = "tesseract " + (TessVersion().map { String(cString: $0) } ?? "unknown")
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// Reads the lines of text in `image` (the copy's upright pixels, grey or RGB), in reading order,
    /// with boxes in `image`'s pixel coordinates. A picture without text gives no lines.
    ///
    /// Reads text of either polarity, turned text (reported in `textRotation`) and small text
    /// (enlarged for reading only), and drops fragments that are not words. A page a moving camera smeared
    /// along a straight line is read again with the streak removed (`MotionBlur`), kept where that reads more,
    /// or more and more surely; a photo out of focus, in dim light or under a hard shadow, with its edges steepened
    /// (`Defocus`), its levels stretched (`Levels`) or its shadow lifted (`Shadow`); a bent page straightened (`Bend`).
    /// A page read as scraps in the end gives only its lines that hold a readable word (`droppingUnreadOfScraps`).
    public func recognize(_ image: Raster) throws(OCRError) -> OCRResult {
        try recognizing(image).droppingUnreadOfScraps()
    }

    /// The reading `recognize` gives the lines of: a page read as scraps not yet left its readable lines.
    func recognizing(_ image: Raster) throws(OCRError) -> Reading {
        guard image.width > 0, image.height > 0 else {
            throw .emptyImage(width: image.width, height: image.height)
        }
        // A page read as junk as it stands, or unsurely (`unsureWhenCompleted`), is looked at for a streak at once.
        // With it removed, the page is read whole (its turn searched there, a page on its side read standing); the
        // first reading is turned and completed only where that reads no better. Seed 2323's shaken page on its side
        // spent 10 s of its 22 on turning its junk both ways, before the streak was looked for.
        var sharpened = false, leftAsRead = false
        let first = try reading(image) { found, linesAt throws(OCRError) -> StreakLook in
            let read = Self.readableCharacters(found), confidence = Self.meanConfidence(found)
            let boxes = found.map { $0.rect.box(clampedTo: image.width, image.height) }
            // Lines on their side stand upright turned a quarter one way or the other: not known yet.
            guard let (sharp, band) = try self.withoutStreak(
                image.grey(), lines: boxes, linesAt: linesAt,
                junk: confidence < Self.readAsJunk && read >= Self.legibleLines * Double(found.count),
                quarterTurns: linesAt == 0 ? 0 : nil)
            else { return .nothing }
            sharpened = true
            // A page read as scraps whose band read as scraps every way the streak was taken, and turned over too (its
            // turn is not known yet: upside down, a page reads as scraps whatever is removed), is smeared past
            // reading: it is not read again whole, nor completed, nor made plainer. Held-out seed 6061's shaken
            // small-01, 7 px print read as 23 lines and 23 readable characters, was so, for 23 s of its 36; and read
            // as 29 lines of scraps in the end, its title the only line found.
            if band == .scraps, Self.areScraps(readable: read, lines: found.count),
               try self.readsAsScrapsTurnedOver(sharp)
            {
                leftAsRead = true
                return .pastReading
            }
            // A page read as a few lines (looked at early: `droppedAsJunk`; every other look is given `pageLines` lines
            // or more) is read again whole only where the band the streak was settled on read as lines of words.
            if found.count < Self.pageLines, band != .words { return .nothing }
            let second = try self.readingWithoutInvertedLines(sharp, from: 0, standing: true, streakRemoved: true)
            return Self.keeps(second, over: read, confidence) ? .read(second) : .nothing
        }
        if leftAsRead { return first }
        // A page whose letters a moving camera smeared into each other reads as junk at a mean confidence
        // of 38–57% (the harness's shaken pages), or as its title alone. A sign reads little too, but one
        // read surely line by line is read. A streak already removed for a reading that read no better is not
        // looked for again.
        guard options.removeMotionBlur, !sharpened,
              first.confidence < Self.unsurePage || first.readable < Self.littleRead && !Self.isSureSign(first.result)
        else { return try readAgainPlainer(image, after: first) }
        // What reads as junk is likelier smeared than what reads unsurely: a shallower dip will do, where its
        // lines hold words (`legibleLines`), so that their tiles are text's.
        let junk = first.confidence < Self.readAsJunk
            && first.readable >= Self.legibleLines * Double(first.result.lines.count)
        // The lines lie level in the upright frame; in the picture, turned back by the quarter turns.
        guard let (sharp, band) = try withoutStreak(
            image.grey(), lines: first.result.lines.map(\.box), linesAt: first.quarterTurns % 2 == 0 ? 0 : 90,
            junk: junk, quarterTurns: first.quarterTurns)
        else { return try readAgainPlainer(image, after: first) }
        // A page read as a few lines and scraps costs most read again whole, and stays scraps where a camera smeared it
        // further than its letters are tall: a band across its middle, read with the streak removed, tells first. (A
        // page read as many lines is read again whole: 14 of 18 such pages of seven shaken harness sets read better so.
        // The 4 others read 60–2,311 readable characters so, against 1,549–3,440 at first, and neither their first
        // reading's confidence nor what it read a line told them from the 14.) A page read as many lines of scraps,
        // fewer than `littleRead` readable characters in all and `legibleLines` a line, is sampled first too: held-out
        // seed 8787's shaken small-01, 7 px print read as 24 such lines, was read again whole (keeping fainter ink, and
        // turned a quarter where a sample read better so) for 13 s of its 35, and its first reading kept. Of 130 pages,
        // pages of small print and turned pages of thirteen shaken sets, three read so; the band sent the other two on
        // to be read whole (seed 2323's rotated-01 and seed 7575's pages-03: 34 and 20 lines of scraps, 93 and 68 lines
        // read with the streak removed).
        let lines = first.result.lines.count
        // Where the band the streak was settled on read as scraps every way (`settled`), the wider band is not read:
        // it held that one, and read as scraps too.
        if lines < Self.pageLines || Self.areScraps(readable: first.readable, lines: lines),
           try band == .scraps ? true : readsAsScraps(sharp, across: first)
        {
            return try readAgainPlainer(image, after: first)
        }
        // Read from the turn the first reading stood the text at: a turned page read in its own frame first
        // (sideways, as junk) cost a whole reading more; a turn taken wrongly on junk is still put right there.
        let second = try readingWithoutInvertedLines(sharp, from: first.quarterTurns, streakRemoved: true)
        return Self.keeps(second, over: first.readable, first.confidence)
            ? second : try readAgainPlainer(image, after: first)
    }

    /// `first`, or a reading of the photo made plainer where that reads better (`Levels.keeps`: a tenth more as surely,
    /// or as much a point more surely), or by `keeps`. A page bent in the photo (`Bend`), straightened, its lines'
    /// boxes moved back onto the bend: a bent page of 68 lines read 46 of them in order, and 44 lines of scraps of two
    /// rows; all 68 straightened. Under a hard shadow (`Shadow`), its shadowed side lifted to the lit side's light,
    /// kept also where it reads as much as surely (`Shadow.keeps`): a sign wall whose shadow cut two panels read 4 of
    /// its 6 lines, 2 of them as scraps ("‘ity Hall", "es"), and all 6 lifted. In dim light or haze (`Levels`), its
    /// levels stretched (its grain, stretched with them, smoothed): a dim page of 89 lines read 1 in order, and 86
    /// stretched. Out of focus (`Defocus`) and not read surely, in grey with its edges steepened, kept by `keeps`
    /// alone: a blurred page of 80 lines of 20 pt print read 4 of them at 86%, all 80 steepened. Both where both. Not
    /// read surely: a sign whose lines are not all sure (`isSureSign`), or a page (`pageLines`) read at under
    /// `unsurePage`. (Stretched before the first reading, a grainy panel and a slanted page of faint small print, which
    /// read well as they were, read worse: their grain was stretched with them.)
    private func readAgainPlainer(_ image: Raster, after first: Reading) throws(OCRError) -> Reading {
        let unsure = !Self.isSureSign(first.result)
            && (first.confidence < Self.unsurePage || first.result.lines.count < Self.pageLines)
        let lifted = Shadow.lifted(image)
        let stretched = Levels.stretched(lifted ?? image)
        let bend = first.quarterTurns == 0 ? Bend.model(stretched ?? lifted ?? image, lines: first.result.lines) : nil
        guard unsure || stretched != nil || lifted != nil || bend != nil else { return first }
        let grey = (stretched ?? lifted ?? image).grey()
        let blurred = unsure && Defocus.edgeWidth(grey).map { $0 > Defocus.blurredEdge } ?? false
        let plainer = blurred ? Defocus.sharpened(grey) : stretched.map({ Levels.ungrained(grey) ?? $0 }) ?? lifted
        // Straightened in colour where it is read as it is: panels are found by colour too.
        guard let picture = bend.map({ $0.straightened(plainer ?? image) }) ?? plainer
        else { return first }
        // A page read as junk whose plainer picture reads as scraps across its middle too is not read again whole
        // (see `readsAsScraps`): held-out seed 5151's page of blurred small print, under a shadow, was read lifted
        // for 12 s of its 56, and as junk again.
        if Self.readsAsJunkPage(lines: first.result.lines.count, confidence: first.confidence),
           try readsAsScraps(picture, across: first)
        {
            return first
        }
        // A straightened page is read as the photo was, Tesseract reading its unsure lines inverted too: without,
        // a page bent by a wide lens's barrel, on a dark table, read 8 of its 87 lines straightened (all 87 with).
        var second = bend != nil ? try reading(picture, from: first.quarterTurns)
            : try readingWithoutInvertedLines(picture, from: first.quarterTurns, streakRemoved: false)
        if let bend {
            second.result.lines = second.result.lines.map {
                var line = $0
                line.box = bend.inPhoto(line.box, height: image.height)
                return line
            }
        }
        let kept = Self.keeps(second, over: first.readable, first.confidence)
            || (stretched != nil || lifted != nil || bend != nil)
                && Levels.keeps(second, over: first.readable, first.confidence)
            || lifted != nil && Shadow.keeps(second, over: first.readable, first.confidence)
        return kept ? second : first
    }

    /// `grey` (the picture in grey) with the straight streak a moving camera smeared its text lines along
    /// removed, where one shows (`MotionBlur`) in the tiles that hold `lines` (boxes in its pixels), which lie at
    /// `linesAt` degrees (0 or 90); `nil` where none shows. Under a reading of `junk` a shallower dip will do.
    /// Where the turn that stands the lines upright is known (`quarterTurns`), the streak is settled by reading
    /// (`settled`), and `band` tells what the band it was settled on read as.
    private func withoutStreak(_ grey: Raster, lines: [Moment.Box], linesAt: Double, junk: Bool,
                               quarterTurns: Int?) throws(OCRError) -> (picture: Raster, band: SettledBand)?
    {
        guard options.removeMotionBlur,
              let measured = MotionBlur.estimate(grey.pixels, width: grey.width, height: grey.height,
                                                 linesAt: linesAt, lines: lines,
                                                 deep: junk ? MotionBlur.deepUnderJunk : MotionBlur.deep)
        else { return nil }
        var blur = measured, band = SettledBand.unclear
        if let quarterTurns { (blur, band) = try settled(measured, in: grey, quarterTurns: quarterTurns) }
        return (Raster(width: grey.width, height: grey.height, channels: 1,
                       pixels: blur.removed(from: grey.pixels, width: grey.width, height: grey.height)), band)
    }

    /// `picture` (one with its streak removed, `streakRemoved`, or made plainer) read from the turn `start`.
    /// Tesseract does not read each line it reads unsurely again inverted (`tessedit_do_invert`): every line of a page
    /// read as junk is unsure, and each was read twice. Light text is read inverted by our own readings (panels, the
    /// rest where the picture holds it). Back on for the next picture.
    private func readingWithoutInvertedLines(_ picture: Raster, from start: Int, standing: Bool = false,
                                             streakRemoved: Bool) throws(OCRError) -> Reading
    {
        let invertsLines = boolVariable("tessedit_do_invert")
        setVariable("tessedit_do_invert", "0")
        defer { if let invertsLines { setVariable("tessedit_do_invert", invertsLines ? "1" : "0") } }
        return try reading(picture, from: start, standing: standing, streakRemoved: streakRemoved)
    }

    /// Whether `second`, a reading with the streak removed, is kept over one that read `readable` characters at
    /// a mean confidence of `confidence`. Small print smeared about as far as its letters are tall reads as scraps
    /// either way, a few more or less; lines read more and more surely are what removing the streak is for.
    static func keeps(_ second: Reading, over readable: Double, _ confidence: Double) -> Bool {
        let more = second.readable > max(sharperGain * readable, readable + littleRead)
        let surer = second.readable > readable && second.confidence >= confidence + surerBy
        return more || surer
    }

    /// What looking at a page read as junk or unsurely for its streak found (`reading`'s `asJunk`).
    enum StreakLook {
        /// A reading with the streak removed, kept over the first.
        case read(Reading)
        /// No streak, or a reading with it removed that was not kept.
        case nothing
        /// The page is smeared past reading: the first reading stands as it is.
        case pastReading
    }

    /// Whether the band across the middle eighth of `sharp` (a picture with its streak removed, its lines level),
    /// turned over, reads as scraps or as nothing. One that reads turned over, where it read as scraps upright, is a
    /// page upside down, not one smeared past reading.
    private func readsAsScrapsTurnedOver(_ sharp: Raster) throws(OCRError) -> Bool {
        guard let band = LeptonicaImage(Self.middleBand(of: sharp, across: 0)),
              let over = band.rotated(quarterTurns: 2)
        else { return false }
        return try readsAsScraps(over, scale: 1, invert: false, emptyIsScraps: true)
    }

    /// One reading of `image`: its lines in reading order, with what they read (`readableCharacters`),
    /// how surely (`meanConfidence`) and the turn that stands them upright (`quarterTurns`, from `image`'s own
    /// frame).
    struct Reading {
        var result: OCRResult
        var readable: Double
        var confidence: Double
        var quarterTurns: Int
        /// Whether the picture was read inverted as well (`PolarityProbe`), as it holds light text.
        var invert: Bool
        /// Whether each line of `result` holds no readable word (`holdsNoReadableWord`); empty where not told.
        var unread: [Bool] = []

        /// `result`, or where it is a page read as scraps in the end (`pageLines` lines or more, as junk, `areScraps`)
        /// the lines of it that hold a readable word. `LineFilter` keeps an unsure line that holds a dictionary word,
        /// and a page smeared past reading reads short dictionary words among its scraps ("se ne cine", 36%):
        /// held-out seed 3737's shaken small-01 gave 100 lines, its title the only one of the page, and now gives 7.
        /// Of 140 shaken harness photos, two pages of small print ended so (seed 6061's small-01, 23 lines → 3, and
        /// seed 8787's, 20 → 5), their title the only line found either way; 238 other photos (202 of the harness,
        /// the 36 of cameras, orientation samples and scene text) read the same. The page's character error rate rises
        /// a little (97.6 → 98.6% on seed 8787's): the scraps shared letters with the page's lines.
        func droppingUnreadOfScraps() -> OCRResult {
            guard unread.count == result.lines.count, result.lines.count >= TesseractEngine.pageLines,
                  confidence < TesseractEngine.readAsJunk,
                  TesseractEngine.areScraps(readable: readable, lines: result.lines.count)
            else { return result }
            var kept = result
            kept.lines = zip(result.lines, unread).filter { !$0.1 }.map(\.0)
            return kept
        }
    }

    /// Whether `result` is a sign of a few lines, each read surely (`sureLines`), three at least: what a
    /// moving camera smeared there was read. The shaken harness sets' signs read so (five of four sets, their
    /// lines at 93–97%) read the same with the streak removed, for a second whole reading each (0.9–1.4 s); a
    /// shaken page read as its title alone holds a line or two.
    static func isSureSign(_ result: OCRResult) -> Bool {
        result.lines.count >= 3 && result.lines.allSatisfy { $0.confidence >= sureLines }
    }

    /// How much more a reading with the blur removed must read (`readableCharacters`) to be kept, and
    /// `littleRead` more at least: small print smeared about as far as its letters are tall reads as junk
    /// either way, a few scraps more or less.
    static let sharperGain = 1.2

    /// How much more a reading with the blur removed must read to be kept against a first reading made without its
    /// fainter ink (see `reading`). Seed 1616's shaken small-02 read 1.23 times as much so, and kept it read 49 of its
    /// 147 lines, not 66. The six pages of fourteen shaken harness sets read unsurely (`unsureWhenCompleted`) whose
    /// reading with the streak removed was kept read 1.36–2.52 times as much (four of them under 1.5).
    static let farMore = 1.3

    /// A page whose first reading (at least `pageLines` lines, not made keeping fainter ink) is at a mean confidence
    /// under this is read unsurely once completed too (`completing`), and is looked at for its streak at once, as a
    /// page read as junk is, not once it is completed (`unsurePage`). Completing lifted ten shaken pages read under
    /// 85% by 0–7 points; five read at 81–85% were lifted past `unsurePage`, and four of them, looked at first, were
    /// read whole again with their streak removed (3.6–4.8 s each, for a few characters read better).
    static let unsureWhenCompleted = 75.0

    /// A reading at a mean confidence under this reads as junk (the harness's shaken pages read at 38–57%), and
    /// its streak is looked for more keenly (`MotionBlur.deepUnderJunk`).
    static let readAsJunk = 60.0

    /// Readable characters a line (`readableCharacters`) a reading of junk must hold for a shallower dip to
    /// count: a page shaken along its lines read at 57% held 10 (seed 6061's pages-03: 21 of 97 lines read, 82
    /// with the streak removed), a poster's lines 6; pages of scraps 0.8 and 1.3 (seed 1616's small-01, read
    /// again for nothing in 20 s, and rotated-01, 1 → 15 lines of 97 in 11 s more).
    static let legibleLines = 4.0

    /// How much surer (mean confidence, in points) a reading with the blur removed that reads more must be to
    /// be kept however little more it reads. The shaken harness sets' posters and small print that read
    /// better so were 6–25 points surer (a poster's two lines of small print: 63% and 60% → 88% and 78%);
    /// their pages of scraps 2 points surer at most, or less sure.
    static let surerBy = 5.0

    /// Whether the band across the middle quarter of `sharp` (the picture with the streak removed), read at
    /// `first`'s turn, holds lines that read as scraps: fewer than `littleRead` readable characters in all, and
    /// fewer than `legibleLines` a line. Seed 1414's two shaken pages of small print read so there (10 readable
    /// characters in 9 lines, none in 6), and were read whole again for 47 and 17 (12–20 s each; the first
    /// reading was kept). Seed 6061's, which the streak's removal takes from 9 lines read to 96, read 183 and 282
    /// there; seed 2121's small-02 72, in 30 lines (read again whole, as before). A band that holds no line (a
    /// poster's gap between lines) tells nothing.
    private func readsAsScraps(_ sharp: Raster, across first: Reading) throws(OCRError) -> Bool {
        let w = Double(sharp.width), h = Double(sharp.height)
        // Across the lines: they run across the picture, or down it where it was read turned a quarter.
        let band = first.quarterTurns % 2 == 0
            ? PixelRect(minX: 0, minY: h * 3 / 8, maxX: w, maxY: h * 5 / 8)
            : PixelRect(minX: w * 3 / 8, minY: 0, maxX: w * 5 / 8, maxY: h)
        guard let picture = LeptonicaImage(sharp), let cut = picture.clipped(to: band),
              let upright = cut.rotated(quarterTurns: first.quarterTurns)
        else { return false }
        return try readsAsScraps(upright, scale: 1, invert: first.invert)
    }

    /// Whether `band`, cut out of an upright picture across its lines and read at `scale`, holds lines that read
    /// as scraps (see `readsAsScraps(_:across:)`); one that reads nothing tells nothing, unless `emptyIsScraps` (it
    /// is known to hold lines). Read inverted where the picture holds light text and the band read as it is holds
    /// none: scraps read so are marks of dark print (a smeared page can look dark enough to the probe, and costs as
    /// much again).
    func readsAsScraps(_ band: borrowing LeptonicaImage, scale: Double, invert: Bool, emptyIsScraps: Bool = false)
        throws(OCRError) -> Bool
    {
        guard let sized = scale == 1 ? band.grey() : band.scaled(by: scale) else { return false }
        var read = try pass(sized, scale: scale)
        if read.isEmpty, invert, let inverse = sized.inverted() { read = try pass(inverse, scale: scale) }
        if read.isEmpty { return emptyIsScraps }
        return Self.areScraps(readable: Self.readableCharacters(read), lines: read.count)
    }

    /// Whether `lines` lines holding `readable` readable characters in all (`readableCharacters`) are scraps: fewer
    /// than `littleRead`, and fewer than `legibleLines` a line.
    static func areScraps(readable: Double, lines: Int) -> Bool {
        readable < littleRead && readable < legibleLines * Double(lines)
    }

    /// Whether `lines` lines holding `readable` readable characters in all are lines of words: `littleRead` or more,
    /// and `wordLines` a line or more.
    static func areWords(readable: Double, lines: Int) -> Bool {
        readable >= littleRead && readable >= wordLines * Double(lines)
    }

    /// Readable characters a line a band of a page looked at early (`droppedAsJunk`) must read with its streak
    /// removed, one way at least (`settled`), for the page to be read again whole so: two short words. The three such
    /// pages of nine harness sets read again whole so read 14, 16 and 24 a line there at their best; held-out seed
    /// 6061's shaken small-02 5.1 (56 readable characters in 11 lines), and read whole so, 5.6 a line: 56 lines of
    /// junk, for 16 s, its one line found either way.
    static let wordLines = 8.0

    /// Whether a reading of `lines` lines at a mean `confidence` reads as a page of junk: `pageLines` lines or more,
    /// under `readAsJunk`.
    static func readsAsJunkPage(lines: Int, confidence: Double) -> Bool {
        lines >= pageLines && confidence < readAsJunk
    }

    /// Whether a reading that kept `kept` lines, and dropped `dropped` pieces of lines as junk (`LineFilter`), took a
    /// page for junk: fewer than `pageLines` kept, and `pageLines` dropped or more, at least twice as many as kept. Of
    /// the 252 photos of nine harness sets, fourteen were so, twelve of them not read on their side: pages of small
    /// print and turned pages that a moving camera smeared, and streets.
    static func droppedAsJunk(_ dropped: Int, keeping kept: Int) -> Bool {
        kept < pageLines && dropped >= pageLines && dropped >= 2 * kept
    }

    /// `image` read, from its frame turned by `start` quarter turns clockwise: the turns tried run from there. Where
    /// the frame read first reads as a page of junk that Tesseract did not read sideways as words (or, at 0, as a page
    /// read unsurely: `unsureWhenCompleted`), `asJunk` is given its lines (in that frame) and the angle they lie at (0,
    /// or 90 on their side) before any turn is tried; a reading it returns is the reading, and where it finds the page
    /// smeared past reading, the lines read so far are. With `standing` (a picture with its streak removed), lines
    /// Tesseract reads sideways as words are read again standing, and that reading is taken. A picture with its streak
    /// removed (`streakRemoved`) is completed without a reading level (`completing`).
    private func reading(_ image: Raster, from start: Int = 0, standing: Bool = false, streakRemoved: Bool = false,
                         asJunk: (([FoundLine], Double) throws(OCRError) -> StreakLook)? = nil)
        throws(OCRError) -> Reading
    {
        guard let given = LeptonicaImage(image),
              let pix = start == 0 ? consume given : given.rotated(quarterTurns: start), let grey = pix.grey()
        else {
            throw .recognitionFailed(reason: "Leptonica could not hold a \(image.width)×\(image.height) picture")
        }
        // The frame read first (unturned, not copied): `turns` below are counted from it.
        let width = grey.width, height = grey.height
        let invert = options.invert ?? PolarityProbe.hasDarkRegions(grey)
        var turns = 0
        // A first, quick reading; the second (Otsu) reading waits until the turn is known, as reading
        // a turned page twice in the wrong direction cost more than all the rest.
        // A page read as junk or unsurely whose streak is removed is read again whole, and its first reading left:
        // its reading keeping fainter ink (`readKeepingFainterInk`) waits until the streak is looked for, and is
        // made only where that reading is not kept. Over two shaken harness sets it cost six pages read as junk
        // 2.3–8.3 s each, a whole reading of the page; read unsurely, seed 9292's shaken small-01 4 s of its 19.
        fainterInkLeft = nil
        let firstRead: (lines: [FoundLine], plan: ReadingPlan)
        let droppedBefore = linesDropped
        do {
            leavesFainterInk = asJunk != nil
            defer { leavesFainterInk = false }
            firstRead = try findLines(in: grey, colour: pix, quarterTurns: 0, invert: invert)
        }
        let dropped = linesDropped - droppedBefore
        var (found, plan) = firstRead
        var lookedForStreak = false
        if let left = fainterInkLeft.take() {
            var sharp: Reading? = nil
            let readable = Self.readableCharacters(found)
            if let asJunk, found.count >= Self.pageLines, Self.meanConfidence(found) < Self.unsureWhenCompleted,
               !Self.mostlyVertical(found)
            {
                lookedForStreak = true
                switch try asJunk(found, 0) {
                case .read(let reading): sharp = reading
                case .nothing: break
                case .pastReading: return finished(found, turns: 0, from: start, of: image, invert: invert)
                }
                // Kept against a first reading without its fainter ink, it must read far more. One that reads a
                // little more is weighed against the whole first reading, as before: seed 1616's shaken small-02
                // read 1,711 readable characters with its streak removed, against 1,392 without fainter ink and
                // 1,783 with it; kept against the first, it read 49 of its 147 lines, not 66.
                if let sharp, sharp.readable >= Self.farMore * readable { return sharp }
            }
            // A first reading of scraps (`areScraps`) is not read again keeping fainter ink: fainter ink keeps the thin
            // strokes of faint print whole, and a page read as scraps was smeared, not faint. Held-out seed 3737's
            // shaken small-01, 7 px print smeared 5 px along its lines (a streak too shallow to be taken), read as 79
            // lines and 10 readable characters, and with fainter ink as 100 lines and 27, scraps still, for 4 s of its
            // 17; its title stayed the only line of the page found.
            if !Self.areScraps(readable: readable, lines: found.count) {
                found = FoundLine.merge(left.read + (try readKeepingFainterInk(left.image, scale: left.scale,
                                                                               map: left.map)))
            }
            if let sharp, Self.keeps(sharp, over: Self.readableCharacters(found), Self.meanConfidence(found)) {
                return sharp
            }
        }
        var best = Self.readableCharacters(found)
        // Tesseract reads sideways lines by itself but in the wrong order and often upside down:
        // when most text runs vertically, look for the turn that stands it upright.
        let sideways = Self.mostlyVertical(found)
        let letters = Double(found.reduce(0) { $0 + $1.line.text.count { $0.isLetter } })
        let inDictionary = Self.dictionaryCharacters(found)
        if sideways, options.detectRotation, Self.mostlyWords(found) {
            // Tesseract reads lines turned a quarter clockwise by itself (it takes them for vertical
            // text) but reports them sideways: a reading that holds real words stands, moved into the
            // frame turned back, which saves reading a turned page a second time. Upside-down readings
            // of the other quarter turn can be confident ("Aepuow") and hold a few short dictionary words,
            // but not mostly dictionary words.
            turns = 3
            let geometry = PassGeometry(quarterTurns: turns, scale: 1, width: width, height: height)
            found = found.map { $0.turned(by: geometry) }
            // The plan of the turned frame, for the readings that complete this one.
            guard let upright = grey.rotated(quarterTurns: turns) else {
                throw .recognitionFailed(reason: "Leptonica could not turn the picture")
            }
            plan = readingPlan(upright, colour: pix, quarterTurns: turns, invert: invert)
            // Tesseract's reading of vertical lines can skip some (a page turned on its side and
            // photographed from one side lost one line in seven, near its nearer edge): the page is then
            // read standing, the way it reads best. It can also split rows in two at a word space, and lose
            // them as lines (a held-out page: 6 rows, 3 lines lost); read standing, that page read all its 91
            // lines whole, and 1.3% fewer readable characters (a few words read less surely). A reading
            // standing that splits fewer rows is taken reading nearly as much.
            // A picture with its streak removed (`standing`) is read standing, and that reading taken: seed 2323's
            // shaken page on its side, read as words sideways so, cut rows into pieces (102 lines, 9 of them junk,
            // for its 93), and read more characters than standing (3,184 readable against 2,826, every line whole).
            let split = FoundLine.splitRows(in: found)
            if standing || FoundLine.skippedLines(in: found) >= Self.skippedToReread || split >= Self.skippedToReread {
                let (other, otherPlan) = try findLines(in: grey, colour: pix, quarterTurns: turns, invert: invert)
                let score = Self.readableCharacters(other)
                let whole = standing || split >= Self.skippedToReread && FoundLine.splitRows(in: other) < split
                    && score >= Self.nearlyAsMuch * best
                if score > best || whole { best = score; found = other; plan = otherPlan }
            }
        }
        // (A picture read as fewer lines is looked at once the reading is done: a band of it, read with the streak
        // removed, tells first whether it stays scraps.) But not a page read as a few lines where the first reading
        // dropped far more as junk (`droppedAsJunk`): it is looked at here, before its turns are tried on its junk.
        // Held-out seed 5353's shaken small-01 read 12 lines and dropped 143: looked at once it was done, it had tried
        // a quarter turn and the global threshold first, and read 95 of its 153 lines, 52 junk, in 30 s; looked at
        // here, 145, 8 junk, in 19 s.
        if let asJunk, !lookedForStreak, turns == 0,
           Self.readsAsJunkPage(lines: found.count, confidence: Self.meanConfidence(found))
            || !sideways && Self.droppedAsJunk(dropped, keeping: found.count)
        {
            switch try asJunk(found, sideways ? 90 : 0) {
            case .read(let other): return other
            case .nothing: break
            case .pastReading: return finished(found, turns: 0, from: start, of: image, invert: invert)
            }
        }
        // What the picture read on its side, as it stands: a turn that stands its text upright reads more.
        let readOnItsSide = sideways && turns == 0 ? best : 0
        if sideways, turns == 0 { best = 0 }
        let fewWords = inDictionary < 0.3 * letters
        let confidentlyUpright = !sideways && Self.standsUpright(found, readable: best, fewWords: fewWords)
        // The whole picture read at the trial turn `t`, taken when it reads clearly more; whether it was.
        func takeTurn(_ t: Int) throws(OCRError) -> Bool {
            let (other, otherPlan) = try findLines(in: grey, colour: pix, quarterTurns: t, invert: invert)
            // Lines still running vertically are not upright in that frame, however well Tesseract
            // read them (it reads text turned a quarter clockwise by itself).
            let score = Self.mostlyVertical(other) ? 0 : Self.readableCharacters(other)
            // A dozen readable characters at least: a busy street's textures read in a wrong turn
            // can give a few (9 from one on its side, against none upright).
            guard score > max(1.5 * best, best + 6, Self.turnEvidence) else { return false }
            best = score; found = other; plan = otherPlan; turns = t
            return true
        }
        // Nothing read at all gets no OSD and no trial turns: OSD needs many characters, and the trial turns
        // a reading of at least two lines. Loading OSD's model and running it cost a street photo
        // with nothing legible more than its whole first reading. (It gets a sample turned over, below.)
        if options.detectRotation, best < 40 || fewWords, !confidentlyUpright, turns == 0, !found.isEmpty {
            if orientationDetector == nil, !sideways {
                orientationDetector = try? OrientationDetector(dataPath: dataPath)
            }
            var candidates: [Int] = []
            var plain: [Int] = []
            var sampled: [Int] = []
            // The likeliest column of letter-like marks (`likeliestColumn`), sampled too; none, nothing sampled.
            var column: [FoundLine] = []
            if sideways {
                // Sideways text Tesseract could not read by itself stands the other way round: a
                // quarter turn clockwise first (no need to ask OSD, which often cannot tell).
                candidates = [1, 3]
                // A scrap read down a street photo's texture ("BREESE Ss") is no sideways page: with so
                // little read, a turn is tried whole only when a sample of it reads better so.
                if found.reduce(0, { $0 + $1.characters }) < Self.sidewaysEvidence {
                    plain = candidates
                    // Sampled around the likeliest column of letter-like marks too: a page on its side that a
                    // moving camera smeared reads as a few scraps (held-out seed 6262's shaken rotated-03, cut to
                    // 1536 px of its 2048: three, down the end of its lines), while its title reads turned.
                    column = plan.spottingMarks(of: grey).flatMap(Self.likeliestColumn).map { [$0.line] } ?? []
                }
            } else if let guess = orientationDetector?.quarterTurnsToUpright(grey, invert: invert), guess != 0 {
                candidates.append(guess)
                // OSD can take a page of blurred small print, read as junk, for one upside down (the held-out
                // seed 3141's small-03, 148 lines at 40%): read turned, it was junk again, for 26 s of the
                // page's 50. A page turned for real reads far better in a sample (the upside-down pages of
                // eleven harness sets all did); one that does not stays as it is.
                if found.count >= Self.pageLines { sampled.append(guess) }
            }
            // OSD needs many characters; a sign with a few turned words may need a plain try.
            if !sideways, best < 8 || fewWords, found.count >= 2 {
                // Flat lines that read badly are upside down more likely than sideways.
                plain = [2, 3, 1].filter { !candidates.contains($0) }
            } else if !sideways, candidates.isEmpty, !found.isEmpty, best < 15 || Self.meanConfidence(found) < 80 {
                // Upside-down sign letters read as a few unsure words ("9 Alana surely", 72%) or a scrap
                // ("TTV"): try the picture the other way up once.
                plain = [2]
            }
            candidates += plain.filter { !candidates.contains($0) }
            // The first reading, in the picture's own frame, for the samples (`found` may become a turn's).
            let first = found
            for t in candidates {
                // A plain try (or OSD's guess for a page) reads the whole picture again: only when a sample
                // of it reads better so.
                if plain.contains(t) || sampled.contains(t),
                   !(try turnLooksBetter(t, in: grey, around: first, invert: invert, all: sideways)),
                   !(try turnLooksBetter(t, in: grey, around: column, invert: invert))
                {
                    continue
                }
                // A turn a quarter clockwise that reads less than the page did on its side stands it upside down
                // (a shaken page read 1,037 readable characters on its side, 27 so, 1,136 the other way round).
                if try takeTurn(t), best >= 15, best > readOnItsSide { break }
            }
        } else if options.detectRotation, turns == 0, found.isEmpty, let marks = plan.spottingMarks(of: grey) {
            // Nothing read, but a row of letter-like marks that reads turned over: a clean poster upside down
            // can read as nothing at all (seven lines, "Gate C7" 90 px tall among them, every one dropped
            // as junk), and the trial turns above sample only lines read. (OSD is not asked: on a street with
            // nothing legible, loading and running it cost more than the whole first reading; a sample costs a
            // line's reading.)
            var triedUpsideDown = false, upsideDown = false
            if let row = Self.likeliestRow(marks), try turnLooksBetter(2, in: grey, around: [row], invert: invert) {
                triedUpsideDown = true
                upsideDown = try takeTurn(2)
            }
            // (Also where the row's sample read better upside down but the whole picture did not: held-out seed
            // 7676's shaken page on its side, read as nothing, sampled a row across the tops of its lines that read
            // 9 characters upside down; its column was never sampled, and it was left on its side, 4 of its 89
            // lines read down it by the readings after. Turned at its column, it reads all 89. Not in the reading of
            // a picture with its streak removed, `standing`: seed 4242's page on its side, read again so, read
            // nothing there at first; turned at its column, it read more characters than its first reading had and
            // was kept, 93 of its 101 lines and 7 junk, where the first reading, turned, read all 101.)
            if !triedUpsideDown || (!upsideDown && !standing), let column = Self.likeliestColumn(marks) {
                // Or a column of them, read turned a quarter: Tesseract reads clean text on its side by itself, but
                // not a page on its side that a moving camera smeared, which it reads as nothing at all (held-out
                // seed 6262's shaken rotated-03, 95 lines, its title in 33 px letters among them). The turn its marks
                // stood upright at first; the other is sampled too, and read only where its sample reads, and taken
                // only where it reads clearly more (a page upside down can read a few sure scraps).
                for t in [column.quarterTurns, 4 - column.quarterTurns]
                    where try turnLooksBetter(t, in: grey, around: [column.line], invert: invert)
                {
                    _ = try takeTurn(t)
                }
            }
        }
        // The picture at the settled turn, for every reading that completes the first.
        guard let upright = turns == 0 ? grey.grey() : grey.rotated(quarterTurns: turns) else {
            throw .recognitionFailed(reason: "Leptonica could not turn the picture")
        }
        found = try completing(found, plan: plan, in: upright, levelling: !streakRemoved)
        // Rows that layout analysis cut in two at a river of word spaces, joined again (before the doubtful
        // lines are read again: a joined row read unsurely is read alone whole).
        found = BrokenRows.joined(found)
        found = try rereadingDoubtful(found, in: upright)
        // A block of a page's lines its layout analysis dropped.
        found = try readingMissedBlocks(found, plan: plan, in: upright)
        // A street photo: a few words scattered over it, which Tesseract's layout analysis misses; or
        // small print it dropped beside big letters.
        if options.spotText {
            let missedOnly = Self.readableCharacters(found) >= Self.littleRead
            // A line spotted on a panel is read in order with that panel's lines.
            let spotted = try spottedLines(in: upright, besides: found, missedOnly: missedOnly,
                                           marks: plan.spottingMarks(of: upright)).map { line in
                var l = line
                l.panel = plan.signPanels.first { $0.rect.contains(x: line.rect.midX, y: line.rect.midY) }?.rect
                return l
            }
            found = FoundLine.merge(found + spotted)
        }
        return finished(found, turns: turns, from: start, of: image, invert: invert)
    }

    /// `found` (lines read in `image`'s frame turned by `start` quarter turns clockwise, and `turns` more) as a
    /// reading: in reading order, their boxes in `image`'s own frame.
    private func finished(_ found: [FoundLine], turns: Int, from start: Int, of image: Raster, invert: Bool)
        -> Reading
    {
        // From the frame read first back to the picture's own.
        let total = (start + turns) % 4
        let geometry = PassGeometry(quarterTurns: total, scale: 1, width: image.width, height: image.height)
        let order = ReadingOrder.order(found.map {
            ReadingOrder.Item(rect: $0.rect, textHeight: $0.textHeight, slope: $0.line.slope, panel: $0.panel,
                              flat: $0.flat)
        })
        let lines = order.map { i in
            let f = found[i]
            return OCRLine(text: f.line.text, confidence: (f.line.confidence * 10).rounded() / 10,
                           box: geometry.toCopy(f.rect).box(clampedTo: image.width, image.height))
        }
        return Reading(result: OCRResult(lines: lines, textRotation: (4 - total) % 4 * 90, engine: engineName,
                                          languages: languages),
                       readable: Self.readableCharacters(found), confidence: Self.meanConfidence(found),
                       quarterTurns: total, invert: invert,
                       unread: order.map { Self.holdsNoReadableWord(found[$0]) })
    }
}
