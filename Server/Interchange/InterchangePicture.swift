import Foundation

/// A picture that travels with a question in an interchange file (Moodle XML's `<file
/// encoding="base64">`, shown by `<img src="@@PLUGINFILE@@/name">`): its file name, its text
/// alternative and its bytes, decoded but not yet checked as a picture (the server does that
/// when it stores them).
public struct InterchangePicture: Codable, Sendable, Hashable {
    /// The file's name, a plain name without folders (`circuit.png`).
    public var name: String
    /// What a screen reader says instead: the `<img alt>`, or the name without its extension.
    public var alt: String
    /// The file's bytes.
    public var bytes: [UInt8]

    public init(name: String, alt: String, bytes: [UInt8]) {
        self.name = name
        self.alt = alt
        self.bytes = bytes
    }

    /// `name` without its extension (`circuit.png` → `circuit`): the alt text of a picture
    /// that has none.
    public static func stem(of name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }
}
