/// One line of text found in a photo.
///
/// `box` is in the pixels of the raster that was recognised (the copy's upright pixels), origin
/// top-left; `confidence` is Tesseract's 0–100 score for the line. `text` is never empty or blank.
public struct OCRLine: Sendable, Equatable {
    public var text: String
    public var confidence: Double
    public var box: Moment.Box

    public init(text: String, confidence: Double, box: Moment.Box) {
        self.text = text
        self.confidence = confidence
        self.box = box
    }
}

/// What OCR found in one photo.
public struct OCRResult: Sendable, Equatable {
    /// The lines in reading order; the pipeline numbers them 1…N in this order.
    public var lines: [OCRLine]
    /// Degrees clockwise the text stood rotated in the raster (0, 90, 180 or 270).
    public var textRotation: Int
    /// The engine and its version, e.g. `tesseract 5.3.0`.
    public var engine: String
    /// The Tesseract languages used, e.g. `eng` or `kor+eng`.
    public var languages: String

    public init(lines: [OCRLine], textRotation: Int, engine: String, languages: String) {
        self.lines = lines
        self.textRotation = textRotation
        self.engine = engine
        self.languages = languages
    }
}
