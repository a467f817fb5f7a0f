import Foundation

/// Puts lines in the order a person reads them: sign panels one after another, row by row; page
/// columns top to bottom one after the other, after a title that spans them.
///
/// Lines are first grouped into blocks (a panel's or a column's lines: stacked close together,
/// overlapping sideways, of similar height). Blocks are then ordered by recursive cuts through the
/// white space between them (XY-cut), rows before columns where both exist. All of this happens in
/// a frame turned by the photo's skew, so a tilted page still has straight gaps between columns.
enum ReadingOrder {
    /// A line to order: its rectangle in upright image pixels, its text height and baseline slope.
    struct Item {
        var rect: PixelRect
        var textHeight: Double
        var slope: Double
        /// The panel the line was read in (lines of one panel are read together), or `nil`.
        var panel: PixelRect? = nil
        /// Where the line was read when its panel was stretched flat (`FoundLine.flat`): level there, as
        /// the panel's columns are straight.
        var flat: PixelRect? = nil
    }

    /// Indices of `items` in reading order.
    static func order(_ items: [Item]) -> [Int] {
        guard items.count > 1 else { return Array(items.indices) }
        let skew = skewAngle(items)
        let rects = items.map { deskewed($0, angle: skew) }
        // Units to cut between: each panel's lines, ordered within the panel as a picture of their
        // own, and each block of the lines outside panels.
        var units: [[Int]] = []
        var unitRects: [PixelRect] = []
        var panels: [PixelRect] = []
        for item in items { if let p = item.panel, !panels.contains(p) { panels.append(p) } }
        for panel in panels {
            let ids = items.indices.filter { items[$0].panel == panel }
            // A panel photographed from one side was read stretched flat: its lines are ordered where they
            // were read, level and in straight columns. In the photo their slopes change down the panel
            // (a page's top lines slanted 6°, its middle ones level) and no one skew unslants them all: a
            // page's two columns were read in alternating runs of lines.
            //
            // A line read again later, alone (a doubtful line) or spotted, was not read through the stretch: it is
            // placed in the flat frame as the nearest line read through it lies there. Left in the photo's frame,
            // two such lines on a page photographed from one side made the whole page be ordered there, and a
            // run of six lines of its left column was read after the right one.
            let flatIds = ids.filter { items[$0].flat != nil }
            let stretched = 2 * flatIds.count >= ids.count
            let inner = order(ids.map { k in
                var i = items[k]
                i.panel = nil
                guard stretched else { return i }
                if let flat = i.flat {
                    i.rect = flat
                } else if let near = flatIds.min(by: {
                    items[$0].rect.distance(to: i.rect) < items[$1].rect.distance(to: i.rect)
                }), let flat = items[near].flat {
                    i.rect = i.rect.carried(from: items[near].rect, to: flat)
                }
                i.slope = 0
                return i
            })
            units.append(inner.map { ids[$0] })
            // Panels are cut apart along the gaps between the panels themselves, not between their
            // lines (centred lines leave wide gaps that would read a grid of panels column-wise).
            unitRects.append(deskewedPanel(panel, angle: skew))
        }
        let loose = items.indices.filter { items[$0].panel == nil }
        let looseRects = loose.map { rects[$0] }
        for block in splittingBridges(mergingContained(groupIntoBlocks(looseRects), looseRects), looseRects) {
            let unit = sortedTopToBottom(block, looseRects).map { loose[$0] }
            units.append(unit)
            unitRects.append(bounds(unit, rects))
        }
        let unitOrder = xyCut(Array(units.indices), rects: unitRects, panels: Set(panels.indices))
        return unitOrder.flatMap { units[$0] }
    }

    /// A panel's bounds in the frame turned back by `angle`: its centre turned, its sides shortened
    /// by what the tilt added to its upright bounds.
    static func deskewedPanel(_ r: PixelRect, angle: Double) -> PixelRect {
        let c = cos(angle), s = sin(angle), t = abs(tan(angle))
        let cx = r.midX * c + r.midY * s, cy = -r.midX * s + r.midY * c
        let w = max(1, (r.width - r.height * t) / max(c, 0.5)), h = max(1, (r.height - r.width * t) / max(c, 0.5))
        return PixelRect(minX: cx - w / 2, minY: cy - h / 2, maxX: cx + w / 2, maxY: cy + h / 2)
    }

