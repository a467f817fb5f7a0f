import Foundation

/// Finds the folder holding Tesseract's `*.traineddata` files at run time.
///
/// Order: an explicit path, then `TESSDATA_PREFIX` (either the tessdata folder itself or its parent,
/// as Tesseract 3 and 5 read it differently), then the folders Debian and source builds install to.
enum TessdataLocator {
    static let standardPaths = [
        "/usr/share/tesseract-ocr/5/tessdata",
        "/usr/share/tesseract-ocr/4.00/tessdata",
        "/usr/share/tessdata",
        "/usr/local/share/tessdata",
        "/usr/local/share/tesseract-ocr/tessdata",
        "/opt/homebrew/share/tessdata",
    ]

    static func candidates(explicit: String?) -> [String] {
        if let explicit { return [explicit] }
        var out: [String] = []
        if let env = ProcessInfo.processInfo.environment["TESSDATA_PREFIX"], !env.isEmpty {
            out.append(env)
            out.append((env as NSString).appendingPathComponent("tessdata"))
        }
        return out + standardPaths
    }

    /// The first candidate that holds at least one `.traineddata` file.
    static func locate(explicit: String?) throws(OCRError) -> String {
        let fm = FileManager.default
        let candidates = candidates(explicit: explicit)
        for dir in candidates {
            guard let names = try? fm.contentsOfDirectory(atPath: dir) else { continue }
            if names.contains(where: { $0.hasSuffix(".traineddata") }) { return dir }
        }
        throw .tessdataNotFound(searched: candidates)
    }

    /// Splits `kor+eng` into its languages, each of which must have a traineddata file in `dataPath`.
    static func checkLanguages(_ languages: String, in dataPath: String) throws(OCRError) -> [String] {
        let parts = languages.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        let valid = parts.allSatisfy { p in
            !p.isEmpty && p.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        }
        guard valid else { throw .invalidLanguages(languages) }
        for p in parts {
            let file = (dataPath as NSString).appendingPathComponent("\(p).traineddata")
            if !FileManager.default.fileExists(atPath: file) {
                throw .languageNotInstalled(language: p, dataPath: dataPath)
            }
        }
        return parts
    }
}
