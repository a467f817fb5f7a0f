/// Why one photo could not be prepared. The command line prefixes the input's path.
public enum PrepareError: Error, Sendable, CustomStringConvertible {
    case decode(DecodeError)
    case capture(CaptureError)
    case metadata(MetadataError)
    case ocr(OCRError)
    case encode(EncodeError)

    public var description: String {
        switch self {
        case .decode(let e): e.description
        case .capture(let e): e.description
        case .metadata(let e): e.description
        case .ocr(let e): "the text could not be read: \(e)"
        case .encode(let e): e.description
        }
    }
}
