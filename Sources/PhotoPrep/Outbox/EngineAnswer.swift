import Foundation

/// What the engine answered for one moment, kept as `sent/<id>/receipt.json` or
/// `failed/<id>/failure.json` so that the outcome can be checked later.
public struct EngineAnswer: Codable, Sendable, Equatable {
    /// The HTTP status code.
    public var status: Int
    /// The `Idempotency-Key` the moment was sent with (its `clientRequestId`).
    public var idempotencyKey: String
    /// When the answer arrived, ISO 8601 UTC.
    public var answeredAt: String
    /// In words: "delivered", "the engine already had it", or why it was refused.
    public var reason: String
    /// The engine's answer body as text (UTF-8; other bytes replaced).
    public var body: String
    /// Attempts this run made before the answer (1 when the first attempt succeeded).
    public var attempts: Int

    public init(status: Int, idempotencyKey: String, answeredAt: String, reason: String, body: String,
                attempts: Int) {
        self.status = status; self.idempotencyKey = idempotencyKey; self.answeredAt = answeredAt
        self.reason = reason; self.body = body; self.attempts = attempts
    }

    func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
