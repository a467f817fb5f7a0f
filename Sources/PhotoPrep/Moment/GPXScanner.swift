/// The markup of an XML file, read the way a GPX reader needs it: elements with their attributes,
/// character data, end tags — and a refusal, with the place, wherever the file is not well-formed XML.
///
/// Written for hostile input (issue 7): it works on bytes, never traps, reads each byte a bounded
/// number of times (no rescans, so time is linear in the file's size) and keeps no more than the
/// open elements (at most `maxDepth`) and one tag's attributes, as ranges into the bytes.
///
/// Tolerant where it does not change what is read: comments, processing instructions and a
/// DOCTYPE are skipped, the declared encoding is not needed (every byte a GPX reader uses is ASCII,
/// so UTF-8 with or without a byte-order mark and ISO-8859-x files read alike; bytes ≥ 0x80 stay
/// as they are). Honest where it would: an unclosed or mismatched tag, a file cut short, content
/// after the root element, an undefined entity, a control character or UTF-16 text are refused.
struct GPXScanner {
    enum Event: Equatable {
        /// An element opened; its attributes are in `attributes` until the next event.
        case start(name: Range<Int>)
        /// Character data; `verbatim` for a CDATA section, else it may hold references (`decode`).
        case text(Range<Int>, verbatim: Bool)
        /// An element closed (right after its start for `<a/>`).
        case end(name: Range<Int>)
    }

    struct Attribute: Equatable {
        var name: Range<Int>
        var value: Range<Int>
    }

    /// Why the file is not read, and the byte offset where that was found.
    struct Failure: Error, Equatable {
        var reason: String
        var offset: Int
    }

    /// Deeper nesting is refused: GPX needs 5 levels, libxml2 stops at 256 as well.
    static let maxDepth = 256

    let bytes: [UInt8]
    /// The attributes of the element of the last `.start` event.
    private(set) var attributes: [Attribute] = []
    /// The names of `attributes` once there are many.
    private var attributeNames = Set<ArraySlice<UInt8>>()
    /// The names of the open elements, outermost first.
    private var open: [Range<Int>] = []
    private var i: Int
    private var pendingEnd = false
    private var sawRoot = false
    private var sawDoctype = false
    /// Whether anything but white space came before (the XML declaration must come first).
    private var sawMarkup = false

    /// Elements now open, including the one of the last `.start` event.
    var depth: Int { open.count }

    /// Checks what can be known before reading: not empty, not UTF-16, no control characters.
    init(_ bytes: [UInt8]) throws(Failure) {
        self.bytes = bytes
        i = 0
        guard !bytes.isEmpty else { throw Failure(reason: "the file is empty", offset: 0) }
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw Failure(
                reason:
                    "it is UTF-16 text (byte-order mark \(Self.hex(bytes[0])) \(Self.hex(bytes[1]))); save it as UTF-8",
                offset: 0)
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        if let bad = bytes.firstIndex(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            let reason =
                bytes[bad] == 0
                ? "it holds a NUL byte, so it is not UTF-8 text (UTF-16 without a byte-order mark?)"
                : "it holds the control character \(Self.hex(bytes[bad])), which XML does not allow"
            throw Failure(reason: reason, offset: bad)
        }
    }

    /// The next piece of the file, or nil at its end once every element has been closed.
    mutating func next() throws(Failure) -> Event? {
        if pendingEnd, let name = open.popLast() {
            pendingEnd = false
            return .end(name: name)
        }
        let n = bytes.count
        while i < n {
            guard bytes[i] == Self.lt else {
                let start = i
                try skipCharacterData()
                if !open.isEmpty { return .text(start..<i, verbatim: false) }
                if let text = (start..<i).first(where: { !Self.isSpace(bytes[$0]) }) {
                    throw Failure(
                        reason: sawRoot ? "content after the root element has ended" : "text before the root element",
                        offset: text)
                }
                continue
            }
            if has("<!--", at: i) {
                i = try end(of: "-->", from: i + 4, what: "a comment that is never closed (-->)")
                sawMarkup = true
            } else if has("<?", at: i) {
                try skipProcessingInstruction()
                sawMarkup = true
            } else if has("<![CDATA[", at: i) {
                guard !open.isEmpty else {
                    throw Failure(reason: "a CDATA section outside the root element", offset: i)
                }
                let start = i + 9
                i = try end(of: "]]>", from: start, what: "a CDATA section that is never closed (]]>)")
                return .text(start..<(i - 3), verbatim: true)
            } else if has("<!DOCTYPE", at: i) {
                guard !sawRoot, !sawDoctype else {
                    throw Failure(reason: "a DOCTYPE after the root element or a second one", offset: i)
                }
                try skipDoctype()
                sawDoctype = true
                sawMarkup = true
            } else if has("<!", at: i) {
                throw Failure(reason: "markup '<!' that is not a comment, CDATA or DOCTYPE", offset: i)
            } else if has("</", at: i) {
                return .end(name: try endTag())
            } else {
                return .start(name: try startTag())
            }
        }
        if let inner = open.last {
            throw Failure(reason: "the file ends inside <\(show(inner))> (cut short?)", offset: n)
        }
        guard sawRoot else { throw Failure(reason: "it holds no XML element", offset: n) }
        return nil
    }

