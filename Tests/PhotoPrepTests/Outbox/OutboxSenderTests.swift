import Foundation
import Testing
@testable import PhotoPrep

/// The sender against a real HTTP engine on 127.0.0.1 (`scripts/test-engine.py`).
@Suite struct OutboxSenderTests {
    /// Short waits so that the tests stay quick; a generous timeout so that a loaded machine is not
    /// mistaken for a silent engine.
    static let quick = RetryPolicy(maxAttempts: 4, baseDelay: 0.05, maxDelay: 0.2, longestRetryAfter: 5,
                                   requestTimeout: 20)

    /// An outbox holding `count` moments, oldest first.
    func filledOutbox(_ count: Int) throws -> (Outbox, [MomentFiles]) {
        try OutboxFixtures.filledOutbox(count, firstSeed: 100)
    }

    func names(_ outbox: Outbox, _ state: String) -> [String] {
        OutboxFixtures.names(outbox.root.appendingPathComponent(state))
    }

    func receipt(_ outbox: Outbox, _ state: String, _ id: String) throws -> EngineAnswer {
        let file = state == "sent" ? "receipt.json" : "failure.json"
        let data = try Data(contentsOf: outbox.root.appendingPathComponent("\(state)/\(id)/\(file)"))
        return try JSONDecoder().decode(EngineAnswer.self, from: data)
    }