    /// The photo's skew: the length-weighted median slope of lines long enough to tell.
    static func skewAngle(_ items: [Item]) -> Double {
        let usable = items.filter { $0.rect.width > 3 * $0.textHeight && abs($0.slope) < 0.2 }
            .map { (atan($0.slope), $0.rect.width) }
            .sorted { $0.0 < $1.0 }
        guard !usable.isEmpty else { return 0 }
        let total = usable.reduce(0) { $0 + $1.1 }
        var acc = 0.0
        for (angle, w) in usable {
            acc += w
            if acc >= total / 2 { return angle }
        }
        return usable[usable.count - 1].0
    }

    struct Placed {
        var rect: PixelRect
        var height: Double
    }

    /// The line's rectangle in the frame turned back by `angle`, as tall as its text (not its tilt).
    static func deskewed(_ item: Item, angle: Double) -> Placed {
        let c = cos(angle), s = sin(angle)
        let x = item.rect.midX, y = item.rect.midY
        let cx = x * c + y * s, cy = -x * s + y * c
        let w = item.rect.width / max(c, 0.5)
        let h = max(1, min(item.rect.height, item.textHeight))
        return Placed(rect: PixelRect(minX: cx - w / 2, minY: cy - h / 2, maxX: cx + w / 2, maxY: cy + h / 2), height: h)
    }

    /// Lines that stack into one panel or column: vertically close, overlapping sideways, similar height.
    static func groupIntoBlocks(_ lines: [Placed]) -> [[Int]] {
        var sets = DisjointSets(count: lines.count)
        for i in lines.indices {
            for j in lines.indices where j > i {
                let a = lines[i], b = lines[j]
                let hMax = max(a.height, b.height), hMin = min(a.height, b.height)
                guard hMax < 1.6 * hMin else { continue }
                let vGap = max(a.rect.minY, b.rect.minY) - min(a.rect.maxY, b.rect.maxY)
                guard vGap < 1.3 * hMax else { continue }
                let overlap = min(a.rect.maxX, b.rect.maxX) - max(a.rect.minX, b.rect.minX)
                let narrower = min(a.rect.width, b.rect.width)
                // Side by side on one row (vGap < 0) is not stacking: those are separate panels or columns.
                guard vGap > -0.5 * hMin, overlap > 0.3 * narrower else { continue }
                // Not across a line lying between them: a sign's two big Hangul lines, each over its smaller
                // English one, stacked across the English line between them, and that line was read first.
                let top = min(a.rect.maxY, b.rect.maxY), bottom = max(a.rect.minY, b.rect.minY)
                let left = max(a.rect.minX, b.rect.minX), right = min(a.rect.maxX, b.rect.maxX)
                guard !lines.indices.contains(where: { k in
                    let r = lines[k].rect
                    return k != i && k != j && r.midY > top && r.midY < bottom && r.maxX > left && r.minX < right
                }) else { continue }
                sets.join(j, i)
            }
        }
        // Blocks in the order of their first line.
        return sets.groups()
    }

    /// Blocks holding two lines side by side with a gap wider than their height between them (two columns'
    /// lines on one row) split: the lines spanning that gap (a title over both columns) become blocks of their
    /// own, and the rest is grouped again. Blurred, a page's word boxes measured one column's lines 24–42 px;
    /// its 47 px title stacked onto the right column's 42 px first line, the block's bounds then held the left
    /// column's first line too (`mergingContained`), and the page was read row by row across its gutter.
    static func splittingBridges(_ blocks: [[Int]], _ lines: [Placed]) -> [[Int]] {
        var out: [[Int]] = []
        for block in blocks {
            // The gaps between lines side by side, as their left and right ends.
            var gaps: [(Double, Double)] = []
            for i in block {
                for j in block where j != i {
                    let a = lines[i].rect, b = lines[j].rect
                    if a.maxX < b.minX, b.minX - a.maxX > max(lines[i].height, lines[j].height),
                       min(a.maxY, b.maxY) - max(a.minY, b.minY) > 0.5 * min(lines[i].height, lines[j].height)
                    {
                        gaps.append((a.maxX, b.minX))
                    }
                }
            }
            let bridges = Set(block.filter { k in gaps.contains { lines[k].rect.minX < $0.0 && lines[k].rect.maxX > $0.1 } })
            guard !bridges.isEmpty else {
                out.append(block)
                continue
            }
            let rest = block.filter { !bridges.contains($0) }
            let restLines = rest.map { lines[$0] }
            out += mergingContained(groupIntoBlocks(restLines), restLines).map { $0.map { rest[$0] } }
            out += bridges.sorted().map { [$0] }
        }
        return out
    }

