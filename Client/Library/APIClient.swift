import ExamPrepShared
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The one HTTP client: builds requests from ``APIRequest``s, sends them through a
/// ``HTTPTransport`` and decodes the answer into the shared DTOs, or into an ``APIError``.
/// It knows nothing about sessions: the caller passes the bearer token, if any.
public struct APIClient: Sendable {
    public let baseURL: URL
    private let transport: any HTTPTransport
    /// How a sign-in the server shed in a surge waits in line and is sent again.
    public let waitingInLine: WaitingInLine
    /// The language the server's messages should come in (`Accept-Language`), when the app
    /// knows it (the CLI's locale); the person's own setting on the server comes first.
    public let language: Language?

    public init(
        baseURL: URL, transport: any HTTPTransport = URLSessionTransport(), waitingInLine: WaitingInLine = .standard,
        language: Language? = nil
    ) {
        self.baseURL = baseURL
        self.transport = transport
        self.waitingInLine = waitingInLine
        self.language = language
    }

    /// `scheme://host:port` of the server, with the scheme's port spelt out: the identity a
    /// stored session is bound to.
    public var origin: String { Self.origin(of: baseURL) }

    public static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let host = url.host(percentEncoded: false)?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(host.contains(":") ? "[\(host)]" : host):\(port)"
    }

    /// Sends `request`, with `Authorization: Bearer <bearer>` when a token is given. A
    /// request that ``APIRequest/waitsInLine`` and is shed waits in line (``WaitingInLine``),
    /// telling `inLine` how many seconds before each new try.
    public func send<Response>(
        _ request: APIRequest<Response>, bearer: String? = nil, inLine: (@Sendable (Int) async -> Void)? = nil
    ) async throws -> Response {
        try await exchange(request, bearer: bearer, inLine: inLine).value
    }

    /// One page of a list route, and the request for the next page when the server announced one.
    public func sendPage<Element>(
        _ request: APIRequest<[Element]>, bearer: String? = nil
    ) async throws -> (items: [Element], next: APIRequest<[Element]>?) {
        let (items, response) = try await exchange(request, bearer: bearer)
        let next = response.header("link").flatMap(LinkHeader.next(in:)).flatMap { request.following(link: $0) }
        return (items, next)
    }

    /// Sends `request` and decodes its answer, which comes back with its headers.
    func exchange<Response>(
        _ request: APIRequest<Response>, bearer: String?, inLine: (@Sendable (Int) async -> Void)? = nil
    ) async throws -> (value: Response, response: HTTPResponse) {
        let urlRequest = try makeURLRequest(request, bearer: bearer)
        var waited: TimeInterval = 0
        while true {
            let response = try await transmit(urlRequest, resendsOnLostConnection: request.resendsOnLostConnection)
            guard request.waitsInLine, let wait = waitingInLine.nextWait(after: response, waited: waited)
            else { return (try decode(Response.self, from: response), response) }
            await inLine?(Int(wait.rounded(.up)))
            try await Task.sleep(for: .seconds(wait))
            waited += wait
        }
    }

    private func transmit(_ urlRequest: URLRequest, resendsOnLostConnection: Bool) async throws -> HTTPResponse {
        do {
            return try await transport.send(urlRequest)
        } catch let error as URLError where error.code == .networkConnectionLost && resendsOnLostConnection {
            // Once: a connection lost again is the network's, not a kept connection's end.
            return try await transmit(urlRequest, resendsOnLostConnection: false)
        } catch is CancellationError {
            throw CancellationError()
        } catch let error as URLError where error.code == .cancelled {
            throw CancellationError()
        } catch {
            throw APIError.transport(error)
        }
    }

    func makeURLRequest<Response>(_ request: APIRequest<Response>, bearer: String?) throws -> URLRequest {
        var url = baseURL.appending(path: request.path)
        if !request.queryItems.isEmpty {
            url.append(queryItems: request.queryItems)
        }
        var urlRequest = URLRequest(url: url)
        urlRequest.httpMethod = request.method.rawValue
        if let timeout = request.timeout { urlRequest.timeoutInterval = timeout }
        urlRequest.setValue(request.accept, forHTTPHeaderField: "Accept")
        if let language { urlRequest.setValue(language.tag, forHTTPHeaderField: "Accept-Language") }
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        if let body = request.body {
            urlRequest.httpBody = try ExamPrepJSON.makeEncoder().encode(body)
            urlRequest.setValue("application/json", forHTTPHeaderField: "Content-Type")
        } else if let text = request.textBody {
            urlRequest.httpBody = Data(text.utf8)
            urlRequest.setValue(request.textType, forHTTPHeaderField: "Content-Type")
        } else if let data = request.dataBody {
            urlRequest.httpBody = data
            urlRequest.setValue(request.textType, forHTTPHeaderField: "Content-Type")
        }
        if let bearer {
            urlRequest.setValue("Bearer \(bearer)", forHTTPHeaderField: "Authorization")
        }
        return urlRequest
    }

    func decode<Response: Decodable>(_ type: Response.Type, from response: HTTPResponse) throws -> Response {
        let decoder = ExamPrepJSON.makeDecoder()
        guard (200..<300).contains(response.status) else {
            if let error = try? decoder.decode(ErrorResponse.self, from: response.body) {
                throw APIError.server(status: response.status, code: error.error, message: error.message, reason: error.reason)
            }
            throw APIError.undecodableBody(status: response.status, detail: "expected an error body, got \(Self.preview(response.body))")
        }
        if let raw = Response.self as? any RawResponseBody.Type, let body = raw.init(body: response.body) as? Response {
            return body
        }
        do {
            return try decoder.decode(Response.self, from: response.body)
        } catch {
            throw APIError.undecodableBody(status: response.status, detail: Self.describe(error))
        }
    }

    private static func preview(_ body: Data) -> String {
        if body.isEmpty { return "an empty body" }
        let text = String(decoding: body.prefix(120), as: UTF8.self)
        return "'\(text)\(body.count > 120 ? "…" : "")'"
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return error.localizedDescription }
        switch error {
        case .keyNotFound(let key, let context):
            return "missing field '\(CodingPath.describe(context.codingPath + [key]))'"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            let at = context.codingPath.isEmpty ? "" : " at '\(CodingPath.describe(context.codingPath))'"
            return "\(context.debugDescription)\(at)"
        @unknown default:
            return error.localizedDescription
        }
    }
}
