import Foundation

/// A TIFF structure as EXIF stores it: a byte order, directories of 12-byte entries, and values
/// reached by offsets from the TIFF header. Every read is bounds-checked and returns nil past the end.
struct TIFFBlock: Sendable {
    let bytes: [UInt8]
    let bigEndian: Bool

    /// Nil when `bytes` does not start with a TIFF header (`II*\0` or `MM\0*`).
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 8 else { return nil }
        if bytes[0] == 0x49, bytes[1] == 0x49, bytes[2] == 0x2A, bytes[3] == 0 {
            bigEndian = false
        } else if bytes[0] == 0x4D, bytes[1] == 0x4D, bytes[2] == 0, bytes[3] == 0x2A {
            bigEndian = true
        } else {
            return nil
        }
        self.bytes = bytes
    }

    func u8(_ at: Int) -> UInt8? { at >= 0 && at < bytes.count ? bytes[at] : nil }

    func u16(_ at: Int) -> UInt16? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        return Self.u16(bytes[at], bytes[at + 1], bigEndian: bigEndian)
    }

    func u32(_ at: Int) -> UInt32? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        return Self.u32(Array(bytes[at..<(at + 4)]), bigEndian: bigEndian)
    }

    var ifd0Offset: UInt32 { u32(4) ?? 0 }

    static func u16(_ a: UInt8, _ b: UInt8, bigEndian: Bool) -> UInt16 {
        bigEndian ? UInt16(a) << 8 | UInt16(b) : UInt16(b) << 8 | UInt16(a)
    }

    static func u32(_ b: [UInt8], bigEndian: Bool) -> UInt32 {
        let v = UInt32(b[0]) << 24 | UInt32(b[1]) << 16 | UInt32(b[2]) << 8 | UInt32(b[3])
        return bigEndian ? v : v.byteSwapped
    }

    static func bytes(_ v: UInt16, bigEndian: Bool) -> [UInt8] {
        bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)]
    }

    static func bytes(_ v: UInt32, bigEndian: Bool) -> [UInt8] {
        let be = [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
        return bigEndian ? be : be.reversed()
    }

    /// The bytes of an entry's value, or nil when they lie (partly) outside the block.
    func value(of entry: TIFFEntry) -> [UInt8]? {
        guard let size = entry.byteCount else { return nil }
        if size <= 4 { return Array(entry.field.prefix(size)) }
        let offset = Int(Self.u32(entry.field, bigEndian: bigEndian))
        guard offset <= bytes.count, size <= bytes.count - offset else { return nil }
        return Array(bytes[offset..<(offset + size)])
    }

    /// The directory at `offset`, or nil when its entry table does not fit in the block.
    func directory(at offset: Int) -> TIFFDirectory? {
        guard offset >= 8, let n = u16(offset) else { return nil }
        let end = offset + 2 + Int(n) * 12
        guard end + 4 <= bytes.count else {
            // Many writers omit the next-IFD pointer of the last directory; accept a table that fits.
            guard end <= bytes.count else { return nil }
            return TIFFDirectory(offset: offset, entries: entries(offset, n), next: 0)
        }
        return TIFFDirectory(offset: offset, entries: entries(offset, n), next: u32(end) ?? 0)
    }

    private func entries(_ offset: Int, _ n: UInt16) -> [TIFFEntry] {
        (0..<Int(n)).map { k in
            let p = offset + 2 + k * 12
            return TIFFEntry(
                tag: u16(p)!, type: u16(p + 2)!, count: u32(p + 4)!, field: Array(bytes[(p + 8)..<(p + 12)]))
        }
    }

    // MARK: Typed values

    func string(_ entry: TIFFEntry?) -> String? {
        guard let entry, entry.type == 2 || entry.type == 7, let raw = value(of: entry) else { return nil }
        let cut = raw.prefix { $0 != 0 }
        guard let s = String(bytes: cut, encoding: .utf8) ?? String(bytes: cut, encoding: .isoLatin1) else {
            return nil
        }
        let trimmed = s.trimmingCharacters(in: .whitespaces)
        return trimmed.isEmpty ? nil : trimmed
    }

    func integers(_ entry: TIFFEntry?) -> [Int]? {
        guard let entry, let raw = value(of: entry) else { return nil }
        switch entry.type {
        case 1, 7: return raw.map { Int($0) }
        case 6: return raw.map { Int(Int8(bitPattern: $0)) }
        case 3, 8:
            return stride(from: 0, to: raw.count - 1, by: 2).map {
                let v = Self.u16(raw[$0], raw[$0 + 1], bigEndian: bigEndian)
                return entry.type == 3 ? Int(v) : Int(Int16(bitPattern: v))
            }
        case 4, 9, 13:
            return stride(from: 0, to: raw.count - 3, by: 4).map {
                let v = Self.u32(Array(raw[$0..<($0 + 4)]), bigEndian: bigEndian)
                return entry.type == 9 ? Int(Int32(bitPattern: v)) : Int(v)
            }
        default: return nil
        }
    }

    /// Rational values as doubles; nil for a zero denominator.
    func rationals(_ entry: TIFFEntry?) -> [Double?]? {
        guard let entry, entry.type == 5 || entry.type == 10, let raw = value(of: entry) else { return nil }
        return stride(from: 0, to: raw.count - 7, by: 8).map {
            let n = Self.u32(Array(raw[$0..<($0 + 4)]), bigEndian: bigEndian)
            let d = Self.u32(Array(raw[($0 + 4)..<($0 + 8)]), bigEndian: bigEndian)
            if d == 0 { return nil }
            return entry.type == 5 ? Double(n) / Double(d) : Double(Int32(bitPattern: n)) / Double(Int32(bitPattern: d))
        }
    }
}

/// One 12-byte directory entry, its value field kept as the four raw bytes it had.
struct TIFFEntry: Sendable, Equatable {
    var tag: UInt16
    var type: UInt16
    var count: UInt32
    /// The value itself when it fits in four bytes, else its offset from the TIFF header.
    var field: [UInt8]

    static func size(ofType type: UInt16) -> Int? {
        switch type {
        case 1, 2, 6, 7: return 1
        case 3, 8: return 2
        case 4, 9, 11, 13: return 4
        case 5, 10, 12: return 8
        default: return nil
        }
    }

    /// Size of the value in bytes; nil for an unknown type or a size no 64 KiB block can hold.
    var byteCount: Int? {
        guard let s = Self.size(ofType: type) else { return nil }
        let total = Int(count) * s
        return total <= 0x1_0000_0000 ? total : nil
    }
}

/// A directory: its entries and the offset of the next directory in its chain (0 for none).
struct TIFFDirectory: Sendable, Equatable {
    var offset: Int
    var entries: [TIFFEntry]
    var next: UInt32

    subscript(tag: UInt16) -> TIFFEntry? { entries.first { $0.tag == tag } }
}
