import Foundation
@testable import PhotoPrep

/// Builds the inputs of the outbox tests: scratch folders and small moments with a real `moment.json`.
enum OutboxFixtures {
    /// A new empty folder under the system's temporary folder.
    static func scratchFolder(_ label: String = "outbox") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("photoprep-\(label)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Bytes that look like a JPEG (SOI … EOI) with `size` bytes derived from `seed`.
    static func fakeJPEG(seed: Int, size: Int = 2048) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
        var x = UInt32(truncatingIfNeeded: seed &* 2_654_435_761 | 1)
        while bytes.count < size - 2 {
            x ^= x << 13; x ^= x >> 17; x ^= x << 5
            bytes.append(UInt8(truncatingIfNeeded: x))
        }
        bytes += [0xFF, 0xD9]
        return Data(bytes)
    }

    /// A complete moment as the pipeline would hand it over: original, copy and moment.json.
    static func moment(seed: Int, id: String = ULIDGenerator.shared.next(), size: Int = 2048,
                       name: String? = nil) -> (files: MomentFiles, record: Moment) {
        let original = fakeJPEG(seed: seed, size: size)
        let copy = fakeJPEG(seed: seed + 1_000_000, size: max(64, size / 2))
        let sha = SHA256.hex(Array(original))
        let record = Moment(
            id: id, capturedAt: "2026-11-29T06:45:00.123Z", timezone: "Asia/Seoul", localDate: "2026-11-29",
            source: .init(name: name ?? "IMG_\(seed).jpg", sha256: sha, format: "jpeg"),
            original: .init(file: "original.jpg", width: 40, height: 30, orientation: 1),
            copy: .init(file: "copy.jpg", width: 40, height: 30),
            ocr: .init(engine: "tesseract 5.3.0", languages: "eng", textRotation: 0),
            lines: [], preparedAt: "2026-11-29T06:45:01.456Z")
        let json = (try? record.jsonData()) ?? Data()
        let files = MomentFiles(id: id, sha256: sha, files: [
            ("original.jpg", original), ("copy.jpg", copy), ("moment.json", json),
        ])
        return (files, record)
    }

    /// The permission bits of a path.
    /// A new outbox holding `count` moments enqueued oldest first, their seeds from `firstSeed` on.
    static func filledOutbox(_ count: Int, firstSeed: Int) throws -> (Outbox, [MomentFiles]) {
        let outbox = try Outbox(root: try scratchFolder())
        var moments: [MomentFiles] = []
        for i in 0..<count {
            let m = moment(seed: firstSeed + i).files
            try outbox.enqueue(m)
            moments.append(m)
        }
        return (outbox, moments)
    }

    static func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? Int ?? -1) & 0o777
    }

    /// Names in a folder, sorted; empty when it does not exist.
    static func names(_ url: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }
}
