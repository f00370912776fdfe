import Foundation

/// Which of the media types a route can answer with the request's `Accept` header prefers
/// (RFC 9110 §12.5.1): the range with the highest `q` wins, a type named exactly over a
/// wildcard at the same `q`, the earlier range among equals; `q=0` (or a `q` outside 0…1)
/// refuses. A wildcard (`*/*`, `text/*`) stands for the first of the route's offers it covers.
/// No `Accept`, or an empty one, takes the first offer. The one chooser by `Accept`: every
/// route that answers in more than one type asks it.
enum AcceptHeader {
    /// The offer `accept` prefers among `offers` (media types in lower case, the route's
    /// favourite first); nil when it accepts none of them.
    static func choose<Offer>(_ accept: String?, from offers: [(type: String, offer: Offer)]) -> Offer? {
        guard let accept, accept.contains(where: { !$0.isWhitespace }) else { return offers.first?.offer }
        var best: (offer: Offer, quality: Double, specific: Bool)?
        for (name, quality) in QualityList.items(accept) {
            guard let matched = match(name, offers), quality > 0, quality <= 1 else { continue }
            if let current = best, current.quality > quality || (current.quality == quality && (current.specific || !matched.specific)) {
                continue
            }
            best = (matched.offer, quality, matched.specific)
        }
        return best?.offer
    }

    /// The offer a media range names, and whether it names it exactly (not by a wildcard).
    private static func match<Offer>(_ range: String, _ offers: [(type: String, offer: Offer)]) -> (offer: Offer, specific: Bool)? {
        if let exact = offers.first(where: { $0.type == range }) { return (exact.offer, true) }
        guard range.hasSuffix("/*") else { return nil }
        let prefix = range == "*/*" ? "" : String(range.dropLast())
        return offers.first { $0.type.hasPrefix(prefix) }.map { ($0.offer, false) }
    }
}
