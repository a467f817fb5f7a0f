import Foundation

/// A prepared moment: its record and the files of its folder.
public struct PreparedMoment: Sendable {
    public var moment: Moment
    public var files: MomentFiles
    /// Where this photo's time went, for progress and for the OCR evaluation.
    public var seconds: StageSeconds
}

/// Seconds one photo spent in the preparer, from the monotonic clock: all of it, and the part spent
/// finding and reading its text (the Tesseract engine's work, the engine itself already loaded).
public struct StageSeconds: Sendable, Equatable {
    public var total: Double
    public var text: Double
}

/// Turns a photo into a moment: the original kept, the upright copy, its numbered lines, the
/// capture truth stamped into both images, and the record. The one place that combines the
/// other parts of the library.
///
/// One preparer per worker: it owns a Tesseract engine, created once and reused for every photo.
/// It is not shared between threads.
public final class PhotoPreparer {
    public let options: PrepareOptions
    private let engine: TesseractEngine
    private let ids: ULIDGenerator

    public init(options: PrepareOptions, ids: ULIDGenerator = .shared) throws(OCRError) {
        TesseractEngine.configureProcess()
        self.options = options
        self.engine = try TesseractEngine(languages: options.languages)
        self.ids = ids
    }

    /// Prepares one photo. Nothing is written: the caller puts the files into an outbox or folder.
    public func prepare(_ input: PhotoInput, now: Date = Date()) throws(PrepareError) -> PreparedMoment {
        let start = DispatchTime.now().uptimeNanoseconds
        func since(_ t: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - t) / 1e9 }
        let decoded: DecodedPhoto
        let camera: CameraMetadata
        let format = ImageFormat.sniff(input.bytes)
        do {
            camera = format == .jpeg ? MetadataReader.read(jpeg: input.bytes) : CameraMetadata()
            decoded = try CopyMaker.decode(input.bytes, orientation: Orientation(exifValue: camera.orientation),
                                           longEdge: options.longEdge, maxPixels: options.maxPixels)
        } catch { throw .decode(error) }

        let truth: CaptureTruth
        do {
            truth = try CaptureTruthResolver.resolve(options: options.capture, camera: camera,
                                                     fileModified: input.modified, now: now)
        } catch { throw .capture(error) }

        let ocr: OCRResult
        let textStart = DispatchTime.now().uptimeNanoseconds
        do { ocr = try engine.recognize(decoded.copy) } catch { throw .ocr(error) }
        let textSeconds = since(textStart)
        let lines = ocr.lines.enumerated().map { i, l in
            Moment.Line(number: i + 1, text: l.text, confidence: (l.confidence * 10).rounded() / 10, box: l.box)
        }

        // The original: a JPEG's own bytes, anything else encoded once at full size.
        let originalJPEG: [UInt8]
        if decoded.format == .jpeg {
            originalJPEG = input.bytes
        } else {
            do { originalJPEG = try JPEGEncoder.encode(decoded.fullResolution!, quality: 95) } catch {
                throw .encode(error)
            }
        }
        var copyJPEG: [UInt8]
        do { copyJPEG = try JPEGEncoder.encode(decoded.copy, quality: 90) } catch { throw .encode(error) }
        if decoded.format == .jpeg, let icc = ICCProfile.extract(fromJPEG: input.bytes),
           ICCProfile.describes(icc, channels: decoded.copy.channels) {
            copyJPEG = ICCProfile.embed(icc, intoJPEG: copyJPEG)
        }

        let stampedOriginal: [UInt8]
        let stampWarnings: [String]
        let stampedCopy: [UInt8]
        do {
            (stampedOriginal, stampWarnings) = try MetadataStamper.stampOriginal(jpeg: originalJPEG, truth: truth)
            stampedCopy = try MetadataStamper.stampCopy(
                copyJPEG: copyJPEG, originalJPEG: decoded.format == .jpeg ? input.bytes : nil, truth: truth,
                width: decoded.copy.width, height: decoded.copy.height)
        } catch { throw .metadata(error) }
        // When the stamper replaced a damaged EXIF its warning already quotes what the reader found.
        let readerWarnings = camera.warnings.filter { w in !stampWarnings.contains { $0.contains(w) } }
        let warnings = decoded.warnings + readerWarnings + truth.warnings + stampWarnings

        let id = ids.next(now: now)
        let moment = Moment(
            id: id, capturedAt: truth.capturedAtString, timezone: truth.zoneName, localDate: truth.localDate,
            situation: options.situation, placeName: truth.placeName, location: truth.momentLocation,
            crumb: options.crumb,
            source: .init(name: input.name, sha256: input.sha256, format: decoded.format.rawValue),
            original: .init(file: "original.jpg", width: decoded.storedWidth, height: decoded.storedHeight,
                            orientation: decoded.format == .jpeg ? camera.orientation : 1),
            copy: .init(file: "copy.jpg", width: decoded.copy.width, height: decoded.copy.height),
            ocr: .init(engine: ocr.engine, languages: ocr.languages, textRotation: ocr.textRotation),
            lines: lines, preparedAt: EXIFDateTime.utcISO(ms: EXIFDateTime.ms(Date())),
            warnings: unique(warnings))

        var files: [(name: String, data: Data)] = [
            ("original.jpg", Data(stampedOriginal)),
            ("copy.jpg", Data(stampedCopy)),
        ]
        if options.annotate {
            do {
                let annotated = Annotator.annotate(decoded.copy, lines: lines)
                files.append(("annotated.jpg", Data(try JPEGEncoder.encode(annotated, quality: 90))))
            } catch { throw .encode(error) }
        }
        let json: Data
        do { json = try moment.jsonData() } catch {
            throw .encode(EncodeError(detail: "moment.json: \(error)"))
        }
        files.append(("moment.json", json))
        return PreparedMoment(moment: moment, files: MomentFiles(id: id, sha256: input.sha256, files: files),
                              seconds: StageSeconds(total: since(start), text: textSeconds))
    }

    private func unique(_ items: [String]) -> [String] {
        var seen = Set<String>()
        return items.filter { seen.insert($0).inserted }
    }
}
