import Foundation
import Testing

@testable import PhotoPrep

/// One timed track point at 1°N 2°E.
private let gpxPoint = "<trkpt lat=\"1\" lon=\"2\"><time>2026-11-29T06:40:00Z</time></trkpt>"

@Suite struct GPXTrackTests {
    /// Two segments: the first with elevations, the second without, one hour apart.
    static let gpx = """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="fixture" xmlns="http://www.topografix.com/GPX/1/1">
          <trk><name>walk</name>
            <trkseg>
              <trkpt lat="37.5000" lon="126.9000"><ele>10</ele><time>2026-11-29T06:40:00Z</time></trkpt>
              <trkpt lat="37.5100" lon="126.9200"><ele>30</ele><time>2026-11-29T06:50:00Z</time></trkpt>
            </trkseg>
            <trkseg>
              <trkpt lat="-33.0" lon="151.0"><time>2026-11-29T08:00:00.000Z</time></trkpt>
              <trkpt lat="-33.2" lon="151.4"><time>2026-11-29T08:10:00Z</time></trkpt>
            </trkseg>
          </trk>
        </gpx>
        """

    static func date(_ s: String) -> Date { EXIFDateTime.date(ms: EXIFDateTime.parseISO8601(s)!.ms) }

    @Test("A capture between two fixes interpolates linearly, elevation included")
    func interpolates() throws {
        let track = try GPXTrack.parse(Data(Self.gpx.utf8), name: "walk.gpx")
        #expect(track.fixes.count == 4)
        let (place, warning) = track.position(at: Self.date("2026-11-29T06:45:00Z"), maxGap: 1800)
        let p = try #require(place)
        #expect(warning == nil)
        #expect(abs(p.lat - 37.505) < 1e-9 && abs(p.lon - 126.91) < 1e-9)
        #expect(p.altitudeM == 20)
        #expect(p.source == "gpx")
        let (south, _) = track.position(at: Self.date("2026-11-29T08:02:30Z"), maxGap: 1800)
        #expect(abs(south!.lat - -33.05) < 1e-9 && abs(south!.lon - 151.1) < 1e-9)
        #expect(south!.altitudeM == nil)
    }

    @Test("A capture in a gap or beyond the track, farther than the limit, gives no place and says how far")
    func gapLimit() throws {
        let track = try GPXTrack.parse(Data(Self.gpx.utf8), name: "walk.gpx")
        // 06:50 → 08:00 is a 70-minute gap; 07:25 is 35 minutes from both ends.
        let (none, warning) = track.position(at: Self.date("2026-11-29T07:25:00Z"), maxGap: 1800)
        #expect(none == nil)
        #expect(warning?.contains("35 min") == true)
        // With a wider limit the nearest fix is used (as exiftool does), with a warning.
        let (near, w2) = track.position(at: Self.date("2026-11-29T07:20:00Z"), maxGap: 2000)
        #expect(near?.lat == 37.51 && w2 != nil)
        let (after, w3) = track.position(at: Self.date("2026-11-29T09:00:00Z"), maxGap: 1800)
        #expect(after == nil && w3?.contains("after the track ends") == true)
        let (justAfter, _) = track.position(at: Self.date("2026-11-29T08:20:00Z"), maxGap: 1800)
        #expect(justAfter?.lat == -33.2)
    }

    @Test("Through the resolver: the GPX place is stamped and reads back with exiftool")
    func resolvedAndStamped() throws {
        let dir = try TestSupport.temporaryFolder("gpx")
        defer { try? FileManager.default.removeItem(at: dir) }
        let track = try GPXTrack.parse(Data(Self.gpx.utf8), name: "walk.gpx")
        let truth = try CaptureTruthResolver.resolve(
            options: CaptureOptions(capturedAt: "2026-11-29T15:45:00+09:00", gpx: track),
            camera: CameraMetadata(), fileModified: nil)
        let (jpeg, _) = try MetadataStamper.stampOriginal(jpeg: try CameraFixture.plainJPEG(), truth: truth)
        let tags = try ExifTool.read(try write(jpeg, "g.jpg", in: dir), ["-G1", "-n"])
        #expect(ExifTool.double(tags["Composite:GPSLatitude"]).map { abs($0 - 37.505) < 1e-7 } == true)
        #expect(ExifTool.double(tags["Composite:GPSAltitude"]) == 20)
        let far = try CaptureTruthResolver.resolve(
            options: CaptureOptions(capturedAt: "2026-11-29T16:25:00+09:00", gpx: track),
            camera: CameraMetadata(), fileModified: nil)
        #expect(far.place == nil)
        #expect(far.warnings.contains { $0.contains("walk.gpx") && $0.contains("no place") })
    }

