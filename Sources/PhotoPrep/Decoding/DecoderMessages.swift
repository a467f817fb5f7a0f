internal import CTIFF
internal import CTesseract
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// What libtiff and Leptonica said while the current thread decoded one file.
///
/// Both libraries report through process-wide handlers whose defaults print on standard error
/// (Leptonica silences libtiff's plain handlers, and with them the reason a TIFF's strips could
/// not be read). The handlers installed here print nothing: they keep each message for the
/// thread that asked for it, since several workers decode at once, so that a decoder can turn
/// the library's reason into a `DecodeError`. Messages on a thread that is not collecting
/// (Tesseract calling Leptonica during OCR) are dropped.
struct DecoderMessages: Sendable {
    /// One message: the library that reported it, whether it is an error, and its text.
    struct Message: Sendable, CustomStringConvertible {
        var library: String
        var isError: Bool
        var text: String
        var description: String { "\(library): \(text)" }
    }

    private(set) var messages: [Message] = []

    /// A hostile TIFF can report an error per strip: only the first few errors and the first few
    /// warnings are kept (counted apart, so that warnings never crowd out an error).
    static let keep = 8

    /// The errors reported by `library`, first first.
    func errors(from library: String) -> [Message] { messages.filter { $0.isError && $0.library == library } }

    /// The first error from any library, for a decoder that failed without saying why.
    var firstError: Message? { messages.first { $0.isError } }

    /// Runs `body` with this thread's messages collected, and returns them with its result.
    /// From the first call on, libtiff and Leptonica print nothing on standard error, on any thread.
    static func collecting<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (T, DecoderMessages) {
        _ = installed
        let thread = currentThread()
        let outer = byThread.withLock { $0.updateValue(DecoderMessages(), forKey: thread) }
        let collected = { () -> DecoderMessages in
            byThread.withLock { table in
                let mine = table[thread] ?? DecoderMessages()
                table[thread] = outer
                return mine
            }
        }
        let result: T
        do {
            result = try body()
        } catch {
            _ = collected()
            throw error
        }
        return (result, collected())
    }

    // MARK: The handlers

    private static let byThread = Mutex<[UInt: DecoderMessages]>([:])

    private static func currentThread() -> UInt { UInt(pthread_self()) }

    static func record(_ message: Message) {
        let thread = currentThread()
        byThread.withLock { table in
            guard var mine = table[thread],
                  mine.messages.count(where: { $0.isError == message.isError }) < keep else { return }
            mine.messages.append(message)
            table[thread] = mine
        }
    }

    /// Installs the handlers once, before the first decode; the severity lets Leptonica's errors
    /// and warnings reach its handler (Tesseract's engine may lower it again: they are then lost,
    /// never printed).
    private static let installed: Void = {
        CTIFF_installHandlers()
        leptSetStderrHandler(leptonicaMessage)
        _ = setMsgSeverity(Int32(L_SEVERITY_WARNING))
    }()
}

/// Where libtiff's messages arrive, formatted, from the handlers in `CTIFF.h`.
@_cdecl("PhotoPrep_libtiffMessage")
func libtiffMessage(_ isError: Int32, _ module: UnsafePointer<CChar>?, _ text: UnsafePointer<CChar>?) {
    var body = text.map { String(cString: $0) } ?? ""
    // Leptonica opens every TIFF under the name "tifferror", which libtiff gives as the module or
    // puts before its text: it says nothing about the file.
    if body.hasPrefix("tifferror: ") { body.removeFirst("tifferror: ".count) }
    let place = module.map { String(cString: $0) }.flatMap { $0 == "tifferror" ? nil : $0 } ?? ""
    DecoderMessages.record(.init(library: "libtiff", isError: isError != 0,
                                 text: place.isEmpty ? body : "\(place): \(body)"))
}

/// Leptonica's stderr handler: "Error in pixReadMemBmp: …\n" is kept as an error
/// "pixReadMemBmp: …", anything else as a warning.
private let leptonicaMessage: @convention(c) (UnsafePointer<CChar>?) -> Void = { message in
    guard let message else { return }
    var text = String(cString: message)
    while text.last?.isNewline == true { text.removeLast() }
    let isError = text.hasPrefix("Error in ")
    for prefix in ["Error in ", "Warning in ", "Info in "] where text.hasPrefix(prefix) {
        text.removeFirst(prefix.count)
    }
    DecoderMessages.record(.init(library: "Leptonica", isError: isError, text: text))
}
