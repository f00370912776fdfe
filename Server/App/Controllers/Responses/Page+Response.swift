import HTTPTypes
import Hummingbird

/// A page is answered as its plain JSON array, with `Link: <…>; rel="next"` when more follow.
extension Page: ResponseGenerator {
    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try context.responseEncoder.encode(items, from: request, context: context)
        if let nextCursor {
            response.headers[.link] = "<\(Self.link(to: request.uri, cursor: nextCursor))>; rel=\"next\""
        }
        return response
    }
}

extension HTTPField.Name {
    /// RFC 8288 web linking; list routes announce their next page with it.
    static let link = Self("Link")!
}
