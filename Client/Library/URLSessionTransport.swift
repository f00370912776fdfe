import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The production transport: `URLSession`, without cookies or caching. Content-Type is set
/// per request by ``APIClient`` (never in `httpAdditionalHeaders`: on Linux that sends it twice).
public struct URLSessionTransport: HTTPTransport {
    private let session: URLSession

    public init(session: URLSession) {
        self.session = session
    }

    /// A dedicated session with a request timeout and no cookie or cache storage. The timeout
    /// (60 s) outlasts the longest a server makes a login wait in a surge before it answers
    /// 503 (`PASSWORD_HASH_MAX_WAIT`, 45 s by default): in the exam hour a slow login still
    /// gets in.
    public init(timeout: TimeInterval = 60) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        self.init(session: URLSession(configuration: configuration))
    }

    public func send(_ request: URLRequest) async throws -> HTTPResponse {
        let (data, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String {
                headers[name.lowercased()] = value
            }
        }
        return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    }
}
