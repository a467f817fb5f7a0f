import Foundation
internal import CTesseract

/// A page bent in the photo (a book's page curving into its spine, a sheet lifting off a table), straightened
/// for a second reading with Leptonica's page model (`dewarpBuildPageModel`).
///
/// Tesseract follows a line of print a little way off the straight, not across a bend: a page whose lines rose and
/// fell by a line's height across it read as lines that jump from one row of print to the next (the harness's bent
/// pages: 44–71% of the lines of those it read worst). Leptonica finds the page's text lines on its ink, fits each
/// with a quadratic and builds from them the vertical shift of every point of the page that lays the lines straight:
/// its vertical disparity. That shift, applied to the photo at its own resolution, is the straightened page; the
/// lines read on it are moved back into the photo by the same shift.
enum Bend {
    /// The model is built on the page enlarged this much: Leptonica's line finder closes letters into lines with bars
    /// of 15 and 30 px and is made for print scanned at 300 dpi. A page of small print in a 2048 px photo ran into
    /// one blob at its own size and gave no model; enlarged twice, 86 lines.
    static let modelScale = 2.0
    /// Lines read with at least this confidence mark out the page: a scrap read on the table beside it would take
    /// the table's edge into the model, which Leptonica then takes for the page's only long line.
    static let markingConfidence = 60.0
    /// Leptonica models a page from this many long lines at least (`dewarpaCreate`'s default).
    static let leastLines = 15
    /// A page is bent where its straightening moves points further than this share of a line's height from where a
    /// page lying flat, tilted or seen from one side, would put them (`bend`): tilt and a keystone's converging
    /// lines Tesseract reads by itself. Flat harness pages stray by 0.04–0.75 px, bent ones by 14–23 px (lines
    /// 21–51 px tall).
    static let bent = 0.3

    /// A column of the page (or the whole page): the vertical shift that straightens each pixel of its `region` of
    /// the photo (`shift`, row by row): the point at (x, y) of the straightened photo was at (x, y − shift) in the
    /// photo.
    struct Part {
        var region: (x: Int, y: Int, width: Int, height: Int)
        var shift: [Float]
    }

    /// A page's bend: its columns' shifts (`parts`, side by side), each modelled on its own. Leptonica's model is
    /// of one column: it fits a polynomial down the page through every line's quadratic, and two columns bent one
    /// way and the other (a page rising across its left half and falling across its right) met in a shift that
    /// straightened neither.
    struct Model {
        var parts: [Part]
        /// How far the straightening moves a point beyond a flat page's shift (95th percentile), in pixels.
        var bend: Double

        /// The shift at (`x`, `y`) of the photo: 0 outside the parts.
        func shift(x: Int, y: Int) -> Double {
            for part in parts {
                let rx = x - part.region.x, ry = y - part.region.y
                if rx >= 0, ry >= 0, rx < part.region.width, ry < part.region.height {
                    return Double(part.shift[ry * part.region.width + rx])
                }
            }
            return 0
        }

        /// `picture` (the photo, or a plainer picture of it: grey or RGB) with the parts straightened: each pixel
        /// taken from where the shift says it was, between two rows.
        func straightened(_ picture: Raster) -> Raster {
            var out = picture
            let w = picture.width, h = picture.height, c = picture.channels
            picture.pixels.withUnsafeBufferPointer { src in
                out.pixels.withUnsafeMutableBufferPointer { dst in
                    for part in parts {
                        let region = part.region
                        for y in 0..<region.height {
                            let py = region.y + y
                            for x in 0..<region.width {
                                let px = region.x + x
                                let from = Double(py) - Double(part.shift[y * region.width + x])
                                let f0 = min(max(0, Int(from.rounded(.down))), h - 1), f1 = min(f0 + 1, h - 1)
                                let t = min(1, max(0, from - Double(f0)))
                                for k in 0..<c {
                                    let v = Double(src[(f0 * w + px) * c + k]) * (1 - t)
                                        + Double(src[(f1 * w + px) * c + k]) * t
                                    dst[(py * w + px) * c + k] = UInt8(min(255, max(0, v.rounded())))
                                }
                            }
                        }
                    }
                }
            }
            return out
        }

