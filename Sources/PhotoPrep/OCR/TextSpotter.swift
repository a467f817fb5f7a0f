import Foundation

/// Where words may stand in a street scene: rows of letter-sized marks of one height, side by side.
///
/// Tesseract's page layout analysis looks for text in columns and blocks and finds little of the
/// few words scattered over a street photo (a shop sign, an exit sign, a number): cut out, most of
/// them read. Like the connected-component stage of classic scene-text detectors, the spotter looks
/// for marks that could be letters (dark or light, standing out from their neighbourhood) in rows:
/// marks of about one height, on about one line, close to each other. Letters of small, blurred
/// words touch and make one mark, a word whose strokes still show across its middle. The engine then
/// reads the likeliest rows on their own, enlarged, each as a single line.
enum TextSpotter {
    /// A row of marks that may be a word or a line of text.
    struct Row: Equatable {
        /// Around its marks.
        var rect: PixelRect
        /// The median height of its marks.
        var markHeight: Double
        var marks: Int
        /// Three marks or more whose bottoms line up: letters on a baseline, the likeliest text.
        var aligned: Bool
    }

    /// Marks shorter than this (pixels) are specks, not letters a reader could make out.
    static let minHeight = 7.0
    /// How much reading the rows of a photo may cost, in line heights of width (Tesseract's line
    /// recognizer works along a line scaled to one height: about 3 ms per unit here). A street photo's
    /// textures give dozens of rows, nearly all of them empty; this reads about a dozen.
    static let readingBudget = 50.0

    /// Where `rows` stand as the lines of a block of text (a menu lettered on a wall, a notice): around
    /// `blockRows` rows or more of about one letter height, each under the last or beside it on its line,
    /// less than `blockGap` letter heights apart, two of them letters on a baseline; with a margin of two
    /// letter heights across and one and a half above and below, so its lines' ends and a line the marks
    /// missed between two others fall inside. A street's light words stand alone or in twos.
    ///
    /// Rows of one line are joined: a menu's prices stand apart from their dishes. A line's rows need not
    /// all be aligned: on a brick wall every other line of a menu ran into the mortar.
    static func blocks(_ rows: [Row]) -> [PixelRect] {
        let sorted = rows.sorted { $0.rect.minY < $1.rect.minY }
        var sets = DisjointSets(count: sorted.count)
        for (i, a) in sorted.enumerated() {
            for j in sorted.indices.dropFirst(i + 1) {
                let b = sorted[j]
                // (Rows further down than the tallest row `a` may join can join it no more.)
                guard b.rect.minY - a.rect.maxY <= blockGap * 1.5 * a.markHeight else { break }
                let tall = max(a.markHeight, b.markHeight), short = min(a.markHeight, b.markHeight)
                guard tall <= 1.5 * short, b.rect.minY - a.rect.maxY <= blockGap * tall else { continue }
                let across = min(a.rect.maxX, b.rect.maxX) - max(a.rect.minX, b.rect.minX)
                let level = min(a.rect.maxY, b.rect.maxY) - max(a.rect.minY, b.rect.minY)
                let under = b.rect.minY >= a.rect.midY && across > 0
                let beside = level >= 0.5 * short && -across <= 4 * tall
                if under || beside { sets.join(i, j) }
            }
        }
        return sets.groups().filter { g in g.count >= blockRows && g.count(where: { sorted[$0].aligned }) >= 2 }
            .map { g in
                let r = g.dropFirst().reduce(sorted[g[0]].rect) { $0.union(sorted[$1].rect) }
                let h = g.map { sorted[$0].markHeight }.max() ?? 0
                return PixelRect(minX: r.minX - 2 * h, minY: r.minY - 1.5 * h, maxX: r.maxX + 2 * h,
                                 maxY: r.maxY + 1.5 * h)
            }
    }

    /// The rows a block of lines needs at least (`blocks`).
    static let blockRows = 3
    /// How far apart, in letter heights, a block's lines may stand: a menu's lines stood 1.9 letter heights
    /// apart, 4.8 where the marks missed a line between two.
    static let blockGap = 5.0

    /// Whether a mark's box could hold a letter, or a word of touching letters.
    static func mayBeText(_ r: PixelRect, maxHeight: Double) -> Bool {
        r.height >= minHeight && r.height <= maxHeight && r.width <= 15 * r.height && r.height <= 15 * r.width
    }

