/// Stamp a JPEG whose APP1 holds a fuzzed TIFF block, then read the stamp back. Property: the
/// stamp always reads back (capture time and place), whatever the camera's EXIF was, and the
/// picture data (the tail from SOS on) is untouched; the copy stamped from it reads back too.
enum FuzzEXIFStamp {
    static func run(_ data: UnsafeBufferPointer<UInt8>) {
        let tiff = Array(data)
        let jpeg = FuzzSupport.jpeg(withSegment: 0xE1, payload: JPEGSegments.exifSignature + tiff)
        let truth = FuzzSupport.truths[data.count % FuzzSupport.truths.count]
        let stamped: [UInt8]
        do { stamped = try MetadataStamper.stampOriginal(jpeg: jpeg, truth: truth).jpeg } catch {
            FuzzTargets.violated("stampOriginal threw on a JPEG: \(error)")
        }
        check(stamped, truth, "original")
        if JPEGSegments(stamped)?.tail != JPEGSegments(jpeg)?.tail { FuzzTargets.violated("picture data changed") }
        do {
            let copy = try MetadataStamper.stampCopy(
                copyJPEG: FuzzSupport.plainJPEG, originalJPEG: jpeg, truth: truth, width: 16, height: 8)
            check(copy, truth, "copy")
        } catch {
            FuzzTargets.violated("stampCopy threw: \(error)")
        }
    }

    static func check(_ jpeg: [UInt8], _ truth: CaptureTruth, _ which: String) {
        let back = MetadataReader.read(jpeg: jpeg)
        if back.dateTimeOriginal != truth.exifDateTime {
            FuzzTargets.violated("\(which): DateTimeOriginal \(back.dateTimeOriginal ?? "nil") after stamping")
        }
        if let place = truth.place, truth.place?.source != "exif" {
            guard let gps = back.gps, abs(gps.latitude - place.lat) < 1e-6, abs(gps.longitude - place.lon) < 1e-6
            else { FuzzTargets.violated("\(which): GPS \(String(describing: back.gps)) after stamping") }
        }
    }
}
