/// Cuts a line where its words stand far apart, so a line never joins two sign panels or two
/// columns across a gap.
///
/// Tesseract's layout analysis may string words of neighbouring panels that share a baseline into one
/// line (tesseract issue 4426: its layout analysis will not improve). Ordinary word spaces are about
/// half the text height; a gap of more than `gapRatio` text heights is a boundary.
enum LineSplitter {
    static let gapRatio = 1.5

    static func split(_ line: TextLine) -> [TextLine] {
        guard line.words.count > 1 else { return [line] }
        let h = max(line.textHeight, 1)
        var out: [TextLine] = []
        var current: [TextWord] = [line.words[0]]
        for w in line.words.dropFirst() {
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
}
