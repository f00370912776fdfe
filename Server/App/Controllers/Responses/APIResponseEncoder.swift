import ExamPrepShared
import Foundation
import Hummingbird

/// Hummingbird's `responseEncoder` for the API: the shared JSON conventions (ISO 8601 dates,
/// sorted keys), written by `JSONNodeEncoder`, and `Content-Type: application/json; charset=utf-8`.
///
/// `JSONNodeEncoder` earns its place by measurement: on the protected course list (20
/// courses) it costs 12 % less server CPU per request than Foundation's `JSONEncoder` made
/// once and reused (238 against 272 µs), and serves 8 % more requests per second (5,288
/// against 4,874; `benchmarks/alternatives`, median of 5 rounds of 10 s, 2026-11-24). The
/// build flag `EXAMPREP_FOUNDATION_JSON` swaps Foundation's in, for that comparison only.
struct APIResponseEncoder: ResponseEncoder {
    func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        #if EXAMPREP_FOUNDATION_JSON
            let data = try Self.foundation.encode(value)
        #else
            let data = try JSONNodeEncoder.encode(value)
        #endif
        return Response(
            status: .ok,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    #if EXAMPREP_FOUNDATION_JSON
        private static let foundation = ExamPrepJSON.makeEncoder()
    #endif
}