    /// Whether a mark too short for a letter (`minHeight`) could be a dash between two words of a line: 3 px wide
    /// or more, half as wide again as it is tall, and no longer than a few letters. The dash of "9:00 - 17:00" is
    /// no letter, and its line is no row across it (`alongLine`).
    static func mayBeDash(_ r: PixelRect) -> Bool {
        r.height < minHeight && r.width >= 3 && r.width >= 1.5 * r.height && r.width <= 6 * minHeight
    }

    /// The rows among `marks` (connected marks of one polarity); marks taller than `maxHeight` are
    /// not letters.
    static func rows(_ marks: [Mark], maxHeight: Double) -> [Row] {
        let candidates = marks.filter { m in
            mayBeText(m.rect, maxHeight: maxHeight)
                // Solid blocks (a window, a bar) are not letters, unless thin as an I or a 1.
                && (m.fill <= 0.85 || m.rect.width <= 0.4 * m.rect.height)
        }.sorted { $0.rect.minX < $1.rect.minX }
        let grid = gridMarks(candidates)
        let letters = candidates.indices.filter { !grid.contains($0) }.map { candidates[$0] }
        // Each mark joins its nearest neighbour to the right of about its height, on its line, less
        // than a letter's height away.
        var sets = DisjointSets(count: letters.count)
        for (i, m) in letters.enumerated() {
            let a = m.rect
            var best: (j: Int, gap: Double)? = nil
            var j = i + 1
            // A neighbour is at most 1.7 times as tall and no further away than the taller one's height:
            // a short scan even through a page of small marks.
            let reach = a.maxX + min(1.7 * a.height, maxHeight)
            while j < letters.count, letters[j].rect.minX <= reach {
                let b = letters[j].rect
                j += 1
                let tall = max(a.height, b.height), short = min(a.height, b.height)
                let gap = b.minX - a.maxX
                let overlap = min(a.maxY, b.maxY) - max(a.minY, b.minY)
                guard b.midX > a.maxX - 0.2 * a.width, gap <= tall, tall <= 1.7 * short, overlap >= 0.6 * short
                else { continue }
                if gap < best?.gap ?? .infinity { best = (j - 1, gap) }
            }
            if let best { sets.join(i, best.j) }
        }
        var out: [Row] = []
        for group in sets.groups().map({ $0.map { letters[$0] } }) {
            guard let g = levelled(group.sorted { $0.rect.minX < $1.rect.minX }) else { continue }
            let heights = g.map(\.rect.height).sorted()
            let median = heights[heights.count / 2]
            let rect = g.dropFirst().reduce(g[0].rect) { $0.union($1.rect) }
            let strokes = g.reduce(0) { $0 + $1.runs }
            // The baseline through the full-height marks (not a comma's, not an i's dot).
            let full = g.filter { $0.rect.height >= 0.8 * median }
            let fit = baseline(full)
            // Three letters or more, or a word of touching letters (in a row, not a patch of texture: `levelled`).
            guard g.count >= 3 || (strokes >= 3 && rect.width >= 1.3 * median) else { continue }
            // Their bottoms within a quarter of a letter's height of it, between the quartiles; or those of
            // three letters or more, with a word's descenders hanging below (`hangFromOneLine`).
            let aligned = g.count >= 3 && !isGrid(g)
                && (baselineSpread(full, along: fit) <= 0.25 * median || hangFromOneLine(g, median: median))
            out.append(Row(rect: rect, markHeight: median, marks: g.count, aligned: aligned))
        }
        return out.sorted { ($0.rect.minY, $0.rect.minX) < ($1.rect.minY, $1.rect.minX) }
    }

    /// `marks` (sorted by their left edges) as a row, not a patch of texture: not much taller than its marks'
    /// median height, measured along their baseline (a line of small print on a photo tilted 2.3° rises 14 px
    /// along its 9 px letters: its box is taller than two letters). A row of four marks or more that is
    /// too tall only with its first or last mark is that row without it: a board's edge beside its first
    /// letter joins the row ("Bicycles" on a green board, its 'y' and 'l' 27 px tall among 19 px letters,
    /// stood 30.4 px along its baseline with a sliver of the wall at its left edge, against 30 allowed (in the
    /// spotter's reduced picture), and was never read). `nil` when it is no row.
    static func levelled(_ marks: [Mark]) -> [Mark]? {
        func isRow(_ g: [Mark]) -> Bool {
            let heights = g.map(\.rect.height).sorted()
            let median = heights[heights.count / 2]
            let fit = baseline(g.filter { $0.rect.height >= 0.8 * median })
            return levelHeight(g, slope: fit.slope) <= 2 * median
        }
        if isRow(marks) { return marks }
        guard marks.count >= 4 else { return nil }
        for trimmed in [Array(marks.dropFirst()), Array(marks.dropLast())] where isRow(trimmed) { return trimmed }
        return nil
    }

