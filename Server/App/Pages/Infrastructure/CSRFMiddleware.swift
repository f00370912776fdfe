import ExamPrepShared
import Foundation
import HTTPTypes
import Hummingbird

/// Refuses (403, before any handler runs, so nothing changes) a state-changing page request
/// that another site may have made: one whose `Sec-Fetch-Site` is not `same-origin`, whose
/// `Origin` is another origin (or `null`), or that does not carry the CSRF token bound to its
/// session: the form field `csrf`, or a script's `X-CSRF-Token` header. A form's body is read
/// here (at most `maxFormBytes`; an upload's `multipart/form-data` at most `maxUploadBytes`) and
/// handed on in `context.page.form`.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    /// The site's own origin (`https://exams.school.example`) when `PUBLIC_URL` is set; else
    /// the request's `Host` decides.
    let publicOrigin: String?
    static let maxFormBytes = 256 * 1024
    /// An uploaded file may be as large as the API takes one (`APILimits.maxBodyBytes`); the
    /// page that checks it sends its text back in a field, where a browser writes each line
    /// break as CRLF, so twice that, with room for the other fields.
    static let maxUploadBytes = 2 * APILimits.maxBodyBytes + 64 * 1024

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method != .get, request.method != .head, var visit = context.page else { return try await next(request, context) }
        guard isSameSite(request) else { throw PageFailure.forgedRequest }
        var request = request
        if let header = request.headers[.csrfToken] {
            guard CSRFTokens.matches(header, visit.csrfToken) else { throw Self.refusal(visit) }
        } else {
            let form = try await Self.form(of: &request, uploads: visit.user?.role == .faculty)
            guard CSRFTokens.matches(form["csrf"], visit.csrfToken) else { throw Self.refusal(visit) }
            visit.form = form
        }
        var context = context
        context.page = visit
        return try await next(request, context)
    }

    /// The body as a form: URL-encoded, or multipart (an upload: faculty only, the only ones
    /// with an upload form, so nobody else can make the server read 2 MB).
    private static func form(of request: inout Request, uploads: Bool) async throws -> FormData {
        let contentType = request.headers[.contentType]
        let boundary = uploads ? MultipartForm.boundary(of: contentType) : nil
        guard Self.isForm(contentType) || boundary != nil else {
            throw PageFailure(.unsupportedMediaType, "page.send-form-as-page")
        }
        let limit = boundary == nil ? maxFormBytes : maxUploadBytes
        let body: ByteBuffer
        do {
            body = try await request.collectBody(upTo: limit)
        } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
            throw PageFailure(.contentTooLarge, "page.form-too-large", ["kilobytes": .integer(limit / 1024)])
        }
        if let boundary { return FormData(parts: try MultipartForm.fields(Array(body.readableBytesView), boundary: boundary)) }
        return try FormData(encoded: body.readableBytesView)
    }

    /// A same-site request whose token does not fit: with nobody signed in, the session it was
    /// made in has ended (sign in again); otherwise it is refused as forged.
    private static func refusal(_ visit: PageVisit) -> PageFailure {
        visit.user == nil ? .signInRequired : .forgedRequest
    }

    private func isSameSite(_ request: Request) -> Bool {
        if let site = request.headers[.secFetchSite], site != "same-origin", site != "none" { return false }
        guard let origin = request.headers[.origin] else { return true }
        if let publicOrigin { return origin == publicOrigin }
        guard let host = request.head.authority else { return false }
        return origin == "http://" + host || origin == "https://" + host
    }

    static func isForm(_ contentType: String?) -> Bool {
        guard let contentType else { return false }
        let type = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased() == "application/x-www-form-urlencoded"
    }
}
