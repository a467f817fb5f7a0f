import Foundation

@testable import PhotoPrep

/// Camera-like JPEGs built byte by byte for the metadata tests, independent of the library's own
/// EXIF writer: a TIFF block in either byte order with IFD0, an Exif IFD holding a Canon-style
/// MakerNote whose value offsets are absolute (counted from the TIFF header, as Canon's are),
/// an Interoperability IFD, an optional GPS IFD and an IFD1 thumbnail.
struct CameraFixture {
    var bigEndian: Bool
    var withGPS = false
    var dateTimeOriginal = "2024:05:01 09:58:07"
    var offsetTimeOriginal: String? = "+02:00"
    var subSec = "042"
    /// Extra bytes in the MakerNote (an unknown tag), to bring the block near the 64 KiB limit.
    var makerNotePadding = 0

    /// One directory entry: tag, type, count, value bytes (already in the block's byte order).
    typealias Entry = (tag: UInt16, type: UInt16, count: UInt32, value: [UInt8])

    private func u16(_ v: UInt16) -> [UInt8] {
        bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
    }
    private func u32(_ v: UInt32) -> [UInt8] {
        let b = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        return bigEndian ? b : b.reversed()
    }
    func ascii(_ tag: UInt16, _ s: String) -> Entry { (tag, 2, UInt32(s.utf8.count + 1), Array(s.utf8) + [0]) }
    func short(_ tag: UInt16, _ v: UInt16) -> Entry { (tag, 3, 1, u16(v)) }
    func long(_ tag: UInt16, _ v: UInt32) -> Entry { (tag, 4, 1, u32(v)) }
    func rational(_ tag: UInt16, _ v: [(UInt32, UInt32)]) -> Entry {
        (tag, 5, UInt32(v.count), v.flatMap { u32($0.0) + u32($0.1) })
    }
    func undefined(_ tag: UInt16, _ v: [UInt8]) -> Entry { (tag, 7, UInt32(v.count), v) }

    /// Appends a directory (entries sorted) and its out-of-line values to `block`; returns its offset.
    func directory(_ entries: [Entry], next: UInt32 = 0, into block: inout [UInt8]) -> UInt32 {
        if block.count % 2 == 1 { block.append(0) }
        let start = block.count
        let sorted = entries.sorted { $0.tag < $1.tag }
        var valueAt = start + 2 + sorted.count * 12 + 4
        var table = u16(UInt16(sorted.count))
        var values: [UInt8] = []
        for e in sorted {
            table += u16(e.tag) + u16(e.type) + u32(e.count)
            if e.value.count <= 4 {
                table += e.value + [UInt8](repeating: 0, count: 4 - e.value.count)
            } else {
                table += u32(UInt32(valueAt))
                values += e.value
                if values.count % 2 == 1 { values.append(0) }
                valueAt = start + 2 + sorted.count * 12 + 4 + values.count
            }
        }
        block += table + u32(next) + values
        return UInt32(start)
    }

    /// The TIFF block (what follows `Exif\0\0`), with `thumbnail` as the IFD1 JPEG.
    func tiff(thumbnail: [UInt8]) -> [UInt8] {
        var block: [UInt8] = (bigEndian ? [0x4D, 0x4D, 0, 0x2A] : [0x49, 0x49, 0x2A, 0]) + u32(0)
        // The MakerNote first, as a Canon-style IFD whose value offsets count from the TIFF header.
        let makerNote = directory(
            [
                ascii(0x0006, "Canon EOS FIXTURE JPEG"),
                ascii(0x0007, "Firmware Version 1.2.3"),
                ascii(0x0009, "Jane Q. Photographer"),
                long(0x000C, 2_024_050_101),
            ] + (makerNotePadding > 0 ? [undefined(0x5555, [UInt8](repeating: 0xAB, count: makerNotePadding))] : []),
            into: &block)
        let makerNoteBytes = Array(block[Int(makerNote)...])
        let thumbAt = UInt32(block.count)
        block += thumbnail
        let interop = directory([ascii(0x0001, "R98"), undefined(0x0002, Array("0100".utf8))], into: &block)
        var exifEntries: [Entry] = [
            rational(0x829A, [(1, 250)]), rational(0x829D, [(28, 10)]), short(0x8827, 400),
            undefined(0x9000, Array("0230".utf8)), ascii(0x9003, dateTimeOriginal), ascii(0x9004, dateTimeOriginal),
            undefined(0x9101, [1, 2, 3, 0]), rational(0x920A, [(50, 1)]), ascii(0x9291, subSec),
            undefined(0xA000, Array("0100".utf8)), short(0xA001, 1), long(0xA002, 64), long(0xA003, 48),
            long(0xA005, interop),
            (0x927C, 7, UInt32(makerNoteBytes.count), u32(makerNote)),  // points at the MakerNote in place
        ]
        if let offsetTimeOriginal { exifEntries.append(ascii(0x9011, offsetTimeOriginal)) }
        let exif = directory(exifEntries, into: &block)
        var gps: UInt32?
        if withGPS {
            gps = directory(
                [
                    (0x0000, 1, 4, [2, 2, 0, 0]), ascii(0x0001, "N"),
                    rational(0x0002, [(35, 1), (39, 1), (2916, 100)]),
                    ascii(0x0003, "E"), rational(0x0004, [(139, 1), (46, 1), (156, 100)]), (0x0005, 1, 1, [0]),
                    rational(0x0006, [(405, 10)]), rational(0x0007, [(7, 1), (58, 1), (5, 1)]),
                    ascii(0x001D, "2024:05:01"),
                ], into: &block)
        }
        let ifd1 = directory(
            [
                short(0x0103, 6), rational(0x011A, [(72, 1)]), rational(0x011B, [(72, 1)]), short(0x0128, 2),
                long(0x0201, thumbAt), long(0x0202, UInt32(thumbnail.count)),
            ], into: &block)
        var ifd0Entries: [Entry] = [
            ascii(0x010F, "Canon"), ascii(0x0110, "Canon EOS Fixture"), short(0x0112, 6),
            rational(0x011A, [(72, 1)]), rational(0x011B, [(72, 1)]), short(0x0128, 2),
            ascii(0x0131, "FakeCam Firmware 1.2.3"), ascii(0x0132, "2024:05:01 10:00:00"), short(0x0213, 2),
            ascii(0x8298, "(c) Jane Q. Photographer"), long(0x8769, exif),
        ]
        if let gps { ifd0Entries.append(long(0x8825, gps)) }
        let ifd0 = directory(ifd0Entries, next: ifd1, into: &block)
        block.replaceSubrange(4..<8, with: u32(ifd0))
        return block
    }

