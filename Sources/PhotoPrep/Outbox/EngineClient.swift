import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One POST of a moment to `{engine}/v1/moments` and what its answer means for the moment
/// (contract section 5). Synchronous: the sender runs one request at a time.
///
/// The bearer token goes only into the `Authorization` header; it is never part of an outcome,
/// an error or a receipt.
final class EngineClient: Sendable {
    enum Outcome: Sendable {
        /// 200, 201 or 409: the engine has the moment.
        case delivered(status: Int, body: String)
        /// 400, 413, 415, 422: the engine will never take this moment as it is.
        case refused(status: Int, body: String)
        /// 408, 429, 5xx, no answer, refused or cut connection: try again later.
        case retry(problem: String, retryAfter: Double?, unreachable: Bool)
        /// An answer that no retry of this moment can fix (401, 403, 404, …): stop the run.
        case stop(problem: String)
    }

    let endpoint: URL
    private let token: String?
    private let session: URLSession

    init(engine: URL, token: String?, timeout: Double) {
        endpoint = engine.appendingPathComponent("v1").appendingPathComponent("moments")
        self.token = token
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = max(timeout * 10, 600)
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpMaximumConnectionsPerHost = 1
        session = URLSession(configuration: configuration)
    }

    deinit { session.invalidateAndCancel() }

    func post(body: Data, contentType: String, idempotencyKey: String) -> Outcome {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.setValue(contentType, forHTTPHeaderField: "Content-Type")
        request.setValue(idempotencyKey, forHTTPHeaderField: "Idempotency-Key")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token, !token.isEmpty { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }

        let result = Mutex<(Data?, URLResponse?, Error?)?>(nil)
        let done = DispatchSemaphore(value: 0)
        let task = session.uploadTask(with: request, from: body) { data, response, error in
            result.withLock { $0 = (data, response, error) }
            done.signal()
        }
        task.resume()
        done.wait()
        let (data, response, error) = result.withLock { $0 } ?? (nil, nil, nil)
        if let error { return EngineClient.outcome(of: error) }
        guard let http = response as? HTTPURLResponse else {
            return .retry(problem: "the engine gave no HTTP answer", retryAfter: nil, unreachable: true)
        }
        let text = String(decoding: data ?? Data(), as: UTF8.self)
        return EngineClient.outcome(status: http.statusCode, body: text,
                                    retryAfter: http.value(forHTTPHeaderField: "Retry-After"))
    }

    static func outcome(status: Int, body: String, retryAfter: String?) -> Outcome {
        switch status {
        case 200, 201, 409:
            return .delivered(status: status, body: body)
        case 400, 413, 415, 422:
            return .refused(status: status, body: body)
        case 408, 429, 500...599:
            return .retry(problem: "the engine answered \(status)", retryAfter: parseRetryAfter(retryAfter),
                          unreachable: false)
        case 401, 403:
            return .stop(problem: "the engine refused the token (\(status)); check $PREPARE_PHOTO_ENGINE_TOKEN")
        case 404, 405:
            return .stop(problem: "the engine has no /v1/moments (\(status)); check --engine")
        default:
            return .stop(problem: "the engine answered \(status), which the contract does not expect")
        }
    }

    static func outcome(of error: Error) -> Outcome {
        guard let urlError = error as? URLError else {
            return .retry(problem: "the request failed: \(error.localizedDescription)", retryAfter: nil,
                          unreachable: true)
        }
        switch urlError.code {
        case .badURL, .unsupportedURL:
            return .stop(problem: "the engine address is not a usable URL")
        case .timedOut:
            return .retry(problem: "the engine did not answer in time", retryAfter: nil, unreachable: true)
        case .cannotConnectToHost:
            return .retry(problem: "the engine refused the connection", retryAfter: nil, unreachable: true)
        case .networkConnectionLost:
            return .retry(problem: "the connection to the engine was cut", retryAfter: nil, unreachable: true)
        case .cannotFindHost, .dnsLookupFailed:
            return .retry(problem: "the engine's host name is not known", retryAfter: nil, unreachable: true)
        case .notConnectedToInternet:
            return .retry(problem: "there is no network", retryAfter: nil, unreachable: true)
        default:
            return .retry(problem: "the request failed (\(urlError.code.rawValue))", retryAfter: nil,
                          unreachable: true)
        }
    }

    /// `Retry-After` as seconds: a number of seconds or an HTTP date.
    static func parseRetryAfter(_ value: String?) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds.isFinite { return max(0, seconds) }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSinceNow)
    }
}
