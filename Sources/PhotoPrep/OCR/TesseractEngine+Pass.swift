internal import CTesseract

/// How Tesseract finds the text on a page before reading it.
enum PageLayout {
    /// Tesseract's default (PSM 3): blocks, columns and lines found by its page layout analysis.
    case auto
    /// Sparse text (PSM 11): as much text as possible, in no particular order.
    case sparse
    /// One uniform block of text (PSM 6).
    case block

    var mode: TessPageSegMode {
        switch self {
        case .auto: return PSM_AUTO
        case .sparse: return PSM_SPARSE_TEXT
        case .block: return PSM_SINGLE_BLOCK
        }
    }
}

extension TesseractEngine {
    /// One recognition pass over `image`: its text lines in Tesseract's order, boxes in `image`'s pixels.
    ///
    /// The corresponding C functions are `TessBaseAPISetImage2`, `TessBaseAPIRecognize` and the
    /// `TessResultIterator` functions at `RIL_TEXTLINE`.
    func readLines(_ image: borrowing LeptonicaImage, mode: PageLayout, resolution: Int = 70)
        throws(OCRError) -> [OCRLine]
    {
        TessBaseAPISetPageSegMode(api, mode.mode)
        TessBaseAPISetImage2(api, image.pix)
        TessBaseAPISetSourceResolution(api, Int32(resolution))
        defer { TessBaseAPIClear(api) }
        guard let monitor = TessMonitorCreate() else {
            throw .recognitionFailed(reason: "Tesseract could not create a progress monitor")
        }
        defer { TessMonitorDelete(monitor) }
        TessMonitorSetDeadlineMSecs(monitor, deadlineMilliseconds)
        if TessBaseAPIRecognize(api, monitor) != 0 {
            throw .recognitionFailed(reason: "Tesseract stopped (deadline of \(deadlineMilliseconds) ms or internal error)")
        }
        guard let it = TessBaseAPIGetIterator(api) else { return [] }
        defer { TessResultIteratorDelete(it) }
        let page = TessResultIteratorGetPageIterator(it)
        var lines: [OCRLine] = []
        repeat {
            guard let cText = TessResultIteratorGetUTF8Text(it, RIL_TEXTLINE) else { continue }
            let text = String(cString: cText).trimmingCharacters(in: .whitespacesAndNewlines)
            TessDeleteText(cText)
            if text.isEmpty { continue }
            var l: Int32 = 0, t: Int32 = 0, r: Int32 = 0, b: Int32 = 0
            guard TessPageIteratorBoundingBox(page, RIL_TEXTLINE, &l, &t, &r, &b) != 0 else { continue }
            let conf = Double(TessResultIteratorConfidence(it, RIL_TEXTLINE))
            lines.append(OCRLine(text: text, confidence: conf,
                                 box: Moment.Box(x: Int(l), y: Int(t), width: Int(r - l), height: Int(b - t))))
        } while TessResultIteratorNext(it, RIL_TEXTLINE) != 0
        return lines
    }
}
