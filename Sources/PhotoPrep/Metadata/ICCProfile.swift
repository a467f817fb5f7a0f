/// The colour profile a JPEG carries in `ICC_PROFILE` APP2 segments.
public enum ICCProfile {
    /// Largest profile chunk one APP2 segment holds: 65533 payload bytes minus the 14-byte header.
    static let chunkSize = 65533 - 14

    /// The profile reassembled from its APP2 chunks in sequence order; nil when there is none or
    /// its chunks are inconsistent (missing, duplicated, disagreeing on the count).
    public static func extract(fromJPEG jpeg: [UInt8]) -> [UInt8]? {
        guard let parsed = JPEGSegments(jpeg) else { return nil }
        var chunks: [Int: ArraySlice<UInt8>] = [:]
        var total: Int?
        for s in parsed.segments where s.isICC {
            let p = s.payload
            guard p.count >= 14 else { return nil }
            let seq = Int(p[p.startIndex + 12])
            let count = Int(p[p.startIndex + 13])
            guard seq >= 1, count >= 1, seq <= count, total == nil || total == count, chunks[seq] == nil else {
                return nil
            }
            total = count
            chunks[seq] = p.dropFirst(14)
        }
        guard let total, chunks.count == total else { return nil }
        var out: [UInt8] = []
        for seq in 1...total { out += chunks[seq]! }
        return out.isEmpty ? nil : out
    }

    /// `jpeg` with `profile` as its only ICC profile, split over as many APP2 segments as needed
    /// and placed after the leading APP0/APP1 segments. An empty profile or one needing more than
    /// 255 segments leaves the JPEG as it was.
    public static func embed(_ profile: [UInt8], intoJPEG jpeg: [UInt8]) -> [UInt8] {
        guard !profile.isEmpty, var parsed = JPEGSegments(jpeg) else { return jpeg }
        let count = (profile.count + chunkSize - 1) / chunkSize
        guard count <= 255 else { return jpeg }
        parsed.segments.removeAll { $0.isICC }
        var idx = 0
        while idx < parsed.segments.count, parsed.segments[idx].marker == 0xE0 || parsed.segments[idx].marker == 0xE1 {
            idx += 1
        }
        var new: [JPEGSegments.Segment] = []
        for k in 0..<count {
            let chunk = profile[(k * chunkSize)..<min(profile.count, (k + 1) * chunkSize)]
            let payload = JPEGSegments.iccSignature + [UInt8(k + 1), UInt8(count)] + chunk
            new.append(JPEGSegments.Segment(marker: 0xE2, payload: payload)!)
        }
        parsed.segments.insert(contentsOf: new, at: idx)
        return parsed.bytes
    }
}
