import ExamPrepShared
import Hummingbird

/// `GET /openapi.yaml`: the API's OpenAPI document, embedded in the binary at build time
/// from the repository's `openapi.yaml`.
struct OpenAPIController {
    /// The document, made into a buffer once rather than at every request.
    static let document = ByteBuffer(string: embeddedFiles.first { $0.name == "openapi.yaml" }?.contents ?? "")

    func addRoutes(to router: some RouterMethods<AppRequestContext>) {
        router.get(RouterPath(APIPaths.openAPI), use: document)
    }

    @Sendable func document(_ request: Request, context: AppRequestContext) async throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/yaml; charset=utf-8"],
            body: .init(byteBuffer: Self.document))
    }
}
