import Foundation
import Testing

@testable import PhotoPrep

/// EXIF blocks that lie: they must never crash or hang the reader or the stamper; the moment is
/// still stamped (with a fresh EXIF) and a warning says what was wrong.
@Suite struct HostileEXIFTests {
    enum Damage: String, CaseIterable, CustomTestStringConvertible {
        case ifdLoop, exifPointsToIFD0, offsetPastEnd, count2to31, truncatedBlock, wrongByteOrderMark, ifd0PastEnd
        var testDescription: String { rawValue }
    }

    static func le16(_ v: UInt16) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8)] }
    static func le32(_ v: UInt32) -> [UInt8] { (0..<4).map { UInt8((v >> (8 * $0)) & 0xFF) } }
    static func entry(_ tag: UInt16, _ type: UInt16, _ count: UInt32, _ field: UInt32) -> [UInt8] {
        le16(tag) + le16(type) + le32(count) + le32(field)
    }

    /// A little-endian TIFF block with the given damage; IFD0 at offset 8 holds Orientation 6.
    static func tiff(_ damage: Damage) throws -> [UInt8] {
        let header: [UInt8] = [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0]
        switch damage {
        case .ifdLoop:  // IFD0's next-IFD pointer is IFD0 itself
            return header + le16(1) + entry(0x0112, 3, 1, 6) + le32(8)
        case .exifPointsToIFD0:  // the Exif IFD pointer leads back to IFD0
            return header + le16(2) + entry(0x0112, 3, 1, 6) + entry(0x8769, 4, 1, 8) + le32(0)
        case .offsetPastEnd:  // Make's value lies 4 GB away
            return header + le16(2) + entry(0x010F, 2, 20, 0xFFFF_FF00) + entry(0x0112, 3, 1, 6) + le32(0)
        case .count2to31:  // a LONG array of 2^31 values
            return header + le16(2) + entry(0x0112, 3, 1, 6) + entry(0x0201, 4, 0x8000_0000, 8) + le32(0)
        case .truncatedBlock:  // a real camera block cut short: IFD0 (written last) is gone
            let full = CameraFixture(bigEndian: false).tiff(
                thumbnail: try CameraFixture.plainJPEG(width: 16, height: 12))
            return Array(full.prefix(full.count / 2))
        case .wrongByteOrderMark:
            let full = CameraFixture(bigEndian: true).tiff(thumbnail: [])
            return [0x58, 0x58] + full.dropFirst(2)
        case .ifd0PastEnd:
            return [0x4D, 0x4D, 0, 0x2A, 0x7F, 0xFF, 0xFF, 0xF0, 0, 0]
        }
    }

    static func jpeg(_ damage: Damage) throws -> [UInt8] {
        CameraFixture.inserting(
            app1: Array("Exif".utf8) + [0, 0] + (try tiff(damage)), into: try CameraFixture.plainJPEG())
    }

    @Test("Reading damaged EXIF gives warnings, never a crash", arguments: Damage.allCases)
    func read(_ damage: Damage) throws {
        let meta = MetadataReader.read(jpeg: try Self.jpeg(damage))
        #expect(!meta.warnings.isEmpty)
        #expect((1...8).contains(meta.orientation))
    }

    @Test("Damaged EXIF: the original is stamped with a fresh EXIF and a warning", arguments: Damage.allCases)
    func stamp(_ damage: Damage) throws {
        let dir = try TestSupport.temporaryFolder("hostile")
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = try Self.jpeg(damage)
        let meta = MetadataReader.read(jpeg: input)
        let truth = try CaptureTruthResolver.resolve(
            options: CaptureOptions(capturedAt: "2026-11-29T06:45:00.5Z", timezone: "Asia/Seoul", lat: 1.5, lon: -2.25),
            camera: meta, fileModified: nil)
        let (stamped, warnings) = try MetadataStamper.stampOriginal(jpeg: input, truth: truth)
        #expect(warnings.contains { $0.contains("damaged") })
        let file = try write(stamped, "stamped.jpg", in: dir)
        let tags = try ExifTool.read(file, ["-G1", "-n"])
        #expect(ExifTool.text(tags["Composite:SubSecDateTimeOriginal"]) == "2026:11:29 15:45:00.500+09:00")
        #expect(ExifTool.double(tags["Composite:GPSLongitude"]) == -2.25)
        // Where IFD0 itself was readable, its orientation survives into the fresh EXIF.
        if [.ifdLoop, .exifPointsToIFD0, .offsetPastEnd, .count2to31].contains(damage) {
            #expect(ExifTool.double(tags["IFD0:Orientation"]) == 6)
        }
        #expect(try ExifTool.validationWarnings(file).isEmpty)
        // The picture itself is untouched.
        #expect(JPEGSegments(stamped)?.tail == JPEGSegments(input)?.tail)
    }

    @Test("An APP1 segment running past the end of the file is reported, not followed")
    func segmentPastEnd() throws {
        var bytes = try CameraFixture.plainJPEG()
        bytes = Array(bytes.prefix(20)) + [0xFF, 0xE1, 0xFF, 0xF0] + Array("Exif".utf8) + [0, 0, 0x49, 0x49, 0x2A, 0]
        let meta = MetadataReader.read(jpeg: bytes)
        #expect(meta.warnings.contains { $0.contains("past the end") })
        #expect(ICCProfile.extract(fromJPEG: bytes) == nil)
    }

    @Test("Randomly corrupted camera EXIF never crashes the reader or the stamper", arguments: [false, true])
    func corrupted(bigEndian: Bool) throws {
        let base = CameraFixture(bigEndian: bigEndian, withGPS: true).tiff(
            thumbnail: try CameraFixture.plainJPEG(width: 16, height: 12))
        let plain = try CameraFixture.plainJPEG()
        let truth = try StampOriginalTests.flagsTruth()
        var state: UInt64 = bigEndian ? 0x9E37_79B9 : 0x7F4A_7C15
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33)
        }
        var damagedSeen = 0
        for _ in 0..<300 {
            var tiff = base
            for _ in 0..<(1 + next() % 4) { tiff[8 + next() % (tiff.count - 8)] = UInt8(next() & 0xFF) }
            if next() % 5 == 0 { tiff = Array(tiff.prefix(next() % tiff.count)) }
            let jpeg = CameraFixture.inserting(app1: Array("Exif".utf8) + [0, 0] + tiff, into: plain)
            let meta = MetadataReader.read(jpeg: jpeg)
            #expect((1...8).contains(meta.orientation))
            let (stamped, warnings) = try MetadataStamper.stampOriginal(jpeg: jpeg, truth: truth)
            if !warnings.isEmpty { damagedSeen += 1 }
            let again = MetadataReader.read(jpeg: stamped)
            #expect(again.dateTimeOriginal == "2026:11:29 15:45:00")
            #expect(again.gps.map { abs($0.latitude - 37.5547) < 1e-7 } == true)
        }
        #expect(damagedSeen > 0)
    }
}
