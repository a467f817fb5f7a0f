/// Draws what OCR found onto the copy, so a person sees at a glance which lines were read and in
/// what order: every line boxed, its number in a filled badge at the box's top-left corner.
public enum Annotator {
    static let boxColour: [UInt8] = [230, 0, 120]
    static let badgeText: [UInt8] = [255, 255, 255]

    /// 3×5 digit glyphs, one row per element, bit 2 the leftmost column.
    static let digits: [[UInt8]] = [
        [7, 5, 5, 5, 7], [2, 6, 2, 2, 7], [7, 1, 7, 4, 7], [7, 1, 7, 1, 7], [5, 5, 7, 1, 1],
        [7, 4, 7, 1, 7], [7, 4, 7, 5, 7], [7, 1, 1, 1, 1], [7, 5, 7, 5, 7], [7, 5, 7, 1, 7],
    ]

    public static func annotate(_ copy: Raster, lines: [Moment.Line]) -> Raster {
        var img = copy.rgb()
        let thickness = max(3, max(img.width, img.height) / 600)
        let scale = max(3, max(img.width, img.height) / 250)  // glyph pixel size: badges readable at a glance
        for line in lines {
            let b = line.box
            fill(&img, x: b.x, y: b.y, w: b.width, h: thickness, colour: boxColour)
            fill(&img, x: b.x, y: b.y + b.height - thickness, w: b.width, h: thickness, colour: boxColour)
            fill(&img, x: b.x, y: b.y, w: thickness, h: b.height, colour: boxColour)
            fill(&img, x: b.x + b.width - thickness, y: b.y, w: thickness, h: b.height, colour: boxColour)
            let text = Array(String(line.number).utf8).map { Int($0) - 48 }
            let pad = scale
            let badgeW = text.count * 4 * scale - scale + 2 * pad, badgeH = 5 * scale + 2 * pad
            let bx = max(0, b.x - badgeW / 2), by = max(0, b.y - badgeH / 2)
            fill(&img, x: bx, y: by, w: badgeW, h: badgeH, colour: boxColour)
            for (i, d) in text.enumerated() where (0...9).contains(d) {
                for row in 0..<5 {
                    for col in 0..<3 where digits[d][row] & (4 >> col) != 0 {
                        fill(&img, x: bx + pad + (i * 4 + col) * scale, y: by + pad + row * scale,
                             w: scale, h: scale, colour: badgeText)
                    }
                }
            }
        }
        return img
    }

    static func fill(_ img: inout Raster, x: Int, y: Int, w: Int, h: Int, colour: [UInt8]) {
        let x0 = max(0, x), y0 = max(0, y), x1 = min(img.width, x + w), y1 = min(img.height, y + h)
        guard x0 < x1, y0 < y1 else { return }
        let width = img.width
        img.pixels.withUnsafeMutableBufferPointer { p in
            for yy in y0..<y1 {
                for xx in x0..<x1 {
                    let o = (yy * width + xx) * 3
                    p[o] = colour[0]; p[o + 1] = colour[1]; p[o + 2] = colour[2]
                }
            }
        }
    }
}
