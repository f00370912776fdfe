import Foundation

extension CharacterSet {
    /// The ASCII letters and digits, and nothing else: Foundation's `.alphanumerics` also holds
    /// every other script's letters and digits ("Ż", "٣"), which a link or a domain name must not.
    static let asciiLettersAndDigits = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")

    /// RFC 3986's unreserved characters (ASCII letters and digits, `-`, `.`, `_`, `~`): the one set
    /// a link's part is percent-encoded by (`addingPercentEncoding(withAllowedCharacters:)`), so
    /// "Żółć" goes out as its UTF-8 bytes, `%C5%BB%C3%B3%C5%82%C4%87`.
    static let uriUnreserved = asciiLettersAndDigits.union(CharacterSet(charactersIn: "-._~"))
}
