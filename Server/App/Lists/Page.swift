import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore

/// One page of a list route: the body is the plain JSON array (as the first version's apps
/// decode it); when more items follow, `Link: <…?cursor=…>; rel="next"` says where.
struct Page<Item: Encodable & Sendable>: ResponseGenerator {
    var items: [Item]
    /// The cursor of the next page; nil on the last page.
    var nextCursor: String?

    init(items: [Item], nextCursor: String?) {
        self.items = items
        self.nextCursor = nextCursor
    }

    /// The page of `rows` (fetched with `page.fetchLimit`), keyed by `key` for the cursor.
    init(_ rows: [Item], page: PageRequest, cursors: CursorCodec, key: (Item) -> Int) {
        let (items, nextAfter) = page.page(rows, key: key)
        self.items = items
        self.nextCursor = nextAfter.map(cursors.encode(after:))
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = try context.responseEncoder.encode(items, from: request, context: context)
        if let nextCursor {
            response.headers[.link] = "<\(Self.link(to: request.uri, cursor: nextCursor))>; rel=\"next\""
        }
        return response
    }

    /// The request's path and query with `cursor` replaced.
    static func link(to uri: URI, cursor: String) -> String {
        var components = URLComponents()
        components.path = uri.path
        var items: [URLQueryItem] = []
        for (name, value) in uri.queryParameters where name != "cursor" {
            items.append(URLQueryItem(name: String(name), value: String(value)))
        }
        items.append(URLQueryItem(name: "cursor", value: cursor))
        components.queryItems = items
        return components.string ?? uri.path
    }
}

extension HTTPField.Name {
    /// RFC 8288 web linking; list routes announce their next page with it.
    static let link = Self("Link")!
}
