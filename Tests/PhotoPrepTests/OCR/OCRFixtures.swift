import Foundation
@testable import PhotoPrep

/// Builds OCR test inputs with external tools (ImageMagick, the tesseract CLI) so tests need no
/// committed photos, and reads their PNM output into a `Raster`.
enum OCRFixtures {
    struct ToolError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs a program, returning its standard output; throws when it cannot start or exits non-zero.
    static func run(_ program: String, _ arguments: [String]) throws -> Data {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = [program] + arguments
        let out = Pipe(), err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else {
            throw ToolError(description: "\(program) failed: \(String(decoding: errData, as: UTF8.self))")
        }
        return data
    }

    /// Runs ImageMagick `convert` with `arguments` (ending in the image to write, e.g. `pgm:-`) and
    /// decodes the PNM it writes to standard output.
    static func magick(_ arguments: [String]) throws -> Raster {
        var args = arguments
        args.insert(contentsOf: ["-depth", "8"], at: max(0, args.count - 1))
        return try parsePNM(run("convert", args))
    }

    /// The path of the committed fixture `name` in `Fixtures/ocr` (cut from the harness's renders).
    static func committedPath(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/ocr/\(name)").path
    }

    /// A reading that read `readable` characters at a mean confidence of `confidence`, for the rules that keep one
    /// reading over another.
    static func reading(_ readable: Double, _ confidence: Double) -> TesseractEngine.Reading {
        TesseractEngine.Reading(result: OCRResult(lines: [], textRotation: 0, engine: "", languages: "eng"),
                                readable: readable, confidence: confidence, quarterTurns: 0, invert: false)
    }

    /// The committed fixture `name`, decoded.
    static func committed(_ name: String) throws -> Raster {
        try magick([committedPath(name), "ppm:-"])
    }

    /// The committed JPEG fixture `name`, decoded by TurboJPEG as the pipeline decodes it (`CopyMaker.decode`), not by
    /// ImageMagick: a pixel's difference either way changes what Tesseract reads of a page smeared past reading.
    static func committedAsCopied(_ name: String) throws -> Raster {
        try CopyMaker.decode([UInt8](try Data(contentsOf: URL(fileURLWithPath: committedPath(name))))).copy
    }

    /// The committed JPEG page `name`.jpg (`committedAsCopied`) read by a new engine (`recognize`), with its truth
    /// (`name`.txt): the lines read, and how many readings of its pixels Tesseract made (`pixelsRecognized`).
    static func readCommittedPage(_ name: String) throws
        -> (page: Raster, truth: [String], read: [String], readings: Double)
    {
        let page = try committedAsCopied(name + ".jpg")
        let truth = try committedLines(name + ".txt")
        let engine = try TesseractEngine()
        let read = try engine.recognize(page).lines.map(\.text)
        return (page, truth, read, Double(engine.pixelsRecognized) / Double(page.width * page.height))
    }

    /// The lines of the committed text `name` (a fixture's ground truth, a line a line), its `#` comments left out.
    static func committedLines(_ name: String) throws -> [String] {
        try String(contentsOfFile: committedPath(name), encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }.map(String.init)
    }

    /// The lines of `truth` that a line of `read` matches with at most 20% character errors (the
    /// evaluation harness's measure of a line found).
    static func found(_ truth: [String], in read: [String]) -> [String] {
        truth.filter { t in read.contains { matches($0, t) } }
    }

    /// The lines of `read` that match no line of `truth` (junk, by the same measure as `found`).
    static func junk(_ read: [String], against truth: [String]) -> [String] {
        read.filter { r in !truth.contains { matches(r, $0) } }
    }

    /// Whether `read` matches the ground-truth line `truth` with at most 20% character errors.
    static func matches(_ read: String, _ truth: String) -> Bool {
        edits(read, truth) * 5 <= truth.count
    }

