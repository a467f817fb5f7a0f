/// The directories of one EXIF block (IFD0, Exif, GPS, Interoperability, IFD1), found without
/// ever trusting an offset: every directory is visited once at most, every value is bounds-checked.
///
/// `damaged` means the structure itself cannot be trusted (a directory outside the block, a loop,
/// a value running past the end, an absurd count); writers then start from a fresh EXIF.
struct EXIFStructure: Sendable {
    enum Tag {
        static let exifIFD: UInt16 = 0x8769
        static let gpsIFD: UInt16 = 0x8825
        static let interopIFD: UInt16 = 0xA005
        static let orientation: UInt16 = 0x0112
        static let dateTimeOriginal: UInt16 = 0x9003
        static let offsetTimeOriginal: UInt16 = 0x9011
        static let subSecTimeOriginal: UInt16 = 0x9291
        static let exifVersion: UInt16 = 0x9000
        static let makerNote: UInt16 = 0x927C
    }

    let block: TIFFBlock
    var ifd0: TIFFDirectory?
    var exif: TIFFDirectory?
    var gps: TIFFDirectory?
    var interop: TIFFDirectory?
    var ifd1: TIFFDirectory?
    var warnings: [String] = []
    var damaged = false

    /// Parses the TIFF block of an EXIF APP1 payload (the bytes after `Exif\0\0`).
    init?(tiff: [UInt8]) {
        guard let block = TIFFBlock(tiff) else { return nil }
        self.block = block
        var visited = Set<Int>()

        func load(_ name: String, _ offset: UInt32) -> TIFFDirectory? {
            let at = Int(offset)
            guard !visited.contains(at) else {
                warnings.append("EXIF: \(name) points back to a directory already read (a loop); ignored")
                damaged = true
                return nil
            }
            visited.insert(at)
            guard let dir = block.directory(at: at) else {
                warnings.append(
                    "EXIF: \(name) at offset \(at) lies outside the \(block.bytes.count)-byte EXIF block; ignored")
                damaged = true
                return nil
            }
            for (k, e) in dir.entries.enumerated() {
                guard let size = e.byteCount else {
                    if TIFFEntry.size(ofType: e.type) == nil {
                        warnings.append("EXIF: bad format (\(e.type)) for \(name) entry \(k); skipped")
                    } else {
                        warnings.append(
                            "EXIF: \(name) tag 0x\(String(e.tag, radix: 16)) claims \(e.count) values; ignored")
                        damaged = true
                    }
                    continue
                }
                if size > 4, block.value(of: e) == nil {
                    warnings.append(
                        "EXIF: \(name) tag 0x\(String(e.tag, radix: 16)) points past the end of the EXIF block")
                    damaged = true
                }
            }
            return dir
        }

        func pointer(_ dir: TIFFDirectory?, _ tag: UInt16) -> UInt32? {
            guard let e = dir?[tag], e.type == 4 || e.type == 13, e.count >= 1 else { return nil }
            return TIFFBlock.u32(e.field, bigEndian: block.bigEndian)
        }

        ifd0 = load("IFD0", block.ifd0Offset)
        if let p = pointer(ifd0, Tag.exifIFD) { exif = load("ExifIFD", p) }
        if let p = pointer(ifd0, Tag.gpsIFD) { gps = load("GPS", p) }
        if let p = pointer(exif, Tag.interopIFD) { interop = load("InteropIFD", p) }
        if let next = ifd0?.next, next != 0 { ifd1 = load("IFD1", next) }
    }

    /// The EXIF APP1 payload's TIFF block, if `payload` starts with `Exif\0\0`.
    static func tiff(fromAPP1 payload: ArraySlice<UInt8>) -> [UInt8]? {
        guard payload.starts(with: JPEGSegments.exifSignature) else { return nil }
        return Array(payload.dropFirst(JPEGSegments.exifSignature.count))
    }
}
