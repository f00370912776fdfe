import Foundation

/// The items of a header that weighs its choices with `q` (RFC 9110 §12.4.2), such as `Accept`
/// and `Accept-Encoding`: each item's name in lower case (parameters other than `q` dropped)
/// and its weight, 1 when it has none or one that is not a number. The one reader of `q`.
enum QualityList {
    static func items(_ header: String) -> [(name: String, quality: Double)] {
        header.split(separator: ",").compactMap { item in
            let parts = item.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let name = parts.first else { return nil }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            return (name, quality)
        }
    }
}
