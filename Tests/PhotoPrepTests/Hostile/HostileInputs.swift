import Foundation

@testable import PhotoPrep

/// Hostile inputs built byte by byte: PNG and TIFF written by hand (so their chunks and strips can
/// lie), JPEG frame headers patched to claim other sizes, precisions and processes.
enum HostileInputs {
    // MARK: PNG

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }
    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    /// A PNG chunk: length, type, data, CRC over type and data.
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    /// zlib stream of `raw` in stored (uncompressed) deflate blocks.
    static func zlibStored(_ raw: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, raw.count - i)
            let last: UInt8 = i + n == raw.count ? 1 : 0
            out += [last] + le16(UInt16(n)) + le16(~UInt16(n)) + raw[i..<(i + n)]
            i += n
        } while i < raw.count
        var a: UInt32 = 1, b: UInt32 = 0
        for x in raw { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        return out + be32(b << 16 | a)
    }

    /// A valid 8-bit RGB PNG of `width`×`height` (a colour ramp); `claimed` patches IHDR's size
    /// (with a correct CRC) without changing the pixel data.
    static func png(width: Int = 24, height: Int = 16, claimed: (Int, Int)? = nil) -> [UInt8] {
        var raw: [UInt8] = []
        for y in 0..<height {
            raw.append(0)  // filter: none
            for x in 0..<width { raw += [UInt8(x * 10 & 0xFF), UInt8(y * 15 & 0xFF), 128] }
        }
        let (cw, ch) = claimed ?? (width, height)
        let ihdr = be32(UInt32(cw)) + be32(UInt32(ch)) + [8, 2, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", ihdr)
            + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// PNGs whose chunks lie, each named for what is wrong.
    static func lyingPNGs() -> [(String, [UInt8])] {
        let good = png()
        let ihdrAt = 8, idatAt = 8 + 25
        var out: [(String, [UInt8])] = []
        func patched(_ name: String, _ f: (inout [UInt8]) -> Void) {
            var b = good
            f(&b)
            out.append((name, b))
        }
        patched("IHDR CRC wrong") { $0[ihdrAt + 8 + 13] ^= 0xFF }
        patched("IHDR length 12 instead of 13") { $0[ihdrAt + 3] = 12 }
        patched("IHDR length 2^31") { $0[ihdrAt] = 0x80 }
        patched("IDAT length past the end") { $0.replaceSubrange((idatAt)..<(idatAt + 4), with: be32(0x7FFF_FF00)) }
        patched("IDAT length 0xFFFFFFFF") { $0.replaceSubrange((idatAt)..<(idatAt + 4), with: be32(0xFFFF_FFFF)) }
        patched("IDAT length short by 100") {
            let n = Int(UInt32($0[idatAt]) << 24 | UInt32($0[idatAt + 1]) << 16 | UInt32($0[idatAt + 2]) << 8
                        | UInt32($0[idatAt + 3]))
            $0.replaceSubrange((idatAt)..<(idatAt + 4), with: be32(UInt32(n - 100)))
        }
        patched("IDAT CRC wrong") { $0[$0.count - 12 - 1] ^= 0x55 }
        patched("no IEND") { $0.removeLast(12) }
        patched("cut in IDAT") { $0 = Array($0.prefix(idatAt + 300)) }
        patched("zlib data corrupt") { for k in 0..<40 { $0[idatAt + 8 + 7 + k * 9] ^= 0xA5 } }
        patched("bit depth 3") { $0[ihdrAt + 8 + 8] = 3; fixIHDR(&$0) }
        patched("colour type 7") { $0[ihdrAt + 8 + 9] = 7; fixIHDR(&$0) }
        patched("width 0") { $0.replaceSubrange((ihdrAt + 8)..<(ihdrAt + 12), with: be32(0)); fixIHDR(&$0) }
        patched("claims 2× the pixels it holds") {
            $0.replaceSubrange((ihdrAt + 8)..<(ihdrAt + 16), with: be32(48) + be32(32)); fixIHDR(&$0)
        }
        return out
    }

    /// Recomputes the IHDR CRC after a field was patched, so that only the field lies.
    static func fixIHDR(_ b: inout [UInt8]) {
        let body = Array(b[12..<(12 + 4 + 13)])
        b.replaceSubrange((12 + 17)..<(12 + 21), with: be32(crc32(body)))
    }

    // MARK: TIFF

    /// A little-endian uncompressed RGB TIFF of 16×16 in 4 strips, with IFD entries overridden
    /// by `patch` (tag → (type, count, value)).
    static func tiff(patch: [UInt16: (UInt16, UInt32, UInt32)] = [:]) -> [UInt8] {
        let w = 16, h = 16, rowsPerStrip = 4, strips = h / rowsPerStrip
        let pixels = (0..<(w * h * 3)).map { UInt8(truncatingIfNeeded: $0 * 5) }
        // Layout: header 8, pixel data, strip offset and byte count arrays, BitsPerSample, IFD.
        let dataAt = 8
        let offsetsAt = dataAt + pixels.count
        let countsAt = offsetsAt + 4 * strips
        let bpsAt = countsAt + 4 * strips
        let ifdAt = bpsAt + 6 + 0  // even
        let stripBytes = w * rowsPerStrip * 3
        var entries: [UInt16: (UInt16, UInt32, UInt32)] = [
            0x0100: (3, 1, UInt32(w)), 0x0101: (3, 1, UInt32(h)), 0x0102: (3, 3, UInt32(bpsAt)),
            0x0103: (3, 1, 1), 0x0106: (3, 1, 2), 0x0111: (4, UInt32(strips), UInt32(offsetsAt)),
            0x0115: (3, 1, 3), 0x0116: (3, 1, UInt32(rowsPerStrip)), 0x0117: (4, UInt32(strips), UInt32(countsAt)),
            0x011C: (3, 1, 1),
        ]
        for (k, v) in patch { entries[k] = v }
        var out: [UInt8] = [0x49, 0x49, 0x2A, 0x00] + le32(UInt32(ifdAt))
        out += pixels
        for s in 0..<strips { out += le32(UInt32(dataAt + s * stripBytes)) }
        for _ in 0..<strips { out += le32(UInt32(stripBytes)) }
        out += le16(8) + le16(8) + le16(8)
        out += le16(UInt16(entries.count))
        for tag in entries.keys.sorted() {
            let (type, count, value) = entries[tag]!
            out += le16(tag) + le16(type) + le32(count)
            out += type == 3 && count == 1 ? le16(UInt16(truncatingIfNeeded: value)) + [0, 0] : le32(value)
        }
        return out + le32(0)
    }

    /// TIFFs whose strips and sizes are absurd.
    static func absurdTIFFs() -> [(String, [UInt8])] {
        [
            ("strip count 2^31", tiff(patch: [0x0111: (4, 0x8000_0000, 100), 0x0117: (4, 0x8000_0000, 200)])),
            ("strip count 65535, arrays past the end", tiff(patch: [0x0111: (4, 65535, 100), 0x0117: (4, 65535, 200)])),
            ("strip offset past the end", tiff(patch: [0x0111: (4, 1, 0xFFFF_FF00), 0x0117: (4, 1, 768)])),
            ("strip byte count 4 GB", tiff(patch: [0x0111: (4, 1, 8), 0x0117: (4, 1, 0xFFFF_FFFF)])),
            ("rows per strip 0", tiff(patch: [0x0116: (3, 1, 0)])),
            ("strip counts disagree", tiff(patch: [0x0117: (4, 1, 48)])),
            ("IFD offset past the end", [0x49, 0x49, 0x2A, 0x00, 0xF0, 0xFF, 0xFF, 0x7F]),
            ("bits per sample 0", tiff(patch: [0x0102: (3, 1, 0), 0x0115: (3, 1, 1)])),
            ("compression 50000 (ZSTD) on raw strips", tiff(patch: [0x0103: (3, 1, 50000)])),
            ("compression 40000 (unknown)", tiff(patch: [0x0103: (3, 1, 40000)])),
        ]
    }

    // MARK: JPEG frame headers

    /// The index of the first start-of-frame marker (FF C0…CF, not C4/C8/CC).
    static func sofIndex(_ jpeg: [UInt8]) -> Int? {
        var i = 2
        while i + 9 < jpeg.count, jpeg[i] == 0xFF {
            let m = jpeg[i + 1]
            if (0xC0...0xCF).contains(m), ![0xC4, 0xC8, 0xCC].contains(m) { return i }
            i += 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
        }
        return nil
    }

    /// The index of the start-of-scan marker.
    static func sosIndex(_ jpeg: [UInt8]) -> Int? {
        var i = 2
        while i + 4 < jpeg.count, jpeg[i] == 0xFF {
            if jpeg[i + 1] == 0xDA { return i }
            i += 2 + (Int(jpeg[i + 2]) << 8 | Int(jpeg[i + 3]))
        }
        return nil
    }

    /// `jpeg` with its frame header claiming `width`×`height`.
    static func claiming(_ width: Int, _ height: Int, _ jpeg: [UInt8]) -> [UInt8] {
        var b = jpeg
        let i = sofIndex(jpeg)!
        b[i + 5] = UInt8(height >> 8); b[i + 6] = UInt8(height & 0xFF)
        b[i + 7] = UInt8(width >> 8); b[i + 8] = UInt8(width & 0xFF)
        return b
    }

    /// A 12-bit extended-sequential frame header (SOF1, precision 12) on otherwise 8-bit data,
    /// as a 12-bit JPEG's header reads.
    static func twelveBit(_ jpeg: [UInt8]) -> [UInt8] {
        var b = jpeg
        let i = sofIndex(jpeg)!
        b[i + 1] = 0xC1; b[i + 4] = 12
        return b
    }

    /// A lossless (SOF3) frame header.
    static func lossless(_ jpeg: [UInt8]) -> [UInt8] {
        var b = jpeg
        b[sofIndex(jpeg)! + 1] = 0xC3
        return b
    }
}
