import Foundation

/// Why a photo's pixels could not be read.
public enum DecodeError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The file is empty.
    case empty
    /// The bytes are not a picture format PhotoPrep reads.
    case notAPhoto(firstBytes: String)
    /// The picture is larger than the pixel limit; refused before any large allocation.
    case tooLarge(width: Int, height: Int, limit: Int)
    /// The file is damaged or cut short; `detail` is the decoder's own message.
    case damaged(format: ImageFormat, detail: String)
    /// A valid file of a kind the decoder does not support (12-bit or lossless JPEG, …).
    case unsupported(format: ImageFormat, detail: String)

    public var description: String {
        switch self {
        case .empty:
            return "the file is empty"
        case .notAPhoto(let first):
            return "not a photo PhotoPrep can read (JPEG, PNG, TIFF, WebP, BMP, PNM or GIF); it starts with \(first)"
        case .tooLarge(let w, let h, let limit):
            return "the picture claims \(w)×\(h) pixels (\(w * h / 1_000_000) MP), over the limit of "
                + "\(limit / 1_000_000) MP for its kind (--max-pixels; formats other than JPEG, decoded at full "
                + "size, get a third of it)"
        case .damaged(let format, let detail):
            return "the \(format.rawValue.uppercased()) file is damaged or cut short (\(detail))"
        case .unsupported(let format, let detail):
            return "this kind of \(format.rawValue.uppercased()) is not supported (\(detail))"
        }
    }

    static func describeFirstBytes(_ bytes: [UInt8]) -> String {
        let head = bytes.prefix(8)
        let printable = head.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x0A || $0 == 0x09 }
        if printable {
            let text = String(decoding: head, as: UTF8.self).replacingOccurrences(of: "\n", with: "\\n")
            return "\"\(text)\" (text?)"
        }
        return head.map { String($0, radix: 16, uppercase: true).leftPadded(2) }.joined(separator: " ")
    }
}

extension String {
    func leftPadded(_ width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
