internal import CTesseract

/// A sign panel, poster or page: a large area of one even ground colour with text on it.
struct Panel: Equatable, Sendable {
    /// Its bounding rectangle in the picture's pixels.
    var rect: PixelRect
    /// Its ground's grey level (0 black … 255 white).
    var ground: UInt8
    /// Parts of `rect` that are not the panel (the wall at the corners of a tilted panel), to be
    /// painted with the ground before reading: Tesseract takes a dark corner beside a line for a
    /// picture and drops the line with it.
    var outside: [PixelRect] = []
    /// How far its ground's light changes across it (grey levels between its 10th and 90th
    /// percentile): a global threshold suits an evenly lit panel, a local one a panel lit from a side.
    var unevenness: Int = 0
    /// The grey level around it (the wall), to paint it over with once it has been read, so the rest
    /// of the picture is read without it and without a block of its colour in its place.
    var surround: UInt8 = 128
    /// The grey of its holes (its text, blended with the ground by averaging): its ground's level moved
    /// by how much lighter or darker they are than the ground beside them; `nil` without holes.
    var textLevel: UInt8? = nil
    /// Its outline when it was photographed from one side (opposite sides differing by
    /// `PanelFinder.keystone` or more): read stretched back to a rectangle. `nil` for a rectangle,
    /// tilted or not.
    var quad: Quad? = nil
    /// Told from the wall around it by its colour alone: in grey, its ground runs into the wall's (a
    /// mustard panel on concrete as grey as it). Such a panel is kept only where it reads as a sign
    /// (`TesseractEngine.read`): a street's coloured facades are told so from the sky and from each
    /// other, and their windows read as a sign's letters would ("DEEOTORODE").
    var byColour = false
    /// Solid only within its outline, not its bounds (`PanelFinder.outlineKeystone`): a panel photographed
    /// from one side and tilted, or a street's facade seen at an angle. Kept only where it reads as a sign,
    /// as a panel told by its colour is.
    var byOutline = false
    /// Whether the panel is kept only where something on it reads surely (`byColour`, `byOutline`).
    var onTrial: Bool { byColour || byOutline }
    /// Light text on a darker ground: read the panel inverted. Told by its text being lighter than its
    /// ground (a mustard panel with black text is as grey as a blue one with white text), else by the ground.
    var isDark: Bool {
        if let t = textLevel { return t > ground }
        return ground < 128
    }

    /// Its ground's and text's grey levels as it is read, turned dark on light (a dark panel's
    /// inverted); `nil` without a text level.
    var darkOnLightLevels: (ground: UInt8, text: UInt8)? {
        guard let t = textLevel else { return nil }
        return isDark ? (255 - ground, 255 - t) : (ground, t)
    }
}

