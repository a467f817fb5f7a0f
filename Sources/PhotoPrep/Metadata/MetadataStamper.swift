/// Writes the capture truth (time, offset, sub-seconds, GPS, place name) into the original and the copy.
public enum MetadataStamper {
    /// The original: every byte outside the first EXIF APP1 and the XMP APP1 is kept exactly
    /// (image data, ICC, MPF and whatever follows the end of the image; MPF offsets are corrected
    /// if a segment between the MPF index and its images changes size).
    ///
    /// The camera's TIFF block is kept where it is, byte for byte, so MakerNotes and the thumbnail
    /// keep working; new IFD0, Exif and GPS directories are appended after it and the header points
    /// at the new IFD0. A GPS fix that came from the camera itself is left untouched. A damaged or
    /// missing EXIF is replaced by a fresh one holding the capture truth (and the orientation, when
    /// readable), and `warnings` says so. Throws only when `jpeg` is not a JPEG.
    public static func stampOriginal(jpeg: [UInt8], truth: CaptureTruth) throws(MetadataError)
        -> (jpeg: [UInt8], warnings: [String])
    {
        guard var parsed = JPEGSegments(jpeg) else { throw .notJPEG(what: "the original") }
        let before = parsed.segments
        var warnings: [String] = []
        let stamp = CaptureStamp(truth: truth)
        let size = parsed.frameSize

        let exifIndex = parsed.segments.firstIndex { $0.isEXIF }
        var tiff: [UInt8]?
        if let exifIndex, let camera = EXIFStructure.tiff(fromAPP1: parsed.segments[exifIndex].payload) {
            if let structure = EXIFStructure(tiff: camera), !structure.damaged, structure.ifd0 != nil {
                tiff = extend(structure, stamp: stamp)
                if let t = tiff, t.count + 6 > 65533 {
                    tiff = extendIntoThumbnail(structure, stamp: stamp)
                    if tiff != nil {
                        warnings.append(
                            "the camera's EXIF had no room left for the capture time and place;"
                                + " its small preview image (thumbnail) was dropped to make room")
                    } else {
                        warnings.append(
                            "the camera's EXIF is too large to add the capture time and place to;"
                                + " it was replaced by a fresh EXIF (the camera's other tags and MakerNotes are lost)")
                    }
                }
                if tiff == nil {
                    tiff = fresh(
                        bigEndian: structure.block.bigEndian, stamp: stamp,
                        orientation: orientation(structure), size: size)
                }
            } else {
                let structure = EXIFStructure(tiff: camera)
                let why =
                    structure.map { $0.warnings.joined(separator: "; ") } ?? "no valid TIFF header (byte-order mark)"
                warnings.append(
                    "the photo's EXIF is damaged (\(why)); it was replaced by a fresh EXIF holding"
                        + " the capture time and place")
                tiff = fresh(
                    bigEndian: structure?.block.bigEndian ?? true, stamp: stamp,
                    orientation: structure.map(orientation) ?? 1, size: size)
            }
        } else {
            tiff = fresh(bigEndian: true, stamp: stamp, orientation: 1, size: size)
        }
        guard let exif = JPEGSegments.Segment(marker: 0xE1, payload: JPEGSegments.exifSignature + tiff!) else {
            throw .exifTooLarge(bytes: tiff!.count + 6)
        }
        let exifAt: Int
        if let exifIndex {
            parsed.segments[exifIndex] = exif
            exifAt = exifIndex
        } else {
            exifAt = parsed.metadataInsertionIndex
            parsed.segments.insert(exif, at: exifAt)
        }
        if let name = truth.placeName {
            placeName(name, in: &parsed, after: exifAt, warnings: &warnings)
        }
        keepMPF(&parsed, before: before, warnings: &warnings)
        return (parsed.bytes, warnings)
    }

