import ExamPrepShared

/// A question as the database keeps it: what the faculty view, the student view and
/// grading are each made from.
struct StoredQuestion: Sendable, Equatable {
    struct StoredChoice: Sendable, Equatable {
        var key: String
        var text: String
        var correct: Bool
    }

    var id: Int
    var kind: QuestionKind
    var prompt: String
    var points: Int
    var choices: [StoredChoice]
    var correctValue: Bool?
    var acceptedAnswers: [String]

    /// With its right answer, for the exam's faculty member.
    var facultyView: Question {
        let answer: QuestionAnswer
        switch kind {
        case .singleChoice: answer = .text(choices.first(where: \.correct)?.key ?? "")
        case .multipleChoice: answer = .texts(choices.filter(\.correct).map(\.key))
        case .trueFalse: answer = .bool(correctValue ?? false)
        case .shortAnswer: answer = .texts(acceptedAnswers)
        }
        return Question(id: id, kind: kind, prompt: prompt, points: points, choices: publicChoices, answer: answer)
    }

    /// Without any trace of the right answer, for students.
    var studentView: StudentQuestion {
        StudentQuestion(id: id, kind: kind, prompt: prompt, points: points, choices: publicChoices)
    }

    private var publicChoices: [Choice]? {
        kind.hasChoices ? choices.map { Choice(id: $0.key, text: $0.text) } : nil
    }
}
