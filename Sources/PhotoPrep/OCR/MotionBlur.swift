import Foundation

/// The straight motion blur of a camera moved while its shutter was open: every point drawn out into a
/// streak `length` px long at `angle` degrees (clockwise from the x axis, as the picture's y runs down).
///
/// A straight streak's spectrum is a sinc along its direction: the blurred picture's power spectrum is dark
/// along lines perpendicular to the motion, the first `1 / length` cycles per pixel from the centre, where
/// a sharp picture's falls off smoothly (Cannon 1976). The estimate compares the spectrum,
/// averaged over tiles, along each direction with the spectrum across it and takes the deepest first dip.
/// Dots on the axis across text lines (their pitch) are left out, but a page's lines still darken its
/// spectrum between those dots: blur along the lines' normal is not told from them (`nearNormal`).
struct MotionBlur {
    var length: Double
    var angle: Double
    /// How much darker the spectrum is at the dip than across it (natural log of power): 0 for none.
    var depth: Double

    /// The side of the tiles the spectrum is averaged over, and the frequencies it is sampled at (cycles
    /// per `tile` px): a dip nearer the centre than `shortest` is a streak longer than `tile / shortest`
    /// (21 px, not a hand's shake at 2048 px), one farther than `farthest` shorter than 4.6 px (Tesseract
    /// reads through it).
    static let tile = 256
    static let shortest = 12
    static let farthest = 56
    /// The tiles the spectrum is averaged over, at most: half a 2048×1536 photo's.
    static let tiles = 24
    /// A dip shallower than this (log power) is no motion blur: measured over all their tiles, away from
    /// their text lines' normal, the harness's sharp photos and busy streets dip 1.7 at most, the pages it
    /// shook 1.6–4.0 (those that lost lines 1.9 or more).
    static let deep = 1.8
    /// The dip that is a streak under a reading of junk (`TesseractEngine.readAsJunk`), over `manyTiles` of its
    /// lines' tiles at least: the harness's sharp photos so read (pages of small print) dip 0.9 at most; shaken
    /// ones so read dip 1.1–3.6. A page shaken 6 px along its lines under grain (seed 6061's pages-03, 1.1) read
    /// 21 of its 97 lines, 82 with the streak removed; a poster's two lines of small print (seed 2121's
    /// posters-03, 1.6) read as scraps, whole with it removed.
    static let deepUnderJunk = 1.0
    /// The tiles a dip shallower than `deep` must be measured over: over a few, a sharp photo's spectrum dips
    /// deeper (the harness's streets and signs, a camera's portrait: up to 1.2 over 4–11 tiles).
    static let manyTiles = 12

    /// The motion blur along or aslant text lines lying at `lineAngle` degrees (0 for lines as a picture
    /// read upright holds them, 90 for lines turned a quarter) in the grey picture `pixels` (`width`×`height`,
    /// one byte a pixel), measured in the tiles that hold some of `lines` (boxes in its pixels; all
    /// tiles when `nil`); `nil` where none shows (a dip shallower than `deep`, or than `Self.deep` over fewer
    /// than `manyTiles` tiles) or fewer than four tiles hold lines and texture. The text is what must be sharp:
    /// a poster photographed through a moving train's window stands sharp before trees smeared 5 px (an ICDAR
    /// photo).
    static func estimate(_ pixels: [UInt8], width: Int, height: Int, linesAt lineAngle: Double = 0,
                         lines: [Moment.Box]? = nil, deep: Double = deep) -> MotionBlur?
    {
        let t = tile
        guard width >= t, height >= t else { return nil }
        let fft = FFT(size: t)
        let hann = (0..<t).map { 0.5 - 0.5 * cos(2 * Double.pi * Double($0) / Double(t - 1)) }
        var power = [Double](repeating: 0, count: t * t)
        var re = [Double](repeating: 0, count: t * t), im = re
        // Tiles side by side (overlapping by half, they measured the same blur on the harness's pages
        // for three times the work), the `tiles` of most contrast: a page's print, not its margins. A flat
        // tile (sky, a blank margin) holds only noise, whose spectrum is flat.
        var candidates: [(variance: Double, x: Int, y: Int, mean: Double)] = []
        for y0 in stride(from: 0, through: height - t, by: t) {
            for x0 in stride(from: 0, through: width - t, by: t) {
                if let lines, !lines.contains(where: { b in
                    b.x < x0 + t && b.x + b.width > x0 && b.y < y0 + t && b.y + b.height > y0
                }) { continue }
                var sum = 0.0, squares = 0.0
                for y in 0..<t {
                    let row = (y0 + y) * width + x0
                    for x in 0..<t {
                        let v = Double(pixels[row + x])
                        sum += v
                        squares += v * v
                    }
                }
                let mean = sum / Double(t * t)
                let variance = squares / Double(t * t) - mean * mean
                if variance >= 64 { candidates.append((variance, x0, y0, mean)) }
            }
        }
        let chosen = candidates.sorted { $0.variance > $1.variance }.prefix(tiles)
        for (_, x0, y0, mean) in chosen {
            for y in 0..<t {
                let row = (y0 + y) * width + x0
                for x in 0..<t {
                    re[y * t + x] = (Double(pixels[row + x]) - mean) * hann[y] * hann[x]
                    im[y * t + x] = 0
                }
            }
            fft.transform2D(&re, &im)
            for i in 0..<(t * t) { power[i] += re[i] * re[i] + im[i] * im[i] }
        }
        let tiles = chosen.count
        guard tiles >= 4 else { return nil }
        let logPower = power.map { log($0 / Double(tiles) + 1e-9) }
        return deepestDip(logPower, normal: (lineAngle + 90).truncatingRemainder(dividingBy: 180),
                          deep: tiles >= manyTiles ? deep : max(deep, Self.deep))
    }

