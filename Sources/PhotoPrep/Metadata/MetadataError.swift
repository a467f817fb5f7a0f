/// Why metadata could not be written into an image.
public enum MetadataError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The bytes handed over are not a JPEG file.
    case notJPEG(what: String)
    /// The EXIF block with the capture stamp would not fit in one 64 KiB APP1 segment.
    case exifTooLarge(bytes: Int)

    public var description: String {
        switch self {
        case .notJPEG(let what): "\(what) is not a JPEG file, so no capture time or place could be written into it"
        case .exifTooLarge(let n): "the EXIF metadata would take \(n) bytes, more than the 65533 one JPEG segment holds"
        }
    }
}
