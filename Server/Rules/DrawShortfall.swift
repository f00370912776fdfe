import ExamPrepShared

/// Why the bank cannot fill an exam's draws, in words: publishing's 409 and the exam editor's
/// warning under a slot say it the same way. What a draw may take is what `BankDrawStatements`
/// draws from: the current bank questions of its topic (and below) carrying its tags, but no
/// description and none of the exam's own questions.
public enum DrawShortfall {
    /// Slot `draw` at `place` (from 1) asks for more than the `available` questions it may take.
    public static func ofSlot(_ draw: BankDraw, place: Int, available: Int) -> Message {
        let tags = (draw.tags ?? []).joined(separator: ", ")
        let from: Message? =
            switch (draw.topic, tags.isEmpty) {
            case (let topic?, false): Message("validation.draw.topic-and-tags", ["topic": .text(topic), "tags": .text(tags)])
            case (let topic?, true): Message("validation.draw.topic", ["topic": .text(topic)])
            case (nil, false): Message("validation.draw.tags", ["tags": .text(tags)])
            case (nil, true): nil
            }
        let values: [String: MessageValue] = ["place": .integer(place), "count": .integer(draw.count), "available": .integer(available)]
        guard let from else { return Message("validation.draw.slot", values) }
        return Message("validation.draw.slot-of", values.merging(["from": .message(from)]) { $1 })
    }

    /// The draws ask for `asked` questions together, and may take `available` different ones.
    public static func ofDraws(asked: Int, available: Int) -> Message {
        Message("validation.draw.together", ["count": .integer(asked), "available": .integer(available)])
    }

    /// What an attempt gets when the bank has less than a slot asks for (the editor's warning
    /// of an exam that was published, or is being written).
    public static func untilTheBankHasMore(_ available: Int) -> Message {
        Message("validation.draw.attempts-get", ["count": .integer(available)])
    }
}
