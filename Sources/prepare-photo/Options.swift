import Foundation
import PhotoPrep

/// The command line of `prepare-photo` (contract section 1), parsed.
struct Options {
    var paths: [String] = []
    var outbox: String?
    var out: String?
    var json = false
    var quiet = false
    var again = false
    var jobs = ProcessInfo.processInfo.activeProcessorCount
    var shard: (k: Int, n: Int)?
    var prepare = PrepareOptions()
    var gpxPath: String?

    struct UsageError: Error, CustomStringConvertible { var description: String }

    static func parse(_ args: [String]) throws -> Options {
        var o = Options()
        var i = 0
        func value(_ flag: String) throws -> String {
            i += 1
            guard i < args.count else { throw UsageError(description: "\(flag) needs a value") }
            return args[i]
        }
        func number(_ flag: String) throws -> Double {
            let v = try value(flag)
            guard let d = Double(v), d.isFinite else { throw UsageError(description: "\(flag) needs a number, not \"\(v)\"") }
            return d
        }
        var onlyPaths = false
        while i < args.count {
            let a = args[i]
            if onlyPaths || a == "-" || !a.hasPrefix("-") { o.paths.append(a); i += 1; continue }
            switch a {
            case "--": onlyPaths = true
            case "--outbox": o.outbox = try value(a)
            case "--out": o.out = try value(a)
            case "--json": o.json = true
            case "--quiet", "-q": o.quiet = true
            case "--again": o.again = true
            case "--annotate": o.prepare.annotate = true
            case "--captured-at": o.prepare.capture.capturedAt = try value(a)
            case "--timezone": o.prepare.capture.timezone = try value(a)
            case "--lat": o.prepare.capture.lat = try number(a)
            case "--lon": o.prepare.capture.lon = try number(a)
            case "--accuracy": o.prepare.capture.accuracy = try number(a)
            case "--altitude": o.prepare.capture.altitude = try number(a)
            case "--place": o.prepare.capture.placeName = try value(a)
            case "--gpx": o.gpxPath = try value(a)
            case "--gpx-max-gap": o.prepare.capture.gpxMaxGap = try number(a)
            case "--situation": o.prepare.situation = try value(a)
            case "--crumb": o.prepare.crumb = try value(a)
            case "--lang": o.prepare.languages = try value(a)
            case "--max-pixels":
                let v = try number(a)
                guard v >= 1 else { throw UsageError(description: "--max-pixels must be positive") }
                o.prepare.maxPixels = Int(v)
            case "--jobs", "-j":
                let v = try value(a)
                guard let n = Int(v), n >= 1, n <= 256 else { throw UsageError(description: "--jobs needs a whole number from 1 to 256, not \"\(v)\"") }
                o.jobs = n
            case "--shard":
                let v = try value(a)
                let parts = v.split(separator: "/").map { Int($0) }
                guard parts.count == 2, let k = parts[0], let n = parts[1], n >= 1, (1...n).contains(k) else {
                    throw UsageError(description: "--shard needs K/N with 1 ≤ K ≤ N, like 2/8, not \"\(v)\"")
                }
                o.shard = (k, n)
            default:
                throw UsageError(description: "unknown option \(a) (see --help)")
            }
            i += 1
        }
        if o.out != nil && o.outbox != nil { throw UsageError(description: "--out and --outbox cannot be used together") }
        if (o.prepare.capture.lat == nil) != (o.prepare.capture.lon == nil) {
            throw UsageError(description: "--lat and --lon go together")
        }
        if let lat = o.prepare.capture.lat, !(-90...90).contains(lat) { throw UsageError(description: "--lat must be between -90 and 90") }
        if let lon = o.prepare.capture.lon, !(-180...180).contains(lon) { throw UsageError(description: "--lon must be between -180 and 180") }
        if o.paths.isEmpty { throw UsageError(description: "no photo given (see --help)") }
        return o
    }

    static let help = """
    prepare-photo — keep a photo safe before it crosses the network

    Usage:
      prepare-photo [options] PATH...        prepare photos: files, folders (searched recursively), or - (standard input)
      prepare-photo watch [options] DIR      prepare each photo that lands in DIR (and those there not yet in
                                             the outbox), until interrupted; the same options
      prepare-photo outbox list [--json]     moments waiting, sent and failed
      prepare-photo outbox show ID           one moment's record
      prepare-photo outbox send --engine URL deliver waiting moments to the engine
      prepare-photo --help | --version

    Each photo becomes a moment: original.jpg (a JPEG's image data untouched), copy.jpg (upright,
    long edge 2048), moment.json (capture time and place, the numbered lines of text).

    Where moments go:
      --outbox DIR         the outbox (default $PREPARE_PHOTO_OUTBOX, else ./outbox); a photo already
                           in it is reported and not prepared again
      --out DIR            plain folders DIR/<id>/ instead of an outbox
      --again              prepare photos even when the outbox already holds them

    Capture truth (stamped into both images' EXIF and into moment.json):
      --captured-at T      ISO 8601 with offset, 2026-11-29T15:45:00+09:00 (default: the photo's EXIF
                           time, else the file's modification time, for - now)
      --timezone TZ        IANA zone, Asia/Seoul (default: the photo's EXIF offset, else the system zone)
      --lat D --lon D      place in decimal degrees, south and west negative (default: the photo's GPS)
      --accuracy M         horizontal accuracy in metres      --altitude M   altitude in metres
      --place NAME         the place's name (XMP Iptc4xmpCore:Location)
      --gpx FILE           take the place from a GPX track by capture time
      --gpx-max-gap S      no place when the track's nearest fix is further than S seconds (default 1800)
      --situation NAME     carried into the moment      --crumb ID   carried into the moment

    Work:
      --lang L             Tesseract languages, eng, kor+eng, … (default eng)
      --jobs N             photos prepared at once (default: the number of cores)
      --shard K/N          prepare only share K of N of the inputs (stable hash of the path)
      --max-pixels N       refuse pictures larger than N pixels (default 300000000; a third of it
                           for formats other than JPEG, which are decoded at full size)
      --annotate           also write annotated.jpg: the copy with every numbered line boxed
      --json               print each moment's record as one JSON line on standard output
      --quiet              no progress on standard error

    Exit status: 0 all prepared (or already in the outbox); 1 some inputs failed, the rest were
    prepared; 64 usage error; 66 an input does not exist; 69 the engine could not be reached (send);
    73/74 the output could not be written.
    """
}