    /// Blocks whose lines lie within another block's bounds joined to it: the same column's lines
    /// from two readings (small print reads 30 px tall at full size, 10 px enlarged) do not stack
    /// by height, yet interleave in one column. So do blocks of one column's width whose rows
    /// interleave: where the two readings take turns down a column, its lines fall into runs of
    /// either height, each run a block overlapping the next (a page stretched flat: 20 blocks for
    /// its right column, read in no column's order).
    static func mergingContained(_ blocks: [[Int]], _ lines: [Placed]) -> [[Int]] {
        var blocks = blocks
        var rects = blocks.map { bounds($0, lines) }
        func oneColumn(_ a: PixelRect, _ b: PixelRect) -> Bool {
            min(a.maxX, b.maxX) - max(a.minX, b.minX) >= 0.9 * max(a.width, b.width)
                && min(a.maxY, b.maxY) > max(a.minY, b.minY)
        }
        var merged = true
        while merged {
            merged = false
            outer: for i in blocks.indices {
                for j in blocks.indices where j != i && blocks[j].count <= blocks[i].count {
                    guard rects[j].intersectionArea(rects[i]) >= 0.9 * rects[j].area || oneColumn(rects[i], rects[j])
                    else { continue }
                    blocks[i] += blocks[j]
                    rects[i] = rects[i].union(rects[j])
                    blocks.remove(at: j)
                    rects.remove(at: j)
                    merged = true
                    break outer
                }
            }
        }
        return blocks
    }

    /// The bounds of the lines `ids` (at least one).
    static func bounds(_ ids: [Int], _ lines: [Placed]) -> PixelRect {
        ids.dropFirst().reduce(lines[ids[0]].rect) { $0.union(lines[$1].rect) }
    }

    /// Orders rectangles by cutting through the widest white space, rows first.
    static func xyCut(_ ids: [Int], rects: [PixelRect], panels: Set<Int> = []) -> [Int] {
        guard ids.count > 1 else { return ids }
        var yCut = widestGap(ids.map { (rects[$0].minY, rects[$0].maxY) })
        if yCut == nil, ids.allSatisfy(panels.contains) { yCut = rowsOverlappingSlightly(ids, rects) }
        let xCut = widestGap(ids.map { (rects[$0].minX, rects[$0].maxX) })
        let useY: Bool
        switch (yCut, xCut) {
        case (nil, nil):
            return ids.sorted { a, b in
                let ra = rects[a], rb = rects[b]
                if sameRow(ra, rb) { return ra.minX < rb.minX }
                return ra.minY < rb.minY
            }
        case (.some, nil): useY = true
        case (nil, .some): useY = false
        case (.some(let y), .some(let x)):
            // Columns stand side by side: a cut between parts that do not share most of their height
            // (centred lines over small print in a corner) is no column break, and rows come first;
            // unless a gap half the width they span parts them (`sideBySide`).
            let span = (ids.map { rects[$0].maxX }.max() ?? 0) - (ids.map { rects[$0].minX }.min() ?? 0)
            let far = x.width >= 0.5 * span
            // Sign panels in rows are read row by row, however narrow the gap between the rows: photographed
            // from one side, a wall of panels two by two had 45 px between its rows and 92 between its columns,
            // and was read column by column.
            useY = ids.allSatisfy(panels.contains) || y.width >= 0.5 * x.width
                || !sideBySide(ids, rects, at: x.at, far: far)
        }
        let at = useY ? yCut!.at : xCut!.at
        let first = ids.filter { useY ? rects[$0].midY < at : rects[$0].midX < at }
        let second = ids.filter { useY ? rects[$0].midY >= at : rects[$0].midX >= at }
        guard !first.isEmpty, !second.isEmpty else { return ids }
        return xyCut(first, rects: rects, panels: panels) + xyCut(second, rects: rects, panels: panels)
    }