/// Finds the panels of a sign wall (and the page in a photo of one) so each is read on its own.
///
/// Tesseract's page layout analysis is made for pages: on a photo of several sign panels it misses
/// whole panels (a white panel with dark text beside dark panels with light text, a panel on a
/// brick wall), joins lines of neighbouring panels, and reads a picture in one polarity only. The
/// same panel cut out and turned dark-on-light reads with Tesseract's defaults. A panel is found as
/// a large connected area of even grey (neighbours within a few levels after averaging away noise
/// and strokes) that fills most of its bounding box; its text is the holes in it.
enum PanelFinder {
    /// Long edge of the averaged picture the panels are looked for in.
    static let workingEdge = 400
    /// Largest difference between neighbouring averaged pixels of one ground (uneven light changes
    /// slowly, panel edges and strokes change fast).
    static let tolerance: Int32 = 8
    /// Largest spread (max − min) of the 3×3 averaged cells around a ground cell: a panel's edge, even
    /// a soft one, is never flat, so a ground does not run out of its panel into the wall.
    static let flatness: Int32 = 16
    /// Ground unevenness from which a panel is read with a local (Sauvola) threshold instead of Otsu.
    static let unevenLight = 24
    /// Shortest side of a panel, in pixels.
    static let minSide = 40
    /// Median neighbour difference from which a panel is smoothed before reading.
    static let grainy = 4
    /// A panel covers at least this share of the picture…
    static let minShare = 0.006
    /// … and at most this: a ground as big as the picture is the picture itself, read as a whole.
    static let maxShare = 0.8
    /// Share of its bounding box a panel's ground must fill (the rest is its text, or its tilt).
    static let minFill = 0.5
    /// Share of its bounding box a panel must hold with its text (all but what lies outside it, reached
    /// from its bounds): a wedge of table beside a tilted page fills half its box and is no panel.
    static let minSolidity = 0.8
    /// … or, keystoned and tilted (wall in its box's corners), fill its outline, a quadrilateral whose
    /// opposite sides differ in length by at most this share: a wide red panel photographed from one side
    /// and tilted held less than 80% of its box and was not read as one (Korean, seed 9192); a
    /// triangle's outline has a side of nought.
    static let outlineKeystone = 0.3
    /// Opposite sides differing in length by this share or more make a panel keystoned (photographed
    /// from one side), read stretched back to a rectangle. A panel only tilted has equal sides.
    static let keystone = 0.04
    /// … and this for a page filling the photo and running off its edge (photographed close up), whose
    /// outline is partly the photo's: Tesseract follows a page's lines through a mild keystone, and
    /// stretching small print blurs it. On the harness's pages photographed from one side, at
    /// 0.12–0.14: 58 → 144 of 147 lines, 51 → 72 of 79, but 164 → 159 of 165 (grainy small print). Two
    /// pages at 0.072 and 0.075, also tilted, lost their last lines to Tesseract's one deskew angle
    /// (81 → 95 of 95, 81 → 91 of 91 stretched); no small print page of four seeds lost a line at 0.06
    /// (one page at 0.07 had read 163 → 150 of 163 stretched when 0.08 was chosen, before later changes
    /// to the stretched reading). A page wholly inside the photo is stretched from `keystone`, as any
    /// panel: at 0.058, a harness page of two columns read 113 of its 159 lines unstretched, all stretched.
    static let pageKeystone = 0.06

    /// The panels of `grey` (8-bit), smallest first, so a panel inside another is read before it.
    static func find(_ grey: borrowing LeptonicaImage) -> [Panel] {
        layout(grey).panels
    }

    /// The panels of `grey` with the colours of `colour` (the same picture in 32-bit RGB): grey's, smallest
    /// first, then those found by colour alone (`layout(_:colour:)`).
    static func find(_ grey: borrowing LeptonicaImage, colour: borrowing LeptonicaImage) -> [Panel] {
        layout(grey, colour: colour).panels
    }

    /// The panels, and whether most of the picture (half or more) is one evenly lit ground — a poster
    /// or a page filling the photo, read best with a global threshold like a panel.
    static func layout(_ grey: borrowing LeptonicaImage) -> (panels: [Panel], evenGround: Bool) {
        guard let cells = GreyCells(grey) else { return ([], false) }
        return layout(cells, colours: nil)
    }

    /// The panels and the even ground as `layout(_:)` finds them, where a ground also keeps one colour:
    /// `colour` is the same picture in 32-bit RGB (an 8-bit one adds nothing). A mustard panel is as grey
    /// as the concrete wall around it where the wall's light falls off, and the two grew into one ground,
    /// its panels never read on their own ("물품 보관함" on yellow, lost).
    ///
    /// The panels grey finds are kept as grey finds them (and the even ground is grey's); after them come
    /// the panels found with colours that overlap none of them, marked `byColour`.
    static func layout(_ grey: borrowing LeptonicaImage, colour: borrowing LeptonicaImage)
        -> (panels: [Panel], evenGround: Bool)
    {
        guard let cells = GreyCells(grey) else { return ([], false) }
        let plain = layout(cells, colours: nil)
        guard let colours = CellColours(colour, cell: cells.f, width: cells.width, height: cells.height) else {
            return plain
        }
        let more = layout(cells, colours: colours).panels.filter { p in
            !plain.panels.contains { $0.rect.intersectionArea(p.rect) > 0 }
        }.map { panel in
            var p = panel
            p.byColour = true
            return p
        }
        return (plain.panels + more, plain.evenGround)
    }

    /// An 8-bit picture box-averaged into cells `f` pixels wide: noise and thin strokes fade, grounds stay.
    struct GreyCells {
        let width: Int, height: Int
        /// The side of a cell in pixels, and how many cells a row and a column hold.
        let f: Int, sw: Int, sh: Int
        /// The cells' mean grey levels, row by row.
        let small: [Int32]

