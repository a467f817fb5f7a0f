import Foundation
import PhotoPrep

/// `prepare-photo outbox list|show|send` (contract sections 1, 4, 5). `args` are the words after
/// `outbox`. Results go to standard output, progress and errors to standard error as
/// `prepare-photo: <what>: <why>`. Exit status: 0 done; 1 some moments were refused by the engine;
/// 64 usage; 66 no such outbox or moment; 69 moments still wait because the engine could not be
/// reached or kept failing; 73 the outbox cannot be created; 74 the outbox cannot be read or written.
func runOutboxCommand(_ args: [String]) -> Int32 {
    guard let command = args.first else {
        outboxSay("prepare-photo: outbox: say which: list, show or send\n" + OutboxCommandLine.usage)
        return OutboxCommandLine.usageError
    }
    let rest = Array(args.dropFirst())
    let parsed: OutboxCommandLine
    do { parsed = try OutboxCommandLine.parse(rest) } catch {
        outboxSay("prepare-photo: outbox \(command): \(error.text)\n" + OutboxCommandLine.usage)
        return OutboxCommandLine.usageError
    }
    switch command {
    case "list": return outboxList(parsed)
    case "show": return outboxShow(parsed)
    case "send": return outboxSend(parsed)
    case "_feed": return outboxFeed(parsed)
    case "--help", "-h", "help":
        FileHandle.standardOutput.write(Data((OutboxCommandLine.usage + "\n").utf8))
        return 0
    default:
        outboxSay("prepare-photo: outbox: unknown command \"\(command)\"\n" + OutboxCommandLine.usage)
        return OutboxCommandLine.usageError
    }
}

private func outboxSay(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// Opens an outbox that must already exist (for list, show, send); nil after saying why.
/// `reading`: only to look at it, which also works on a read-only disk.
private func openExisting(_ path: String, reading: Bool = false) -> (Outbox?, Int32) {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path + "/pending", isDirectory: &isDirectory),
          isDirectory.boolValue else {
        outboxSay("prepare-photo: \(path): there is no outbox here (nothing has been prepared into it yet)")
        return (nil, 66)
    }
    do {
        let url = URL(fileURLWithPath: path)
        return (reading ? try Outbox(readingFrom: url) : try Outbox(root: url), 0)
    } catch {
        outboxSay("prepare-photo: \(path): \(error)")
        return (nil, 74)
    }
}

private func outboxList(_ cl: OutboxCommandLine) -> Int32 {
    guard cl.positional.isEmpty else {
        outboxSay("prepare-photo: outbox list: takes no file names\n" + OutboxCommandLine.usage)
        return OutboxCommandLine.usageError
    }
    let (opened, code) = openExisting(cl.outboxPath, reading: true)
    guard let outbox = opened else { return code }
    let entries: [OutboxEntry]
    do { entries = try outbox.list() } catch {
        outboxSay("prepare-photo: \(cl.outboxPath): \(error)")
        return 74
    }
    var out = ""
    if cl.json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for entry in entries {
            if let data = try? encoder.encode(entry) { out += String(decoding: data, as: UTF8.self) + "\n" }
        }
    } else {
        for e in entries {
            var line = "\(e.id)  \(e.state.padding(toLength: 7, withPad: " ", startingAt: 0))  "
            line += (e.capturedAt ?? "-") + "  " + (e.sourceName ?? "-")
            if let status = e.engineStatus { line += "  [\(status)]" }
            if e.state != "sent", let problem = e.problem { line += "  \(problem)" }
            out += line + "\n"
        }
        let count = { (s: String) in entries.filter { $0.state == s }.count }
        outboxSay("\(count("pending")) pending, \(count("sent")) sent, \(count("failed")) failed in \(cl.outboxPath)")
    }
    FileHandle.standardOutput.write(Data(out.utf8))
    return 0
}

