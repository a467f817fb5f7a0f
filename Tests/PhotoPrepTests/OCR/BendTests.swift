import Foundation
import Testing
@testable import PhotoPrep

/// A page bent in the photo (a book's page curving into its spine), straightened for a second reading.
@Suite struct BendTests {
    /// The page's 68 lines, two columns of 34 read one after the other: four words each from a fixed list, drawn
    /// by a seeded generator (SplitMix64), no two lines alike.
    static let truth: [String] = {
        let words = ["market", "river", "garden", "station", "museum", "library", "ticket", "bridge", "harbour",
                     "window", "season", "morning", "evening", "council", "visitors", "school", "castle", "tower",
                     "street", "square", "village", "forest", "meadow", "valley", "mountain", "island", "coast"]
        var state: UInt64 = 5
        func next() -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(words.count))
        }
        var lines: [String] = []
        while lines.count < 68 {
            let line = (0..<4).map { _ in words[next()] }.joined(separator: " ")
            let capitalised = line.prefix(1).uppercased() + line.dropFirst()
            if !lines.contains(capitalised) { lines.append(capitalised) }
        }
        return lines
    }()

    /// ImageMagick arguments that draw the page's lines (DejaVu Serif 26 pt, 52 px apart, columns 720 px apart)
    /// on a 1500×2000 picture, each line in the fill `fill(k)` gives it.
    static func lines(_ fill: (Int) -> String) -> [String] {
        var args = ["-font", "DejaVu-Serif", "-pointsize", "26"]
        for (k, line) in truth.enumerated() {
            args += ["-fill", fill(k), "-annotate", "+\(90 + k / 34 * 720)+\(140 + k % 34 * 52)", line]
        }
        return args
    }

    /// The page bent by a wave 45 px high and 2600 px long across it (ImageMagick's `-wave`: every column moved
    /// down by the wave, the picture 90 px taller): its lines rise and fall by more than a line's spacing across a
    /// column. With `labels`, the same bend of a map of the lines' ink (line k's pixels at level k + 1 in the red
    /// channel, the rest black): where each line lies in the bent photo.
    static func bentPage(labels: Bool = false, bend: [String] = ["-wave", "45x2600"]) throws -> Raster {
        let ground = labels ? "black" : "#f4f2ee"
        return try OCRFixtures.magick(
            ["-size", "1500x2000", "xc:\(ground)"] + (labels ? ["+antialias"] : [])
                + lines { labels ? "rgb(\($0 + 1),0,0)" : "#202020" }
                + ["-background", ground] + (labels ? ["-interpolate", "Nearest"] : []) + bend + ["ppm:-"])
    }

    /// Read as it was, Tesseract followed the bent lines from one row of print into the next: 46 of the 68 lines
    /// read in order, and 44 lines of scraps of two rows. Straightened, all of them, in order.
    @Test func aBentPageIsStraightenedAndReadWholeInOrder() throws {
        let photo = try Self.bentPage()
        let engine = try TesseractEngine()
        let read = try engine.recognize(photo).lines.map(\.text)
        #expect(OCRFixtures.linesReadInOrder(read, Self.truth) >= 66, "\(read)")
        #expect(OCRFixtures.junk(read, against: Self.truth).count <= 2, "\(read)")
    }

    /// The lines read on the straightened page are boxed where they lie in the photo, bend and all: each box holds
    /// its line's ink as the bend left it (the label map), where a box left straight would miss one end of it.
    @Test func linesReadStraightenedAreBoxedWhereTheyLieInThePhoto() throws {
        let photo = try Self.bentPage(), labels = try Self.bentPage(labels: true)
        let lines = try TesseractEngine().recognize(photo).lines
        // Each label's pixels.
        var ink = [[(x: Int, y: Int)]](repeating: [], count: Self.truth.count)
        for y in 0..<labels.height {
            for x in 0..<labels.width {
                let k = Int(labels.pixels[(y * labels.width + x) * 3]) - 1
                if k >= 0, k < ink.count { ink[k].append((x, y)) }
            }
        }
        var checked = 0
        for line in lines {
            guard let k = Self.truth.indices.min(by: {
                OCRFixtures.edits(line.text, Self.truth[$0]) < OCRFixtures.edits(line.text, Self.truth[$1])
            }), OCRFixtures.matches(line.text, Self.truth[k]) else { continue }
            let b = line.box
            let inside = ink[k].filter { $0.x >= b.x && $0.x < b.x + b.width && $0.y >= b.y && $0.y < b.y + b.height }
            #expect(Double(inside.count) >= 0.95 * Double(ink[k].count),
                    "\(line.text): \(inside.count) of \(ink[k].count) ink pixels in \(b)")
            // No taller than the line's ink and the bend across it, and under half a line's spacing (52 px) to spare.
            let ys = ink[k].map(\.y)
            #expect(b.height <= ys.max()! - ys.min()! + 20, "\(line.text): \(b), ink rows \(ys.min()!)–\(ys.max()!)")
            checked += 1
        }
        #expect(checked >= 66)
    }

    /// A flat page has no bend, lying tilted or photographed from one side (its lines converging): Tesseract reads
    /// those by itself, and reading them again would cost a whole reading.
    @Test func aFlatPageTiltedOrSeenFromOneSideIsNotBent() throws {
        let engine = try TesseractEngine()
        let flat: [(String, [String])] = [
            ("tilted 2°", ["-rotate", "2"]),
            ("seen from one side",
             ["-distort", "Perspective", "0,0 60,40  1500,0 1440,0  1500,2000 1440,2000  0,2000 60,1960"]),
        ]
        for (name, view) in flat {
            let photo = try Self.bentPage(bend: view).grey()
            let lines = try engine.recognize(photo).lines
            #expect(lines.count >= 60, "\(name): \(lines.count) lines read")
            let model = Bend.model(photo, lines: lines)
            #expect(model == nil, "\(name): bent by \(model?.bend ?? 0) px")
        }
        // The bent page's bend, against those: the wave moves its lines up to 45 px.
        let bent = try Self.bentPage().grey()
        let model = Bend.model(bent, lines: try engine.recognize(bent).lines)
        #expect((model?.bend ?? 0) >= 12, "\(model?.bend ?? 0)")
    }

    /// A page's columns are modelled one by one: cut where no line but a title crosses a gap a line tall or wider.
    @Test func aPageIsCutIntoItsColumnsWhereNoLineButATitleCrossesTheGap() {
        func line(_ x: Int, _ y: Int, _ width: Int) -> OCRLine {
            OCRLine(text: "words", confidence: 95, box: Moment.Box(x: x, y: y, width: width, height: 30))
        }
        let title = line(100, 40, 1200)
        // Two columns of 30 lines, the left one's ragged (ending at 560–620), the right one's starting at 720.
        let left = (0..<30).map { line(100, 120 + $0 * 40, 460 + $0 % 4 * 20) }
        let right = (0..<30).map { line(720, 120 + $0 * 40, 560) }
        let columns = Bend.columns(of: [title] + left + right, gap: 30)
        #expect(columns.map(\.lines.count) == [30, 30])
        #expect(columns.count == 2 && columns[0].x.upperBound > 620 && columns[1].x.lowerBound < 720,
                "\(columns.map(\.x))")
        // One column; and a column too short to model (10 lines) left out.
        #expect(Bend.columns(of: left, gap: 30).map(\.lines.count) == [30])
        #expect(Bend.columns(of: left + Array(right.prefix(10)), gap: 30).map(\.lines.count) == [30])
        // Lines 20 px apart (a row read in two pieces, not a gap) are not cut.
        #expect(Bend.columns(of: left + left.map { line($0.box.x + $0.box.width + 20, $0.box.y, 300) }, gap: 30)
            .map(\.lines.count) == [60])
    }
}