    /// The marks that may carry a row on along its line (`alongLine`): letter-sized, solid ones too, and dashes
    /// (`mayBeDash`), sorted by their left edges. A bold digit, blurred, fills its box like the solid blocks `rows`
    /// leaves out (the 8 of "Gallery 81": 88%).
    static func lineMarks(_ marks: [Mark], maxHeight: Double) -> [Mark] {
        marks.filter { m in
            mayBeText(m.rect, maxHeight: maxHeight) && (m.fill <= 0.92 || m.rect.width <= 0.4 * m.rect.height)
                || mayBeDash(m.rect)
        }.sorted { $0.rect.minX < $1.rect.minX }
    }

    /// `row`'s rectangle carried on along its line over `marks` (`lineMarks`): marks of about its letters'
    /// height, their middles within its height, and dashes across its middle (`isDash`), each less than a letter's
    /// height from the last, at most `alongReach` letter heights either side. A number or a short word a word
    /// space from a row is no row of its own (two marks, or a digit as solid as a block): "Gallery" was read
    /// without its "81". Nor is what follows a dash: a shaken poster's "Open daily 6:00 - 13:00" was spotted as two
    /// rows 1.2 letter heights apart, the dash no mark of either, and read as "daily 6:00" and "13:00".
    static func alongLine(_ row: Row, marks: [Mark]) -> PixelRect {
        let h = row.markHeight, reach = alongReach * h
        var level: [PixelRect] = []
        for m in marks[firstIndex(in: marks) { $0.rect.minX >= row.rect.minX - reach }...] {
            let r = m.rect
            guard r.minX <= row.rect.maxX + reach else { break }
            let letter = r.height >= max(0.6 * h, minHeight) && r.height <= 1.5 * h
                && r.midY >= row.rect.minY && r.midY <= row.rect.maxY
            if letter || isDash(r, on: row) { level.append(r) }
        }
        var minX = row.rect.minX, maxX = row.rect.maxX
        // Rightwards by left edges, leftwards by right edges: each step less than a letter's height.
        for r in level where r.maxX > maxX {
            guard r.minX - maxX <= h else { break }
            maxX = r.maxX
        }
        for r in level.sorted(by: { $0.maxX > $1.maxX }) where r.minX < minX {
            guard minX - r.maxX <= h else { break }
            minX = r.minX
        }
        return PixelRect(minX: minX, minY: row.rect.minY, maxX: maxX, maxY: row.rect.maxY)
    }

    /// How far a row is carried on along its line (`alongLine`), in letter heights either side.
    static let alongReach = 8.0

    /// Whether a mark (`mayBeDash`) is a dash on `row`'s line: under half its letters' height, a third of a letter
    /// to a letter and a half long, its middle between a quarter of a letter below the row's top and a tenth above
    /// its bottom (a dash stands at the middle of small letters; an underscore lies on the baseline).
    static func isDash(_ r: PixelRect, on row: Row) -> Bool {
        let h = row.markHeight
        return mayBeDash(r) && r.height <= 0.45 * h && r.width >= 0.3 * h && r.width <= 1.5 * h
            && r.midY >= row.rect.minY + 0.25 * h && r.midY <= row.rect.maxY - 0.1 * h
    }

