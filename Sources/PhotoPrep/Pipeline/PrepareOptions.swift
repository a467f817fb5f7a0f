/// How photos are prepared: everything the command line can say that shapes a moment.
public struct PrepareOptions: Sendable {
    public var capture: CaptureOptions
    /// Tesseract languages, `eng`, `kor+eng`, …
    public var languages: String
    public var situation: String?
    public var crumb: String?
    /// Also produce `annotated.jpg`: the copy with every numbered line boxed.
    public var annotate: Bool
    /// Pictures claiming more pixels than this are refused before decoding.
    public var maxPixels: Int
    /// The copy's long edge.
    public var longEdge: Int

    public init(capture: CaptureOptions = CaptureOptions(), languages: String = "eng", situation: String? = nil,
                crumb: String? = nil, annotate: Bool = false, maxPixels: Int = CopyMaker.defaultMaxPixels,
                longEdge: Int = 2048) {
        self.capture = capture; self.languages = languages; self.situation = situation; self.crumb = crumb
        self.annotate = annotate; self.maxPixels = maxPixels; self.longEdge = longEdge
    }
}

/// One photo to prepare: its bytes and what is known about the file.
public struct PhotoInput: Sendable {
    /// The file's own name (`IMG_0042.jpg`), `-` for standard input.
    public var name: String
    public var bytes: [UInt8]
    /// The file's modification time; nil for standard input.
    public var modified: Date?
    /// Lowercase hex SHA-256 of `bytes`: how the outbox recognises a photo it already holds.
    public let sha256: String

    public init(name: String, bytes: [UInt8], modified: Date?) {
        self.name = name; self.bytes = bytes; self.modified = modified
        self.sha256 = SHA256.hex(bytes)
    }
}

import struct Foundation.Date