    /// Whether the parts left and right of `at` overlap vertically over half the taller one's height, and
    /// something on the left stands level with something on the right (overlapping by half the shorter one's
    /// height): a line set flush left halfway down a poster of centred lines is beside the middle of the
    /// tall part, not a column beside it; nor are a poster's centred lines and its flush-left ones that
    /// take turns down it, none beside another (seed 6060's dark poster read its three centred lines
    /// after its four flush-left ones, as a second column). Parts `far` apart (a gap half the width they span)
    /// need only the lines level with each other: a café's opening hours, lettered on the wall beside its
    /// menu level with the menu's middle, were read amid the menu (the menu walls of
    /// `render_menu_walls.py`); a poster's flush-left line stands a quarter of its width from the rest.
    static func sideBySide(_ ids: [Int], _ rects: [PixelRect], at: Double, far: Bool = false) -> Bool {
        let left = ids.filter { rects[$0].midX < at }, right = ids.filter { rects[$0].midX >= at }
        guard let l0 = left.map({ rects[$0].minY }).min(), let l1 = left.map({ rects[$0].maxY }).max(),
              let r0 = right.map({ rects[$0].minY }).min(), let r1 = right.map({ rects[$0].maxY }).max()
        else { return false }
        guard far || min(l1, r1) - max(l0, r0) > 0.5 * max(l1 - l0, r1 - r0) else { return false }
        return left.contains { l in
            right.contains { r in
                min(rects[l].maxY, rects[r].maxY) - max(rects[l].minY, rects[r].minY)
                    > 0.5 * min(rects[l].height, rects[r].height)
            }
        }
    }

    /// Where rows of panels part though their bounds overlap a little (a tenth of the lowest panel's height at
    /// most), as the middle of the overlap and its width, negative; `nil` where none do. Photographed from one side
    /// and turned, a wall of panels two by two had its rows' bounds overlap by 6 px (of 606–696), and was read
    /// column by column.
    static func rowsOverlappingSlightly(_ ids: [Int], _ rects: [PixelRect]) -> (at: Double, width: Double)? {
        let sorted = ids.sorted { rects[$0].midY < rects[$1].midY }
        let tolerance = 0.1 * (ids.map { rects[$0].height }.min() ?? 0)
        var best: (at: Double, width: Double)?
        for k in 1..<sorted.count {
            let upper = sorted[..<k].map { rects[$0].maxY }.max()!, lower = sorted[k...].map { rects[$0].minY }.min()!
            let overlap = upper - lower
            if overlap <= tolerance, overlap < -(best?.width ?? -.infinity) { best = ((upper + lower) / 2, -overlap) }
        }
        return best
    }

    /// The widest gap between the intervals' union, as its middle and width.
    static func widestGap(_ intervals: [(Double, Double)]) -> (at: Double, width: Double)? {
        let sorted = intervals.sorted { $0.0 < $1.0 }
        var best: (at: Double, width: Double)?
        var end = sorted[0].1
        for (lo, hi) in sorted.dropFirst() {
            if lo > end, lo - end > (best?.width ?? 0) { best = ((lo + end) / 2, lo - end) }
            end = max(end, hi)
        }
        return best
    }

    /// A block's lines top to bottom; lines sharing a row left to right.
    static func sortedTopToBottom(_ ids: [Int], _ lines: [Placed]) -> [Int] {
        ids.sorted { a, b in
            let ra = lines[a].rect, rb = lines[b].rect
            if sameRow(ra, rb) { return ra.minX < rb.minX }
            return ra.midY < rb.midY
        }
    }

    /// Whether two rectangles stand on one row (read left to right): overlapping by half the smaller
    /// one's height with their middles close. A small line beside the lower half of a big heading is
    /// not on its row.
    static func sameRow(_ a: PixelRect, _ b: PixelRect) -> Bool {
        let overlapY = min(a.maxY, b.maxY) - max(a.minY, b.minY)
        return overlapY > 0.5 * min(a.height, b.height) && abs(a.midY - b.midY) < 0.35 * max(a.height, b.height)
    }
}
