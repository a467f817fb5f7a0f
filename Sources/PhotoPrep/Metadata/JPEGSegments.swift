/// The marker segments of a JPEG file up to its first scan, each kept as the exact bytes it had.
///
/// Everything from the start-of-scan marker on (entropy-coded data, EOI, and whatever follows
/// the end of the image, such as MPF pictures) is the `tail`, handed back untouched, so that
/// rewriting metadata can never change the picture.
struct JPEGSegments: Sendable {
    struct Segment: Sendable, Equatable {
        /// The marker's second byte (0xE1 for APP1).
        var marker: UInt8
        /// The whole segment: `FF`, marker, two length bytes, payload.
        var bytes: [UInt8]
        /// The payload after the length field.
        var payload: ArraySlice<UInt8> { bytes[4...] }

        init(marker: UInt8, bytes: [UInt8]) {
            self.marker = marker
            self.bytes = bytes
        }

        /// A segment holding `payload`, or nil when it does not fit a JPEG segment (65533 bytes).
        init?(marker: UInt8, payload: [UInt8]) {
            guard payload.count <= 65533 else { return nil }
            let length = payload.count + 2
            self.marker = marker
            self.bytes = [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        }

        func payloadStarts(with prefix: [UInt8]) -> Bool {
            payload.count >= prefix.count && payload.prefix(prefix.count).elementsEqual(prefix)
        }

        var isEXIF: Bool { marker == 0xE1 && payloadStarts(with: JPEGSegments.exifSignature) }
        var isXMP: Bool { marker == 0xE1 && payloadStarts(with: JPEGSegments.xmpSignature) }
        var isICC: Bool { marker == 0xE2 && payloadStarts(with: JPEGSegments.iccSignature) }
        var isMPF: Bool { marker == 0xE2 && payloadStarts(with: JPEGSegments.mpfSignature) }
        var isJFIF: Bool { marker == 0xE0 && payloadStarts(with: Array("JFIF\0".utf8)) }
    }

    static let exifSignature: [UInt8] = Array("Exif\0\0".utf8)
    static let xmpSignature: [UInt8] = Array("http://ns.adobe.com/xap/1.0/\0".utf8)
    static let iccSignature: [UInt8] = Array("ICC_PROFILE\0".utf8)
    static let mpfSignature: [UInt8] = Array("MPF\0".utf8)

    var segments: [Segment]
    /// From the first SOS marker (or the first byte that could not be parsed) to the end of the file.
    var tail: [UInt8]
    /// What was odd about the segment structure (a segment running past the end of the file, …).
    var warnings: [String] = []

    /// Splits `jpeg`; nil when it does not start with the JPEG start-of-image marker.
    init?(_ jpeg: [UInt8]) {
        guard jpeg.count >= 2, jpeg[0] == 0xFF, jpeg[1] == 0xD8 else { return nil }
        var segments: [Segment] = []
        var warnings: [String] = []
        var i = 2
        scan: while i < jpeg.count {
            guard jpeg[i] == 0xFF else {
                warnings.append("JPEG: unexpected byte before a marker at offset \(i)")
                break
            }
            var m = i + 1
            while m < jpeg.count, jpeg[m] == 0xFF { m += 1 }  // fill bytes
            guard m < jpeg.count else { break }
            let marker = jpeg[m]
            switch marker {
            case 0xDA, 0xD9:  // start of scan, end of image: the rest is the tail
                break scan
            case 0x01, 0xD0...0xD7:  // stand-alone markers
                segments.append(Segment(marker: marker, bytes: [0xFF, marker]))
                i = m + 1
                continue
            default:
                guard m + 2 < jpeg.count else {
                    warnings.append("JPEG: marker segment cut off at the end of the file")
                    break scan
                }
                let length = Int(jpeg[m + 1]) << 8 | Int(jpeg[m + 2])
                guard length >= 2, m + 1 + length <= jpeg.count else {
                    warnings.append(
                        String(format: "JPEG: segment FF%02X at offset %d runs past the end of the file", marker, i))
                    break scan
                }
                segments.append(Segment(marker: marker, bytes: [0xFF, marker] + jpeg[(m + 1)..<(m + 1 + length)]))
                i = m + 1 + length
            }
        }
        self.segments = segments
        self.tail = i < jpeg.count ? Array(jpeg[i...]) : []
        self.warnings = warnings
    }

    /// The file again: start-of-image, the segments, the tail.
    var bytes: [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(2 + segments.reduce(0) { $0 + $1.bytes.count } + tail.count)
        for s in segments { out += s.bytes }
        out += tail
        return out
    }

    /// The image's size from its start-of-frame segment.
    var frameSize: (width: Int, height: Int)? {
        for s in segments where (0xC0...0xCF).contains(s.marker) && ![0xC4, 0xC8, 0xCC].contains(s.marker) {
            let p = Array(s.payload)
            guard p.count >= 5 else { return nil }
            return (Int(p[3]) << 8 | Int(p[4]), Int(p[1]) << 8 | Int(p[2]))
        }
        return nil
    }

    /// Where a new EXIF segment goes: after the leading APP0 segments (JFIF and its extension),
    /// otherwise right after the start-of-image marker.
    var metadataInsertionIndex: Int {
        var idx = 0
        while idx < segments.count, segments[idx].marker == 0xE0 { idx += 1 }  // JFIF, JFXX
        return idx
    }
}
