import Foundation

/// A hard-edged shadow across a photo (a hand's, a phone's, a post's), found and lifted for a second reading.
///
/// A shadow's edge cuts every ground it crosses in two: `PanelFinder` grows a panel's ground over even cells, and
/// the half of a sign panel in shadow became a panel of its own, its lines cut where the edge crosses them ("Car park
/// level 5" read "park"). What tells the edge from a panel's is that a shadow darkens whatever it falls on by one
/// factor: along a straight line across the photo, the levels a little to either side keep one ratio over the wall
/// and over every panel alike, where a panel's edge keeps a ratio along its own side only. That ratio, measured across
/// the line pixel by pixel (the penumbra included), lifts the shadowed side back to the lit side's light.
enum Shadow {
    /// How far either side of the line, in cells, its levels are compared: past a penumbra and a stroke.
    static let reach = 4
    /// A shadow darkens by at least this much (log ratio: 0.35 is to 70%): a hand's or a phone's takes half the light
    /// or more (the harness's, 55%); a step of light to 72% on a wall photographed from one side was no shadow.
    static let deepest = 0.35
    /// The compared levels of one sample keep the line's ratio within this (log) …
    static let agreement = 0.12
    /// … on this share of the samples where both sides are even ground …
    static let consistent = 0.7
    /// … which lie along at least this share of the line's length in the photo …
    static let extent = 0.6
    /// … and cross from one ground to another twice or more, the lit side's level jumping by this (log) between
    /// neighbouring samples: one ground's straight edge (a page's on a table) keeps one ratio along it too, even
    /// with the light falling off along both, and is no shadow.
    static let groundStep = 0.15
    /// … or, across one ground, be soft: its penumbra (a tenth to nine tenths of the way from the shadow's light to
    /// the lit side's) this many pixels wide or more. The harness's shadows measure 15–19 px; the sharp edges of
    /// pages and panels 1–7, up to 13 on photos shaken or seen from one side (two such, lifted, read as before).
    static let softEdge = 12
    /// Largest change of chromaticity (r and g shares of r + g + b, summed) across the line, on the median sample:
    /// a shadow darkens a ground, it does not change its colour (skylight tints a sunlit one's a little bluer).
    static let sameHue = 0.05
    /// How many of the strongest straight lines are verified as a shadow's edge. Six panels have 24 edges, each voted
    /// for along its whole length, and a shadow's edge across dark panels and a brick wall gets fewer votes: on two of
    /// seed 7's Korean sign walls under a shadow it came after the 12th line tried (then the last), and they read 22 of
    /// their 30 lines, and 29 lifted.
    static let candidates = 24
    /// Largest spread of the 3×3 cells around a sample for it to count as even ground.
    static let flatness: Int32 = 12

    /// A straight shadow edge: the line `normal.x · x + normal.y · y = offset` in the picture's pixels, with the
    /// shadow on the side where that is smaller, and the gain that lifts each signed distance from it (`gains`,
    /// from `−halfWidth` to `halfWidth`; beyond, 1 on the lit side and `gains[0]` on the other).
    struct Edge {
        var normal: (x: Double, y: Double)
        var offset: Double
        var halfWidth: Int
        var gains: [Double]
        /// The ratio of the shadowed side's light to the lit side's.
        var ratio: Double

        func gain(_ s: Double) -> Double {
            let i = Int(s.rounded()) + halfWidth
            if i < 0 { return gains[0] }
            if i >= gains.count { return 1 }
            return gains[i]
        }
    }

    /// Whether `second`, a reading of the photo with its shadow lifted, is kept over the first, which read `readable`
    /// characters at a mean confidence of `confidence`: where it reads as much at least, as surely at least. The edge
    /// misleads the layout more than the letters: a sign wall whose shadow's edge ran down the gap between its columns
    /// of panels read its 12 lines whole as it was, but column by column; lifted, the same lines (0.1% more, 0.1 points
    /// surer), panel row by panel row.
    static func keeps(_ second: TesseractEngine.Reading, over readable: Double, _ confidence: Double) -> Bool {
        second.readable >= readable && second.confidence >= confidence
    }