        /// `nil` for a picture that is not 8-bit, or too small to average into 16 cells a side.
        init?(_ grey: borrowing LeptonicaImage) {
            guard grey.depth == 8, let data = pixGetData(grey.pix) else { return nil }
            let w = grey.width, h = grey.height
            let f = max(1, (max(w, h) + workingEdge - 1) / workingEdge)
            let sw = w / f, sh = h / f
            guard sw >= 16, sh >= 16 else { return nil }
            let wpl = Int(pixGetWpl(grey.pix))
            var small = [Int32](repeating: 0, count: sw * sh)
            var acc = [Int32](repeating: 0, count: sw)
            for sy in 0..<sh {
                for i in 0..<sw { acc[i] = 0 }
                for y in sy * f..<(sy + 1) * f {
                    let row = data + y * wpl
                    for sx in 0..<sw {
                        var s: Int32 = 0
                        for x in sx * f..<(sx + 1) * f {
                            s += Int32(LeptonicaImage.byte(row, x))
                        }
                        acc[sx] += s
                    }
                }
                let cell = Int32(f * f)
                for sx in 0..<sw { small[sy * sw + sx] = acc[sx] / cell }
            }
            width = w; height = h
            self.f = f; self.sw = sw; self.sh = sh
            self.small = small
        }
    }

