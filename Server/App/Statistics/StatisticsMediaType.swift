import Foundation

/// What `GET /api/faculty/exams/{examId}/statistics` can answer with, picked from the request's
/// `Accept` header (RFC 9110 §12.5.1): the range with the highest `q` wins, a specific type over a
/// wildcard at the same `q`, the earlier one among equals; `q=0` refuses a type. No `Accept` (or an
/// empty one) means JSON. `nil`: nothing the route can serve was accepted (406).
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
        guard let accept, accept.contains(where: { !$0.isWhitespace }) else { return .json }
        var best: (type: StatisticsMediaType, quality: Double, specific: Bool)?
        for range in accept.split(separator: ",") {
            let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let name = parts.first, let served = match(name) else { continue }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            guard quality > 0, quality <= 1 else { continue }
            if let current = best,
                current.quality > quality || (current.quality == quality && (current.specific || !served.specific))
            {
                continue
            }
            best = (served.type, quality, served.specific)
        }
        return best?.type
    }

    /// The served type a media range names, and whether it names it exactly (not by a wildcard).
    private static func match(_ range: String) -> (type: StatisticsMediaType, specific: Bool)? {
        switch range {
        case "application/json": (.json, true)
        case "text/csv": (.csv, true)
        case "image/svg+xml": (.svg, true)
        case "*/*", "application/*": (.json, false)
        case "text/*": (.csv, false)
        case "image/*": (.svg, false)
        default: nil
        }
    }
}