    @Test(
        "A file that is not GPX, or holds no timed point, is an error naming it",
        arguments: [
            "not xml at all <", "<gpx><trk><trkseg><trkpt lat='1' lon='2'/></trkseg></trk></gpx>",
            // Waypoints are not part of the track (as before); points off the globe or with a number
            // that is not decimal are skipped.
            "<gpx><wpt lat='1' lon='2'><time>2026-11-29T06:40:00Z</time></wpt></gpx>",
            "<gpx><trk><trkseg><trkpt lat='91' lon='2'><time>2026-11-29T06:40:00Z</time></trkpt>"
                + "<trkpt lat='nan' lon='2'><time>2026-11-29T06:40:00Z</time></trkpt>"
                + "<trkpt lat='0x1p4' lon='2'><time>2026-11-29T06:40:00Z</time></trkpt></trkseg></trk></gpx>",
        ])
    func bad(_ text: String) throws {
        let error = #expect(throws: CaptureError.self) { try GPXTrack.parse(Data(text.utf8), name: "bad.gpx") }
        #expect(error?.description.contains("bad.gpx") == true)
    }

    // MARK: - Reading real files

    /// A GPX 1.1 file as a phone app writes it: declaration, a comment, a style sheet, metadata with
    /// entities and CDATA, a waypoint without a time, extensions in another namespace, single quotes,
    /// fractional seconds and a local offset, two segments and a route.
    static let phoneApp = """
        <?xml version="1.0" encoding="UTF-8" standalone="yes" ?>
        <!-- Created by Trail Logger 4.2 (Android) -->
        <?xml-stylesheet type="text/xsl" href="gpx.xsl"?>
        <gpx version="1.1" creator="Trail Logger 4.2 &amp; friends"
            xmlns="http://www.topografix.com/GPX/1/1"
            xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
            xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
            xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
          <metadata>
            <name>Seoul Station &#x2192; Namsan &amp; back</name>
            <desc><![CDATA[Morning walk: <b>cold</b>, "clear" & windy]]></desc>
            <author><name>Min-ji</name><link href="https://example.com/?a=1&amp;b=2"><text>profile</text></link></author>
            <time>2026-11-29T06:39:00Z</time>
            <bounds minlat="37.5547" minlon="126.9707" maxlat="37.558" maxlon="126.975"/>
          </metadata>
          <wpt lat="37.5512" lon="126.9882"><name>Caf&#233; &quot;N&quot;</name><sym>Flag, Blue</sym></wpt>
          <trk>
            <name>Walk</name><type>walking</type>
            <trkseg>
              <trkpt lat="37.554700" lon="126.970700">
                <ele>38.5</ele>
                <time>2026-11-29T06:40:00.000Z</time>
                <extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>92</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions>
              </trkpt>
              <trkpt lat='37.555012' lon='126.971034'><ele>39.1</ele><time>2026-11-29T06:40:05.250Z</time></trkpt>
              <trkpt lat="37.555420" lon="126.971499"><ele>40.0</ele><time>2026-11-29T15:40:12+09:00</time><sat>9</sat></trkpt>
            </trkseg>
            <!-- paused -->
            <trkseg>
              <trkpt lat="37.556100" lon="126.972300"><ele>41.7</ele><time>2026-11-29T06:41:00Z</time></trkpt>
              <trkpt lat="37.556900" lon="126.973050"><ele>43.2</ele><time>2026-11-29T06:41:30.5Z</time></trkpt>
            </trkseg>
          </trk>
          <rte><name>Back</name>
            <rtept lat="37.557500" lon="126.974000"><ele>45.0</ele><time>2026-11-29T06:42:00Z</time></rtept>
            <rtept lat="37.558000" lon="126.975000"><ele>44.0</ele><time>2026-11-29T06:42:30Z</time></rtept>
          </rte>
        </gpx>

        """

    /// The fixes in `phoneApp`, in order.
    static let phoneAppFixes: [(time: String, lat: Double, lon: Double, ele: Double)] = [
        ("2026-11-29T06:40:00Z", 37.5547, 126.9707, 38.5), ("2026-11-29T06:40:05.250Z", 37.555012, 126.971034, 39.1),
        ("2026-11-29T06:40:12Z", 37.55542, 126.971499, 40.0), ("2026-11-29T06:41:00Z", 37.5561, 126.9723, 41.7),
        ("2026-11-29T06:41:30.500Z", 37.5569, 126.97305, 43.2), ("2026-11-29T06:42:00Z", 37.5575, 126.974, 45.0),
        ("2026-11-29T06:42:30Z", 37.558, 126.975, 44.0),
    ]

