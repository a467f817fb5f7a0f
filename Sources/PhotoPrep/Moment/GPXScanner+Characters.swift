/// The characters of XML as `GPXScanner` reads them: references, names, white space, the
/// delimiters it searches for. Every look-up stays inside the bytes.
extension GPXScanner {
    /// The character of the reference at `p` ('&'): the five predefined entities and `&#…;`/`&#x…;`.
    func reference(at p: Int) throws(Failure) -> (scalar: Unicode.Scalar, after: Int) {
        var q = p + 1
        if q < bytes.count, bytes[q] == UInt8(ascii: "#") {
            q += 1
            let hex = q < bytes.count && bytes[q] == UInt8(ascii: "x")
            if hex { q += 1 }
            let digitsStart = q
            var value: UInt32 = 0
            while q < bytes.count, let d = Self.digit(bytes[q], hex: hex) {
                if value <= 0x10FFFF { value = value * (hex ? 16 : 10) + d }
                q += 1
            }
            guard q > digitsStart, q < bytes.count, bytes[q] == UInt8(ascii: ";") else {
                throw Failure(reason: "a malformed character reference (&#…;)", offset: p)
            }
            guard Self.isXMLChar(value), let scalar = Unicode.Scalar(value) else {
                throw Failure(reason: "a character reference to a character XML does not allow", offset: p)
            }
            return (scalar, q + 1)
        }
        let name = q..<scanName(from: q)
        guard name.count <= 8, name.upperBound < bytes.count, bytes[name.upperBound] == UInt8(ascii: ";") else {
            throw Failure(reason: "a bare '&' (write &amp;) or a malformed entity reference", offset: p)
        }
        let scalar: Unicode.Scalar
        switch String(decoding: bytes[name], as: UTF8.self) {
        case "lt": scalar = "<"
        case "gt": scalar = ">"
        case "amp": scalar = "&"
        case "apos": scalar = "'"
        case "quot": scalar = "\""
        default:
            throw Failure(
                reason: "the entity &\(show(name)); is not one XML defines (&lt; &gt; &amp; &apos; &quot;)", offset: p)
        }
        return (scalar, name.upperBound + 1)
    }

    static let lt = UInt8(ascii: "<")
    static let gt = UInt8(ascii: ">")
    static let amp = UInt8(ascii: "&")
    static let quot = UInt8(ascii: "\"")
    static let apos = UInt8(ascii: "'")

    /// The end of the XML name starting at `p` (`p` itself when there is none). Bytes ≥ 0x80 are
    /// taken as name characters, whatever the encoding.
    func scanName(from p: Int) -> Int {
        guard p < bytes.count, Self.isNameStart(bytes[p]) else { return p }
        var q = p + 1
        while q < bytes.count, Self.isNameStart(bytes[q]) || Self.isNameRest(bytes[q]) { q += 1 }
        return q
    }

    static func isNameStart(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c == 0x3A || c >= 0x80
    }

    static func isNameRest(_ c: UInt8) -> Bool { (c >= 0x30 && c <= 0x39) || c == 0x2D || c == 0x2E }

    static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    func has(_ literal: StaticString, at p: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard p >= 0, count <= bytes.count - p else { return false }
        return literal.withUTF8Buffer { lit in
            var k = 0
            while k < count, bytes[p + k] == lit[k] { k += 1 }
            return k == count
        }
    }

    /// The offset just past the first `terminator` at or after `p`.
    func end(of terminator: StaticString, from p: Int, what: String) throws(Failure) -> Int {
        var q = p
        while q < bytes.count {
            if has(terminator, at: q) { return q + terminator.utf8CodeUnitCount }
            q += 1
        }
        throw Failure(reason: what, offset: p)
    }

    static func digit(_ c: UInt8, hex: Bool) -> UInt32? {
        switch c {
        case 0x30...0x39: UInt32(c - 0x30)
        case 0x61...0x66 where hex: UInt32(c - 0x61 + 10)
        case 0x41...0x46 where hex: UInt32(c - 0x41 + 10)
        default: nil
        }
    }

    static func isXMLChar(_ v: UInt32) -> Bool {
        v == 0x09 || v == 0x0A || v == 0x0D || (0x20...0xD7FF).contains(v) || (0xE000...0xFFFD).contains(v)
            || (0x10000...0x10FFFF).contains(v)
    }

    static func hex(_ c: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "0x" + String(digits[Int(c >> 4)]) + String(digits[Int(c & 0x0F)])
    }

    /// A name from the file for a message: at most 40 bytes, not-UTF-8 bytes replaced.
    func show(_ range: Range<Int>) -> String {
        String(decoding: bytes[range].prefix(40), as: UTF8.self) + (range.count > 40 ? "…" : "")
    }
}
