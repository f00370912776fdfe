import ExamPrepRules
import ExamPrepShared
import Hummingbird

/// `?limit=` and `?cursor=` of a list sorted by a moment and then an id (mistakes, most
/// recent first; reviews, soonest first): the cursor holds the last item's moment (in
/// microseconds since 1970, as PostgreSQL keeps it) and id.
struct TimePageRequest: Sendable, Equatable {
    struct Key: Sendable, Equatable {
        var micros: Int64
        var id: Int
    }

    var limit: Int
    var after: Key?

    init(_ request: Request, cursors: CursorCodec) throws {
        limit = try PageRequest.limit(request)
        after = nil
        if let text = request.uri.queryParameters.get("cursor"), !text.isEmpty {
            guard let payload = cursors.decodeText(text), let key = Self.key(payload) else {
                throw InvalidInput("validation.cursor-invalid")
            }
            after = key
        }
    }

    var fetchLimit: Int { limit + 1 }

    /// The page out of `rows` (fetched with `fetchLimit`) and the next page's cursor, if any.
    func page<Item: Encodable & Sendable>(_ rows: [(item: Item, key: Key)], cursors: CursorCodec) -> Page<Item> {
        guard rows.count > limit, let last = rows.prefix(limit).last else { return Page(items: rows.map(\.item), nextCursor: nil) }
        return Page(items: rows.prefix(limit).map(\.item), nextCursor: cursors.encode(text: "\(last.key.micros):\(last.key.id)"))
    }

    private static func key(_ payload: String) -> Key? {
        let parts = payload.split(separator: ":")
        guard parts.count == 2, let micros = Int64(parts[0]), let id = Int(parts[1]) else { return nil }
        return Key(micros: micros, id: id)
    }
}
