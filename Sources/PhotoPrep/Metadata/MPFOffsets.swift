/// Keeps a Multi-Picture Format index (APP2 `MPF`, used for gain maps and previews) pointing at
/// its images after the end-of-image marker. MPF offsets count from the MPF header, so only a
/// change in size of what lies between that header and the images moves them.
enum MPFOffsets {
    /// `segment` (an MPF APP2) with every non-zero MP entry offset moved by `delta` bytes;
    /// nil when its structure cannot be followed (then the caller must not move anything after it).
    static func shifted(_ segment: JPEGSegments.Segment, by delta: Int) -> JPEGSegments.Segment? {
        guard delta != 0 else { return segment }
        var bytes = segment.bytes
        let base = 4 + JPEGSegments.mpfSignature.count  // TIFF header inside the segment
        guard bytes.count > base + 8, let block = TIFFBlock(Array(bytes[base...])),
            let dir = block.directory(at: Int(block.ifd0Offset)),
            let entry = dir[0xB002], entry.type == 7, let size = entry.byteCount, size % 16 == 0, size > 4
        else { return nil }
        let start = base + Int(TIFFBlock.u32(entry.field, bigEndian: block.bigEndian))
        guard start + size <= bytes.count else { return nil }
        for k in 0..<(size / 16) {
            let at = start + k * 16 + 8
            let old = Int(TIFFBlock.u32(Array(bytes[at..<(at + 4)]), bigEndian: block.bigEndian))
            guard old != 0 else { continue }
            let new = old + delta
            guard new > 0, new <= Int(UInt32.max) else { return nil }
            bytes.replaceSubrange(at..<(at + 4), with: TIFFBlock.bytes(UInt32(new), bigEndian: block.bigEndian))
        }
        return JPEGSegments.Segment(marker: segment.marker, bytes: bytes)
    }
}
