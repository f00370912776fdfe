import ExamPrepExams
import ExamPrepInterchange
import ExamPrepRules
import ExamPrepShared
import Foundation

/// What `teach-question.mustache` shows: a bank question, its preview exactly as a student's
/// attempt draws it, its text as GIFT to edit (a changed text previewed before it is saved),
/// and the regrade with the dry run's score changes listed before the real one.
struct TeachQuestionPage: Sendable {
    struct Change: Sendable {
        var attemptID: Int
        var student: String
        var before: String
        var after: String
    }

    var id: Int
    var title: String
    var facts: [String]
    var preview: QuestionView
    var gift: String
    var changed: Bool
    var notice: String?
    var error: String?
    var modes: [ExamForm.Option]
    var mode: String
    var checked: Bool
    var changes: [Change]
    var hasChanges: Bool
    /// The picture form (`TeachQuestionPagePictures`): what a picture may go with (the
    /// question, each choice), the picture previewed and not saved yet (its id, which the form
    /// sends again), its text alternative as typed, and why the form was refused.
    var pictureTargets: [ExamForm.Option]
    var pictureMediaID: Int?
    var pictureAlt = ""
    var pictureError: String?

    /// `pictures`: the size of `shown`'s pictures, for the preview.
    init(
        question: Question, shown: StoredQuestion, gift: String, changed: Bool, catalogue: Catalogue, pictures: PictureSizes = .none
    ) {
        func say(_ key: String, _ values: [String: MessageValue] = [:]) -> String { catalogue.string(Message(key, values)) }
        id = question.id
        title = TeachBankPage.title(name: question.name, prompt: question.prompt)
        let tags = (question.tags ?? []).joined(separator: ", ")
        facts = [
            TeachBankPage.kind(question.kind, catalogue: catalogue), say("teach.facts.points", ["count": .integer(question.points)]),
            question.topic.map { say("bank.facts.topic", ["topic": .text($0)]) } ?? say("bank.facts.no-topic"),
            tags.isEmpty ? say("bank.facts.no-tags") : say("bank.facts.tags", ["tags": .text(tags)]),
            say("bank.facts.version", ["version": .integer(question.version ?? 1)]),
            say(question.practice == true ? "bank.facts.open" : "bank.facts.closed"),
        ]
        preview = QuestionView(shown.studentView, number: 1, saved: nil, catalogue: catalogue, pictures: pictures)
        pictureTargets = Self.pictureTargets(question, selected: PictureTarget.question, catalogue: catalogue)
        self.gift = gift
        self.changed = changed
        modes = RegradeMode.allCases.map {
            ExamForm.Option(
                value: $0.rawValue,
                label: say($0 == .fullCredit ? "bank.mode.full-credit" : "bank.mode.current-answer"),
                selected: false)
        }
        mode = RegradeMode.currentAnswer.rawValue
        checked = false
        changes = []
        hasChanges = false
    }

    /// The question as GIFT (with its topic as a category and its tags).
    static func gift(_ question: StoredQuestion) -> String {
        var pages = GIFTWriter.Pages()
        return pages.write([InterchangeMapping.interchange(question)])
    }

    /// The bank question as stored, for the GIFT writer and the preview.
    static func stored(_ question: Question) throws -> StoredQuestion {
        var draft = question.draft
        draft.practice = question.practice
        return StoredQuestion(try QuestionValidation.validate(draft, field: "question"), id: question.id)
    }

    /// The one question a GIFT text holds, as a draft; refused with the parser's reason otherwise.
    static func draft(_ text: String) throws -> QuestionDraft {
        let parsed = GIFTParser.parse(text)
        if let skipped = parsed.skipped.first {
            throw InvalidInput("bank.line-reason", ["line": .integer(skipped.line), "reason": .message(skipped.message)])
        }
        guard parsed.questions.count == 1, let question = parsed.questions.first else {
            throw InvalidInput("bank.one-question", ["found": .integer(parsed.questions.count)])
        }
        return question.draft
    }
}
