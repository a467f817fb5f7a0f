import Foundation

/// What one run of the sender did: the summary `outbox send` prints.
public struct DeliveryReport: Sendable, Equatable {
    public struct Refusal: Sendable, Equatable {
        public var id: String
        public var status: Int
        public var reason: String
    }

    public struct Waiting: Sendable, Equatable {
        public var id: String
        /// Why it is still pending: the last problem met ("the engine answered 503", "connection refused", …).
        public var problem: String
    }

    /// Moments the engine took (200, 201, or 409 "already have it"), now in `sent/`.
    public var delivered: [String] = []
    /// Moments the engine refused for good (400, 413, 415, 422), now in `failed/`.
    public var refused: [Refusal] = []
    /// Moments still in `pending/`, to be sent by a later run.
    public var waiting: [Waiting] = []
    /// Whether the engine could not be reached at all at the end (no connection, no answer).
    public var engineUnreachable = false

    public init() {}
}

/// Progress of a sending run, for the command line to show as it happens.
public enum DeliveryEvent: Sendable, Equatable {
    case delivered(id: String, status: Int)
    case refused(id: String, status: Int, reason: String)
    /// Attempt `attempt` failed with `problem`; the next follows after `seconds`.
    case retrying(id: String, attempt: Int, seconds: Double, problem: String)
    case waiting(id: String, problem: String)
}