    @Test func deliversEveryPendingMomentOldestFirstWithItsKey() throws {
        let engine = try FakeEngine(plan: "201")
        let (outbox, moments) = try filledOutbox(3)
        defer { try? FileManager.default.removeItem(at: outbox.root) }
        let report = try OutboxSender(outbox: outbox, engine: engine.url, token: nil, policy: Self.quick).send()

        #expect(report.delivered == moments.map(\.id))
        #expect(report.refused.isEmpty && report.waiting.isEmpty)
        let requests = engine.requests()
        #expect(requests.count == 3)
        #expect(requests.map { $0["key"] as? String } == moments.map { "photo-\($0.id)" })
        for (request, moment) in zip(requests, moments) {
            #expect((request["problems"] as? [String]) == [], "the engine found: \(request["problems"] ?? "")")
            #expect(request["originalSha256"] as? String == moment.sha256, "the original arrives byte for byte")
            #expect(request["auth"] is NSNull, "no token, no Authorization header")
        }
        #expect(names(outbox, "pending").isEmpty)
        #expect(names(outbox, "sent") == moments.map(\.id))
        for moment in moments {
            #expect(OutboxFixtures.names(outbox.root.appendingPathComponent("sent/\(moment.id)"))
                    == ["moment.json", "receipt.json"])
            let answer = try receipt(outbox, "sent", moment.id)
            #expect(answer.status == 201 && answer.idempotencyKey == "photo-\(moment.id)")
            #expect(answer.body.contains("engine-\(moment.id)"), "the engine's answer is kept")
        }
        #expect(outbox.existing(sha256: moments[0].sha256)?.state == "sent")
    }

    @Test func unavailableThenCreatedDeliversOnceWithTheSameKey() throws {
        let engine = try FakeEngine(plan: "503:ra=1,201")
        let (outbox, moments) = try filledOutbox(1)
        defer { try? FileManager.default.removeItem(at: outbox.root) }
        var events: [DeliveryEvent] = []
        let report = try OutboxSender(outbox: outbox, engine: engine.url, token: nil, policy: Self.quick)
            .send { events.append($0) }

        #expect(report.delivered == [moments[0].id])
        let requests = engine.requests()
        #expect(requests.map { $0["action"] as? String } == ["503:ra=1", "201"])
        #expect(Set(requests.map { $0["key"] as? String }) == ["photo-\(moments[0].id)"])
        // Retry-After: 1 is honoured even though the policy's own waits are far shorter.
        guard case let .retrying(_, attempt, seconds, _)? = events.first else {
            Issue.record("expected a retry first, got \(events)"); return
        }
        #expect(attempt == 1 && seconds >= 1)
        #expect(names(outbox, "sent") == [moments[0].id])
    }

    @Test func alreadyHaveItCountsAsDelivered() throws {
        let engine = try FakeEngine(plan: "409")
        let (outbox, moments) = try filledOutbox(1)
        defer { try? FileManager.default.removeItem(at: outbox.root) }
        let report = try OutboxSender(outbox: outbox, engine: engine.url, token: nil, policy: Self.quick).send()
        #expect(report.delivered == [moments[0].id])
        #expect(try receipt(outbox, "sent", moments[0].id).status == 409)
        #expect(engine.requests().count == 1)
    }

    @Test(arguments: [400, 413, 415, 422])
    func refusedMomentLandsInFailedWithEverything(status: Int) throws {
        let engine = try FakeEngine(plan: "\(status),201")
        let (outbox, moments) = try filledOutbox(2)
        defer { try? FileManager.default.removeItem(at: outbox.root) }
        let report = try OutboxSender(outbox: outbox, engine: engine.url, token: nil, policy: Self.quick).send()

        #expect(report.refused.map(\.id) == [moments[0].id])
        #expect(report.refused.first?.status == status)
        #expect(report.delivered == [moments[1].id], "one refusal does not stop the others")
        #expect(engine.requests().count == 2, "a refusal is never retried")
        #expect(OutboxFixtures.names(outbox.root.appendingPathComponent("failed/\(moments[0].id)"))
                == ["copy.jpg", "failure.json", "moment.json", "original.jpg"])
        let answer = try receipt(outbox, "failed", moments[0].id)
        #expect(answer.status == status && answer.body.contains("test engine"))
        #expect(try outbox.list().first { $0.id == moments[0].id }?.state == "failed")
    }

    @Test func serverErrorsKeepTheMomentPendingAfterTheAttemptLimit() throws {
        let engine = try FakeEngine(plan: "500")
        let (outbox, moments) = try filledOutbox(3)
        defer { try? FileManager.default.removeItem(at: outbox.root) }
        let report = try OutboxSender(outbox: outbox, engine: engine.url, token: nil, policy: Self.quick).send()

        #expect(report.delivered.isEmpty && report.refused.isEmpty)
        #expect(report.waiting.map(\.id) == moments.map(\.id), "every moment still waits")
        #expect(!report.engineUnreachable)
        // Two moments in a row exhausted their attempts: the run stops instead of hammering the engine.
        #expect(engine.requests().count == 2 * Self.quick.maxAttempts)
        #expect(Set(engine.requests().prefix(4).map { $0["key"] as? String }) == ["photo-\(moments[0].id)"])
        #expect(names(outbox, "pending") == moments.map(\.id))
    }

    @Test func connectionCutMidBodyIsRetried() throws {
        let engine = try FakeEngine(plan: "close,201")
        let (outbox, moments) = try filledOutbox(1)
        defer { try? FileManager.default.removeItem(at: outbox.root) }
        let report = try OutboxSender(outbox: outbox, engine: engine.url, token: nil, policy: Self.quick).send()
        #expect(report.delivered == [moments[0].id])
        #expect(engine.requests().map { $0["action"] as? String } == ["close", "201"])
    }

    @Test func stalledEngineTimesOutAndIsRetried() throws {
        let engine = try FakeEngine(plan: "stall,201", stallSeconds: 10)
        let (outbox, moments) = try filledOutbox(1)
        defer { try? FileManager.default.removeItem(at: outbox.root) }
        var policy = Self.quick
        policy.requestTimeout = 1
        let report = try OutboxSender(outbox: outbox, engine: engine.url, token: nil, policy: policy).send()
        #expect(report.delivered == [moments[0].id])
        #expect(engine.requests().map { $0["key"] as? String } == Array(repeating: "photo-\(moments[0].id)", count: 2))
    }

    @Test func unreachableEngineLeavesEverythingPending() throws {
        let engine = try FakeEngine(plan: "201")
        let closedPort = engine.url
        engine.stop()
        let (outbox, moments) = try filledOutbox(2)
        defer { try? FileManager.default.removeItem(at: outbox.root) }
        var policy = Self.quick
        policy.maxAttempts = 2
        let report = try OutboxSender(outbox: outbox, engine: closedPort, token: nil, policy: policy).send()
        #expect(report.engineUnreachable)
        #expect(report.waiting.map(\.id) == moments.map(\.id))
        #expect(names(outbox, "pending") == moments.map(\.id))
    }

    @Test func longRetryAfterEndsTheRunForNow() throws {
        let engine = try FakeEngine(plan: "429:ra=3600")
        let (outbox, moments) = try filledOutbox(2)
        defer { try? FileManager.default.removeItem(at: outbox.root) }
        let report = try OutboxSender(outbox: outbox, engine: engine.url, token: nil, policy: Self.quick).send()
        #expect(report.waiting.map(\.id) == moments.map(\.id))
        #expect(engine.requests().count == 1, "the engine asked for an hour's pause: no more requests this run")
    }

    @Test func bearerTokenIsSentWhenGiven() throws {
        let engine = try FakeEngine(plan: "201", token: "s3cret-token")
        let (outbox, moments) = try filledOutbox(1)
        defer { try? FileManager.default.removeItem(at: outbox.root) }
        let report = try OutboxSender(outbox: outbox, engine: engine.url, token: "s3cret-token", policy: Self.quick)
            .send()
        #expect(report.delivered == [moments[0].id])
        #expect((engine.requests().first?["problems"] as? [String]) == [])
        let receiptText = try String(contentsOf: outbox.root.appendingPathComponent("sent/\(moments[0].id)/receipt.json"),
                                     encoding: .utf8)
        #expect(!receiptText.contains("s3cret-token"), "the token is never stored")
    }

    @Test func aSecondSenderIsTurnedAway() throws {
        let (outbox, _) = try filledOutbox(1)
        defer { try? FileManager.default.removeItem(at: outbox.root) }
        let held = try #require(try outbox.lockSender())
        defer { held.release() }
        let error = try #require(throws: OutboxError.self) {
            try OutboxSender(outbox: outbox, engine: URL(string: "http://127.0.0.1:9")!, token: nil).send()
        }
        #expect(error == .senderBusy(outbox: outbox.rootPath))
    }

    @Test func backoffStaysWithinItsCapAndHonoursRetryAfter() {
        let policy = RetryPolicy(maxAttempts: 10, baseDelay: 1, maxDelay: 8)
        var rng = SystemRandomNumberGenerator()
        #expect((1...10).map { policy.bound(afterAttempt: $0) } == [1, 2, 4, 8, 8, 8, 8, 8, 8, 8])
        for attempt in 1...10 {
            let d = policy.delay(afterAttempt: attempt, retryAfter: nil, using: &rng)
            #expect(d >= 0 && d <= policy.bound(afterAttempt: attempt))
            #expect(policy.delay(afterAttempt: attempt, retryAfter: 30, using: &rng) >= 30)
        }
        #expect(EngineClient.parseRetryAfter("120") == 120)
        #expect(EngineClient.parseRetryAfter("soon") == nil)
        let later = EngineClient.parseRetryAfter("Wed, 21 Oct 2099 07:28:00 GMT") ?? 0
        #expect(later > 1_000_000)
    }
}