    /// The deepest first dip of a `tile`×`tile` log power spectrum (in the transform's order, the zero
    /// frequency first) along any direction but those within `nearNormal` of `normal` (the text lines'
    /// normal), against the spectrum across that direction; `nil` where it is shallower than `deep`. A dip at
    /// the edge of those directions is followed to the streak whose line of zeros it lies on (`zeroLine`).
    static func deepestDip(_ spectrum: [Double], normal: Double, deep: Double) -> MotionBlur? {
        let t = tile
        func at(_ x: Double, _ y: Double) -> Double {
            let fx = x.rounded(.down), fy = y.rounded(.down)
            let ax = x - fx, ay = y - fy
            func v(_ i: Int, _ j: Int) -> Double {
                spectrum[((j % t) + t) % t * t + ((i % t) + t) % t]
            }
            let i = Int(fx), j = Int(fy)
            return (1 - ay) * ((1 - ax) * v(i, j) + ax * v(i + 1, j)) + ay * ((1 - ax) * v(i, j + 1) + ax * v(i + 1, j + 1))
        }
        // The band across each direction: 3–20 frequencies off it, both sides (the axis itself holds the
        // dots of a page's line pitch).
        let band = (-20...20).filter { abs($0) >= 3 }
        // Out to where a streak's line of zeros is followed (`zeroLine`); the dip itself is looked for nearer.
        let reach = fitReach + 2
        func profile(_ degrees: Int) -> [Double] {
            let a = Double(degrees) * Double.pi / 180
            let c = cos(a), s = sin(a)
            return (0..<reach).map { k in
                var sum = 0.0
                for b in band {
                    let db = Double(b), dk = Double(k)
                    sum += at(dk * c - db * s, dk * s + db * c) + at(-dk * c - db * s, -dk * s + db * c)
                }
                return sum / Double(2 * band.count)
            }
        }
        // Every second degree: the profile across `angle` is that of `angle + 90`, 45 entries on.
        let dips = dips(stride(from: 0, to: 180, by: 2).map(profile))
        func outsideNormal(_ angle: Int) -> Bool {
            let off = abs(Double(angle) - normal)
            return min(off, 180 - off) > nearNormal
        }
        var best: MotionBlur? = nil
        for (i, d) in dips.enumerated() {
            let angle = 2 * i
            guard outsideNormal(angle) else { continue }
            guard let k = (shortest..<farthest).min(by: { d[$0] < d[$1] }) else { continue }
            guard d[k] < (best?.depth ?? 0) else { continue }
            // Between frequencies, where the dip's three samples put it.
            let curve = d[k - 1] - 2 * d[k] + d[k + 1]
            let offset = curve > 0 ? max(-0.5, min(0.5, (d[k - 1] - d[k + 1]) / (2 * curve))) : 0
            best = MotionBlur(length: Double(t) / (Double(k) + offset), angle: Double(angle), depth: d[k])
        }
        guard var found = best, found.depth <= -deep else { return nil }
        // A dip at the edge of the directions left out can be a streak nearer the lines' normal, its own dip hidden
        // by their pitch's: 16 of the 34 streaks measured on eight shaken held-out sets were taken at the edge, and
        // 8 of those lay 10–28° nearer the normal (the renderer's own angles; seed 2323's pages-04: 86°, taken at
        // 58°). Its first zeros still lie on a line across it, `tile / length` from the centre, which meets each
        // direction `off` degrees from the streak at `tile / length / cos(off)`: the streak is the one whose line
        // runs through the dip found and the darkest of the other directions outside (`zeroLine`).
        if !outsideNormal(Int(found.angle) - 2) || !outsideNormal(Int(found.angle) + 2) {
            if let line = zeroLine(dips, outside: outsideNormal, through: found) {
                found.angle = line.angle
                found.length = Double(t) / line.frequency
            }
        }
        return found
    }

    /// The dips of each direction's profile (`profiles`, every second degree) against the profile across it,
    /// smoothed over three frequencies.
    private static func dips(_ profiles: [[Double]]) -> [[Double]] {
        profiles.indices.map { i in
            let raw = zip(profiles[i], profiles[(i + 45) % 90]).map { $0 - $1 }
            var d = raw
            for k in 1..<(raw.count - 1) { d[k] = 0.25 * raw[k - 1] + 0.5 * raw[k] + 0.25 * raw[k + 1] }
            return d
        }
    }

