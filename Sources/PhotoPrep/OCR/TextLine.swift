/// A rectangle in some image's pixels, with the geometry the OCR stages need. Internal working type;
/// the public result uses `Moment.Box`.
struct PixelRect: Equatable, Sendable {
    var minX: Double, minY: Double, maxX: Double, maxY: Double

    init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX; self.minY = minY; self.maxX = maxX; self.maxY = maxY
    }

    var width: Double { maxX - minX }
    var height: Double { maxY - minY }
    var area: Double { max(0, width) * max(0, height) }
    var midX: Double { (minX + maxX) / 2 }
    var midY: Double { (minY + maxY) / 2 }

    func union(_ o: PixelRect) -> PixelRect {
        PixelRect(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
    }

    func intersectionArea(_ o: PixelRect) -> Double {
        max(0, min(maxX, o.maxX) - max(minX, o.minX)) * max(0, min(maxY, o.maxY) - max(minY, o.minY))
    }

    /// Rounded outward to whole pixels and clamped to `width`×`height`.
    func box(clampedTo width: Int, _ height: Int) -> Moment.Box {
        let x0 = max(0, Int(minX.rounded(.down))), y0 = max(0, Int(minY.rounded(.down)))
        let x1 = min(width, Int(maxX.rounded(.up))), y1 = min(height, Int(maxY.rounded(.up)))
        return Moment.Box(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

/// A word Tesseract read, with its confidence (0–100) and box.
struct TextWord: Equatable, Sendable {
    var text: String
    var confidence: Double
    var rect: PixelRect
    /// Whether Tesseract found the word in its dictionary.
    var inDictionary: Bool
}

/// A line of words as one recognition pass found it, in that pass's image coordinates.
struct TextLine: Equatable, Sendable {
    var words: [TextWord]
    /// Slope of the baseline (dy/dx), for skew estimation.
    var slope: Double

    var text: String { words.map(\.text).joined(separator: " ") }
    var rect: PixelRect { words.dropFirst().reduce(words[0].rect) { $0.union($1.rect) } }

    /// Character-weighted mean of the word confidences.
    var confidence: Double {
        let n = words.reduce(0) { $0 + max(1, $1.text.count) }
        guard n > 0 else { return 0 }
        return words.reduce(0) { $0 + $1.confidence * Double(max(1, $1.text.count)) } / Double(n)
    }

    /// Height of the line's words, ignoring the skew that makes its box taller.
    var textHeight: Double {
        let hs = words.map(\.rect.height).sorted()
        return hs.isEmpty ? 0 : hs[hs.count / 2]
    }
}
