/// Cuts a line where its words stand far apart, so a line never joins two sign panels or two
/// columns across a gap.
///
/// Tesseract's layout analysis may string words of neighbouring panels that share a baseline into one
/// line (tesseract issue 4426: its layout analysis will not improve). Ordinary word spaces are about
/// half the text height; a gap of more than `gapRatio` text heights is a boundary, unless the line's
/// own spaces are wide: in small monospaced print a space after a dropped comma is two character
/// widths, more than 1.5 x-heights, so a gap must also be `spaceRatio` times the line's usual space.
///
/// Lines Tesseract reads sideways (text turned a quarter, which it takes for vertical text) run down
/// the picture: their words follow one another along y, and their text height is the words' width.
enum LineSplitter {
    static let gapRatio = 1.5
    static let spaceRatio = 3.0

    static func split(_ line: TextLine) -> [TextLine] {
        let words = withoutRepeats(line.words, along: Axis(line))
        guard words.count > 1 else { return [TextLine(words: words, slope: line.slope)] }
        let axis = Axis(line)
        let h = max(axis.thickness(words), 1)
        // The line's usual space: the lower median of its gaps (with three words or more), and never
        // wider than two text heights: "매표소 | 대합실", two panels' words with the edge of one read as
        // "|" between them, has no space but two gaps of eight text heights.
        let gaps = zip(words, words.dropFirst()).map { axis.start($1) - axis.end($0) }.sorted()
        let space = gaps.count >= 2 ? min(2 * h, max(0, gaps[(gaps.count - 1) / 2])) : 0
        let boundary = max(gapRatio * h, spaceRatio * space)
        var out: [TextLine] = []
        var current: [TextWord] = [words[0]]
        // A mark of no letter or digit standing taller than the line is a panel's edge, not text: it
        // bridges no gap ("Smoking Room |” International", two panels' words, the "|”" 1.8 text heights
        // tall between them). A dash or an ampersand between words is no taller than they are.
        func edge(_ w: TextWord) -> Bool {
            axis.thickness([w]) > 1.5 * h && !w.text.contains { $0.isLetter || $0.isNumber }
        }
        for w in words.dropFirst() {
            if edge(w) {
                current.append(w)
                continue
            }
            let prev = current.last { !edge($0) } ?? current[current.count - 1]
            if axis.start(w) - axis.end(prev) > boundary {
                out.append(TextLine(words: current, slope: line.slope))
                current = [w]
            } else {
                current.append(w)
            }
        }
        out.append(TextLine(words: current, slope: line.slope))
        return out
    }

    /// Tesseract sometimes reads a word twice into one line (seen on light text on a dark title bar:
    /// "Departures Departures Seoul Station Station"). The same word standing on the same stretch of
    /// a line (overlapping along it by more than half) is one word: the more confident reading
    /// is kept. Different words over each other are left alone: a "line" may hold two rows of text.
    /// Along a sideways line, "The" and "the" read in turn are two words, not one read twice.
    static func withoutRepeats(_ words: [TextWord], along axis: Axis) -> [TextWord] {
        func key(_ w: TextWord) -> String { w.text.lowercased().filter { $0.isLetter || $0.isNumber } }
        var kept: [TextWord] = []
        for w in words {
            if let i = kept.firstIndex(where: { k in
                let overlap = min(axis.end(k), axis.end(w)) - max(axis.start(k), axis.start(w))
                return overlap > 0.5 * min(axis.length(k), axis.length(w)) && key(k) == key(w) && !key(w).isEmpty
            }) {
                if w.confidence > kept[i].confidence { kept[i] = w }
            } else {
                kept.append(w)
            }
        }
        return kept
    }

    /// The direction a line's words follow one another in the picture it was read in.
    struct Axis {
        /// Words follow one another down the picture (a line read sideways).
        var vertical: Bool

        /// A line runs down the picture when its words of two characters or more are taller than wide
        /// (a word read twice, one reading under the other, makes a line's box tall, not its words).
        init(_ line: TextLine) {
            let long = line.words.filter { $0.text.count >= 2 }
            let words = long.isEmpty ? line.words : long
            vertical = words.reduce(0) { $0 + $1.rect.height } > 1.5 * words.reduce(0) { $0 + $1.rect.width }
        }

        func start(_ w: TextWord) -> Double { vertical ? w.rect.minY : w.rect.minX }
        func end(_ w: TextWord) -> Double { vertical ? w.rect.maxY : w.rect.maxX }
        func length(_ w: TextWord) -> Double { end(w) - start(w) }
        /// The median size of the words across the line: their text height.
        func thickness(_ words: [TextWord]) -> Double {
            let sizes = words.map { vertical ? $0.rect.width : $0.rect.height }.sorted()
            return sizes.isEmpty ? 0 : sizes[sizes.count / 2]
        }
    }
}
