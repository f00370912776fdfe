import ExamPrepShared

/// How an answer went, in words: partial credit is "partly right", never "wrong".
enum Verdict {
    /// The verdict, starting a sentence.
    static func sentence(correct: Bool, points: Double) -> Message {
        if correct { return Message("cli-exam.verdict.right") }
        return Message(points > 0 ? "cli-exam.verdict.partly-right" : "cli-exam.verdict.wrong")
    }
}
