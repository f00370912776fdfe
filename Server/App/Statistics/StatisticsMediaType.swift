/// What `GET /api/faculty/exams/{examId}/statistics` can answer with, picked from the request's
/// `Accept` header (`AcceptHeader`): no `Accept`, `*/*` and `application/*` mean JSON, `text/*`
/// CSV, `image/*` SVG. `nil`: nothing the route can serve was accepted (406).
enum StatisticsMediaType: Sendable, Equatable {
    case json
    case csv
    case svg

    /// The `Content-Type` sent with each.
    var contentType: String {
        switch self {
        case .json: "application/json; charset=utf-8"
        case .csv: "text/csv; charset=utf-8; header=present"
        case .svg: "image/svg+xml; charset=utf-8"
        }
    }

    /// The types the route serves, for the 406 message.
    static let served = "application/json, text/csv or image/svg+xml"

    static func negotiate(_ accept: String?) -> StatisticsMediaType? {
        AcceptHeader.choose(accept, from: [("application/json", .json), ("text/csv", .csv), ("image/svg+xml", .svg)])
    }
}