        /// `box`, a line's box in the straightened photo (`height` rows), moved back into the photo: the band its
        /// top and bottom edges came from.
        func inPhoto(_ box: Moment.Box, height: Int) -> Moment.Box {
            var top = Double.infinity, bottom = -Double.infinity
            let right = box.x + box.width
            for x in Array(stride(from: box.x, to: right, by: 4)) + [right] {
                top = min(top, Double(box.y) - shift(x: x, y: box.y))
                bottom = max(bottom, Double(box.y + box.height) - shift(x: x, y: box.y + box.height))
            }
            let y0 = max(0, Int(top.rounded(.down))), y1 = min(height, Int(bottom.rounded(.up)))
            return Moment.Box(x: box.x, y: y0, width: box.width, height: max(1, y1 - y0))
        }
    }

    /// The bend of the page that `lines` (read upright in `picture`, a photo) mark out, where it is bent (`bent`);
    /// `nil` where it lies flat, no page is read (the picture not even turned grey) or Leptonica builds no model.
    static func model(_ picture: Raster, lines: [OCRLine]) -> Model? {
        let marking = lines.filter { $0.confidence >= markingConfidence }
        guard marking.count >= TesseractEngine.pageLines else { return nil }
        let grey = picture.grey()
        // A line's height: the lower quartile of the boxes, as lines read across a bend stand taller than they are.
        let heights = marking.map { Double($0.box.height) }.sorted()
        let lineHeight = max(1, heights[heights.count / 4])
        guard let photo = LeptonicaImage(grey) else { return nil }
        let parts = columns(of: marking, gap: lineHeight).compactMap {
            part(photo, lines: $0.lines, from: $0.x, lineHeight: lineHeight)
        }
        guard !parts.isEmpty else { return nil }
        let bend = Self.bend(parts, width: grey.width, height: grey.height)
        guard bend >= Self.bent * lineHeight else { return nil }
        return Model(parts: parts, bend: bend)
    }

    /// The columns of a page whose lines are `lines`: its width cut where no line but a tenth of them at most
    /// (a title spanning the columns) covers a gap of `gap` or more, each column's lines those lying within it
    /// (`x`, the columns' pixels, from gap's middle to gap's middle). A column of fewer lines than Leptonica models
    /// (`leastLines`) is left out.
    static func columns(of lines: [OCRLine], gap: Double) -> [(x: Range<Int>, lines: [OCRLine])] {
        let x0 = lines.map(\.box.x).min()!, x1 = lines.map { $0.box.x + $0.box.width }.max()!
        var cover = [Int](repeating: 0, count: x1 - x0)
        for line in lines {
            for x in line.box.x..<max(line.box.x, line.box.x + line.box.width) { cover[x - x0] += 1 }
        }
        let spanning = lines.count / 10
        var cuts: [Int] = [], x = 0
        while x < cover.count {
            guard cover[x] <= spanning else { x += 1; continue }
            var end = x
            while end < cover.count, cover[end] <= spanning { end += 1 }
            if x > 0, end < cover.count, Double(end - x) >= gap { cuts.append(x0 + (x + end) / 2) }
            x = end
        }
        let bounds = [x0] + cuts + [x1]
        return zip(bounds, bounds.dropFirst()).compactMap { a, b in
            let within = lines.filter { $0.box.x >= a && $0.box.x + $0.box.width <= b }
            return within.count >= leastLines ? (a..<b, within) : nil
        }
    }

