/// Text that breaks hand-made literals: quotes, backslashes, braces and commas, each also
/// followed by a combining mark. Swift sees `"` + U+0301 as one `Character` that is not a
/// quote; PostgreSQL (and anything else that reads bytes or scalars) sees the quote. Every
/// text field a client can send gets these.
enum FuzzText {
    static let breakers: [String] = ["\"", "\\", "{", "}", ",", "'", "(", ")", "$1", "NULL"]
    static let combining = "\u{0301}"

    static let inputs: [String] = {
        var inputs: [String] = []
        for breaker in breakers {
            inputs.append(breaker + combining)
            inputs.append("a" + breaker + combining + "b")
            inputs.append(breaker + breaker + combining)
            inputs.append(combining + breaker)
        }
        inputs.append("{\"a\u{0301}\",\"b\"}")
        inputs.append("\\\u{0301}\"\u{0301},\u{0301}}\u{0301}")
        return inputs
    }()
}