    /// The panels of the averaged picture `cells`, their grounds also of one colour in `colours`.
    private static func layout(_ cells: GreyCells, colours cellColours: CellColours?)
        -> (panels: [Panel], evenGround: Bool)
    {
        let w = cells.width, h = cells.height, f = cells.f, sw = cells.sw, sh = cells.sh
        let small = cells.small

        var flat = [Bool](repeating: false, count: sw * sh)
        for y in 1..<(sh - 1) {
            for x in 1..<(sw - 1) {
                var lo = Int32.max, hi = Int32.min
                for dy in -1...1 {
                    for dx in -1...1 {
                        let v = small[(y + dy) * sw + x + dx]
                        lo = min(lo, v); hi = max(hi, v)
                    }
                }
                flat[y * sw + x] = hi - lo <= flatness && cellColours?.isFlat(y * sw + x) != false
            }
        }

        // Grow regions of even ground over flat cells; strokes and edges stay out of them.
        var label = [Int32](repeating: -1, count: sw * sh)
        var stack: [Int] = []
        var panels: [(area: Int, panel: Panel)] = []
        // Pages photographed from one side that run off the photo's edge, with whether they are
        // panel-like too (kept without their outline if they prove to be walls).
        var offEdgePages: [(index: Int, panelLike: Bool)] = []
        var evenGround = false
        let total = sw * sh
        for seed in 0..<total where label[seed] < 0 && flat[seed] {
            let id = Int32(seed)
            label[seed] = id
            stack.append(seed)
            var area = 0, sum = 0
            var minX = sw, minY = sh, maxX = -1, maxY = -1
            var corners = Corners(seed % sw, seed / sw)
            while let p = stack.popLast() {
                area += 1
                sum += Int(small[p])
                let x = p % sw, y = p / sw
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                corners.add(x, y)
                let v = small[p]
                func grow(_ q: Int) {
                    if label[q] < 0, flat[q], abs(small[q] - v) <= tolerance, cellColours?.alike(p, q) != false {
                        label[q] = id
                        stack.append(q)
                    }
                }
                if x > 0 { grow(p - 1) }
                if x + 1 < sw { grow(p + 1) }
                if y > 0 { grow(p - sw) }
                if y + 1 < sh { grow(p + sw) }
            }
            let share = Double(area) / Double(total)
            guard share >= minShare else { continue }
            // Too small to hold a line Tesseract could read (it refuses pictures of a few pixels).
            guard (maxX - minX + 1) * f >= minSide, (maxY - minY + 1) * f >= minSide else { continue }
            let boxArea = (maxX - minX + 1) * (maxY - minY + 1)
            if share >= 0.5 {
                evenGround = unevenness(id, label, small, sw, minX, minY, maxX, maxY) < unevenLight
            }
            // Flat cells start one cell in from the picture's edge.
            let touchesEdge = minX <= 1 || minY <= 1 || maxX >= sw - 2 || maxY >= sh - 2
            let outline = corners.quad(cell: f)
            // A page photographed from one side fills most of the photo, and its text most of the page,
            // yet is read as a panel to be stretched back to a rectangle when its outline holds (below);
            // one running off the photo's edge (photographed close up) too, from a stronger keystone
            // (`pageKeystone`), unless it holds panels.
            let keystonedPage = outline.keystone >= (touchesEdge ? pageKeystone : keystone)
            let panelLike = Double(boxArea) / Double(total) <= maxShare && Double(area) >= minFill * Double(boxArea)
            guard panelLike || keystonedPage else { continue }
            // A panel ends at an edge: where its ground runs on past the region's bounds, the region is
            // part of a ground that changed too much to follow (strong uneven light), and cutting the
            // picture there would cut its text.
            guard endsAtEdges(id, label, small, flat, sw, sh, minX, minY, maxX, maxY, colours: cellColours) else {
                continue
            }
            let rect = PixelRect(minX: Double(minX * f), minY: Double(minY * f),
                                 maxX: Double(min(w, (maxX + 1) * f)), maxY: Double(min(h, (maxY + 1) * f)))
            let (runs, outsideCells, contrast) = outsideRuns(id, label, small, sw, minX, minY, maxX, maxY,
                                                             outline: outline, cell: f)
            // A panel photographed from one side and tilted leaves wall in its box's corners: it is solid
            // when it fills its outline instead (a wedge of table is a triangle, no panel's outline). Not
            // a page or a wall filling the photo: a sign wall turned upside down, filling its outline,
            // held the panels on it, and two of them were read as its lines. (A region fills its outline,
            // its text included, as a quadrilateral is filled: not with a notch or a bite out of a side.)
            let solid = Double((boxArea - outsideCells) * f * f)
            let fillsOutline = abs(solid - outline.area) <= 0.08 * outline.area
            let byOutline = solid < minSolidity * Double(boxArea * f * f)
            guard !byOutline || panelLike && !touchesEdge && outline.keystone <= outlineKeystone && fillsOutline
            else { continue }
            let outside = runs.map { r in
                PixelRect(minX: Double(r.x0 * f), minY: Double(r.y * f),
                          maxX: Double(min(w, (r.x1 + 1) * f)), maxY: Double(min(h, (r.y + 1) * f)))
            }
            // The corners make the panel's outline when the region fills it.
            let quad = (!touchesEdge || keystonedPage) && outline.keystone >= keystone && fillsOutline
                ? outline : nil
            if !panelLike, quad == nil { continue }
            if touchesEdge, quad != nil { offEdgePages.append((panels.count, panelLike)) }
            let ground = sum / area
            let textLevel = contrast.map { UInt8(clamping: ground + $0) }
            panels.append((area, Panel(rect: rect, ground: UInt8(ground), outside: outside,
                                       unevenness: unevenness(id, label, small, sw, minX, minY, maxX, maxY),
                                       surround: ringMedian(small, sw, sh, minX, minY, maxX, maxY)
                                           ?? UInt8(ground), textLevel: textLevel, quad: quad, byOutline: byOutline)))
        }
        // A wall running off the photo holds panels; a page holds only its text. A wall's outline is
        // no page's: it is not stretched (a sign wall so stretched was read out of order).
        var dropped: Set<Int> = []
        for (i, panelLike) in offEdgePages {
            guard let quad = panels[i].panel.quad else { continue }
            let holdsPanels = panels.indices.contains { j in
                j != i && quad.contains(x: panels[j].panel.rect.midX, y: panels[j].panel.rect.midY)
            }
            guard holdsPanels else { continue }
            if panelLike { panels[i].panel.quad = nil } else { dropped.insert(i) }
        }
        let kept = panels.indices.filter { !dropped.contains($0) }.map { panels[$0] }
        return (kept.sorted { $0.area < $1.area }.map(\.panel), evenGround)
    }

    /// The cells of a growing region furthest towards each corner of the picture.
    struct Corners {
        var topLeft: (x: Int, y: Int), topRight: (x: Int, y: Int)
        var bottomRight: (x: Int, y: Int), bottomLeft: (x: Int, y: Int)

