/// Cuts a line where its words stand far apart, so a line never joins two sign panels or two
/// columns across a gap.
///
/// Tesseract's layout analysis may string words of neighbouring panels that share a baseline into one
/// line (tesseract issue 4426: its layout analysis will not improve). Ordinary word spaces are about
/// half the text height; a gap of more than `gapRatio` text heights is a boundary.
enum LineSplitter {
    static let gapRatio = 1.5

    static func split(_ line: TextLine) -> [TextLine] {
        let words = withoutRepeats(line.words)
        guard words.count > 1 else { return [TextLine(words: words, slope: line.slope)] }
        let h = max(line.textHeight, 1)
        var out: [TextLine] = []
        var current: [TextWord] = [words[0]]
        for w in words.dropFirst() {
            let prev = current[current.count - 1]
            if w.rect.minX - prev.rect.maxX > gapRatio * h {
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
    /// a line (overlapping horizontally by more than half) is one word: the more confident reading
    /// is kept. Different words over each other are left alone: a "line" may hold two rows of text.
    static func withoutRepeats(_ words: [TextWord]) -> [TextWord] {
        func key(_ w: TextWord) -> String { w.text.lowercased().filter { $0.isLetter || $0.isNumber } }
        var kept: [TextWord] = []
        for w in words {
            if let i = kept.firstIndex(where: { k in
                let overlap = min(k.rect.maxX, w.rect.maxX) - max(k.rect.minX, w.rect.minX)
                return overlap > 0.5 * min(k.rect.width, w.rect.width) && key(k) == key(w) && !key(w).isEmpty
            }) {
                if w.confidence > kept[i].confidence { kept[i] = w }
            } else {
                kept.append(w)
            }
        }
        return kept
    }
}
