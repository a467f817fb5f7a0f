/// SplitMix64: a small random generator whose sequence is fixed by its seed, so that tests drawing
/// random cases (kill points, random pictures) draw the same ones on every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func uniform(_ upTo: Double) -> Double { upTo > 0 ? Double.random(in: 0..<upTo, using: &self) : 0 }
}
