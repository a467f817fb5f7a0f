import Foundation

/// How patiently the sender retries a moment the engine could not take right now (408, 429, 5xx,
/// no answer, refused or cut connections).
///
/// Waits grow exponentially from `baseDelay`, capped at `maxDelay`, with full jitter (a uniformly
/// random wait between zero and that bound, so that many clients do not retry in step). A
/// `Retry-After` from the engine is honoured as the shortest wait; one longer than
/// `longestRetryAfter` ends the run for now and the moment keeps waiting in `pending/`.
public struct RetryPolicy: Sendable, Equatable {
    /// Attempts per moment within one run (at least 1).
    public var maxAttempts: Int
    /// Seconds; the bound of the first wait.
    public var baseDelay: Double
    /// Seconds; no wait bound grows beyond this.
    public var maxDelay: Double
    /// Seconds; the longest `Retry-After` this run is willing to wait for.
    public var longestRetryAfter: Double
    /// Seconds without progress after which a request counts as unanswered.
    public var requestTimeout: Double

    public init(maxAttempts: Int = 5, baseDelay: Double = 1, maxDelay: Double = 60,
                longestRetryAfter: Double = 300, requestTimeout: Double = 60) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = max(0, baseDelay)
        self.maxDelay = max(0, maxDelay)
        self.longestRetryAfter = max(0, longestRetryAfter)
        self.requestTimeout = max(0.1, requestTimeout)
    }

    /// The bound of the wait after failed attempt `attempt` (1-based): `min(maxDelay, baseDelay·2^(attempt-1))`.
    public func bound(afterAttempt attempt: Int) -> Double {
        let exponent = Double(min(max(attempt - 1, 0), 60))
        return min(maxDelay, baseDelay * pow(2, exponent))
    }

    /// The wait before the next attempt: full jitter below the bound, but never shorter than the
    /// engine's `Retry-After`.
    public func delay<R: RandomNumberGenerator>(afterAttempt attempt: Int, retryAfter: Double?,
                                               using rng: inout R) -> Double {
        let bound = bound(afterAttempt: attempt)
        let jittered = bound > 0 ? Double.random(in: 0...bound, using: &rng) : 0
        return max(jittered, retryAfter ?? 0)
    }
}
