import ExamPrepShared

/// Why the bank cannot fill an exam's draws, in words: publishing's 409 and the exam editor's
/// warning under a slot say it the same way. What a draw may take is what `BankDrawStatements`
/// draws from: the current bank questions of its topic (and below) carrying its tags, but no
/// description and none of the exam's own questions.
enum DrawShortfall {
    /// Slot `draw` at `place` (from 1) asks for more than the `available` questions it may take.
    static func slot(_ draw: BankDraw, place: Int, available: Int) -> String {
        let from = [
            draw.topic.map { "topic \($0)" }, (draw.tags ?? []).isEmpty ? nil : "tags \((draw.tags ?? []).joined(separator: ", "))",
        ]
        .compactMap { $0 }.joined(separator: " and ")
        return "The draw at place \(place) asks for \(draw.count) questions\(from.isEmpty ? "" : " of \(from)"); the bank has "
            + "\(available) it may take (not counting the exam's own questions)."
    }

    /// The draws ask for `asked` questions together, and may take `available` different ones.
    static func together(asked: Int, available: Int) -> String {
        "The draws ask for \(asked) questions together; their topics and tags hold \(available) the bank may give "
            + "(each question once, not counting the exam's own questions)."
    }

    /// What an attempt gets when the bank has less than a slot asks for (the editor's warning
    /// of an exam that was published, or is being written).
    static func attemptsGet(_ available: Int) -> String {
        "Until the bank has more, each attempt gets \(available) from this slot."
    }
}
