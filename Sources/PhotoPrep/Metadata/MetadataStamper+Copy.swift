extension MetadataStamper {
    /// IFD0 tags of the camera not carried to the copy: image structure that describes the
    /// original's pixels, pointers, and blocks with their own offsets or formats.
    static let notCarriedIFD0: Set<UInt16> = [
        0x0100, 0x0101, 0x0102, 0x0103, 0x0106, 0x0111, 0x0112, 0x0115, 0x0116, 0x0117, 0x011C, 0x014A,
        0x0201, 0x0202, 0x0212, 0x02BC, 0x83BB, 0x8649, 0x8769, 0x8773, 0x8825, 0xC4A5, 0xC634, 0xEA1C, 0xEA1D,
    ]
    /// Exif IFD tags not carried: the MakerNote (its offsets would break), the interoperability
    /// pointer, the original's pixel size, padding, and the tags the stamp sets.
    static let notCarriedExif: Set<UInt16> = [
        0x9000, 0x927C, 0xA002, 0xA003, 0xA005, 0xEA1C, 0xEA1D, 0x9003, 0x9011, 0x9291,
    ]

    /// The copy: `copyJPEG` (a freshly encoded JPEG) with a new EXIF right after its JFIF APP0:
    /// the capture stamp, Orientation 1, `PixelXDimension`/`PixelYDimension` = `width`×`height`,
    /// the GPS IFD for the place (the camera's own GPS tags when the place came from them), and
    /// the camera's descriptive tags (make, model, exposure, lens, …) carried over from
    /// `originalJPEG`. Never carried: MakerNotes, the IFD1 thumbnail, the original's size.
    /// The place name goes into a new XMP packet. Other segments (ICC) are kept.
    public static func stampCopy(
        copyJPEG: [UInt8], originalJPEG: [UInt8]?, truth: CaptureTruth, width: Int,
        height: Int
    ) throws(MetadataError) -> [UInt8] {
        guard var parsed = JPEGSegments(copyJPEG) else { throw .notJPEG(what: "the copy") }
        parsed.segments.removeAll { $0.isEXIF || $0.isXMP }
        let stamp = CaptureStamp(truth: truth)

        var camera: EXIFStructure?
        if let originalJPEG, let seg = JPEGSegments(originalJPEG)?.segments.first(where: { $0.isEXIF }),
            let tiff = EXIFStructure.tiff(fromAPP1: seg.payload), let s = EXIFStructure(tiff: tiff), !s.damaged
        {
            camera = s
        }
        let size = (width: width, height: height)
        var tiff = fresh(bigEndian: camera?.block.bigEndian ?? true, stamp: stamp, orientation: 1, size: size)
        if let camera {
            let ifd0 = carried(camera.ifd0, from: camera.block, excluding: notCarriedIFD0)
            let exif = carried(camera.exif, from: camera.block, excluding: notCarriedExif)
            var gps: [TIFFWriter.Entry]?
            if truth.place?.source == "exif", camera.gps != nil {
                gps = carried(camera.gps, from: camera.block, excluding: [])
                if gps?.contains(where: { $0.tag == 0x0000 }) == false {  // exiftool -validate requires it
                    gps?.append(TIFFWriter.Entry(tag: 0, type: 1, count: 4, value: .data([2, 3, 0, 0])))
                }
            }
            let full = fresh(
                bigEndian: camera.block.bigEndian, stamp: stamp, orientation: 1, size: size,
                carriedIFD0: ifd0, carriedExif: exif, gps: gps)
            if full.count + 6 <= 65533 { tiff = full }
        }
        guard let exif = JPEGSegments.Segment(marker: 0xE1, payload: JPEGSegments.exifSignature + tiff) else {
            throw .exifTooLarge(bytes: tiff.count + 6)
        }
        let at = parsed.metadataInsertionIndex
        parsed.segments.insert(exif, at: at)
        if let name = truth.placeName,
            let xmp = JPEGSegments.Segment(
                marker: 0xE1, payload: JPEGSegments.xmpSignature + Array(XMPPacket.fresh(location: name).utf8))
        {
            parsed.segments.insert(xmp, at: at + 1)
        }
        return parsed.bytes
    }

    /// A directory's entries with their values copied out of the camera's block (same byte order),
    /// leaving out `excluding`, unknown formats, IFD pointers and unreadable values.
    static func carried(_ dir: TIFFDirectory?, from block: TIFFBlock, excluding: Set<UInt16>) -> [TIFFWriter.Entry] {
        guard let dir else { return [] }
        var seen = Set<UInt16>()
        return dir.entries.compactMap { e in
            guard !excluding.contains(e.tag), e.type != 13, !seen.contains(e.tag), let value = block.value(of: e),
                value.count <= 8192
            else { return nil }
            seen.insert(e.tag)
            return TIFFWriter.Entry(tag: e.tag, type: e.type, count: e.count, value: .data(value))
        }
    }
}
