import Foundation

/// The libFuzzer entry point of `photoprep-fuzz`: one binary holds every target (one slow
/// sanitizer build instead of seven); `PHOTOPREP_FUZZ_TARGET` names the one this run exercises.
nonisolated(unsafe) private var selectedTarget: (@Sendable (UnsafeBufferPointer<UInt8>) -> Void)?

enum FuzzTargets {
    static let all: [String: @Sendable (UnsafeBufferPointer<UInt8>) -> Void] = [
        "segments": FuzzSegments.run,
        "exif-read": FuzzEXIFRead.run,
        "exif-stamp": FuzzEXIFStamp.run,
        "xmp-merge": FuzzXMPMerge.run,
        "gpx": FuzzGPX.run,
        "moment": FuzzMoment.run,
        "prepare": FuzzPrepare.run,
    ]

    /// A property the target checks was broken: abort so libFuzzer keeps the input.
    static func violated(_ what: String) -> Never {
        FileHandle.standardError.write(Data("photoprep-fuzz: property violated: \(what)\n".utf8))
        abort()
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    if selectedTarget == nil {
        let name = ProcessInfo.processInfo.environment["PHOTOPREP_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTargets.all[name] else {
            FileHandle.standardError.write(Data(
                "photoprep-fuzz: set PHOTOPREP_FUZZ_TARGET to one of \(FuzzTargets.all.keys.sorted())\n".utf8))
            exit(2)
        }
        selectedTarget = target
    }
    selectedTarget!(UnsafeBufferPointer(start: data, count: size))
    return 0
}
