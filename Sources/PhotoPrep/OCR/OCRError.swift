import Foundation

/// Why text could not be read from a photo.
///
/// Each case names what failed and, where the fix is an installation step, says which.
public enum OCRError: Error, Sendable, CustomStringConvertible, Equatable {
    /// No folder with Tesseract's language data was found.
    case tessdataNotFound(searched: [String])
    /// A requested language has no `<lang>.traineddata` in the language folder.
    case languageNotInstalled(language: String, dataPath: String)
    /// The language string is empty or malformed (e.g. `eng+`).
    case invalidLanguages(String)
    /// Tesseract refused to start with these languages.
    case engineInitFailed(languages: String, dataPath: String)
    /// The image has no pixels to read.
    case emptyImage(width: Int, height: Int)
    /// Tesseract stopped before finishing the photo (its CPU or wall-clock bound passed, or it failed inside).
    case recognitionFailed(reason: String)

    public var description: String {
        switch self {
        case .tessdataNotFound(let searched):
            return "Tesseract's language data was not found (looked in \(searched.joined(separator: ", "))); "
                + "install it with `apt-get install tesseract-ocr-eng` or set TESSDATA_PREFIX to the tessdata folder"
        case .languageNotInstalled(let language, let dataPath):
            return "the OCR language '\(language)' is not installed (no \(language).traineddata in \(dataPath)); "
                + "install it with `apt-get install tesseract-ocr-\(Self.debianName(language))`"
        case .invalidLanguages(let s):
            return "'\(s)' is not a list of OCR languages; write them like `eng` or `kor+eng`"
        case .engineInitFailed(let languages, let dataPath):
            return "Tesseract could not start with languages '\(languages)' from \(dataPath)"
        case .emptyImage(let width, let height):
            return "the picture has no pixels to read (\(width)×\(height))"
        case .recognitionFailed(let reason):
            return reason
        }
    }

    /// Debian names its packages in lower case with `-` for `_` (`chi_sim` → `chi-sim`).
    private static func debianName(_ language: String) -> String {
        language.lowercased().replacingOccurrences(of: "_", with: "-")
    }
}
