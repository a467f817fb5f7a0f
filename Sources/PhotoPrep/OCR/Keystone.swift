import Foundation
internal import CTesseract

/// The outline of a panel or page photographed from one side: four corners, clockwise from the top
/// left, in the picture's pixels. A rectangle seen at an angle is such a quadrilateral, its far side
/// shorter (keystone); its lines of text slope differently from top to bottom, which Tesseract's
/// deskew (one angle per block) cannot follow.
struct Quad: Equatable, Sendable {
    struct Point: Equatable, Sendable {
        var x: Double, y: Double
    }

    var topLeft: Point, topRight: Point, bottomRight: Point, bottomLeft: Point

    static func length(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    var top: Double { Self.length(topLeft, topRight) }
    var bottom: Double { Self.length(bottomLeft, bottomRight) }
    var left: Double { Self.length(topLeft, bottomLeft) }
    var right: Double { Self.length(topRight, bottomRight) }

    /// How much opposite sides differ in length: 0 for a rectangle, tilted or not; 0.1 when the far
    /// side is a tenth shorter.
    var keystone: Double {
        max(1 - min(top, bottom) / max(top, bottom, 1), 1 - min(left, right) / max(left, right, 1))
    }

    /// Its area (shoelace formula).
    var area: Double {
        let p = [topLeft, topRight, bottomRight, bottomLeft]
        var s = 0.0
        for i in 0..<4 {
            let a = p[i], b = p[(i + 1) % 4]
            s += a.x * b.y - b.x * a.y
        }
        return abs(s) / 2
    }

    /// Whether the point lies inside (corners clockwise in the picture, y down: inside is on the right
    /// of every side).
    func contains(x: Double, y: Double) -> Bool {
        let p = [topLeft, topRight, bottomRight, bottomLeft]
        for i in 0..<4 {
            let a = p[i], b = p[(i + 1) % 4]
            if (b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x) < 0 { return false }
        }
        return true
    }

    var bounds: PixelRect { PixelRect(bounding: [topLeft, topRight, bottomRight, bottomLeft].map { ($0.x, $0.y) }) }
}

/// A projective map from a rectified picture back to the picture it was cut from (Leptonica's eight
/// coefficients: x' = (c0·x + c1·y + c2) / (c6·x + c7·y + 1), y' = (c3·x + c4·y + c5) / (…)).
struct ProjectiveMap: Sendable {
    var c: [Double]

    func map(_ x: Double, _ y: Double) -> (x: Double, y: Double) {
        let d = c[6] * x + c[7] * y + 1
        return ((c[0] * x + c[1] * y + c[2]) / d, (c[3] * x + c[4] * y + c[5]) / d)
    }

    /// The bounding rectangle of `r`'s corners mapped.
    func map(_ r: PixelRect) -> PixelRect {
        PixelRect(bounding: [map(r.minX, r.minY), map(r.maxX, r.minY), map(r.maxX, r.maxY), map(r.minX, r.maxY)])
    }
}

extension PixelRect {
    /// The smallest rectangle holding `points` (at least one).
    init(bounding points: [(x: Double, y: Double)]) {
        self.init(minX: points.map(\.x).min()!, minY: points.map(\.y).min()!, maxX: points.map(\.x).max()!,
                  maxY: points.map(\.y).max()!)
    }
}

extension LeptonicaImage {
    /// The part of this 8-bit picture inside `quad`, stretched to a rectangle as wide as the longer of
    /// its top and bottom sides and as tall as the longer of its left and right; `fill` where the quad
    /// reaches past the picture. `map` is set to the map from its pixels back to this picture's.
    /// Leptonica's `pixProjectivePtaGray` (interpolated).
    func rectified(_ quad: Quad, fill: UInt8, map: inout ProjectiveMap?) -> LeptonicaImage? {
        guard depth == 8 else { return nil }
        // As wide and tall as its longer sides: the near side keeps its pixels, the far side is
        // enlarged (shrinking small print would lose it to interpolation).
        let b = quad.bounds
        let wide = max(quad.top, quad.bottom).rounded(), tall = max(quad.left, quad.right).rounded()
        let x0 = max(0, b.minX.rounded(.down)), y0 = max(0, b.minY.rounded(.down))
        guard let clip = clipped(to: PixelRect(minX: x0, minY: y0, maxX: max(b.maxX, x0 + wide),
                                               maxY: max(b.maxY, y0 + tall))) else { return nil }
        let w = min(clip.width, Int(wide)), h = min(clip.height, Int(tall))
        guard w >= 16, h >= 16 else { return nil }
        let corners = [quad.topLeft, quad.topRight, quad.bottomRight, quad.bottomLeft]
        let rect = [(0.0, 0.0), (Double(w), 0.0), (Double(w), Double(h)), (0.0, Double(h))]
        var inQuad: UnsafeMutablePointer<PTA>? = ptaCreate(4), inRect: UnsafeMutablePointer<PTA>? = ptaCreate(4)
        var inPicture: UnsafeMutablePointer<PTA>? = ptaCreate(4)
        defer { ptaDestroy(&inQuad); ptaDestroy(&inRect); ptaDestroy(&inPicture) }
        guard inQuad != nil, inRect != nil, inPicture != nil else { return nil }
        for (p, r) in zip(corners, rect) {
            ptaAddPt(inQuad, Float(p.x - x0), Float(p.y - y0))
            ptaAddPt(inPicture, Float(p.x), Float(p.y))
            ptaAddPt(inRect, Float(r.0), Float(r.1))
        }
        guard let warped = LeptonicaImage(owning: pixProjectivePtaGray(clip.pix, inRect, inQuad, fill)),
              let image = warped.clipped(to: PixelRect(minX: 0, minY: 0, maxX: Double(w), maxY: Double(h)))
        else { return nil }
        var coeffs: UnsafeMutablePointer<Float>? = nil
        guard getProjectiveXformCoeffs(inRect, inPicture, &coeffs) == 0, let c = coeffs else { return nil }
        defer { free(c) }
        map = ProjectiveMap(c: (0..<8).map { Double(c[$0]) })
        return image
    }
}
