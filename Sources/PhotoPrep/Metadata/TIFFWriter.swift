/// Appends new directories to a TIFF block. Bytes already in the block never move, so offsets
/// into it (MakerNotes, thumbnails, values of copied entries) stay valid.
struct TIFFWriter: Sendable {
    /// A directory entry to write: either the four raw bytes of an existing entry's value field
    /// (its value stays where it is), or value bytes to be placed after the new directory.
    struct Entry: Sendable, Equatable {
        enum Value: Sendable, Equatable {
            case field([UInt8])
            case data([UInt8])
        }
        var tag: UInt16
        var type: UInt16
        var count: UInt32
        var value: Value
    }

    private(set) var bytes: [UInt8]
    let bigEndian: Bool

    /// Extends an existing block.
    init(extending block: [UInt8], bigEndian: Bool) {
        bytes = block
        self.bigEndian = bigEndian
    }

    /// A new block: the header only, IFD0 offset to be set with `setIFD0`.
    init(bigEndian: Bool) {
        self.bigEndian = bigEndian
        bytes = bigEndian ? [0x4D, 0x4D, 0, 0x2A] : [0x49, 0x49, 0x2A, 0]
        bytes += [0, 0, 0, 0]
    }

    mutating func setIFD0(_ offset: UInt32) {
        bytes.replaceSubrange(4..<8, with: TIFFBlock.bytes(offset, bigEndian: bigEndian))
    }

    /// Appends a directory holding `entries` (sorted by tag here), at an even offset, followed by
    /// its values each at an even offset. Returns the directory's offset.
    mutating func appendDirectory(_ entries: [Entry], next: UInt32 = 0) -> UInt32 {
        let sorted = entries.sorted { $0.tag < $1.tag }
        if bytes.count % 2 == 1 { bytes.append(0) }
        let start = bytes.count
        var valueOffset = start + 2 + 12 * sorted.count + 4
        var table: [UInt8] = TIFFBlock.bytes(UInt16(sorted.count), bigEndian: bigEndian)
        var values: [UInt8] = []
        for e in sorted {
            table += TIFFBlock.bytes(e.tag, bigEndian: bigEndian)
            table += TIFFBlock.bytes(e.type, bigEndian: bigEndian)
            table += TIFFBlock.bytes(e.count, bigEndian: bigEndian)
            switch e.value {
            case .field(let f):
                table += f
            case .data(let d) where d.count <= 4:
                table += d + [UInt8](repeating: 0, count: 4 - d.count)
            case .data(let d):
                table += TIFFBlock.bytes(UInt32(valueOffset), bigEndian: bigEndian)
                values += d
                if d.count % 2 == 1 { values.append(0) }
                valueOffset = start + 2 + 12 * sorted.count + 4 + values.count
            }
        }
        table += TIFFBlock.bytes(next, bigEndian: bigEndian)
        bytes += table + values
        return UInt32(start)
    }

    // MARK: Entry makers

    func ascii(_ tag: UInt16, _ text: String) -> Entry {
        let d = Array(text.utf8) + [0]
        return Entry(tag: tag, type: 2, count: UInt32(d.count), value: .data(d))
    }

    func bytesEntry(_ tag: UInt16, _ values: [UInt8], type: UInt16 = 1) -> Entry {
        Entry(tag: tag, type: type, count: UInt32(values.count), value: .data(values))
    }

    func short(_ tag: UInt16, _ values: [UInt16]) -> Entry {
        Entry(
            tag: tag, type: 3, count: UInt32(values.count),
            value: .data(values.flatMap { TIFFBlock.bytes($0, bigEndian: bigEndian) }))
    }

    func long(_ tag: UInt16, _ value: UInt32) -> Entry {
        Entry(tag: tag, type: 4, count: 1, value: .data(TIFFBlock.bytes(value, bigEndian: bigEndian)))
    }

    func rational(_ tag: UInt16, _ values: [(UInt32, UInt32)]) -> Entry {
        Entry(
            tag: tag, type: 5, count: UInt32(values.count),
            value: .data(
                values.flatMap {
                    TIFFBlock.bytes($0.0, bigEndian: bigEndian) + TIFFBlock.bytes($0.1, bigEndian: bigEndian)
                }))
    }
}