    /// The part of `photo` (8-bit grey) that `lines` (of one column, within `from`'s pixels) mark out, with
    /// Leptonica's model of it; `nil` where it builds none.
    static func part(_ photo: borrowing LeptonicaImage, lines: [OCRLine], from: Range<Int>, lineHeight: Double)
        -> Part?
    {
        let margin = Int(lineHeight.rounded())
        let x0 = max(from.lowerBound, lines.map(\.box.x).min()! - margin)
        let x1 = min(from.upperBound, lines.map { $0.box.x + $0.box.width }.max()! + margin)
        let y0 = max(0, lines.map(\.box.y).min()! - margin)
        let y1 = min(photo.height, lines.map { $0.box.y + $0.box.height }.max()! + margin)
        guard x1 - x0 >= 64, y1 - y0 >= 64 else { return nil }
        let region = (x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        guard let page = photo.clipped(to: PixelRect(minX: Double(x0), minY: Double(y0),
                                                     maxX: Double(x1), maxY: Double(y1))),
              let model = page.scaled(by: modelScale),
              let shift = verticalDisparity(model, scale: modelScale, width: region.width, height: region.height)
        else { return nil }
        return Part(region: region, shift: shift)
    }

    /// Leptonica's vertical disparity of the page in `page` (8-bit grey, enlarged `scale` times): its own adaptive
    /// threshold, its text lines' quadratics, its model at full resolution, sampled back to the page's own `width` ×
    /// `height` pixels (row by row, in those pixels). `nil` where it finds too few long lines.
    static func verticalDisparity(_ page: borrowing LeptonicaImage, scale: Double, width: Int, height: Int)
        -> [Float]?
    {
        var binary: UnsafeMutablePointer<Pix>?
        var models: UnsafeMutablePointer<L_DEWARPA>?
        defer { pixDestroy(&binary); dewarpaDestroy(&models) }
        // Adaptive threshold, vertical disparity only, no column check (that is for the horizontal one).
        guard dewarpSinglePageInit(page.pix, 0, 1, 0, 0, &binary, &models) == 0, let binary, let models,
              let model = dewarpCreate(binary, 0)
        else { return nil }
        dewarpaInsertDewarp(models, model)
        guard dewarpBuildPageModel(model, nil) == 0, model.pointee.vsuccess != 0,
              dewarpPopulateFullRes(model, nil, 0, 0) == 0, let full = model.pointee.fullvdispar,
              let data = fpixGetData(full)
        else { return nil }
        var w: Int32 = 0, h: Int32 = 0
        fpixGetDimensions(full, &w, &h)
        let wpl = Int(fpixGetWpl(full))
        guard w > 0, h > 0 else { return nil }
        var shift = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            let row = data + min(Int(h) - 1, Int(Double(y) * scale)) * wpl
            for x in 0..<width { shift[y * width + x] = row[min(Int(w) - 1, Int(Double(x) * scale))] / Float(scale) }
        }
        return shift
    }

    /// How far the shifts of `parts` (a page's columns) stray from the best shift of a flat page: one tilt for the
    /// page and its change down the page (a keystone's converging lines), b·x + d·x·y, plus a + c·y a column
    /// (Leptonica measures a column's shift from a point of its own, which a keystone's slope moves down the page). The
    /// 95th percentile of the distance, sampled every 8 pixels. Columns bent one way and the other keep no one tilt.
    static func bend(_ parts: [Part], width: Int, height: Int) -> Double {
        let step = 8, n = 2 * parts.count + 2
        var samples: [(part: Int, x: Double, y: Double, v: Double)] = []
        for (k, part) in parts.enumerated() {
            let r = part.region
            for y in stride(from: 0, to: r.height, by: step) {
                for x in stride(from: 0, to: r.width, by: step) {
                    samples.append((k, Double(r.x + x) / Double(width), Double(r.y + y) / Double(height),
                                    Double(part.shift[y * r.width + x])))
                }
            }
        }
        func terms(_ s: (part: Int, x: Double, y: Double, v: Double)) -> [Double] {
            var f = [Double](repeating: 0, count: n)
            f[2 * s.part] = 1
            f[2 * s.part + 1] = s.y
            f[n - 2] = s.x; f[n - 1] = s.x * s.y
            return f
        }
        // Least squares through the normal equations.
        var m = [[Double]](repeating: [Double](repeating: 0, count: n + 1), count: n)
        for s in samples {
            let f = terms(s)
            for i in 0..<n where f[i] != 0 {
                for j in 0..<n { m[i][j] += f[i] * f[j] }
                m[i][n] += f[i] * s.v
            }
        }
        guard let c = solve(m) else { return 0 }
        var residuals = samples.map { s in
            abs(s.v - zip(terms(s), c).reduce(0) { $0 + $1.0 * $1.1 })
        }
        residuals.sort()
        return residuals.isEmpty ? 0 : residuals[residuals.count * 95 / 100]
    }

    /// The solution of the linear system whose augmented rows are `m` (Gauss–Jordan with partial pivoting); `nil`
    /// where it is singular.
    static func solve(_ m: [[Double]]) -> [Double]? {
        var a = m
        let n = a.count
        for col in 0..<n {
            guard let p = (col..<n).max(by: { abs(a[$0][col]) < abs(a[$1][col]) }), abs(a[p][col]) > 1e-12
            else { return nil }
            a.swapAt(col, p)
            for r in 0..<n where r != col {
                let f = a[r][col] / a[col][col]
                for k in col...n { a[r][k] -= f * a[col][k] }
            }
        }
        return (0..<n).map { a[$0][n] / a[$0][$0] }
    }
}
