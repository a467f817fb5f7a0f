/// Writes the capture truth into the original and the copy.
public enum MetadataStamper {
    /// The original: every byte outside the EXIF and XMP APP1 segments kept exactly.
    /// (First cut: returns the JPEG unchanged; the EXIF writer lands next.)
    public static func stampOriginal(jpeg: [UInt8], truth: CaptureTruth) throws(MetadataError)
        -> (jpeg: [UInt8], warnings: [String])
    {
        guard JPEGSegments(jpeg) != nil else { throw .notJPEG(what: "the original") }
        return (jpeg, [])
    }

    /// The copy: a freshly encoded JPEG given the capture stamp, Orientation 1 and its own size.
    /// (First cut: returns the JPEG unchanged; the EXIF writer lands next.)
    public static func stampCopy(copyJPEG: [UInt8], originalJPEG: [UInt8]?, truth: CaptureTruth, width: Int,
                                 height: Int) throws(MetadataError) -> [UInt8]
    {
        guard JPEGSegments(copyJPEG) != nil else { throw .notJPEG(what: "the copy") }
        return copyJPEG
    }
}
