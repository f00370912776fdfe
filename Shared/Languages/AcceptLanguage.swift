/// The `Accept-Language` header (RFC 9110 §12.5.4): language ranges with optional q-values,
/// best first. Whatever cannot be read is left out, so a malformed header asks for nothing
/// and the next rule of the choice applies.
public enum AcceptLanguage {
    /// Headers longer than this are not read (a browser sends a few dozen characters).
    public static let maxLength = 1_000

    /// The languages of ours that `header` accepts, the most wanted first (a higher q first;
    /// among equals, the header's order); `q=0` refuses a language. `*` names no language of
    /// its own.
    public static func languages(_ header: String) -> [Language] {
        guard header.utf8.count <= maxLength else { return [] }
        var ranked: [(language: Language, quality: Double, position: Int)] = []
        var refused: Set<Language> = []
        for (position, item) in header.split(separator: ",").enumerated() {
            let parts = item.split(separator: ";", omittingEmptySubsequences: false).map { $0.trimmingSpaces() }
            guard let range = parts.first, !range.isEmpty, let quality = quality(parts.dropFirst()) else { continue }
            guard range != "*", let language = Language(tag: range), isRange(range) else { continue }
            if quality == 0 {
                refused.insert(language)
            } else {
                ranked.append((language, quality, position))
            }
        }
        var seen: Set<Language> = []
        return
            ranked
            .sorted { $0.quality != $1.quality ? $0.quality > $1.quality : $0.position < $1.position }
            .map(\.language)
            .filter { !refused.contains($0) && seen.insert($0).inserted }
    }

    /// The q-value of a range's parameters (1 without one); nil when a parameter is malformed.
    private static func quality(_ parameters: ArraySlice<Substring>) -> Double? {
        var quality = 1.0
        for parameter in parameters {
            let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingSpaces() }
            guard pair.count == 2, pair[0].lowercased() == "q", pair[1].utf8.count <= 5,
                pair[1].allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }), let value = Double(pair[1]), (0...1).contains(value)
            else { return nil }
            quality = value
        }
        return quality
    }

    /// A language range of letters, digits and hyphens, 1 to 8 characters a subtag.
    private static func isRange(_ range: Substring) -> Bool {
        range.split(separator: "-", omittingEmptySubsequences: false).allSatisfy { subtag in
            (1...8).contains(subtag.count) && subtag.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        let start = firstIndex(where: { $0 != " " && $0 != "\t" }) ?? endIndex
        let end = lastIndex(where: { $0 != " " && $0 != "\t" }).map { index(after: $0) } ?? start
        return self[start..<Swift.max(start, end)]
    }
}
