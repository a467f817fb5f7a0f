internal import CTesseract

/// An owned Leptonica `Pix` holding 8-bit grey or 32-bit RGB pixels, freed when it goes out of scope.
///
/// OCR prepares variants of the copy (inverted, enlarged, turned) as Leptonica images so Tesseract
/// reads them in place without another copy through files.
struct LeptonicaImage: ~Copyable {
    let pix: UnsafeMutablePointer<Pix>

    /// Takes ownership of a Pix returned by Leptonica; `nil` when Leptonica failed.
    init?(owning pix: UnsafeMutablePointer<Pix>?) {
        guard let pix else { return nil }
        self.pix = pix
    }

    /// Copies the raster's pixels into a new Pix (8 bpp for grey, 32 bpp for RGB).
    init?(_ raster: Raster) {
        let w = raster.width, h = raster.height
        guard w > 0, h > 0 else { return nil }
        let depth: Int32 = raster.channels == 1 ? 8 : 32
        guard let pix = pixCreate(Int32(w), Int32(h), depth), let data = pixGetData(pix) else { return nil }
        let wpl = Int(pixGetWpl(pix))
        raster.pixels.withUnsafeBufferPointer { src in
            if raster.channels == 1 {
                for y in 0..<h {
                    let row = data + y * wpl
                    let base = y * w
                    var x = 0
                    while x < w {
                        var word: UInt32 = 0
                        for k in 0..<4 {
                            let v: UInt32 = x + k < w ? UInt32(src[base + x + k]) : 0
                            word |= v << UInt32(24 - 8 * k)
                        }
                        row[x >> 2] = word
                        x += 4
                    }
                }
            } else {
                for y in 0..<h {
                    let row = data + y * wpl
                    let base = y * w * 3
                    for x in 0..<w {
                        let r = UInt32(src[base + 3 * x]), g = UInt32(src[base + 3 * x + 1])
                        let b = UInt32(src[base + 3 * x + 2])
                        row[x] = (r << 24) | (g << 16) | (b << 8)
                    }
                }
            }
        }
        self.pix = pix
    }

    deinit {
        var p: UnsafeMutablePointer<Pix>? = pix
        pixDestroy(&p)
    }

    var width: Int { Int(pixGetWidth(pix)) }
    var height: Int { Int(pixGetHeight(pix)) }
    var depth: Int { Int(pixGetDepth(pix)) }

    /// 8-bit luminance of this image (itself copied when already grey).
    func grey() -> LeptonicaImage? {
        if depth == 8 { return LeptonicaImage(owning: pixCopy(nil, pix)) }
        return LeptonicaImage(owning: pixConvertRGBToLuminance(pix))
    }

    /// Dark becomes light and light becomes dark.
    func inverted() -> LeptonicaImage? {
        LeptonicaImage(owning: pixInvert(nil, pix))
    }

    /// Enlarged or reduced by `factor` with Leptonica's smooth scaling.
    func scaled(by factor: Double) -> LeptonicaImage? {
        LeptonicaImage(owning: pixScale(pix, Float(factor), Float(factor)))
    }

    /// Turned clockwise by `quarterTurns` × 90°.
    func rotated(quarterTurns: Int) -> LeptonicaImage? {
        LeptonicaImage(owning: pixRotateOrth(pix, Int32(((quarterTurns % 4) + 4) % 4)))
    }

    /// The picture with uneven light evened out: the local background brought to one level, so a
    /// global threshold works across a photo lit from one side. 8-bit grey only.
    func backgroundNormalized() -> LeptonicaImage? {
        LeptonicaImage(owning: pixBackgroundNormSimple(pix, nil, nil))
    }
}
