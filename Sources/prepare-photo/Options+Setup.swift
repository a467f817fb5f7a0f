import Foundation
import PhotoPrep

/// Why a run cannot start, with the exit status to give; the message is said once, not per photo.
struct SetupFailure: Error {
    var status: Int32
    var message: String
}

extension Options {
    /// The outbox folder: `--outbox`, else `$PREPARE_PHOTO_OUTBOX`, else `./outbox`.
    var outboxPath: String {
        outbox ?? ProcessInfo.processInfo.environment["PREPARE_PHOTO_OUTBOX"] ?? "outbox"
    }

    /// Where moments go, as a path (so a search can leave it out).
    var destinationPath: String { out ?? outboxPath }

    /// The preparing options with the GPX track loaded and `--captured-at`/`--timezone` checked.
    func resolvedPrepareOptions() throws(SetupFailure) -> PrepareOptions {
        var prepare = self.prepare
        if let gpx = gpxPath {
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: gpx))
                prepare.capture.gpx = try GPXTrack.parse(data, name: gpx)
            } catch let e as CaptureError {
                throw SetupFailure(status: Exit.usage, message: "\(e)")
            } catch {
                throw SetupFailure(status: Exit.noInput,
                                   message: "\(gpx): the GPX track cannot be read (\((error as NSError).localizedDescription))")
            }
        }
        do {
            _ = try CaptureTruthResolver.resolve(options: prepare.capture, camera: CameraMetadata(), fileModified: Date())
        } catch {
            throw SetupFailure(status: Exit.usage, message: "\(error)")
        }
        return prepare
    }

    /// The outbox, or the `--out` folder, created when missing.
    func openDestination() throws(SetupFailure) -> MomentDestination {
        if let out {
            let url = URL(fileURLWithPath: out)
            do { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) } catch {
                throw SetupFailure(status: Exit.cantCreate, message:
                    "\(out): the output folder cannot be created (\((error as NSError).localizedDescription))")
            }
            return .folder(url)
        }
        do { return .outbox(try Outbox(root: URL(fileURLWithPath: outboxPath))) } catch {
            throw SetupFailure(status: Exit.cantCreate, message: "\(error)")
        }
    }

    /// Everything a run needs before its first photo: the preparing options and the destination.
    func setUp() throws(SetupFailure) -> (prepare: PrepareOptions, destination: MomentDestination) {
        (try resolvedPrepareOptions(), try openDestination())
    }
}
