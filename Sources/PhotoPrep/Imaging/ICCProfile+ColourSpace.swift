extension ICCProfile {
    /// Whether the profile's data colour space (header bytes 16–19) fits pixels of this many
    /// channels: an RGB profile for the RGB copy, a grey one for a grey copy. A CMYK profile
    /// must not travel with the copy, whose pixels were converted to RGB.
    public static func describes(_ profile: [UInt8], channels: Int) -> Bool {
        guard profile.count >= 20 else { return false }
        let space = String(decoding: profile[16..<20], as: UTF8.self)
        switch channels {
        case 3: return space == "RGB "
        case 1: return space == "GRAY"
        default: return false
        }
    }
}
