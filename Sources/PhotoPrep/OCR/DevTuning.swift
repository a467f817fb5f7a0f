import Foundation

extension TextFinderOptions {
    /// Development switches for the evaluation harness (PHOTOPREP_OCR_*); unset means the defaults.
    static func fromEnvironment() -> TextFinderOptions {
        var o = TextFinderOptions()
        let env = ProcessInfo.processInfo.environment
        if let v = env["PHOTOPREP_OCR_LAYOUT"] { o.layout = v == "auto" ? .auto : v == "block" ? .block : .sparse }
        if let v = env["PHOTOPREP_OCR_INVERT"] { o.invert = v == "auto" ? nil : v == "1" }
        if let v = env["PHOTOPREP_OCR_THRESH"], let n = Int(v) { o.thresholding = n }
        if let v = env["PHOTOPREP_OCR_ROTATE"] { o.detectRotation = v == "1" }
        if let v = env["PHOTOPREP_OCR_SMALL"], let n = Double(v) { o.smallTextHeight = n }
        return o
    }
}