        init(_ x: Int, _ y: Int) {
            topLeft = (x, y); topRight = (x, y); bottomRight = (x, y); bottomLeft = (x, y)
        }

        mutating func add(_ x: Int, _ y: Int) {
            if x + y < topLeft.x + topLeft.y { topLeft = (x, y) }
            if x + y > bottomRight.x + bottomRight.y { bottomRight = (x, y) }
            if x - y > topRight.x - topRight.y { topRight = (x, y) }
            if x - y < bottomLeft.x - bottomLeft.y { bottomLeft = (x, y) }
        }

        /// The outline through the corner cells' outer corners, in pixels of cells `f` wide.
        func quad(cell f: Int) -> Quad {
            func point(_ x: Int, _ y: Int) -> Quad.Point { Quad.Point(x: Double(x * f), y: Double(y * f)) }
            return Quad(topLeft: point(topLeft.x, topLeft.y), topRight: point(topRight.x + 1, topRight.y),
                        bottomRight: point(bottomRight.x + 1, bottomRight.y + 1),
                        bottomLeft: point(bottomLeft.x, bottomLeft.y + 1))
        }
    }

    /// Whether the region `id` meets a change of ground along each side of its bounds: of the cells
    /// where it touches a side, at most a quarter see the same flat ground again a few cells further
    /// out (past the blended rim of a real edge), in grey and in `colours`.
    static func endsAtEdges(_ id: Int32, _ label: [Int32], _ small: [Int32], _ flat: [Bool], _ sw: Int, _ sh: Int,
                            _ minX: Int, _ minY: Int, _ maxX: Int, _ maxY: Int, colours: CellColours? = nil) -> Bool
    {
        let reach = 3
        func check(_ cells: [(inside: Int, outside: Int)]) -> Bool {
            var touching = 0, running = 0
            for (i, o) in cells where label[i] == id {
                touching += 1
                if flat[o], abs(small[o] - small[i]) <= 2 * tolerance, colours?.alike(i, o, within: 2) != false {
                    running += 1
                }
            }
            return running * 4 <= touching
        }
        if minY >= reach, !check((minX...maxX).map { (minY * sw + $0, (minY - reach) * sw + $0) }) { return false }
        if maxY + reach < sh, !check((minX...maxX).map { (maxY * sw + $0, (maxY + reach) * sw + $0) }) { return false }
        if minX >= reach, !check((minY...maxY).map { ($0 * sw + minX, $0 * sw + minX - reach) }) { return false }
        if maxX + reach < sw, !check((minY...maxY).map { ($0 * sw + maxX, $0 * sw + maxX + reach) }) { return false }
        return true
    }

