import Foundation

/// Delivers the outbox's pending moments to the engine, oldest first (contract section 5).
///
/// Each moment is posted as `multipart/form-data` with the parts `moment`, `original` and `copy`,
/// with `Idempotency-Key` = its `clientRequestId` on every attempt and every run, so the engine can
/// drop duplicates. A moment leaves `pending/` only after the engine's answer: 200/201/409 move it
/// to `sent/` with `receipt.json`, 400/413/415/422 to `failed/` with `failure.json`. Anything else
/// leaves it pending; a sender killed mid-upload leaves it pending too, and the next run sends it
/// again with the same key. A sender killed just after moving a moment to `sent/` may leave its
/// pictures there; the next run drops them before sending.
///
/// Only one sender drains an outbox at a time (`flock` on `OUTBOX/.sender.lock`); a second one
/// fails at once with `OutboxError.senderBusy` (the command line says so and exits 0).
///
/// Within a run a moment gets `policy.maxAttempts` attempts. When the engine cannot be reached at
/// all, or two moments in a row exhaust their attempts, or it asks (`Retry-After`) for a longer
/// pause than the policy allows, the run stops and the remaining moments wait for the next run.
public struct OutboxSender: Sendable {
    public let outbox: Outbox
    public let engine: URL
    public let policy: RetryPolicy
    private let token: String?

    /// `token` is sent as `Authorization: Bearer …` when present; it is never logged or stored.
    public init(outbox: Outbox, engine: URL, token: String?, policy: RetryPolicy = RetryPolicy()) {
        self.outbox = outbox
        self.engine = engine
        self.token = token
        self.policy = policy
    }

    /// Sends every pending moment once. Errors are the outbox's own (a folder that cannot be read or
    /// moved, another sender running); what the engine said is in the report.
    public func send(onEvent: (DeliveryEvent) -> Void = { _ in }) throws(OutboxError) -> DeliveryReport {
        guard let lock = try outbox.lockSender() else { throw .senderBusy(outbox: outbox.rootPath) }
        defer { lock.release() }
        outbox.tidySent()
        let client = EngineClient(engine: engine, token: token, timeout: policy.requestTimeout)
        var report = DeliveryReport()
        var stopReason: String?
        var exhaustedInARow = 0
        var rng = SystemRandomNumberGenerator()

        for id in try outbox.ids(in: "pending") {
            if let stopReason {
                report.waiting.append(.init(id: id, problem: stopReason))
                continue
            }
            guard outbox.state(of: id) == "pending" else { continue }
            let request: (body: Data, contentType: String, key: String)
            do {
                request = try makeRequest(id)
            } catch {
                report.waiting.append(.init(id: id, problem: "\(error)"))
                onEvent(.waiting(id: id, problem: "\(error)"))
                continue
            }
            var attempt = 0
            attempts: while true {
                attempt += 1
                switch client.post(body: request.body, contentType: request.contentType, idempotencyKey: request.key) {
                case let .delivered(status, body):
                    let reason = status == 409 ? "the engine already had it" : "delivered"
                    try outbox.markSent(id, answer: answer(status, request.key, reason, body, attempt))
                    report.delivered.append(id)
                    report.engineUnreachable = false
                    exhaustedInARow = 0
                    onEvent(.delivered(id: id, status: status))
                    break attempts
                case let .refused(status, body):
                    let reason = "the engine refused it (\(status)): " + String(body.prefix(500))
                    try outbox.markFailed(id, answer: answer(status, request.key, reason, body, attempt))
                    report.refused.append(.init(id: id, status: status, reason: reason))
                    report.engineUnreachable = false
                    exhaustedInARow = 0
                    onEvent(.refused(id: id, status: status, reason: reason))
                    break attempts
                case let .stop(problem):
                    stopReason = problem
                    report.waiting.append(.init(id: id, problem: problem))
                    onEvent(.waiting(id: id, problem: problem))
                    break attempts
                case let .retry(problem, retryAfter, unreachable):
                    report.engineUnreachable = unreachable
                    if let retryAfter, retryAfter > policy.longestRetryAfter {
                        stopReason = "the engine asked to wait \(Int(retryAfter)) s"
                    } else if attempt >= policy.maxAttempts {
                        exhaustedInARow += 1
                        if unreachable || exhaustedInARow >= 2 { stopReason = problem }
                    } else {
                        let seconds = policy.delay(afterAttempt: attempt, retryAfter: retryAfter, using: &rng)
                        onEvent(.retrying(id: id, attempt: attempt, seconds: seconds, problem: problem))
                        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
                        continue attempts
                    }
                    report.waiting.append(.init(id: id, problem: problem))
                    onEvent(.waiting(id: id, problem: problem))
                    break attempts
                }
            }
        }
        return report
    }

    /// The body and key for moment `id`, read from `pending/<id>/`.
    private func makeRequest(_ id: String) throws(OutboxError) -> (body: Data, contentType: String, key: String) {
        let record = try outbox.pendingFile(id, "moment.json")
        let key: String
        if let json = try? JSONSerialization.jsonObject(with: record) as? [String: Any],
           let requestId = json["clientRequestId"] as? String, !requestId.isEmpty {
            key = requestId
        } else {
            throw .damaged(path: outbox.folderPath(id, "pending") + "/moment.json", reason: "no clientRequestId")
        }
        var body = MultipartBody()
        body.append(name: "moment", filename: "moment.json", contentType: "application/json", content: record)
        body.append(name: "original", filename: "original.jpg", contentType: "image/jpeg",
                    content: try outbox.pendingFile(id, "original.jpg"))
        body.append(name: "copy", filename: "copy.jpg", contentType: "image/jpeg",
                    content: try outbox.pendingFile(id, "copy.jpg"))
        return (body.finished(), body.contentType, key)
    }

    private func answer(_ status: Int, _ key: String, _ reason: String, _ body: String, _ attempts: Int) -> EngineAnswer {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return EngineAnswer(status: status, idempotencyKey: key, answeredAt: formatter.string(from: Date()),
                            reason: reason, body: body, attempts: attempts)
    }
}
