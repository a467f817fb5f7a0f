/// The EXIF entries that carry a capture truth: the time tags of the Exif IFD and the GPS IFD.
struct CaptureStamp: Sendable {
    let truth: CaptureTruth

    /// Exif IFD tags this stamp sets (they replace the camera's).
    static let exifTags: Set<UInt16> = [0x9003, 0x9011, 0x9291]

    /// `DateTimeOriginal`, `OffsetTimeOriginal`, `SubSecTimeOriginal`.
    func exifEntries(_ w: TIFFWriter) -> [TIFFWriter.Entry] {
        [w.ascii(0x9003, truth.exifDateTime), w.ascii(0x9011, truth.exifOffset), w.ascii(0x9291, truth.exifSubSeconds)]
    }

    /// The GPS IFD for the truth's place; nil when there is no place.
    func gpsEntries(_ w: TIFFWriter) -> [TIFFWriter.Entry]? {
        guard let p = truth.place else { return nil }
        var e = [
            w.bytesEntry(0x0000, [2, 3, 0, 0]),
            w.ascii(0x0001, p.lat < 0 ? "S" : "N"),
            w.rational(0x0002, Self.dms(p.lat)),
            w.ascii(0x0003, p.lon < 0 ? "W" : "E"),
            w.rational(0x0004, Self.dms(p.lon)),
        ]
        if let alt = p.altitudeM, alt.isFinite, abs(alt) < 4_000_000 {
            e.append(w.bytesEntry(0x0005, [alt < 0 ? 1 : 0]))
            e.append(w.rational(0x0006, [(UInt32((abs(alt) * 1000).rounded()), 1000)]))
        }
        if let acc = p.accuracyM, acc.isFinite, acc >= 0, acc < 4_000_000 {
            e.append(w.rational(0x001F, [(UInt32((acc * 1000).rounded()), 1000)]))
        }
        if let at = p.sampledAt {
            let wall = EXIFDateTime.Wall(msAsUTC: EXIFDateTime.ms(at))
            e.append(
                w.rational(
                    0x0007,
                    [
                        (UInt32(wall.hour), 1), (UInt32(wall.minute), 1),
                        (UInt32(wall.second * 1000 + wall.millisecond), 1000),
                    ]))
            e.append(w.ascii(0x001D, String(wall.exifString.prefix(10))))
        }
        return e
    }

    /// Degrees, minutes, seconds of `|value|`, seconds to 1/10000 (about 3 mm).
    static func dms(_ value: Double) -> [(UInt32, UInt32)] {
        let units = Int((abs(value) * 36_000_000).rounded())  // 1/10000 arc-second
        let deg = units / 36_000_000
        let rest = units % 36_000_000
        return [(UInt32(deg), 1), (UInt32(rest / 600_000), 1), (UInt32(rest % 600_000), 10000)]
    }
}