private func outboxShow(_ cl: OutboxCommandLine) -> Int32 {
    guard cl.positional.count == 1, let id = cl.positional.first else {
        outboxSay("prepare-photo: outbox show: give exactly one moment id\n" + OutboxCommandLine.usage)
        return OutboxCommandLine.usageError
    }
    let (opened, code) = openExisting(cl.outboxPath, reading: true)
    guard let outbox = opened else { return code }
    do {
        var data = try outbox.show(id: id)
        if data.last != UInt8(ascii: "\n") { data.append(UInt8(ascii: "\n")) }
        FileHandle.standardOutput.write(data)
        return 0
    } catch {
        outboxSay("prepare-photo: \(id): \(error)")
        if case .notFound = error { return 66 }
        return 74
    }
}

private func outboxSend(_ cl: OutboxCommandLine) -> Int32 {
    guard cl.positional.isEmpty else {
        outboxSay("prepare-photo: outbox send: takes no file names\n" + OutboxCommandLine.usage)
        return OutboxCommandLine.usageError
    }
    guard let engineText = cl.engine else {
        outboxSay("prepare-photo: outbox send: --engine URL is required\n" + OutboxCommandLine.usage)
        return OutboxCommandLine.usageError
    }
    guard let engine = URL(string: engineText), let scheme = engine.scheme?.lowercased(),
          scheme == "http" || scheme == "https", engine.host != nil else {
        outboxSay("prepare-photo: \(engineText): the engine address must be an http:// or https:// URL")
        return OutboxCommandLine.usageError
    }
    let (opened, code) = openExisting(cl.outboxPath)
    guard let outbox = opened else { return code == 66 ? 0 : code }
    let token = ProcessInfo.processInfo.environment["PREPARE_PHOTO_ENGINE_TOKEN"]
    let sender = OutboxSender(outbox: outbox, engine: engine, token: token, policy: cl.policy)
    let quiet = cl.quiet
    let report: DeliveryReport
    do {
        report = try sender.send { event in
            guard !quiet else { return }
            switch event {
            case let .delivered(id, status):
                outboxSay("delivered \(id)" + (status == 409 ? " (the engine already had it)" : ""))
            case let .refused(id, _, reason):
                outboxSay("prepare-photo: \(id): \(reason); kept in failed/")
            case let .retrying(id, attempt, seconds, problem):
                outboxSay(String(format: "\(id): \(problem); attempt %d, retrying in %.1f s", attempt, seconds))
            case let .waiting(id, problem):
                outboxSay("\(id): \(problem); it stays pending")
            }
        }
    } catch {
        if case .senderBusy = error {
            outboxSay("prepare-photo: \(cl.outboxPath): another sender is already delivering this outbox; leaving it to that one")
            return 0
        }
        outboxSay("prepare-photo: \(cl.outboxPath): \(error)")
        return 74
    }
    var summary = "\(report.delivered.count) delivered, \(report.refused.count) failed (refused by the engine; kept in failed/), "
    summary += "\(report.waiting.count) waiting (still pending)"
    if let first = report.waiting.first {
        summary += report.engineUnreachable ? "; the engine at \(engineText) could not be reached: \(first.problem)"
                                            : "; \(first.problem)"
    }
    outboxSay(summary)
    if !report.waiting.isEmpty { return 69 }
    return report.refused.isEmpty ? 0 : 1
}

/// A test feeder (not documented to users): puts each FILE into the outbox as a moment whose
/// original and copy are the file's bytes, honouring the per-photo claim like the real pipeline.
private func outboxFeed(_ cl: OutboxCommandLine) -> Int32 {
    let outbox: Outbox
    do { outbox = try Outbox(root: URL(fileURLWithPath: cl.outboxPath)) } catch {
        outboxSay("prepare-photo: \(cl.outboxPath): \(error)")
        return 73
    }
    var fed = 0, already = 0
    for path in cl.positional {
        guard let bytes = FileManager.default.contents(atPath: path) else {
            outboxSay("prepare-photo: \(path): cannot be read")
            return 66
        }
        let sha = SHA256.hex(Array(bytes))
        do {
            switch try outbox.admit(sha256: sha, again: cl.again) {
            case .alreadyIn:
                already += 1
            case .prepare(let claim):
                defer { claim.release() }
                let id = ULIDGenerator.shared.next()
                let moment = Moment(
                    id: id, capturedAt: "2026-11-29T06:45:00.000Z", timezone: "UTC", localDate: "2026-11-29",
                    source: .init(name: (path as NSString).lastPathComponent, sha256: sha, format: "jpeg"),
                    original: .init(file: "original.jpg", width: 1, height: 1, orientation: 1),
                    copy: .init(file: "copy.jpg", width: 1, height: 1),
                    ocr: .init(engine: "none", languages: "eng", textRotation: 0), lines: [],
                    preparedAt: "2026-11-29T06:45:00.000Z")
                let json = (try? moment.jsonData()) ?? Data()
                try outbox.enqueue(MomentFiles(id: id, sha256: sha, files: [
                    ("original.jpg", bytes), ("copy.jpg", bytes), ("moment.json", json),
                ]))
                fed += 1
            }
        } catch {
            outboxSay("prepare-photo: \(path): \(error)")
            return error.isDiskFull || error.isReadOnly ? 73 : 74
        }
    }
    if !cl.quiet { outboxSay("\(fed) fed, \(already) already in the outbox") }
    return 0
}