    /// Appends the characters of a `.text` range or an attribute value to `out`, references
    /// resolved to UTF-8. Returns false, appending nothing more, once `out` would pass `limit` bytes.
    func decode(_ range: Range<Int>, verbatim: Bool, into out: inout [UInt8], limit: Int) -> Bool {
        var p = range.lowerBound
        while p < range.upperBound {
            guard out.count < limit else { return false }
            if !verbatim, bytes[p] == Self.amp, let (scalar, after) = try? reference(at: p) {
                out.append(contentsOf: scalar.utf8)
                p = after
            } else {
                out.append(bytes[p])
                p += 1
            }
        }
        return out.count <= limit
    }

    /// The part of a qualified name after its namespace prefix: `trkpt` for `gpx:trkpt`.
    func localName(_ name: Range<Int>) -> ArraySlice<UInt8> {
        let colon = bytes[name].lastIndex(of: UInt8(ascii: ":"))
        return bytes[(colon.map { $0 + 1 } ?? name.lowerBound)..<name.upperBound]
    }

    /// The value range of the unprefixed attribute `name`, if the element has it.
    func attribute(_ name: String) -> Range<Int>? {
        let key = Array(name.utf8)
        return attributes.first { bytes[$0.name].elementsEqual(key) }?.value
    }

    // MARK: - Markup

    private mutating func startTag() throws(Failure) -> Range<Int> {
        let tagStart = i
        let name = (i + 1)..<scanName(from: i + 1)
        guard !name.isEmpty else { throw Failure(reason: "a '<' that starts no tag", offset: tagStart) }
        guard !sawRoot || !open.isEmpty else {
            throw Failure(reason: "content after the root element has ended: <\(show(name))>", offset: tagStart)
        }
        i = name.upperBound
        attributes.removeAll(keepingCapacity: true)
        var selfClosing = false
        while true {
            let spaced = skipSpace()
            guard i < bytes.count else {
                throw Failure(reason: "the file ends inside the tag <\(show(name))> (cut short?)", offset: i)
            }
            if bytes[i] == Self.gt {
                i += 1
                break
            }
            if has("/>", at: i) {
                i += 2
                selfClosing = true
                break
            }
            let attrName = i..<scanName(from: i)
            guard spaced, !attrName.isEmpty else {
                throw Failure(reason: "a malformed attribute in the tag <\(show(name))>", offset: i)
            }
            i = attrName.upperBound
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else {
                throw Failure(reason: "the attribute \(show(attrName)) of <\(show(name))> has no value", offset: i)
            }
            i += 1
            skipSpace()
            let value = try attributeValue(of: attrName)
            if isDuplicate(attrName) {
                throw Failure(
                    reason: "the attribute \(show(attrName)) of <\(show(name))> is given twice",
                    offset: attrName.lowerBound)
            }
            attributes.append(Attribute(name: attrName, value: value))
        }
        guard open.count < Self.maxDepth else {
            throw Failure(reason: "elements nested deeper than \(Self.maxDepth) levels", offset: tagStart)
        }
        open.append(name)
        sawRoot = true
        sawMarkup = true
        pendingEnd = selfClosing
        return name
    }

