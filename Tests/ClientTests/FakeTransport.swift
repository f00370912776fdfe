import ExamPrepClient
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The network we do not own, replaced: answers each request with `handler` and keeps
/// every request it saw.
final class FakeTransport: HTTPTransport {
    typealias Handler = @Sendable (URLRequest) async throws -> HTTPResponse

    private let handler: Handler
    private let seen = Mutex<[URLRequest]>([])

    init(_ handler: @escaping Handler) {
        self.handler = handler
    }

    var requests: [URLRequest] { seen.withLock { $0 } }

    func requests(to path: String) -> [URLRequest] {
        requests.filter { $0.path == path }
    }

    func send(_ request: URLRequest) async throws -> HTTPResponse {
        seen.withLock { $0.append(request) }
        return try await handler(request)
    }
}

extension URLRequest {
    var path: String { url?.path() ?? "" }

    var bearer: String? {
        guard let value = value(forHTTPHeaderField: "Authorization"), value.hasPrefix("Bearer ") else { return nil }
        return String(value.dropFirst("Bearer ".count))
    }

    func decodedBody<T: Decodable>(_ type: T.Type) throws -> T {
        try ExamPrepJSON.makeDecoder().decode(T.self, from: httpBody ?? Data())
    }
}