/// The options of the `outbox` subcommands.
struct OutboxCommandLine {
    struct Problem: Error { let text: String }

    static let usageError: Int32 = 64
    static let usage = """
        usage: prepare-photo outbox list [--json] [--outbox DIR]
               prepare-photo outbox show ID [--outbox DIR]
               prepare-photo outbox send --engine URL [--outbox DIR] [--max-attempts N]
                                         [--retry-base S] [--retry-cap S] [--timeout S] [--quiet]
          --outbox DIR      the outbox (default $PREPARE_PHOTO_OUTBOX, else ./outbox)
          --engine URL      the engine, e.g. http://127.0.0.1:8080 (moments go to URL/v1/moments);
                            $PREPARE_PHOTO_ENGINE_TOKEN, when set, is sent as a bearer token
          --max-attempts N  attempts per moment in this run (default 5)
          --retry-base S    first retry waits up to S seconds (default 1), doubling each time,
          --retry-cap S     never more than S seconds (default 60); a Retry-After is honoured
          --timeout S       a request without progress for S seconds counts as unanswered (default 60)
          --json            list: one JSON object per moment and line
        Moments go oldest first; 200/201/409 move a moment to sent/, 400/413/415/422 to failed/,
        anything else leaves it pending for the next run (same Idempotency-Key). One sender runs
        at a time: a second one says so and exits 0.
        """

    var outboxPath = ProcessInfo.processInfo.environment["PREPARE_PHOTO_OUTBOX"] ?? "outbox"
    var json = false
    var quiet = false
    var again = false
    var engine: String?
    var policy = RetryPolicy()
    var positional: [String] = []

    static func parse(_ args: [String]) throws(Problem) -> OutboxCommandLine {
        var cl = OutboxCommandLine()
        var i = 0
        func value(_ flag: String) throws(Problem) -> String {
            i += 1
            guard i < args.count else { throw Problem(text: "\(flag) needs a value") }
            return args[i]
        }
        func number(_ flag: String) throws(Problem) -> Double {
            let text = try value(flag)
            guard let n = Double(text), n.isFinite, n >= 0 else {
                throw Problem(text: "\(flag) needs a number of seconds, not \"\(text)\"")
            }
            return n
        }
        while i < args.count {
            let arg = args[i]
            switch arg {
            case "--outbox": cl.outboxPath = try value(arg)
            case "--json": cl.json = true
            case "--quiet", "-q": cl.quiet = true
            case "--again": cl.again = true
            case "--engine": cl.engine = try value(arg)
            case "--max-attempts":
                let text = try value(arg)
                guard let n = Int(text), n >= 1 else { throw Problem(text: "--max-attempts needs a whole number ≥ 1") }
                cl.policy.maxAttempts = n
            case "--retry-base": cl.policy.baseDelay = try number(arg)
            case "--retry-cap": cl.policy.maxDelay = try number(arg)
            case "--timeout":
                cl.policy.requestTimeout = max(0.1, try number(arg))
            case "--":
                cl.positional += args[(i + 1)...]
                i = args.count
                continue
            default:
                if arg.hasPrefix("-") && arg.count > 1 { throw Problem(text: "unknown option \(arg)") }
                cl.positional.append(arg)
            }
            i += 1
        }
        if cl.outboxPath.isEmpty { throw Problem(text: "--outbox needs a folder") }
        return cl
    }
}