    /// Runs of cells inside the region's bounds that lie outside it (reached from the bounds' edge
    /// without crossing the region), grown by one cell to take the blended rim too, how many cells
    /// lie outside before growing, and how much lighter (negative: darker) its holes (the text, which
    /// are not among them) are than the ground beside them, in mean grey levels.
    ///
    /// The runs (the wall to paint over) leave out cells a cell or more inside the region's `outline`
    /// (its corners, in pixels of cells `cell` wide): text near a panel's edge can reach the edge through
    /// the blended cells between, and was painted over with the wall (the "Stop" of a sign's "Bus Stop",
    /// 60 px letters 30 px above the panel's lower edge: "Bus" was read).
    static func outsideRuns(_ id: Int32, _ label: [Int32], _ small: [Int32], _ sw: Int, _ minX: Int, _ minY: Int,
                            _ maxX: Int, _ maxY: Int, outline: Quad? = nil, cell f: Int = 1)
        -> (runs: [(y: Int, x0: Int, x1: Int)], cells: Int, contrast: Int?)
    {
        let bw = maxX - minX + 1, bh = maxY - minY + 1
        var out = [Bool](repeating: false, count: bw * bh)
        var stack: [Int] = []
        func visit(_ x: Int, _ y: Int) {
            let i = y * bw + x
            if !out[i], label[(minY + y) * sw + minX + x] != id { out[i] = true; stack.append(i) }
        }
        for x in 0..<bw { visit(x, 0); visit(x, bh - 1) }
        for y in 0..<bh { visit(0, y); visit(bw - 1, y) }
        while let i = stack.popLast() {
            let x = i % bw, y = i / bw
            if x > 0 { visit(x - 1, y) }
            if x + 1 < bw { visit(x + 1, y) }
            if y > 0 { visit(x, y - 1) }
            if y + 1 < bh { visit(x, y + 1) }
        }
        let outsideCells = out.reduce(0) { $0 + ($1 ? 1 : 0) }
        // Each run of hole cells in a row is weighed against the ground just left and right of it, not
        // against the panel's mean ground: on a panel lit from one side, dark text on its bright side
        // is lighter than the panel's mean ground and was taken for light text (a wide light-blue
        // panel, dark from its middle on, was read inverted and nothing on it was read).
        var contrast = 0, holes = 0
        for y in 0..<bh {
            let row = (minY + y) * sw + minX
            var x = 0
            while x < bw {
                guard !out[y * bw + x], label[row + x] != id else { x += 1; continue }
                let start = x
                var sum = 0
                while x < bw, !out[y * bw + x], label[row + x] != id { sum += Int(small[row + x]); x += 1 }
                var ground = 0, sides = 0
                if start > 0, label[row + start - 1] == id { ground += Int(small[row + start - 1]); sides += 1 }
                if x < bw, label[row + x] == id { ground += Int(small[row + x]); sides += 1 }
                guard sides > 0 else { continue }
                contrast += sum - (x - start) * ground / sides
                holes += x - start
            }
        }
        // Wall: outside cells not wholly inside the outline, a cell around them included.
        var wall = out
        if let outline {
            for y in 0..<bh {
                for x in 0..<bw where out[y * bw + x] {
                    let x0 = Double((minX + x - 1) * f), x1 = Double((minX + x + 2) * f)
                    let y0 = Double((minY + y - 1) * f), y1 = Double((minY + y + 2) * f)
                    if outline.contains(x: x0, y: y0), outline.contains(x: x1, y: y0), outline.contains(x: x1, y: y1),
                       outline.contains(x: x0, y: y1)
                    {
                        wall[y * bw + x] = false
                    }
                }
            }
        }
        var grown = wall
        for y in 0..<bh {
            for x in 0..<bw where wall[y * bw + x] {
                for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let nx = x + dx, ny = y + dy
                    if nx >= 0, nx < bw, ny >= 0, ny < bh { grown[ny * bw + nx] = true }
                }
            }
        }
        var runs: [(y: Int, x0: Int, x1: Int)] = []
        for y in 0..<bh {
            var x = 0
            while x < bw {
                guard grown[y * bw + x] else { x += 1; continue }
                let start = x
                while x < bw, grown[y * bw + x] { x += 1 }
                runs.append((minY + y, minX + start, minX + x - 1))
            }
        }
        return (runs, outsideCells, holes >= 3 ? contrast / holes : nil)
    }

    /// Grey levels between the 10th and 90th percentile of the region's cells.
    static func unevenness(_ id: Int32, _ label: [Int32], _ small: [Int32], _ sw: Int,
                           _ minX: Int, _ minY: Int, _ maxX: Int, _ maxY: Int) -> Int
    {
        var levels = [Int](repeating: 0, count: 256)
        var n = 0
        for y in minY...maxY {
            for x in minX...maxX where label[y * sw + x] == id {
                levels[Int(small[y * sw + x])] += 1
                n += 1
            }
        }
        return percentile(levels, n, 0.9) - percentile(levels, n, 0.1)
    }

    static func percentile(_ hist: [Int], _ n: Int, _ q: Double) -> Int {
        var acc = 0
        for (v, c) in hist.enumerated() {
            acc += c
            if Double(acc) >= q * Double(n) { return v }
        }
        return hist.count - 1
    }

    /// The median of the cells two to four cells outside the bounds, or `nil` when the bounds touch
    /// every edge of the picture.
    static func ringMedian(_ small: [Int32], _ sw: Int, _ sh: Int, _ minX: Int, _ minY: Int, _ maxX: Int, _ maxY: Int)
        -> UInt8?
    {
        var hist = [Int](repeating: 0, count: 256)
        var n = 0
        for y in max(0, minY - 4)...min(sh - 1, maxY + 4) {
            for x in max(0, minX - 4)...min(sw - 1, maxX + 4) {
                let dx = x < minX ? minX - x : (x > maxX ? x - maxX : 0)
                let dy = y < minY ? minY - y : (y > maxY ? y - maxY : 0)
                guard max(dx, dy) >= 2 else { continue }
                hist[Int(small[y * sw + x])] += 1
                n += 1
            }
        }
        return n > 0 ? UInt8(percentile(hist, n, 0.5)) : nil
    }
}

