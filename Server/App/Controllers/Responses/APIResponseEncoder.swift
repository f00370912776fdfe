import ExamPrepShared
import Foundation
import Hummingbird

/// Hummingbird's `responseEncoder` for the API: the shared JSON conventions (ISO 8601 dates,
/// sorted keys), written by `JSONNodeEncoder`, and `Content-Type: application/json; charset=utf-8`.
struct APIResponseEncoder: ResponseEncoder {
    func encode(_ value: some Encodable, from request: Request, context: some RequestContext) throws -> Response {
        #if EXAMPREP_FOUNDATION_JSON
            // The alternative benchmarks/alternatives measures: Foundation's encoder, made once.
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
