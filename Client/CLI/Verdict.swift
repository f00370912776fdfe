/// How an answer went, in words: partial credit is "partly right", never "wrong".
enum Verdict {
    static func text(correct: Bool, points: Double) -> String {
        if correct { return "right" }
        return points > 0 ? "partly right" : "wrong"
    }

    /// The same, starting a sentence.
    static func sentence(correct: Bool, points: Double) -> String {
        let word = text(correct: correct, points: points)
        return word.prefix(1).uppercased() + word.dropFirst()
    }
}