    /// `image` with the shadowed side of a hard shadow's edge lifted to the lit side's light (every channel by one
    /// gain); `nil` where no such edge crosses it.
    static func lifted(_ image: Raster) -> Raster? {
        guard let edge = edge(in: image) else { return nil }
        var out = image
        let c = image.channels, w = image.width
        let n = edge.normal
        out.pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<image.height {
                for x in 0..<w {
                    let g = edge.gain(Double(x) * n.x + Double(y) * n.y - edge.offset)
                    guard g != 1 else { continue }
                    let i = (y * w + x) * c
                    for k in 0..<c { p[i + k] = UInt8(min(255, (Double(p[i + k]) * g).rounded())) }
                }
            }
        }
        return out
    }

    /// The hard shadow's edge across `image` (grey or RGB), if one crosses it.
    ///
    /// Looked for in the picture as it is, then where none is found there, with its print closed (`printClosed`):
    /// a page's print leaves no even ground for the ratio across the edge to be measured on, only the margins and the
    /// gap between columns, and 5 of seed 8181's 28 shadows, over pages (two of them turned) and small print, were not
    /// found. Closed, the page is paper, and the shadow's step across it is kept.
    static func edge(in image: Raster) -> Edge? {
        // The picture averaged as `PanelFinder` sees it (cells of f × f pixels, 400 a long edge).
        let grey = image.grey()
        guard let pix = LeptonicaImage(grey), let averaged = PanelFinder.GreyCells(pix),
              averaged.sw >= 32, averaged.sh >= 32
        else { return nil }
        let hues = image.channels == 3 ? chromaticities(image, cell: averaged.f, averaged.sw, averaged.sh) : nil
        if let edge = edge(averaged.small, averaged, hues: hues, grey: { grey }) { return edge }
        // Closed in cells to look for the edge, and in pixels (once, where a line is worth measuring) to measure it.
        let size = Int(printClosed * Double(max(image.width, image.height)))
        var closed: Raster?
        return edge(Self.closed(averaged.small, averaged.sw, averaged.sh, size: max(3, size / averaged.f)), averaged,
                    hues: hues, grey: {
                        if closed == nil { closed = pix.closed(size: size)?.greyRaster() }
                        return closed
                    })
    }

    /// The size of the square a picture's print is closed by, as a share of its long edge (31 px of the copy's
    /// 2048): taller than the ink of a line of a page's print, so the page closes to its paper; strokes wider than
    /// that (a sign's big letters) stay.
    static let printClosed = 0.015

    /// `cells` (`sw` × `sh`, row by row) closed by a `size` × `size` square of cells: each the least of the greatest
    /// around it.
    static func closed(_ cells: [Int32], _ sw: Int, _ sh: Int, size: Int) -> [Int32] {
        let r = size / 2
        func filtered(_ values: [Int32], _ pick: (Int32, Int32) -> Int32) -> [Int32] {
            var across = values, out = values
            for y in 0..<sh {
                for x in 0..<sw {
                    var v = values[y * sw + x]
                    for k in max(0, x - r)...min(sw - 1, x + r) { v = pick(v, values[y * sw + k]) }
                    across[y * sw + x] = v
                }
            }
            for y in 0..<sh {
                for x in 0..<sw {
                    var v = across[y * sw + x]
                    for k in max(0, y - r)...min(sh - 1, y + r) { v = pick(v, across[k * sw + x]) }
                    out[y * sw + x] = v
                }
            }
            return out
        }
        return filtered(filtered(cells, max), min)
    }

    /// The hard shadow's edge across the picture averaged in `cells` (`averaged`'s grid; hues, where in colour), its
    /// gains measured in `grey` (asked for only where a line is worth measuring).
    private static func edge(_ cells: [Int32], _ averaged: PanelFinder.GreyCells, hues: [(r: Double, g: Double)]?,
                             grey: () -> Raster?) -> Edge?
    {
        let f = averaged.f, sw = averaged.sw, sh = averaged.sh
        let logs = cells.map { log(Double(max($0, 4))) }
        func flat(_ x: Int, _ y: Int) -> Bool {
            guard x >= 1, y >= 1, x < sw - 1, y < sh - 1 else { return false }
            var lo = Int32.max, hi = Int32.min
            for dy in -1...1 {
                for dx in -1...1 {
                    let v = cells[(y + dy) * sw + x + dx]
                    lo = min(lo, v); hi = max(hi, v)
                }
            }
            return hi - lo <= flatness
        }
        // Hough votes of the steep cells along their gradient's direction (log levels, so a shadow's step is
        // as steep on a dark panel as on a light one).
        let angles = 180
        let diagonal = Int(Double(sw * sw + sh * sh).squareRoot()) + 1
        var votes = [Int32](repeating: 0, count: angles * 2 * diagonal)
        let cosines = (0..<angles).map { cos(Double($0) * .pi / Double(angles)) }
        let sines = (0..<angles).map { sin(Double($0) * .pi / Double(angles)) }
        for y in 1..<(sh - 1) {
            for x in 1..<(sw - 1) {
                func l(_ dx: Int, _ dy: Int) -> Double { logs[(y + dy) * sw + x + dx] }
                let gx = (l(1, -1) + 2 * l(1, 0) + l(1, 1) - l(-1, -1) - 2 * l(-1, 0) - l(-1, 1)) / 8
                let gy = (l(-1, 1) + 2 * l(0, 1) + l(1, 1) - l(-1, -1) - 2 * l(0, -1) - l(1, -1)) / 8
                guard gx * gx + gy * gy >= 0.06 * 0.06 else { continue }
                var a = Int((atan2(gy, gx) * Double(angles) / .pi).rounded())
                a = ((a % angles) + angles) % angles
                for da in -3...3 {
                    let t = ((a + da) % angles + angles) % angles
                    let rho = Int((Double(x) * cosines[t] + Double(y) * sines[t]).rounded()) + diagonal
                    votes[t * 2 * diagonal + rho] += 1
                }
            }
        }
        // The strongest lines, each verified (`candidates` of them), as a panel's edges vote as strongly as a shadow's.
        let least = Int32(min(sw, sh) / 4)
        var order = votes.indices.filter { votes[$0] >= least }
        order.sort { votes[$0] > votes[$1] }
        var tried: [(Int, Int)] = []
        for i in order {
            let t = i / (2 * diagonal), rho = i % (2 * diagonal) - diagonal
            if tried.contains(where: { abs($0.1 - rho) <= 4 && min(abs($0.0 - t), angles - abs($0.0 - t)) <= 4 }) {
                continue
            }
            tried.append((t, rho))
            if let edge = verified(t: t, rho: rho, angles: angles, logs: logs, sw: sw, sh: sh, f: f, grey: grey,
                                   hues: hues, flat: flat) {
                return edge
            }
            if tried.count >= candidates { break }
        }
        return nil
    }

    /// The line at angle `t` (of `angles` to a half turn) and distance `rho` (cells) as a shadow's edge, where it
    /// is one (the ratio across it kept over different grounds along most of it), with its gains measured in `grey`.
    private static func verified(t: Int, rho: Int, angles: Int, logs: [Double], sw: Int, sh: Int, f: Int,
                                 grey: () -> Raster?, hues: [(r: Double, g: Double)]?, flat: (Int, Int) -> Bool)
        -> Edge?
    {
        let theta = Double(t) * .pi / Double(angles)
        let n = (x: cos(theta), y: sin(theta)), u = (x: -sin(theta), y: cos(theta))
        // Walk the line across the cell grid.
        var samples: [(t: Double, diff: Double, lit: Double, x: Double, y: Double, hue: Double)] = []
        var length = 0
        let reachD = Double(reach)
        let limit = Double(sw + sh)
        var s = -limit
        while s <= limit {
            let x = Double(rho) * n.x + s * u.x, y = Double(rho) * n.y + s * u.y
            defer { s += 1 }
            guard x >= 0, y >= 0, x < Double(sw), y < Double(sh) else { continue }
            length += 1
            let ax = Int((x - reachD * n.x).rounded()), ay = Int((y - reachD * n.y).rounded())
            let bx = Int((x + reachD * n.x).rounded()), by = Int((y + reachD * n.y).rounded())
            guard flat(ax, ay), flat(bx, by) else { continue }
            let a = logs[ay * sw + ax], b = logs[by * sw + bx]
            let hue = hues.map { c in
                abs(c[ay * sw + ax].r - c[by * sw + bx].r) + abs(c[ay * sw + ax].g - c[by * sw + bx].g)
            } ?? 0
            samples.append((s, b - a, max(a, b), x, y, hue))
        }
        guard length >= min(sw, sh) / 2, samples.count >= length / 4 else { return nil }
        let diffs = samples.map(\.diff).sorted()
        let median = diffs[diffs.count / 2]
        guard abs(median) >= deepest else { return nil }
        let agreeing = samples.filter { abs($0.diff - median) <= agreement }
        guard Double(agreeing.count) >= consistent * Double(samples.count),
              let first = agreeing.first?.t, let last = agreeing.last?.t,
              last - first >= extent * Double(length)
        else { return nil }
        // Grounds crossed: where the lit side's level jumps between neighbouring samples, a panel's edge crosses the
        // line, and the shadowed side jumped with it, keeping the ratio.
        let crossings = zip(agreeing, agreeing.dropFirst()).filter { abs($1.lit - $0.lit) >= groundStep }.count
        // The same ground in and out of the shadow: its colour keeps its hue (a red panel's edge on a grey wall
        // keeps one ratio along it too).
        let hueShift = agreeing.map(\.hue).sorted()[agreeing.count / 2]
        guard hueShift <= sameHue, let grey = grey() else { return nil }
        // In pixels: the line through the cells' centres; the shadow on the side of smaller distance.
        let sign: Double = median > 0 ? 1 : -1
        let centre = Double(f) / 2
        let half = (reach + 1) * f
        let centres = agreeing.map { (x: $0.x * Double(f) + centre, y: $0.y * Double(f) + centre) }
        let w = grey.width, h = grey.height
        // Each sample's levels across the line `normal · p = offset`, at distances −half … half from it, averaged
        // along it over a cell so grain and a stroke's edge weigh less; `nil` where that runs off the picture.
        func across(_ normal: (x: Double, y: Double), _ offset: Double) -> [[Double]?] {
            let along = (x: -normal.y, y: normal.x)
            return grey.pixels.withUnsafeBufferPointer { p in
                centres.map { c -> [Double]? in
                    let off = normal.x * c.x + normal.y * c.y - offset
                    var levels: [Double] = []
                    for d in -half...half {
                        var sum = 0.0, count = 0.0
                        for k in stride(from: -Double(f) / 2, through: Double(f) / 2, by: 1) {
                            let x = Int((c.x + (Double(d) - off) * normal.x + k * along.x).rounded())
                            let y = Int((c.y + (Double(d) - off) * normal.y + k * along.y).rounded())
                            guard x >= 0, y >= 0, x < w, y < h else { return nil }
                            sum += Double(p[y * w + x]); count += 1
                        }
                        levels.append(sum / count)
                    }
                    return levels
                }
            }
        }
        // The Hough line lies up to a cell and a degree off (36 px at the end of a long edge): the edge is found on
        // each sample (where its levels cross halfway) and a line fitted through those points, so the lift meets it.
        var normal = (x: n.x * sign, y: n.y * sign)
        var offset = (Double(rho) * Double(f) + centre * (n.x + n.y)) * sign
        var points: [(s: Double, t: Double)] = []
        for (c, levels) in zip(centres, across(normal, offset)) {
            guard let levels, levels[2 * half] - levels[0] >= 8 else { continue }
            let mid = (levels[0] + levels[2 * half]) / 2
            guard let j = levels.indices.dropFirst().first(where: { levels[$0] >= mid && levels[$0 - 1] < mid })
            else { continue }
            let d = Double(j - 1) + (mid - levels[j - 1]) / (levels[j] - levels[j - 1]) - Double(half)
            let off = normal.x * c.x + normal.y * c.y - offset
            let q = (x: c.x + (d - off) * normal.x, y: c.y + (d - off) * normal.y)
            points.append((normal.x * q.x + normal.y * q.y, -normal.y * q.x + normal.x * q.y))
        }
        var kept = points
        if kept.count >= 8 {
            var fit = (a: offset, b: 0.0)
            for _ in 0..<2 {
                let count = Double(kept.count)
                let mt = kept.map(\.t).reduce(0, +) / count, ms = kept.map(\.s).reduce(0, +) / count
                let stt = kept.map { ($0.t - mt) * ($0.t - mt) }.reduce(0, +)
                let sts = kept.map { ($0.t - mt) * ($0.s - ms) }.reduce(0, +)
                guard stt > 0 else { break }
                fit.b = sts / stt
                fit.a = ms - fit.b * mt
                let misses = kept.map { abs($0.s - fit.a - fit.b * $0.t) }.sorted()
                let limit = max(2, 2 * misses[misses.count / 2])
                let closer = kept.filter { abs($0.s - fit.a - fit.b * $0.t) <= limit }
                guard closer.count >= 8 else { break }
                kept = closer
            }
            let length = (1 + fit.b * fit.b).squareRoot()
            normal = (x: (normal.x + fit.b * normal.y) / length, y: (normal.y - fit.b * normal.x) / length)
            offset = fit.a / length
        }
        // The ratio of each distance's level to the lit side's, the median over the samples.
        var ratios = [[Double]](repeating: [], count: 2 * half + 1)
        for levels in across(normal, offset) {
            guard let levels, levels[2 * half] >= 8 else { continue }
            for i in levels.indices { ratios[i].append(levels[i] / levels[2 * half]) }
        }
        guard ratios.allSatisfy({ !$0.isEmpty }) else { return nil }
        let profile = ratios.map { r in r.sorted()[r.count / 2] }
        let far = profile[0]
        guard far > 0.1, far < 1 else { return nil }
        // Across one ground only (a poster filling the photo), the edge must be a shadow's, soft: a page's or a
        // panel's edge is sharp.
        let (tenth, nineTenths) = (far + 0.1 * (1 - far), far + 0.9 * (1 - far))
        let penumbra = (profile.firstIndex { $0 >= nineTenths } ?? profile.count)
            - (profile.firstIndex { $0 >= tenth } ?? 0)
        guard crossings >= 2 || penumbra >= softEdge else { return nil }
        // Lifted no more than the shadow's depth, and never darkened.
        let gains = profile.map { 1 / min(1, max(far, $0)) }
        return Edge(normal: normal, offset: offset, halfWidth: half, gains: gains, ratio: far)
    }

    /// The chromaticity (r and g shares of r + g + b) of each f × f cell of the RGB picture `image`, row by row.
    private static func chromaticities(_ image: Raster, cell f: Int, _ sw: Int, _ sh: Int) -> [(r: Double, g: Double)] {
        var out = [(r: Double, g: Double)](repeating: (1.0 / 3, 1.0 / 3), count: sw * sh)
        let w = image.width
        image.pixels.withUnsafeBufferPointer { p in
            for cy in 0..<sh {
                for cx in 0..<sw {
                    var r = 0, g = 0, b = 0
                    for y in cy * f..<(cy + 1) * f {
                        for x in cx * f..<(cx + 1) * f {
                            let i = (y * w + x) * 3
                            r += Int(p[i]); g += Int(p[i + 1]); b += Int(p[i + 2])
                        }
                    }
                    let sum = Double(max(1, r + g + b))
                    out[cy * sw + cx] = (Double(r) / sum, Double(g) / sum)
                }
            }
        }
        return out
    }
}
