#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Text from the server made safe for a terminal. An exam title or a course name is written by
/// someone else (any faculty member): an escape sequence in it would reach every student's
/// terminal and could move the cursor, rewrite what is shown, or set the window title. Control
/// characters (C0 but newline and tab, DEL, C1) and the bidirectional overrides that make text
/// read differently from how it is stored are dropped.
enum TerminalText {
    static func clean(_ text: String, keepingCarriageReturns: Bool = false) -> String {
        var cleaned = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where isShown(scalar, keepingCarriageReturns: keepingCarriageReturns) {
            cleaned.append(scalar)
        }
        return String(cleaned)
    }

    private static func isShown(_ scalar: Unicode.Scalar, keepingCarriageReturns: Bool) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: true
        case 0x0D: keepingCarriageReturns
        case 0x00...0x1F, 0x7F...0x9F: false
        // LRE, RLE, PDF, LRO, RLO and the isolates LRI, RLI, FSI, PDI.
        case 0x202A...0x202E, 0x2066...0x2069: false
        default: true
        }
    }

    /// Whether standard output is a terminal (CSV piped to a file stays as the server sent it).
    static var standardOutputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
}