    private mutating func attributeValue(of attrName: Range<Int>) throws(Failure) -> Range<Int> {
        guard i < bytes.count, bytes[i] == Self.quot || bytes[i] == Self.apos else {
            throw Failure(reason: "the value of the attribute \(show(attrName)) is not in quotes", offset: i)
        }
        let quote = bytes[i]
        let start = i + 1
        i = start
        while i < bytes.count, bytes[i] != quote {
            if bytes[i] == Self.lt {
                throw Failure(reason: "a '<' inside the value of the attribute \(show(attrName))", offset: i)
            }
            if bytes[i] == Self.amp { i = try reference(at: i).after } else { i += 1 }
        }
        guard i < bytes.count else {
            throw Failure(
                reason: "the file ends inside the value of the attribute \(show(attrName)) (cut short?)", offset: i)
        }
        i += 1
        return start..<(i - 1)
    }

    /// Whether the attribute being added names one the tag already has. Past a few attributes the
    /// names are hashed, so a tag with thousands of them stays linear.
    private mutating func isDuplicate(_ name: Range<Int>) -> Bool {
        if attributes.count < 16 { return attributes.contains { bytes[$0.name] == bytes[name] } }
        if attributes.count == 16 {
            attributeNames.removeAll(keepingCapacity: true)
            for a in attributes { attributeNames.insert(bytes[a.name]) }
        }
        return !attributeNames.insert(bytes[name]).inserted
    }

    private mutating func endTag() throws(Failure) -> Range<Int> {
        let tagStart = i
        let name = (i + 2)..<scanName(from: i + 2)
        guard !name.isEmpty else { throw Failure(reason: "a malformed end tag", offset: tagStart) }
        i = name.upperBound
        skipSpace()
        guard i < bytes.count else {
            throw Failure(reason: "the file ends inside the end tag </\(show(name))> (cut short?)", offset: i)
        }
        guard bytes[i] == Self.gt else { throw Failure(reason: "a malformed end tag </\(show(name))>", offset: i) }
        i += 1
        guard let inner = open.last else {
            throw Failure(reason: "the end tag </\(show(name))> closes no open element", offset: tagStart)
        }
        guard bytes[inner] == bytes[name] else {
            throw Failure(reason: "the end tag </\(show(name))> does not close <\(show(inner))>", offset: tagStart)
        }
        open.removeLast()
        return name
    }

    /// Skips `<?target …?>`. The target must be a name; `xml` (the declaration) only at the start.
    private mutating func skipProcessingInstruction() throws(Failure) {
        let start = i
        let target = (i + 2)..<scanName(from: i + 2)
        guard !target.isEmpty else {
            throw Failure(reason: "a processing instruction '<?' without a name", offset: start)
        }
        if bytes[target].count == 3, String(decoding: bytes[target], as: UTF8.self).lowercased() == "xml" {
            guard !sawMarkup, bytes[target].elementsEqual("xml".utf8) else {
                throw Failure(reason: "an XML declaration '<?xml' that is not at the start of the file", offset: start)
            }
        }
        guard
            has("?>", at: target.upperBound)
                || (target.upperBound < bytes.count && Self.isSpace(bytes[target.upperBound]))
        else {
            throw Failure(reason: "a malformed processing instruction <?\(show(target))", offset: start)
        }
        i = try end(of: "?>", from: target.upperBound, what: "a processing instruction that is never closed (?>)")
    }

    /// Skips `<!DOCTYPE …>`, including an internal subset in brackets with quoted strings and comments.
    private mutating func skipDoctype() throws(Failure) {
        let start = i
        var p = i + 9
        var brackets = 0
        while p < bytes.count {
            let c = bytes[p]
            if c == Self.quot || c == Self.apos {
                guard let close = bytes[(p + 1)...].firstIndex(of: c) else { break }
                p = close + 1
            } else if brackets > 0, has("<!--", at: p) {
                p = try end(of: "-->", from: p + 4, what: "a comment in the DOCTYPE that is never closed (-->)")
            } else if c == UInt8(ascii: "[") {
                brackets += 1
                p += 1
            } else if c == UInt8(ascii: "]") {
                brackets -= 1
                p += 1
            } else if c == Self.gt, brackets <= 0 {
                i = p + 1
                return
            } else {
                p += 1
            }
        }
        throw Failure(reason: "a DOCTYPE that is never closed (cut short?)", offset: start)
    }

    /// Moves past character data up to the next '<', checking every reference in it.
    private mutating func skipCharacterData() throws(Failure) {
        while i < bytes.count, bytes[i] != Self.lt {
            if bytes[i] == Self.amp { i = try reference(at: i).after } else { i += 1 }
        }
    }

    @discardableResult
    private mutating func skipSpace() -> Bool {
        let start = i
        while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
        return i > start
    }

}
