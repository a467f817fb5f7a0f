import Foundation

/// The moment decoder (outbox records, `outbox show`). Property: a record that decodes encodes to
/// JSON that decodes and encodes again to the same bytes (what the outbox writes is stable).
/// (A decoded record is not always equal to the next decode: `orientation` is written only for
/// a file named `original.jpg`, as the contract says.)
enum FuzzMoment {
    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        guard let moment = try? Moment.decode(Data(buffer: data)) else { return }
        guard let json = try? moment.jsonData(), let again = try? Moment.decode(json),
            let json2 = try? again.jsonData()
        else {
            FuzzTargets.violated("a decoded moment does not encode and decode again")
        }
        if json2 != json { FuzzTargets.violated("moment JSON changed through a second decode") }
    }
}