    /// The streak (every second degree, up to 60° from `dip`) whose line of first zeros runs through `dip` (the
    /// deepest dip outside the normal, where that line crosses its direction) and through the darkest `dips` (each
    /// direction's, out to `fitReach`) over the directions `outside` the lines' normal up to 60° from the streak;
    /// `nil` where fewer than `fitDirections` meet the line within reach.
    private static func zeroLine(_ dips: [[Double]], outside: (Int) -> Bool, through dip: MotionBlur)
        -> (angle: Double, frequency: Double)?
    {
        func at(_ d: [Double], _ k: Double) -> Double {
            let i = Int(k), f = k - Double(i)
            return (1 - f) * d[i] + f * d[i + 1]
        }
        func cosine(_ a: Double, _ b: Double) -> Double { abs(cos((a - b) * Double.pi / 180)) }
        let used = stride(from: 0, to: 180, by: 2).filter(outside)
        var best: (depth: Double, angle: Double, frequency: Double)? = nil
        for angle in stride(from: 0.0, to: 180, by: 2) where cosine(dip.angle, angle) >= 0.5 {
            // The line's own distance from the centre, where it crosses the streak's direction.
            let k0 = Double(tile) / dip.length * cosine(dip.angle, angle)
            var sum = 0.0, n = 0
            for direction in used {
                let c = cosine(Double(direction), angle)
                guard c >= 0.5, k0 / c <= Double(fitReach) else { continue }
                sum += at(dips[direction / 2], k0 / c)
                n += 1
            }
            guard n >= fitDirections, sum / Double(n) < (best?.depth ?? 0) else { continue }
            best = (sum / Double(n), angle, k0)
        }
        return best.map { ($0.angle, $0.frequency) }
    }

    /// How far out (frequencies of a `tile`) the line of a streak's zeros is followed, and over how many
    /// directions outside the normal it must be: a streak 8 px long along the normal meets the directions
    /// 30–60° from it 37–64 frequencies out.
    static let fitReach = 90
    static let fitDirections = 6

    /// Degrees from the text lines' normal within which no dip is taken for blur: a page's own line pitch
    /// darkens its spectrum along the normal and up to 25° from it (sharp pages: dips to 2.2 at 22° off,
    /// 1.7 at most from 30° off).
    static let nearNormal = 30.0

    /// The side of the tiles the blur is removed in, and the margin of each that is not kept (the
    /// deconvolution rings at a tile's edge).
    static let removalTile = 512
    static let margin = 64
    /// Wiener's noise-to-signal ratio: smaller sharpens more and brings up more grain.
    static let noiseRatio = 0.01
    /// The Gaussian (sigma, px) the sharpened picture is smoothed by: the grain the deconvolution
    /// brings up would become specks under Tesseract's threshold.
    static let smoothing = 1.0

    /// `pixels` with this blur removed (Wiener deconvolution, in overlapping tiles, the picture mirrored at
    /// its edges), smoothed by `smoothing`.
    func removed(from pixels: [UInt8], width: Int, height: Int) -> [UInt8] {
        let t = Self.removalTile, m = Self.margin, kept = t - 2 * m
        let fft = FFT(size: t)
        let a = angle * Double.pi / 180
        let c = cos(a), s = sin(a)
        func frequency(_ i: Int) -> Double { Double(i < t / 2 ? i : i - t) / Double(t) }
        var filter = [Double](repeating: 0, count: t * t)
        for j in 0..<t {
            for i in 0..<t {
                let u = frequency(i), v = frequency(j)
                let x = Double.pi * length * (u * c + v * s)
                let h = abs(x) < 1e-9 ? 1 : sin(x) / x
                let gauss = exp(-2 * pow(Double.pi * Self.smoothing, 2) * (u * u + v * v))
                filter[j * t + i] = h / (h * h + Self.noiseRatio) * gauss
            }
        }
        filter[0] = 1
        func mirrored(_ i: Int, _ n: Int) -> Int {
            let p = ((i % (2 * n)) + 2 * n) % (2 * n)
            return p < n ? p : 2 * n - 1 - p
        }
        var out = pixels
        var re = [Double](repeating: 0, count: t * t), im = re
        for y0 in stride(from: 0, to: height, by: kept) {
            for x0 in stride(from: 0, to: width, by: kept) {
                for y in 0..<t {
                    let row = mirrored(y0 - m + y, height) * width
                    for x in 0..<t {
                        re[y * t + x] = Double(pixels[row + mirrored(x0 - m + x, width)])
                        im[y * t + x] = 0
                    }
                }
                fft.transform2D(&re, &im)
                for i in 0..<(t * t) {
                    re[i] *= filter[i]
                    im[i] *= filter[i]
                }
                fft.transform2D(&re, &im, inverse: true)
                for y in 0..<min(kept, height - y0) {
                    for x in 0..<min(kept, width - x0) {
                        let v = re[(y + m) * t + x + m].rounded()
                        out[(y0 + y) * width + x0 + x] = UInt8(max(0, min(255, v)))
                    }
                }
            }
        }
        return out
    }
}