    /// A small picture as a JPEG (JFIF APP0 only), from the library's TurboJPEG encoder.
    static func plainJPEG(width: Int = 64, height: Int = 48, seed: UInt64 = 1) throws -> [UInt8] {
        try JPEGEncoder.encode(TestSupport.photoLike(width: width, height: height, seed: seed), quality: 85)
    }

    /// `jpeg` with an APP1 segment holding `payload` inserted after SOI and the JFIF APP0.
    static func inserting(app1 payload: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        var bytes = jpeg
        let len = payload.count + 2
        let app0Length = Int(bytes[4]) << 8 | Int(bytes[5])
        bytes.insert(contentsOf: [0xFF, 0xE1, UInt8(len >> 8), UInt8(len & 0xFF)] + payload, at: 4 + app0Length)
        return bytes
    }

    /// An ICC profile of `size` bytes with a well-formed header (an RGB display profile without tags),
    /// its body a counting pattern so that misordered chunks show.
    static func iccProfile(size: Int) -> [UInt8] {
        var p = (0..<size).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) }
        let header: [UInt8] =
            [UInt8(size >> 24), UInt8((size >> 16) & 0xFF), UInt8((size >> 8) & 0xFF), UInt8(size & 0xFF)]
            + Array("lcms".utf8) + [0x04, 0x30, 0, 0] + Array("mntrRGB XYZ ".utf8)
            + [0x07, 0xEA, 0, 11, 0, 29, 0, 12, 0, 0, 0, 0] + Array("acsp".utf8)
        p.replaceSubrange(0..<header.count, with: header)
        p.replaceSubrange(header.count..<128, with: [UInt8](repeating: 0, count: 128 - header.count))
        // One tag: cprt, a `text` element at offset 144.
        let table: [UInt8] =
            [0, 0, 0, 1] + Array("cprt".utf8) + [0, 0, 0, 144, 0, 0, 0, 16]
            + Array("text".utf8) + [0, 0, 0, 0] + Array("Fixture\0".utf8)
        p.replaceSubrange(128..<(128 + table.count), with: table)
        return p
    }

    /// The camera JPEG: a 64×48 picture with this fixture's EXIF.
    func jpeg() throws -> [UInt8] {
        let thumb = try Self.plainJPEG(width: 16, height: 12, seed: 7)
        return Self.inserting(app1: Array("Exif".utf8) + [0, 0] + tiff(thumbnail: thumb), into: try Self.plainJPEG())
    }
}

/// exiftool as the oracle: runs it on files and hands back its JSON as dictionaries.
enum ExifTool {
    /// One dictionary per file, keys as exiftool prints them with `args` (e.g. `-G1 -a -u -n`).
    static func read(_ files: [URL], _ args: [String] = ["-G1", "-a", "-u", "-n"]) throws -> [[String: Any]] {
        let result = try TestSupport.run("exiftool", ["-j", "-api", "LargeFileSupport=1"] + args + files.map(\.path))
        let json = try JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]]
        return json ?? []
    }

    static func read(_ file: URL, _ args: [String] = ["-G1", "-a", "-u", "-n"]) throws -> [String: Any] {
        try read([file], args).first ?? [:]
    }

    /// The warnings of `exiftool -validate -warning -a`, without the summary line.
    static func validationWarnings(_ file: URL) throws -> Set<String> {
        let r = try TestSupport.run("exiftool", ["-validate", "-warning", "-a", "-s3", file.path])
        return Set(
            r.text.split(separator: "\n").map(String.init).filter {
                !$0.hasPrefix("OK") && !$0.hasSuffix("Warning") && !$0.hasSuffix("Warnings")
                    && !$0.contains("Warnings (")
            })
    }

    /// A value as text, numbers without a trailing `.0`.
    static func text(_ v: Any?) -> String? {
        switch v {
        case nil: return nil
        case let s as String: return s
        case let n as NSNumber: return n.stringValue
        default: return "\(v!)"
        }
    }

    static func double(_ v: Any?) -> Double? {
        if let n = v as? NSNumber { return n.doubleValue }
        if let s = v as? String { return Double(s) }
        return nil
    }
}

/// Writes bytes to a file in `dir` and returns its URL.
func write(_ bytes: [UInt8], _ name: String, in dir: URL) throws -> URL {
    let url = dir.appendingPathComponent(name)
    try Data(bytes).write(to: url)
    return url
}
