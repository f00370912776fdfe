import ExamPrepShared
import Foundation
import Hummingbird

/// A JSON response with an explicit status, encoded with the API's conventions.
struct JSONBody<Value: Encodable & Sendable>: ResponseGenerator {
    var status: HTTPResponse.Status
    var value: Value

    init(_ status: HTTPResponse.Status = .ok, _ value: Value) {
        self.status = status
        self.value = value
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let data = try ExamPrepJSON.makeEncoder().encode(value)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
