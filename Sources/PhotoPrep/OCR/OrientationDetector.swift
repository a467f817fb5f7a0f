import Foundation
internal import CTesseract

/// Tesseract's orientation and script detection (OSD), used to find text turned by 90, 180 or
/// 270 degrees in photos without an orientation tag.
///
/// It runs on its own model (`osd.traineddata`), loaded once per engine on first need. Few
/// characters give no decision: below a confidence threshold it answers `nil`, as OCRmyPDF does.
final class OrientationDetector {
    let api: OpaquePointer
    static let minimumConfidence: Float = 1.5

    init(dataPath: String) throws(OCRError) {
        guard FileManager.default.fileExists(atPath: (dataPath as NSString).appendingPathComponent("osd.traineddata")) else {
            throw .languageNotInstalled(language: "osd", dataPath: dataPath)
        }
        guard let api = TessBaseAPICreate() else { throw .engineInitFailed(languages: "osd", dataPath: dataPath) }
        _ = TessBaseAPISetVariable(api, "debug_file", "/dev/null")
        if TessBaseAPIInit3(api, dataPath, "osd") != 0 {
            TessBaseAPIDelete(api)
            throw .engineInitFailed(languages: "osd", dataPath: dataPath)
        }
        TessBaseAPISetPageSegMode(api, PSM_OSD_ONLY)
        self.api = api
    }

    deinit {
        TessBaseAPIEnd(api)
        TessBaseAPIDelete(api)
    }

    /// Clockwise quarter turns that stand the text of `grey` upright, or `nil` when unsure.
    /// The corresponding C function is `TessBaseAPIDetectOrientationScript`.
    func quarterTurnsToUpright(_ grey: borrowing LeptonicaImage, invert: Bool) -> Int? {
        var best = detect(grey.pix)
        if invert, let inv = grey.inverted(), let other = detect(inv.pix), other.conf > (best?.conf ?? 0) {
            best = other
        }
        return best?.turns
    }

    private func detect(_ image: UnsafeMutablePointer<Pix>) -> (turns: Int, conf: Float)? {
        TessBaseAPISetImage2(api, image)
        TessBaseAPISetSourceResolution(api, 70)
        defer { TessBaseAPIClear(api) }
        var deg: Int32 = 0
        var conf: Float = 0
        var scriptConf: Float = 0
        // No script name asked for: Tesseract 5 returns a pointer into its own tables there, which
        // capi.h's comment wrongly says to free (doing so corrupts the heap).
        let ok = TessBaseAPIDetectOrientationScript(api, &deg, &conf, nil, &scriptConf) != 0
        guard ok, conf >= Self.minimumConfidence else { return nil }
        return (Self.turns(forOrientation: Int(deg)), conf)
    }

    /// OSD reports how far the text stands turned clockwise; turning the picture back by as much
    /// (that many quarter turns counter-clockwise) stands it upright.
    static func turns(forOrientation degrees: Int) -> Int {
        ((4 - degrees / 90) % 4 + 4) % 4
    }
}
