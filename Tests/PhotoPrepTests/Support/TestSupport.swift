import Foundation
import Testing
@testable import PhotoPrep

/// Helpers shared by the tests: temporary folders, external tools, synthetic photos.
enum TestSupport {
    /// A fresh temporary folder, removed by the caller's `defer`.
    static func temporaryFolder(_ label: String = "test") throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("photoprep-\(label)-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    struct ToolResult { var status: Int32; var stdout: Data; var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) } }

    /// Runs an external program (found on PATH) and waits for it.
    @discardableResult
    static func run(_ tool: String, _ args: [String], stdin: Data? = nil, environment: [String: String]? = nil) throws -> ToolResult {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [tool] + args
        if let environment { p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let out = Pipe()
        let errFile = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errFile.path, contents: nil)  // opening it below throws if not
        defer { try? FileManager.default.removeItem(at: errFile) }
        let err = try FileHandle(forWritingTo: errFile)
        defer { try? err.close() }
        p.standardOutput = out
        p.standardError = err
        let input = Pipe()
        p.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try p.run()
        if let stdin { input.fileHandleForWriting.write(stdin); try input.fileHandleForWriting.close() }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let errData = (try? Data(contentsOf: errFile)) ?? Data()
        return ToolResult(status: p.terminationStatus, stdout: outData, stderr: String(decoding: errData, as: UTF8.self))
    }

    /// An upright test picture: four coloured quadrants with a white marker block near the top-left,
    /// so that every flip and turn gives a visibly different picture.
    static func quadrants(width: Int, height: Int) -> Raster {
        var r = Raster(width: width, height: height, channels: 3)
        let colours: [[UInt8]] = [[220, 30, 30], [30, 200, 40], [40, 50, 220], [230, 210, 40]]
        for y in 0..<height {
            for x in 0..<width {
                var c = colours[(y < height / 2 ? 0 : 2) + (x < width / 2 ? 0 : 1)]
                if x >= width / 10 && x < width / 4 && y >= height / 10 && y < height / 5 { c = [255, 255, 255] }
                let o = (y * width + x) * 3
                r.pixels[o] = c[0]; r.pixels[o + 1] = c[1]; r.pixels[o + 2] = c[2]
            }
        }
        return r
    }

    /// A photo-like picture: smooth gradients, fine stripes and noise (what resampling must treat well).
    static func photoLike(width: Int, height: Int, seed: UInt64 = 1) -> Raster {
        var r = Raster(width: width, height: height, channels: 3)
        var state = seed
        r.pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width {
                    state = state &* 6364136223846793005 &+ 1442695040888963407
                    let noise = Int(state >> 59) - 16
                    let stripes = ((x / 3 + y / 7) % 2 == 0) ? 40 : 0
                    let o = (y * width + x) * 3
                    p[o] = UInt8(clamping: x * 255 / width / 2 + stripes + noise + 40)
                    p[o + 1] = UInt8(clamping: y * 255 / height / 2 + noise + 60)
                    p[o + 2] = UInt8(clamping: (x + y) * 255 / (width + height) + stripes / 2 + noise + 30)
                }
            }
        }
        return r
    }

    /// A JPEG of `raster` with an EXIF APP1 holding only `Orientation` (little-endian TIFF), placed
    /// right after SOI and APP0 as a camera places it.
    static func jpeg(_ raster: Raster, orientation: Int? = nil, quality: Int = 95) throws -> [UInt8] {
        var bytes = try JPEGEncoder.encode(raster, quality: quality)
        guard let orientation else { return bytes }
        var tiff: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0x08, 0x00, 0x00, 0x00]
        tiff += [0x01, 0x00]  // one entry
        tiff += [0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, UInt8(orientation & 0xFF), UInt8(orientation >> 8), 0x00, 0x00]
        tiff += [0x00, 0x00, 0x00, 0x00]  // no next IFD
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let len = payload.count + 2
        let app1: [UInt8] = [0xFF, 0xE1, UInt8(len >> 8), UInt8(len & 0xFF)] + payload
        // After SOI and the JFIF APP0.
        let app0Length = Int(bytes[4]) << 8 | Int(bytes[5])
        bytes.insert(contentsOf: app1, at: 4 + app0Length)
        return bytes
    }

    /// Mean absolute difference per sample between two rasters of the same size.
    static func meanDifference(_ a: Raster, _ b: Raster) -> Double {
        precondition(a.width == b.width && a.height == b.height && a.channels == b.channels)
        var sum = 0
        for i in 0..<a.pixels.count { sum += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
        return Double(sum) / Double(a.pixels.count)
    }

    /// Reads any picture with ImageMagick into an RGB raster (the independent decoder of the tests).
    static func readWithImageMagick(_ url: URL, autoOrient: Bool = false) throws -> Raster {
        let orient = autoOrient ? ["-auto-orient"] : []
        let dims = try run("convert", [url.path + "[0]"] + orient + ["-format", "%w %h", "info:"]).text
            .split(separator: " ").compactMap { Int($0) }
        let out = try run("convert", [url.path + "[0]"] + orient + ["-depth", "8", "rgb:-"]).stdout
        return Raster(width: dims[0], height: dims[1], channels: 3, pixels: [UInt8](out))
    }

    /// The `prepare-photo` executable built beside the test bundle.
    static var preparePhoto: URL {
        var dir = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = dir.appendingPathComponent("prepare-photo")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("prepare-photo")
    }
}
