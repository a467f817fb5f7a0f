/// Where an image handed to Tesseract sits relative to the copy: the copy turned clockwise by
/// `quarterTurns` × 90° (to stand its text upright), then scaled by `scale`.
///
/// Boxes found in the pass image come back to the copy's pixels through `toCopy`, so the promise
/// "boxes are in the copy's upright pixels" holds whatever the pass did to the pixels.
struct PassGeometry: Sendable, Equatable {
    var quarterTurns: Int
    var scale: Double
    /// The copy's size.
    var width: Int
    var height: Int

    /// Size of the turned, unscaled image ("the upright frame").
    var uprightWidth: Int { quarterTurns % 2 == 0 ? width : height }
    var uprightHeight: Int { quarterTurns % 2 == 0 ? height : width }

    /// A rectangle in the pass image, in the upright frame (undoes the scaling).
    func toUpright(_ r: PixelRect) -> PixelRect {
        r.divided(by: scale)
    }

    /// A rectangle in the upright frame, in the copy's pixels (undoes the turn).
    func toCopy(_ r: PixelRect) -> PixelRect {
        let w = Double(width), h = Double(height)
        switch ((quarterTurns % 4) + 4) % 4 {
        case 1:  // copy (x, y) → upright (h − y, x)
            return PixelRect(minX: r.minY, minY: h - r.maxX, maxX: r.maxY, maxY: h - r.minX)
        case 2:
            return PixelRect(minX: w - r.maxX, minY: h - r.maxY, maxX: w - r.minX, maxY: h - r.minY)
        case 3:  // copy (x, y) → upright (y, w − x)
            return PixelRect(minX: w - r.maxY, minY: r.minX, maxX: w - r.minY, maxY: r.maxX)
        default:
            return r
        }
    }

    /// A rectangle in the copy's pixels, in the upright frame (the turn applied): the inverse of `toCopy`.
    func fromCopy(_ r: PixelRect) -> PixelRect {
        let w = Double(width), h = Double(height)
        switch ((quarterTurns % 4) + 4) % 4 {
        case 1:
            return PixelRect(minX: h - r.maxY, minY: r.minX, maxX: h - r.minY, maxY: r.maxX)
        case 2:
            return PixelRect(minX: w - r.maxX, minY: h - r.maxY, maxX: w - r.minX, maxY: h - r.minY)
        case 3:
            return PixelRect(minX: r.minY, minY: w - r.maxX, maxX: r.maxY, maxY: w - r.minX)
        default:
            return r
        }
    }
}