/// The colour of each cell of a picture averaged as `PanelFinder` averages its grey: two opponent
/// channels (red against green, yellow against blue), which light falling off changes little and a
/// coloured panel beside a grey wall of the same grey changes a lot.
struct CellColours {
    /// Red − green and (red + green) / 2 − blue, per cell, row by row.
    private var redGreen: [Int32]
    private var yellowBlue: [Int32]
    /// Cells per row.
    let width: Int

    /// The cells `cell` pixels wide of a 32-bit RGB `colour` of `width`×`height` pixels; `nil` for
    /// an 8-bit picture, or one of another size.
    init?(_ colour: borrowing LeptonicaImage, cell f: Int, width w: Int, height h: Int) {
        guard colour.depth == 32, colour.width == w, colour.height == h, let data = pixGetData(colour.pix) else {
            return nil
        }
        let sw = w / f, sh = h / f
        let wpl = Int(pixGetWpl(colour.pix))
        redGreen = [Int32](repeating: 0, count: sw * sh)
        yellowBlue = [Int32](repeating: 0, count: sw * sh)
        width = sw
        var rg = [Int32](repeating: 0, count: sw), yb = [Int32](repeating: 0, count: sw)
        let cell = Int32(f * f)
        for sy in 0..<sh {
            for i in 0..<sw { rg[i] = 0; yb[i] = 0 }
            for y in sy * f..<(sy + 1) * f {
                let row = data + y * wpl
                for sx in 0..<sw {
                    var a: Int32 = 0, b: Int32 = 0
                    for x in sx * f..<(sx + 1) * f {
                        let p = row[x]
                        let r = Int32(p >> 24), g = Int32((p >> 16) & 0xff), bl = Int32((p >> 8) & 0xff)
                        a += r - g
                        b += (r + g) / 2 - bl
                    }
                    rg[sx] += a; yb[sx] += b
                }
            }
            for sx in 0..<sw {
                redGreen[sy * sw + sx] = rg[sx] / cell
                yellowBlue[sy * sw + sx] = yb[sx] / cell
            }
        }
    }

    /// Whether cells `p` and `q` are one colour: within `times` × `tolerance` on both channels.
    func alike(_ p: Int, _ q: Int, within times: Int32 = 1) -> Bool {
        abs(redGreen[p] - redGreen[q]) <= times * Self.tolerance
            && abs(yellowBlue[p] - yellowBlue[q]) <= times * Self.tolerance
    }

    /// Whether the 3×3 cells around `i` (not on the picture's edge) differ by at most `flatness` on both
    /// channels: a cell on the edge between two colours is no ground, even where the edge runs so nearly
    /// along a row of cells that its colour changes slowly along it (a tilted mustard panel's side was
    /// a bridge from its ground to the wall's).
    func isFlat(_ i: Int) -> Bool {
        func spread(_ channel: [Int32]) -> Int32 {
            var lo = Int32.max, hi = Int32.min
            for dy in -1...1 {
                for dx in -1...1 {
                    let v = channel[i + dy * width + dx]
                    lo = min(lo, v); hi = max(hi, v)
                }
            }
            return hi - lo
        }
        return spread(redGreen) <= Self.flatness && spread(yellowBlue) <= Self.flatness
    }

    /// Largest spread of a ground's 3×3 cells on either channel: twice the grey's (`PanelFinder.flatness`),
    /// as for `tolerance`.
    static let flatness: Int32 = 2 * PanelFinder.flatness

    /// Largest difference of neighbouring cells of one ground on either channel: twice the grey's
    /// (`PanelFinder.tolerance`), as a channel is a difference of two noisy ones. Across a panel's edge
    /// its colour changes by far more (yellow against grey by 150, blue by 100).
    static let tolerance: Int32 = 2 * PanelFinder.tolerance
}
