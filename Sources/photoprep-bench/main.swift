// photoprep-bench: times PhotoPrep's own stages for scripts/bench.sh.
//
//   photoprep-bench copy IN.jpg OUT.jpg   read, decode (DCT-scaled), orient, Lanczos to 2048, encode Q90, write
//   photoprep-bench ocr COPY.jpg          decode the copy, load the model, then time only `recognize`
//   photoprep-bench profile IN.jpg        where the copy's time goes: header, decode at the chosen DCT scale
//                                         (and at 1/4, 1/2, 1/1 where big enough), Lanczos, encode
//
// One stage per process, so `/usr/bin/time -f %M` around it gives that stage's peak memory.
// Standard output is one line of `key=value` pairs for the script to read; seconds come from a
// monotonic clock.

import Foundation
import PhotoPrep

/// Seconds elapsed while `body` runs, from the monotonic clock.
func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = DispatchTime.now().uptimeNanoseconds
    let value = try body()
    return (value, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
}

func fail(_ message: String, code: Int32 = 1) -> Never {
    FileHandle.standardError.write(Data("photoprep-bench: \(message)\n".utf8))
    exit(code)
}

func format(_ seconds: Double) -> String { String(format: "%.4f", seconds) }

func copyStage(input: String, output: String) {
    do {
        let (result, total) = try timed { () throws -> (Raster, Double, Double, Int) in
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: input)))
            let (copy, makeSeconds) = try timed { try CopyMaker.makeCopy(from: bytes, longEdge: 2048) }
            let (jpeg, encodeSeconds) = try timed { try JPEGEncoder.encode(copy, quality: 90) }
            try Data(jpeg).write(to: URL(fileURLWithPath: output))
            return (copy, makeSeconds, encodeSeconds, jpeg.count)
        }
        let (copy, makeSeconds, encodeSeconds, size) = result
        print("stage=copy seconds=\(format(total)) decode_resize=\(format(makeSeconds)) "
            + "encode=\(format(encodeSeconds)) width=\(copy.width) height=\(copy.height) bytes=\(size)")
    } catch {
        fail("\(input): \(error)")
    }
}

func ocrStage(input: String, languages: String) {
    do {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: input)))
        let copy = try CopyMaker.makeCopy(from: bytes, longEdge: 2048)
        TesseractEngine.configureProcess()
        let (engine, loadSeconds) = try timed { try TesseractEngine(languages: languages) }
        let (result, seconds) = try timed { try engine.recognize(copy) }
        let characters = result.lines.reduce(0) { $0 + $1.text.count }
        print("stage=ocr seconds=\(format(seconds)) load=\(format(loadSeconds)) "
            + "lines=\(result.lines.count) characters=\(characters) width=\(copy.width) height=\(copy.height)")
        if ProcessInfo.processInfo.environment["PHOTOPREP_BENCH_TEXT"] != nil {
            for line in result.lines {
                FileHandle.standardError.write(Data("  \(line.text)\n".utf8))
            }
        }
    } catch {
        fail("\(input): \(error)")
    }
}

/// Times each step of the copy separately, in one process (so the figures are for reading, not for the table).
func profileStage(input: String) {
    do {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: input)))
        let decoder = try JPEGDecoder()
        let (header, headerSeconds) = try timed { try decoder.header(bytes) }
        let target = CopyMaker.copySize(width: header.width, height: header.height, longEdge: 2048)
        let chosen = decoder.scale(for: header, targetLongEdge: max(target.width, target.height))
        print("step=header seconds=\(format(headerSeconds)) size=\(header.width)x\(header.height)")
        // the chosen scale, then the SIMD-friendly ones (1/4, 1/2) that are still big enough, then full size
        var scales = [chosen]
        let long = max(header.width, header.height)
        for candidate in [(1, 4), (1, 2), (1, 1)] where candidate != chosen {
            if long * candidate.0 / candidate.1 >= max(target.width, target.height) { scales.append(candidate) }
        }
        for scale in scales {
            let label = "\(scale.num)/\(scale.denom)"
            let (decoded, decodeSeconds) = try timed { try decoder.decode(bytes, header: header, scale: scale) }
            let raster = decoded.raster
            let (resized, resizeSeconds) = timed {
                LanczosResampler.resize(raster, width: target.width, height: target.height)
            }
            let (jpeg, encodeSeconds) = try timed { try JPEGEncoder.encode(resized, quality: 90) }
            print("step=decode scale=\(label)\(scale == chosen ? "(chosen)" : "") seconds=\(format(decodeSeconds)) "
                + "size=\(raster.width)x\(raster.height)")
            print("step=lanczos from=\(raster.width)x\(raster.height) to=\(resized.width)x\(resized.height) "
                + "seconds=\(format(resizeSeconds))")
            print("step=encode quality=90 seconds=\(format(encodeSeconds)) bytes=\(jpeg.count)")
        }
    } catch {
        fail("\(input): \(error)")
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "copy" where arguments.count == 3:
    copyStage(input: arguments[1], output: arguments[2])
case "profile" where arguments.count == 2:
    profileStage(input: arguments[1])
case "ocr" where arguments.count == 2 || arguments.count == 3:
    ocrStage(input: arguments[1], languages: arguments.count == 3 ? arguments[2] : "eng")
default:
    fail(
        "usage: photoprep-bench copy IN.jpg OUT.jpg | photoprep-bench ocr COPY.jpg [LANGS] "
            + "| photoprep-bench profile IN.jpg",
        code: 64)
}
