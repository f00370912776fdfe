import Foundation

/// RFC 8288 `Link` headers as the API uses them: list routes announce their next page with
/// `Link: </api/courses?limit=50&cursor=…>; rel="next"`.
public enum LinkHeader {
    /// The target of the `rel="next"` link in a `Link` header's value, if there is one.
    public static func next(in value: String) -> String? {
        for link in value.split(separator: ",") {
            let parts = link.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let target = parts.first, target.hasPrefix("<"), target.hasSuffix(">") else { continue }
            let relations = parts.dropFirst().filter { $0.lowercased().hasPrefix("rel=") }
                .flatMap { $0.dropFirst(4).trimmingCharacters(in: CharacterSet(charactersIn: "\"")).split(separator: " ") }
            if relations.contains(where: { $0.lowercased() == "next" }) {
                return String(target.dropFirst().dropLast())
            }
        }
        return nil
    }
}