    /// The same file with every GPX element under a `gpx:` prefix, a byte-order mark and CRLF line ends.
    static var phoneAppPrefixed: String {
        let prefixed = phoneApp.replacing(/(<\/?)([A-Za-z]+)(?=[ >\/\n])/) { "\($0.1)gpx:\($0.2)" }
            .replacing("<gpx:gpx ", with: "<gpx:gpx xmlns:gpx=\"http://www.topografix.com/GPX/1/1\" ")
        return "\u{FEFF}" + prefixed.replacing("\n", with: "\r\n")
    }

    @Test("A phone app's GPX 1.1 file reads to its fixes, prefixed or not, with a BOM and CRLF or not")
    func phoneAppFile() throws {
        for text in [Self.phoneApp, Self.phoneAppPrefixed] {
            let track = try GPXTrack.parse(Data(text.utf8), name: "walk.gpx")
            #expect(track.fixes.count == Self.phoneAppFixes.count)
            for (fix, want) in zip(track.fixes, Self.phoneAppFixes) {
                #expect(
                    fix == GPXTrack.Fix(time: Self.date(want.time), lat: want.lat, lon: want.lon, elevation: want.ele))
            }
        }
        #expect(Self.phoneAppPrefixed.contains("<gpx:trkpt lat="), "the prefixed variant really is prefixed")
    }

    @Test(
        "Positions from a phone app's file are the ones exiftool -geotag finds",
        arguments: [false, true])
    func sameAsExiftool(prefixed: Bool) throws {
        let dir = try TestSupport.temporaryFolder("gpx-oracle")
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = prefixed ? Self.phoneAppPrefixed : Self.phoneApp
        let gpxFile = try write(Array(text.utf8), "walk.gpx", in: dir)
        let jpeg = try write(try CameraFixture.plainJPEG(), "in.jpg", in: dir)
        let track = try GPXTrack.parse(Data(text.utf8), name: "walk.gpx")
        // Every fix in the file, and instants a third of the way between neighbours (interpolated);
        // taken from the file, not from what was read, so a point not read shows.
        let times = Self.phoneAppFixes.map { Self.date($0.time) }
        var instants: [Date] = []
        for (a, b) in zip(times, times.dropFirst()) {
            instants += [a, a.addingTimeInterval(b.timeIntervalSince(a) / 3)]
        }
        instants.append(try #require(times.last))
        var args: [String] = []
        var outputs: [URL] = []
        for (k, t) in instants.enumerated() {
            let out = dir.appendingPathComponent("out\(k).jpg")
            let ms = Int64((t.timeIntervalSince1970 * 1000).rounded())
            let wall = EXIFDateTime.utcISO(ms: ms).replacing("-", with: ":").replacing("T", with: " ")
            args += (k == 0 ? [] : ["-execute"]) + ["-geotime=\(wall)", "-o", out.path, jpeg.path]
            outputs.append(out)
        }
        let argFile = try write(Array(args.joined(separator: "\n").utf8), "args", in: dir)
        try TestSupport.run("exiftool", ["-@", argFile.path, "-common_args", "-geotag", gpxFile.path])
        let tags = try ExifTool.read(outputs, ["-G1", "-n"])
        try #require(tags.count == instants.count)
        for (t, read) in zip(instants, tags) {
            let place = try #require(track.position(at: t, maxGap: 1800).place)
            let lat = try #require(ExifTool.double(read["Composite:GPSLatitude"]), "exiftool placed \(t)")
            let lon = try #require(ExifTool.double(read["Composite:GPSLongitude"]))
            let alt = try #require(ExifTool.double(read["Composite:GPSAltitude"]))
            #expect(
                abs(place.lat - lat) < 1e-7 && abs(place.lon - lon) < 1e-7, "\(t): \(place) vs exiftool \(lat), \(lon)")
            #expect(abs((place.altitudeM ?? .nan) - alt) < 1e-3, "\(t): \(place.altitudeM ?? .nan) vs exiftool \(alt)")
        }
    }

    @Test("Entities, character references, CDATA and comments in values read as the characters they stand for")
    func entitiesAndSections() throws {
        let text = """
            <gpx creator="Tom &amp; Jerry&apos;s &quot;app&quot;"><trk><name>Caf&#xE9; &lt;Namsan&gt; &#8594; Seoul</name>
            <trkseg>
            <trkpt lat="&#51;7.5" lon=" 126.9&#x30;	"><time><![CDATA[2026-11-29T06:40:00Z]]></time></trkpt>
            <trkpt lat="37.6" lon="127.0"><ele>1<!-- metres -->2.5</ele><time>
                2026-11-29T06:<?split?>41:00Z
            </time></trkpt>
            </trkseg></trk></gpx>
            """
        let track = try GPXTrack.parse(Data(text.utf8), name: "names.gpx")
        #expect(
            track.fixes == [
                GPXTrack.Fix(time: Self.date("2026-11-29T06:40:00Z"), lat: 37.5, lon: 126.9),
                GPXTrack.Fix(time: Self.date("2026-11-29T06:41:00Z"), lat: 37.6, lon: 127.0, elevation: 12.5),
            ])
    }

    @Test("A DOCTYPE, even with an internal subset, is skipped")
    func doctype() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE gpx PUBLIC "-//x//GPX>1.1//EN" "gpx.dtd" [ <!ENTITY w "walk"> <!-- a ']>' here --> ]>
            <gpx><trk><trkseg><trkpt lat="1" lon="2"><time>2026-11-29T06:40:00Z</time></trkpt></trkseg></trk></gpx>
            """
        #expect(try GPXTrack.parse(Data(text.utf8), name: "dtd.gpx").fixes.map(\.lat) == [1])
    }

    // MARK: - Broken files

    @Test(
        "Malformed XML is refused with what is wrong and the line, even with good points before it",
        arguments: [
            ("<gpx>\n<trk>\n<trkseg>\n\(gpxPoint)\n", "ends inside <trkseg>", 5),
            ("<gpx>\n<trk><trkseg>\n\(gpxPoint)\n</trk></gpx>", "</trk> does not close <trkseg>", 4),
            ("<gpx><trk><trkseg>\(gpxPoint)</trkseg></trk></gpx>\n\n\(gpxPoint)", "after the root element", 3),
            ("<gpx><trk><trkseg>\(gpxPoint)</trkseg></trk></gpx>\ntrailing words", "after the root element", 2),
            ("hello <gpx><trk><trkseg>\(gpxPoint)</trkseg></trk></gpx>", "text before the root element", 1),
            ("<gpx>\n<trk><name>Tom &nbsp; Jerry</name><trkseg>\(gpxPoint)</trkseg></trk></gpx>", "&nbsp;", 2),
            ("<gpx><trk><name>Tom & Jerry</name><trkseg>\(gpxPoint)</trkseg></trk></gpx>", "bare '&'", 1),
            ("<gpx><trk><name>&#0;</name><trkseg>\(gpxPoint)</trkseg></trk></gpx>", "does not allow", 1),
            (
                "<gpx>\n<trk><trkseg>\(gpxPoint)\n<trkpt lat=\"1\" lat=\"3\" lon=\"2\"/></trkseg></trk></gpx>",
                "given twice", 3
            ),
            ("<gpx><trk><trkseg><trkpt lat=1 lon=2/></trkseg></trk></gpx>", "not in quotes", 1),
            ("<gpx><trk><trkseg><trkpt lat=\"<1\" lon=\"2\"/></trkseg></trk></gpx>", "'<' inside the value", 1),
            ("<gpx><trk><trkseg>\(gpxPoint)<!-- unclosed </trkseg></trk></gpx>", "never closed", 1),
            ("<gpx><trk><trkseg>\(gpxPoint)</trkseg></trk></gpx>\n<?xml version=\"1.0\"?>", "not at the start", 2),
            ("<gpx>\n\(gpxPoint)\n<?<?nr-?></gpx>", "without a name", 3),
            ("<gpx><trk><trkseg>\(gpxPoint)</trkseg></trk>\u{0}</gpx>", "NUL byte", 1),
            ("<gpx>" + String(repeating: "<a>", count: 300) + gpxPoint, "deeper than 256", 1),
        ])
    func malformed(_ text: String, reason: String, line: Int) throws {
        let error = #expect(throws: CaptureError.self) { try GPXTrack.parse(Data(text.utf8), name: "broken.gpx") }
        let message = error?.description ?? ""
        #expect(message.hasPrefix("GPX track broken.gpx: not a readable GPX (XML) file: "), "\(message)")
        #expect(message.contains(reason) && message.hasSuffix(", line \(line)"), "\(message)")
    }

    @Test("UTF-16 is refused with a clear error")
    func utf16() throws {
        let text = "<?xml version=\"1.0\" encoding=\"UTF-16\"?><gpx><trk><trkseg>\(gpxPoint)</trkseg></trk></gpx>"
        for data in [text.data(using: .utf16BigEndian), text.data(using: .utf16LittleEndian)] {
            let body = try #require(data)
            let withBOM = Data(body.first == 0 ? [0xFE, 0xFF] : [0xFF, 0xFE]) + body
            let error = #expect(throws: CaptureError.self) { try GPXTrack.parse(withBOM, name: "u16.gpx") }
            #expect(error?.description.contains("UTF-16") == true, "\(String(describing: error))")
            #expect(throws: CaptureError.self) { try GPXTrack.parse(body, name: "u16.gpx") }
        }
    }

    @Test("A file cut at any byte is refused until its root element is closed, then reads whole")
    func cutAtEveryByte() throws {
        let bytes = Array(Self.phoneApp.utf8)
        let rootEnd = bytes.count - 1  // the file ends with "</gpx>\n"
        #expect(bytes[..<rootEnd].suffix(6).elementsEqual("</gpx>".utf8))
        var readBroken: [Int] = []  // cuts read as if whole
        var refusedWhole: [Int] = []
        for cut in 0...bytes.count {
            do {
                let track = try GPXTrack.parse(Data(bytes[..<cut]), name: "cut.gpx")
                if cut < rootEnd || track.fixes.count != Self.phoneAppFixes.count { readBroken.append(cut) }
            } catch {
                #expect(error.description.hasPrefix("GPX track cut.gpx: "))
                if cut >= rootEnd { refusedWhole.append(cut) }
            }
        }
        #expect(readBroken.isEmpty, "cut at \(readBroken.prefix(10)) of \(bytes.count) bytes and read")
        #expect(refusedWhole.isEmpty, "the whole file refused after a cut at \(refusedWhole)")
    }

    // MARK: - What used to crash Foundation's XMLParser (issue 7)

    @Test(
        "Inputs that crashed XMLParser inside an otherwise good track: read when well-formed, else refused",
        arguments: [
            // An empty processing instruction (strlen of a null pointer) is well-formed XML.
            ("<?xml version=\"1.0\"?>\n<?x?>\n<gpx><trk><trkseg>\(gpxPoint)</trkseg></trk></gpx>", nil),
            // An element name that is not UTF-8 (a force unwrap): an unknown element, skipped.
            ("<gpx><trk><trkseg>\(gpxPoint)<trkp\u{D5}t lat=\"3\" lon=\"4\"></trkp\u{D5}t></trkseg></trk></gpx>", nil),
            // A garbled encoding in the declaration: the encoding is not needed to read the track.
            ("<?xml  encoding=\"UT<?xmlF-8\"?>\n<gpx><trk><trkseg>\(gpxPoint)</trkseg></trk></gpx>", nil),
            // A processing instruction opened inside another's target: not XML.
            ("<?<?nr-?>\n<gpx><trk><trkseg>\(gpxPoint)</trkseg></trk></gpx>", "without a name"),
        ] as [(String, String?)])
    func formerCrashes(_ text: String, refusal: String?) throws {
        var data = Data(text.utf8)
        if text.contains("trkp\u{D5}t") {  // the byte D5 itself, not its UTF-8 encoding
            data = Data(text.replacing("trkp\u{D5}t", with: "trkpXt").utf8)
            data = Data(data.map { $0 == UInt8(ascii: "X") ? 0xD5 : $0 })
            #expect(String(data: data, encoding: .utf8) == nil, "the input really is not UTF-8")
        }
        if let refusal {
            let error = #expect(throws: CaptureError.self) { try GPXTrack.parse(data, name: "old.gpx") }
            #expect(error?.description.contains(refusal) == true, "\(String(describing: error))")
        } else {
            #expect(try GPXTrack.parse(data, name: "old.gpx").fixes.map(\.lat) == [1])
        }
    }

    @Test("Hostile sizes are refused after one pass: deep nesting, an endless comment, a tag of many attributes")
    func hostileSizes() throws {
        let deep = "<gpx>" + String(repeating: "<a>", count: 200_000)
        let comment = "<gpx><!--" + String(repeating: "-- ->", count: 200_000)
        let attributes = "<gpx " + (0..<50_000).map { "a\($0)='1'" }.joined(separator: " ") + " a7='2'/>"
        let pi = "<gpx>" + String(repeating: "<?a ", count: 200_000)
        for (text, reason) in [
            (deep, "deeper than 256"), (comment, "never closed"), (attributes, "given twice"), (pi, "never closed"),
        ] {
            let error = #expect(throws: CaptureError.self) { try GPXTrack.parse(Data(text.utf8), name: "big.gpx") }
            #expect(error?.description.contains(reason) == true, "\(String(describing: error))")
        }
    }
}
