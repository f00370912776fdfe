import Foundation

/// GIFT's `$CATEGORY: a/b/c` lines, turned into topic paths and back.
///
/// Moodle separates categories with a single `/` and writes a `/` inside a name as `//`.
/// Moodle's own exports start the path with a context and its root, such as
/// `$course$/top/…` or `$system$/top/…`; those say where the bank lives in Moodle, not
/// what the questions are about, so they are dropped from the topic path.
enum GIFTCategory {
    /// The directive that starts a category line.
    static let directive = "$CATEGORY:"

    /// The topic path of a `$CATEGORY:` line's value (the text after the directive).
    static func path(from value: String) -> [String] {
        var segments = split(value)
            .map { String(GIFTScanner.trim(Substring($0))) }
            .filter { !$0.isEmpty }
        if let first = segments.first, isContext(first) {
            segments.removeFirst()
            if segments.first == "top" { segments.removeFirst() }
        }
        return segments
    }

    /// The `$CATEGORY:` line for a topic path. An empty path is written as the course's
    /// top category, which ``path(from:)`` reads back as empty.
    static func line(for path: [String]) -> String {
        guard let first = path.first else { return "\(directive) $course$/top" }
        var value = isContext(first) ? "$course$/top" : ""
        for segment in path {
            var escaped = String.UnicodeScalarView()
            for scalar in segment.unicodeScalars {
                escaped.append(scalar)
                if scalar == "/" { escaped.append("/") }
            }
            if !value.isEmpty {
                // A slash next to an escaped one would merge with it; spaces keep them apart.
                let touching = value.unicodeScalars.last == "/" || escaped.first == "/"
                value += touching ? " / " : "/"
            }
            value += String(escaped)
        }
        return "\(directive) \(value)"
    }

    /// Whether a segment names a Moodle context such as `$course$`.
    private static func isContext(_ segment: String) -> Bool {
        let scalars = segment.unicodeScalars
        return scalars.count >= 2 && scalars.first == "$" && scalars.last == "$"
    }

    /// Splits at single slashes; a run of two or more slashes is part of a name, with each
    /// `//` standing for one `/` (Moodle's rule).
    private static func split(_ value: String) -> [String] {
        var segments: [String] = []
        var current = String.UnicodeScalarView()
        var slashes = 0
        func flushSlashes() {
            if slashes == 1 {
                segments.append(String(current))
                current = String.UnicodeScalarView()
            } else if slashes > 1 {
                current.append(contentsOf: repeatElement("/", count: slashes / 2 + slashes % 2))
            }
            slashes = 0
        }
        for scalar in value.unicodeScalars {
            if scalar == "/" {
                slashes += 1
            } else {
                flushSlashes()
                current.append(scalar)
            }
        }
        flushSlashes()
        segments.append(String(current))
        return segments
    }
}