    /// Decodes binary PGM (P5) and PPM (P6) with 8-bit samples.
    static func parsePNM(_ data: Data) throws -> Raster {
        let bytes = [UInt8](data)
        var i = 0
        func token() -> String {
            while i < bytes.count {
                if bytes[i] == UInt8(ascii: "#") {
                    while i < bytes.count, bytes[i] != 10 { i += 1 }
                } else if [9, 10, 13, 32].contains(bytes[i]) {
                    i += 1
                } else {
                    break
                }
            }
            var s = ""
            while i < bytes.count, ![9, 10, 13, 32].contains(bytes[i]) {
                s.append(Character(UnicodeScalar(bytes[i])))
                i += 1
            }
            return s
        }
        let magic = token()
        guard magic == "P5" || magic == "P6", let w = Int(token()), let h = Int(token()), token() == "255" else {
            throw ToolError(description: "not an 8-bit binary PNM")
        }
        i += 1
        let channels = magic == "P5" ? 1 : 3
        guard bytes.count >= i + w * h * channels else { throw ToolError(description: "PNM is truncated") }
        return Raster(width: w, height: h, channels: channels, pixels: Array(bytes[i..<(i + w * h * channels)]))
    }

    /// Writes the raster as PNM to a temporary file and returns its path (the caller removes it).
    static func writePNM(_ raster: Raster) throws -> URL {
        let header = "\(raster.channels == 1 ? "P5" : "P6")\n\(raster.width) \(raster.height)\n255\n"
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("ocr-\(UUID().uuidString).\(raster.channels == 1 ? "pgm" : "ppm")")
        try (Data(header.utf8) + Data(raster.pixels)).write(to: url)
        return url
    }

    /// The `tesseract IMG -` CLI's lines (its defaults) on exactly these pixels: the oracle.
    static func tesseractCLILines(_ raster: Raster, languages: String = "eng") throws -> [String] {
        let url = try writePNM(raster)
        defer { try? FileManager.default.removeItem(at: url) }
        let text = String(decoding: try run("tesseract", [url.path, "-", "-l", languages]), as: UTF8.self)
        return text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The bounding box of pixels darker (or, with `light`, brighter) than mid-grey within `rows`.
    static func inkBox(_ raster: Raster, rows: Range<Int>, light: Bool = false) -> Moment.Box? {
        let g = raster.grey()
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in rows.clamped(to: 0..<g.height) {
            for x in 0..<g.width {
                let v = g.pixels[y * g.width + x]
                if light ? v > 160 : v < 96 {
                    minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
                }
            }
        }
        guard maxX >= 0 else { return nil }
        return Moment.Box(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// The bounding box of dark pixels inside `box` (grown by 6 px).
    static func inkBox(_ raster: Raster, in box: Moment.Box) -> Moment.Box? {
        let g = raster.grey()
        let x0 = max(0, box.x - 6), x1 = min(g.width, box.x + box.width + 6)
        let y0 = max(0, box.y - 6), y1 = min(g.height, box.y + box.height + 6)
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in y0..<y1 {
            for x in x0..<x1 where g.pixels[y * g.width + x] < 96 {
                minX = min(minX, x); maxX = max(maxX, x); minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return nil }
        return Moment.Box(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Intersection over union of two boxes, 0…1.
    static func overlap(_ a: Moment.Box, _ b: Moment.Box) -> Double {
        let ix = max(0, min(a.x + a.width, b.x + b.width) - max(a.x, b.x))
        let iy = max(0, min(a.y + a.height, b.y + b.height) - max(a.y, b.y))
        let inter = Double(ix * iy)
        let union = Double(a.width * a.height + b.width * b.height) - inter
        return union > 0 ? inter / union : 0
    }

    /// Character edits (insertions, deletions, substitutions) turning `a` into `b`.
    static func edits(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var row = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var diagonal = row[0]
            row[0] = i + 1
            for (j, y) in b.enumerated() {
                let above = row[j + 1]
                row[j + 1] = min(above + 1, row[j] + 1, diagonal + (x == y ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }

    /// How many of `truth`'s lines are read, in order, as the evaluation harness counts them: each
    /// matched to a later line read than the one before it, with at most a fifth of its characters wrong.
    static func linesReadInOrder(_ read: [String], _ truth: [String]) -> Int {
        var next = 0, found = 0
        for line in truth {
            guard let k = read.indices.dropFirst(next).first(where: {
                Double(edits(read[$0], line)) <= 0.2 * Double(line.count)
            }) else { continue }
            found += 1
            next = k + 1
        }
        return found
    }
}