    /// Sets or merges the XMP place name: into the existing main XMP packet where there is one,
    /// else a new packet right after the EXIF segment.
    static func placeName(_ name: String, in parsed: inout JPEGSegments, after exifAt: Int, warnings: inout [String]) {
        let signature = JPEGSegments.xmpSignature
        if let i = parsed.segments.firstIndex(where: { $0.isXMP }) {
            let old = Array(parsed.segments[i].payload.dropFirst(signature.count))
            var packet = String(validating: old, as: UTF8.self).flatMap { XMPPacket.merging(location: name, into: $0) }
            if packet == nil {
                warnings.append("the photo's XMP could not be read; it was replaced by one holding the place name")
                packet = XMPPacket.fresh(location: name)
            }
            if let seg = JPEGSegments.Segment(marker: 0xE1, payload: signature + Array(packet!.utf8)) {
                parsed.segments[i] = seg
            } else {
                warnings.append("the photo's XMP is too large to add the place name to; the XMP was left as it was")
            }
        } else if let seg = JPEGSegments.Segment(
            marker: 0xE1, payload: signature + Array(XMPPacket.fresh(location: name).utf8))
        {
            parsed.segments.insert(seg, at: exifAt + 1)
        }
    }

    /// Corrects the MPF index when the segments between it and the image data changed size.
    private static func keepMPF(_ parsed: inout JPEGSegments, before: [JPEGSegments.Segment], warnings: inout [String])
    {
        guard let oldAt = before.firstIndex(where: { $0.isMPF }),
            let newAt = parsed.segments.firstIndex(where: { $0.isMPF })
        else { return }
        let oldAfter = before[oldAt...].reduce(0) { $0 + $1.bytes.count }
        let newAfter = parsed.segments[newAt...].reduce(0) { $0 + $1.bytes.count }
        guard oldAfter != newAfter else { return }
        if let fixed = MPFOffsets.shifted(parsed.segments[newAt], by: newAfter - oldAfter) {
            parsed.segments[newAt] = fixed
        } else {
            warnings.append(
                "the photo's multi-picture (MPF) index could not be followed; its extra images may not be found")
        }
    }

    static func orientation(_ s: EXIFStructure) -> Int {
        var meta = CameraMetadata()
        MetadataReader.read(s, into: &meta)
        return meta.orientation
    }

    /// The camera's block with new directories appended: a copy of IFD0 pointing at a copy of the
    /// Exif IFD that carries the capture time, and at a new GPS IFD when the place is not the camera's.
    static func extend(_ s: EXIFStructure, stamp: CaptureStamp, onto base: [UInt8]? = nil, dropIFD1: Bool = false)
        -> [UInt8]
    {
        var w = TIFFWriter(extending: base ?? s.block.bytes, bigEndian: s.block.bigEndian)
        func verbatim(_ e: TIFFEntry) -> TIFFWriter.Entry {
            TIFFWriter.Entry(tag: e.tag, type: e.type, count: e.count, value: .field(e.field))
        }
        var exif = (s.exif?.entries ?? []).filter {
            TIFFEntry.size(ofType: $0.type) != nil && !CaptureStamp.exifTags.contains($0.tag)
        }.map(verbatim)
        let version = s.block.value(
            of: s.exif?[EXIFStructure.Tag.exifVersion] ?? TIFFEntry(tag: 0, type: 0, count: 0, field: []))
        if version.map({ String(decoding: $0, as: UTF8.self) < "0231" || $0.count != 4 }) ?? true {
            exif.removeAll { $0.tag == EXIFStructure.Tag.exifVersion }
            exif.append(w.bytesEntry(EXIFStructure.Tag.exifVersion, Array("0231".utf8), type: 7))
        }
        exif += stamp.exifEntries(w)
        let exifOffset = w.appendDirectory(exif, next: 0)

        var gpsOffset: UInt32?
        if let place = stamp.truth.place, place.source != "exif" || s.gps == nil, let gps = stamp.gpsEntries(w) {
            gpsOffset = w.appendDirectory(gps)
        }
        let ifd0 = s.ifd0!
        var entries = ifd0.entries.filter {
            TIFFEntry.size(ofType: $0.type) != nil && $0.tag != EXIFStructure.Tag.exifIFD
                && !(gpsOffset != nil && $0.tag == EXIFStructure.Tag.gpsIFD)
        }.map(verbatim)
        entries.append(w.long(EXIFStructure.Tag.exifIFD, exifOffset))
        if let gpsOffset { entries.append(w.long(EXIFStructure.Tag.gpsIFD, gpsOffset)) }
        w.setIFD0(w.appendDirectory(entries, next: dropIFD1 ? 0 : ifd0.next))
        return w.bytes
    }

