import Foundation
import HTTPTypes
import Hummingbird

/// The headers of every page and asset: a content security policy that lets the page load
/// only its own stylesheet and script (no inline script or style, no other origin, no
/// framing), no MIME sniffing, no referrer to other sites; pages (not assets) are never
/// stored by a cache, so a signed-out browser's back button shows no exam.
struct PageHeadersMiddleware<Context: RequestContext>: RouterMiddleware {
    static var policy: String {
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; form-action 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'; object-src 'none'"
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        Self.secure(&response.headers)
        return response
    }

    static func secure(_ headers: inout HTTPFields) {
        headers[.contentSecurityPolicy] = policy
        headers[.xContentTypeOptions] = "nosniff"
        headers[.referrerPolicy] = "same-origin"
        headers[.xFrameOptions] = "DENY"
        if headers[.cacheControl] == nil { headers[.cacheControl] = "no-store" }
    }
}

extension HTTPField.Name {
    static let xFrameOptions = Self("X-Frame-Options")!
}
