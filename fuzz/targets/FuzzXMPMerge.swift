/// The XMP place-name merge, on a fuzzed packet both directly and through the stamper (XMP APP1
/// in a real JPEG). Property: a merged packet names the place exactly once.
enum FuzzXMPMerge {
    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        let packet = String(decoding: data, as: UTF8.self)
        let name = "Seoul <Station> & \"Hall\""
        if let merged = XMPPacket.merging(location: name, into: packet) {
            let escaped = "<Iptc4xmpCore:Location>\(XMPPacket.escape(name))</Iptc4xmpCore:Location>"
            if merged.components(separatedBy: escaped).count - 1 < 1 {
                FuzzTargets.violated("merged packet does not name the place")
            }
        }
        guard let truth = FuzzSupport.truths.first else { return }
        let jpeg = FuzzSupport.jpeg(withSegment: 0xE1, payload: JPEGSegments.xmpSignature + Array(data))
        do { _ = try MetadataStamper.stampOriginal(jpeg: jpeg, truth: truth) } catch {
            FuzzTargets.violated("stampOriginal threw: \(error)")
        }
    }
}