    /// When the block is full: the same new directories written over the IFD1 thumbnail's bytes
    /// (which nothing else points at), IFD1 unlinked; everything else stays at its offset.
    /// Nil when there is no thumbnail or it is too small to hold them.
    static func extendIntoThumbnail(_ s: EXIFStructure, stamp: CaptureStamp) -> [UInt8]? {
        let b = s.block
        guard let ifd1 = s.ifd1, let start = b.integers(ifd1[0x0201])?.first,
            let length = b.integers(ifd1[0x0202])?.first, start >= 8, length > 0, start + length <= b.bytes.count
        else { return nil }
        let end = start + length
        let built = extend(s, stamp: stamp, onto: Array(b.bytes.prefix(start + start % 2)), dropIFD1: true)
        guard built.count <= end else { return nil }
        let out = built + [UInt8](repeating: 0, count: end - built.count) + b.bytes[end...]
        return out.count + 6 <= 65533 ? out : nil
    }

    /// A new EXIF block: the directories a JPEG's EXIF needs (exiftool -validate finds nothing
    /// missing), the capture stamp, `carried` entries from the camera, and the GPS IFD.
    static func fresh(
        bigEndian: Bool, stamp: CaptureStamp, orientation: Int, size: (width: Int, height: Int)?,
        carriedIFD0: [TIFFWriter.Entry] = [], carriedExif: [TIFFWriter.Entry] = [],
        gps: [TIFFWriter.Entry]? = nil
    ) -> [UInt8] {
        var w = TIFFWriter(bigEndian: bigEndian)
        var exif = carriedExif
        func add(_ e: TIFFWriter.Entry, to list: inout [TIFFWriter.Entry], replacing: Bool) {
            if replacing {
                list.removeAll { $0.tag == e.tag }
            } else if list.contains(where: { $0.tag == e.tag }) {
                return
            }
            list.append(e)
        }
        add(w.bytesEntry(0x9000, Array("0231".utf8), type: 7), to: &exif, replacing: true)
        add(w.bytesEntry(0x9101, [1, 2, 3, 0], type: 7), to: &exif, replacing: false)
        add(w.bytesEntry(0xA000, Array("0100".utf8), type: 7), to: &exif, replacing: false)
        add(w.short(0xA001, [1]), to: &exif, replacing: false)
        if let size {
            add(w.long(0xA002, UInt32(size.width)), to: &exif, replacing: true)
            add(w.long(0xA003, UInt32(size.height)), to: &exif, replacing: true)
        }
        for e in stamp.exifEntries(w) { add(e, to: &exif, replacing: true) }
        let exifOffset = w.appendDirectory(exif)
        let gpsOffset = (gps ?? stamp.gpsEntries(w)).map { w.appendDirectory($0) }

        var ifd0 = carriedIFD0
        add(w.short(0x0112, [UInt16((1...8).contains(orientation) ? orientation : 1)]), to: &ifd0, replacing: true)
        add(w.rational(0x011A, [(72, 1)]), to: &ifd0, replacing: false)
        add(w.rational(0x011B, [(72, 1)]), to: &ifd0, replacing: false)
        add(w.short(0x0128, [2]), to: &ifd0, replacing: false)
        add(w.short(0x0213, [1]), to: &ifd0, replacing: false)
        add(w.long(EXIFStructure.Tag.exifIFD, exifOffset), to: &ifd0, replacing: true)
        if let gpsOffset { add(w.long(EXIFStructure.Tag.gpsIFD, gpsOffset), to: &ifd0, replacing: true) }
        w.setIFD0(w.appendDirectory(ifd0))
        return w.bytes
    }
}
