import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore

/// One page of a list route: the body is the plain JSON array (as the first version's apps
/// decode it); when more items follow, `Link: <…?cursor=…>; rel="next"` says where
/// (`Page+Response`, with the controllers).
struct Page<Item: Encodable & Sendable> {
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

    /// The same page with each item in another shape.
    func map<Other: Encodable & Sendable>(_ transform: (Item) -> Other) -> Page<Other> {
        Page<Other>(items: items.map(transform), nextCursor: nextCursor)
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