    /// The index of the first element of `sorted` for which `isAfter` holds (it holds for all after it).
    private static func firstIndex(in sorted: [Mark], where isAfter: (Mark) -> Bool) -> Int {
        var lo = 0, hi = sorted.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if isAfter(sorted[mid]) { hi = mid } else { lo = mid + 1 }
        }
        return lo
    }

    /// How far the bottoms of `marks` lie from their baseline, between the quartiles: the line fitted
    /// through them by least squares, its slope at most 0.1 (about 6°). On a photo taken slightly
    /// askew a word's letters stand on a slanting line: "Bus Stop" tilted 2.5°, its bottoms spread 7 px
    /// about a level line for letters 16 px tall, was taken for no text and never read.
    /// `fit` is that line, `baseline(marks)`.
    static func baselineSpread(_ marks: [Mark], along fit: (slope: Double, meanX: Double)) -> Double {
        guard !marks.isEmpty else { return .infinity }
        let residuals = marks.map { $0.rect.maxY - fit.slope * ($0.rect.midX - fit.meanX) }.sorted()
        return residuals[residuals.count * 3 / 4] - residuals[residuals.count / 4]
    }

    /// Whether `marks` (of a row whose marks' median height is `median`) are letters on a baseline
    /// with descenders: three or more stand on one line (their bottoms within a quarter of `median`
    /// of it, the line fitted through them), and with those hanging below it from as high as their
    /// tops (a p, a y, or a letter run into a mark beside it) they are three quarters of the row's
    /// letters (marks half as tall as `median` or taller). Marks shifted up and down whole are not.
    static func hangFromOneLine(_ marks: [Mark], median: Double) -> Bool {
        let letters = marks.filter { $0.rect.height >= 0.5 * median }
        guard letters.count >= 3 else { return false }
        let within = 0.25 * median
        var fit = baseline(letters)
        // A height taken back to the level of the line fitted last.
        func level(_ y: Double, _ m: Mark) -> Double { y - fit.slope * (m.rect.midX - fit.meanX) }
        var standing: [Mark] = []
        for _ in 0..<2 {
            let sorted = letters.map { ($0, level($0.rect.maxY, $0)) }.sorted { $0.1 < $1.1 }
            var best = 0..<1, lo = 0
            for hi in sorted.indices {
                while sorted[hi].1 - sorted[lo].1 > within { lo += 1 }
                if hi + 1 - lo > best.count { best = lo..<(hi + 1) }
            }
            standing = sorted[best].map(\.0)
            fit = baseline(standing)
        }
        guard standing.count >= 3 else { return false }
        let bottoms = standing.map { level($0.rect.maxY, $0) }.sorted()
        let tops = standing.map { level($0.rect.minY, $0) }.sorted()
        let line = bottoms[bottoms.count / 2], top = tops[tops.count / 2]
        let hanging = letters.count { m in
            !standing.contains(m) && level(m.rect.maxY, m) > line + within && level(m.rect.minY, m) <= top + within
        }
        return Double(standing.count + hanging) >= 0.75 * Double(letters.count)
    }

    /// The slope of the line fitted through the bottoms of `marks` by least squares (at most 0.1, and
    /// level through fewer than three: through two bottoms a line always runs), and the marks' mean x.
    static func baseline(_ marks: [Mark]) -> (slope: Double, meanX: Double) {
        guard !marks.isEmpty else { return (0, 0) }
        let xs = marks.map(\.rect.midX), ys = marks.map(\.rect.maxY)
        let mx = xs.reduce(0, +) / Double(xs.count), my = ys.reduce(0, +) / Double(ys.count)
        let sxx = xs.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
        let sxy = zip(xs, ys).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
        return (marks.count >= 3 && sxx > 0 ? max(-0.1, min(0.1, sxy / sxx)) : 0, mx)
    }

    /// The height of `marks` measured across a baseline of `slope`: from the highest top to the lowest
    /// bottom, each taken back to the line's level.
    static func levelHeight(_ marks: [Mark], slope: Double) -> Double {
        let x0 = marks.first?.rect.midX ?? 0
        let tops = marks.map { $0.rect.minY - slope * ($0.rect.midX - x0) }
        let bottoms = marks.map { $0.rect.maxY - slope * ($0.rect.midX - x0) }
        return (bottoms.max() ?? 0) - (tops.min() ?? 0)
    }

    /// The marks of `sorted` (by left edge) that stand in a grid: three or more of one size side by side,
    /// nothing between them, evenly spaced at least half their width apart, and another such row right
    /// above or below — a facade's windows, which the threshold hollows into letter-like frames. A shop's
    /// word level with such windows and about their height was strung to them ("Pharmacy" beside twelve
    /// windows: one row 1,147 px long, too unlikely to be read). Letters of a word are seldom one size
    /// three times running, and stand closer.
    static func gridMarks(_ sorted: [Mark]) -> Set<Int> {
        func oneSize(_ a: PixelRect, _ b: PixelRect) -> Bool {
            abs(a.width - b.width) <= 0.12 * max(a.width, b.width)
                && abs(a.height - b.height) <= 0.12 * max(a.height, b.height)
        }
        // For each mark, the gap to the next mark on its row when that one is of its size.
        var next: [Int: (index: Int, gap: Double)] = [:]
        for (i, m) in sorted.enumerated() {
            let a = m.rect
            var j = i + 1
            while j < sorted.count, sorted[j].rect.minX <= a.maxX + 2 * a.width {
                let b = sorted[j].rect
                let overlap = min(a.maxY, b.maxY) - max(a.minY, b.minY)
                if b.minX >= a.maxX - 0.2 * a.width, overlap > 0.3 * a.height {
                    if b.minX >= a.maxX, oneSize(a, b), abs(a.minY - b.minY) <= 0.15 * max(a.height, b.height) {
                        next[i] = (j, b.minX - a.maxX)
                    }
                    break
                }
                j += 1
            }
        }
        // Rows of three such marks, evenly spaced.
        var triples: [[Int]] = []
        for (i, (j, g1)) in next {
            guard let (k, g2) = next[j] else { continue }
            let w = sorted[i].rect.width
            if g1 >= 0.5 * w, g2 >= 0.5 * w, abs(g1 - g2) <= 0.25 * max(g1, g2) { triples.append([i, j, k]) }
        }
        let inRows = Set(triples.joined())
        // Whether a mark of such a row stands right above or below it, of its size, at most two of its
        // heights away: windows repeat floor over floor. Letters seldom do: the final ㅇ of each syllable
        // of a spaced 승강장 are one size and evenly spaced, with a ㅅ, ㄱ, ㅈ of about their size above
        // them, but those stand in no such row.
        func stacked(_ i: Int) -> Bool {
            let a = sorted[i].rect
            var j = i
            while j > 0, sorted[j - 1].rect.minX >= a.minX - 0.15 * a.width { j -= 1 }
            while j < sorted.count, sorted[j].rect.minX <= a.minX + 0.15 * a.width {
                let b = sorted[j].rect
                let gap = max(b.minY - a.maxY, a.minY - b.maxY)
                if j != i, inRows.contains(j), gap >= 0, gap <= 2 * a.height, oneSize(a, b) { return true }
                j += 1
            }
            return false
        }
        return Set(triples.filter { $0.contains(where: stacked) }.joined())
    }

    /// Whether a row's marks are a grid rather than letters: a facade's windows, a railing's bars — spaced
    /// as wide as they are (letters stand close), or all one width (letters differ: an I, an M) and either
    /// one height or a third of their width apart. A monospaced word's letters are one width too, but
    /// stand a quarter of it apart, and its ascenders rise above the rest ("Books 60" on a dark plate,
    /// widths 11–13 px, heights 13–19, 3 px apart, was taken for windows and never read).
    static func isGrid(_ marks: [Mark]) -> Bool {
        func oneSize(_ values: [Double], within share: Double) -> Bool {
            let mean = values.reduce(0, +) / Double(values.count)
            let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
            return variance.squareRoot() < share * mean
        }
        let rects = marks.map(\.rect).sorted { $0.minX < $1.minX }
        let width = rects.map(\.width).sorted()[rects.count / 2]
        let gaps = zip(rects, rects.dropFirst()).map { $1.minX - $0.maxX }.sorted()
        let gap = gaps.isEmpty ? 0 : gaps[gaps.count / 2]
        if gap >= 0.6 * width { return true }
        return oneSize(rects.map(\.width), within: 0.06)
            && (oneSize(rects.map(\.height), within: 0.1) || gap >= 0.35 * width)
    }

    /// The words of `line`, read in a spotted row, that are kept: on their own (`keeps`), or beside one
    /// kept so (`keepsBeside`), and a dash between two kept words ("Mon - Fri", "9:00 - 17:00": a reader reads
    /// the range). A Korean word read as one word per syllable ("편 의 점" standing tight) is judged whole.
    static func keptWords(of line: TextLine) -> [TextWord] {
        let groups = line.readerWords
        // Each word as a reader sees it, as sure as its least sure part.
        let words = groups.map { parts in
            TextWord(text: parts.map(\.text).joined(), confidence: parts.map(\.confidence).min() ?? 0,
                     rect: parts.dropFirst().reduce(parts[0].rect) { $0.union($1.rect) },
                     inDictionary: parts.count == 1 && parts[0].inDictionary)
        }
        let anyKept = words.contains(where: keeps)
        let kept = words.map { keeps($0) || anyKept && keepsBeside($0) }
        return groups.indices.flatMap { i -> [TextWord] in
            let between = i > 0 && i + 1 < words.count && kept[i - 1] && kept[i + 1]
            return kept[i] || between && dashes.contains(words[i].text) ? groups[i] : []
        }
    }

    /// A hyphen, an en dash and an em dash, read as a word of their own.
    static let dashes: Set<String> = ["-", "–", "—"]

    /// Whether a word read in a spotted row beside a word kept on its own is kept with it: sure and short,
    /// mostly letters and digits (the 38 of "One Way 38", 92%); or read with some confidence (50%) and a
    /// number of two digits or more, or a dictionary word of three letters or more. A sign's first or last
    /// word reads less surely at the cut than the words between ("Post" 72% before "Office" 96%, "Open"
    /// 56% before "24 Hours", "Hotel 58" with 58 at 84%): over the harness's 200 street photos, 38 words
    /// beside a kept one were so, every one of them a word of the photo's signs; the words that were not,
    /// texture read beside a sign's word, were symbols, single letters and two-letter scraps ("ff" 70%,
    /// "ip" 65%).
    static func keepsBeside(_ w: TextWord) -> Bool {
        let alnum = w.text.count { $0.isLetter || $0.isNumber }
        if w.confidence >= 85, alnum >= 1, alnum * 2 >= w.text.count { return true }
        guard w.confidence >= 50 else { return false }
        let core = w.text.trimmingCharacters(in: .punctuationCharacters.union(.symbols))
        if core.count >= 2, core.allSatisfy(\.isNumber) { return true }
        return w.inDictionary && core.count >= 3 && core.allSatisfy(\.isLetter)
    }

    /// Whether a word read in a spotted row is worth a line on its own. A street photo's textures read
    /// as short, unsure words, many of them in the dictionary ("hist", "Sour", 55%), so a word needs
    /// three letters or digits read with confidence, a number of three digits or more, or a long
    /// dictionary word (small blurred letters read "Theatre" at 48%); brackets and quotes around it
    /// aside, it is mostly letters and digits. A Hangul syllable (or Han, Kana character) counts as two
    /// letters: 입구, 출구, 센터 are whole words, read at 83–97% from sign panels.
    static func keeps(_ w: TextWord) -> Bool {
        guard let (letters, digits) = wordShape(w) else { return false }
        if w.confidence >= 75 { return true }
        if digits >= 3, letters == 0, w.confidence >= 60 { return true }
        return w.inDictionary && letters >= 6 && w.confidence >= 45
    }

    /// Whether a word read in a spotted row and not kept (`keeps`) is shaped like one kept and read with
    /// some confidence (30%), or is a dictionary word of four letters or more however unsurely: a word a
    /// surer reading of the row may keep. Tesseract's line reader can read a clear word right and yet
    /// be unsure of it where the cut-out's edge crosses the sign's border: "Laundry" (dark on a light
    /// sign on a dark wall) read right at 8%, framed by its ground 96%. Over the harness's 200 street
    /// photos, 198 rows that kept nothing held such a word, 12 of them a sign's: one reading more each.
    static func nearlyKept(_ w: TextWord) -> Bool {
        guard !keeps(w), let (letters, digits) = wordShape(w) else { return false }
        return w.confidence >= 30 || w.inDictionary && digits == 0 && letters >= 4
    }

    /// The letters and digits of a word shaped like a word: three letters or digits at least (a Hangul
    /// syllable, a Han or Kana character counting two), and, brackets and quotes around it aside, mostly
    /// letters and digits; `nil` for any other.
    static func wordShape(_ w: TextWord) -> (letters: Int, digits: Int)? {
        let core = w.text.trimmingCharacters(in: .punctuationCharacters.union(.symbols))
        let letters = core.count(where: \.isLetter), digits = core.count(where: \.isNumber)
        let wide = core.unicodeScalars.count(where: { TextLine.isCJK($0) })
        let alnum = letters + digits + wide
        guard alnum >= 3, core.count - letters - digits <= max(1, alnum / 3) else { return nil }
        return (letters, digits)
    }
}
