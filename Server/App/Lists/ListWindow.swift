/// The part of a long list one page draws: at most `limit` entries from `start` (kept inside
/// the list), and where the windows before and after it start, for a page's "earlier" and
/// "more" links. A page that draws a bank's topics or tags draws a window, so its size never
/// grows with the bank.
struct ListWindow: Sendable, Equatable {
    var range: Range<Int>
    var count: Int
    /// Where the window before this one starts (nil: this is the first).
    var previous: Int?
    /// Where the window after this one starts (nil: this is the last).
    var next: Int?

    init(count: Int, limit: Int, start: Int) {
        let limit = max(1, limit)
        let start = min(max(0, start), max(0, count - 1))
        range = start..<min(count, start + limit)
        self.count = count
        previous = start > 0 ? max(0, start - limit) : nil
        next = range.upperBound < count ? range.upperBound : nil
    }

    /// Whether the window holds the whole list.
    var isWhole: Bool { previous == nil && next == nil }
}
