/// The picture formats PhotoPrep reads, recognised by their first bytes, never by file name.
public enum ImageFormat: String, Sendable, CaseIterable {
    case jpeg, png, tiff, webp, bmp, pnm, gif

    /// The format the bytes announce, or nil when they are not a picture PhotoPrep reads.
    public static func sniff(_ bytes: [UInt8]) -> ImageFormat? {
        func starts(_ prefix: [UInt8]) -> Bool {
            bytes.count >= prefix.count && Array(bytes[0..<prefix.count]) == prefix
        }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) { return .tiff }
        if bytes.count >= 12, starts(Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) { return .webp }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if bytes.count >= 26, starts(Array("BM".utf8)) { return .bmp }
        if bytes.count >= 3, bytes[0] == UInt8(ascii: "P"), (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(bytes[1]),
           [0x20, 0x09, 0x0A, 0x0D].contains(bytes[2]) {
            return .pnm
        }
        return nil
    }

    /// Whether the bytes start like a JPEG but the tool cannot read it (for the error message).
    static func looksLikeJPEG(_ bytes: [UInt8]) -> Bool { bytes.count >= 2 && bytes[0] == 0xFF && bytes[1] == 0xD8 }
}
