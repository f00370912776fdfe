import ExamPrepRules
import ExamPrepShared
import Hummingbird

/// `?limit=` and `?cursor=` of a list route: at most `limit` items (default 50, at most
/// 200) after the item the cursor names.
struct PageRequest: Sendable, Equatable {
    static let defaultLimit = 50
    static let maxLimit = 200

    var limit: Int
    /// The sort key of the last item of the previous page; nil for the first page.
    var after: Int?

    /// Reads the page from the request's query; a bad limit or a cursor that is not one of
    /// ours (made up, altered, from another server) is `InvalidInput`; an empty cursor means
    /// the first page.
    init(_ request: Request, cursors: CursorCodec) throws {
        let query = request.uri.queryParameters
        self.limit = try Self.limit(request)
        // An empty `cursor=` (a form or a client template with nothing filled in) is none.
        if let text = query.get("cursor"), !text.isEmpty {
            guard let after = cursors.decode(text) else {
                throw InvalidInput("validation.cursor-invalid")
            }
            self.after = after
        } else {
            self.after = nil
        }
    }

    /// `?limit=`: 1…`maxLimit`, `defaultLimit` when absent.
    static func limit(_ request: Request) throws -> Int {
        guard let text = request.uri.queryParameters.get("limit") else { return defaultLimit }
        guard let limit = Int(text), (1...maxLimit).contains(limit) else {
            throw InvalidInput("validation.limit", ["max": .integer(maxLimit)])
        }
        return limit
    }

    init(limit: Int = PageRequest.defaultLimit, after: Int? = nil) {
        self.limit = limit
        self.after = after
    }

    /// The rows to fetch: one more than the page, to know whether another page follows.
    var fetchLimit: Int { limit + 1 }

    /// The page out of `rows` (fetched with `fetchLimit`), and the sort key the next page
    /// starts after, if there is one.
    func page<Item>(_ rows: [Item], key: (Item) -> Int) -> (items: [Item], nextAfter: Int?) {
        guard rows.count > limit else { return (rows, nil) }
        let items = Array(rows.prefix(limit))
        return (items, items.last.map(key))
    }
}
