import ExamPrepExams
import ExamPrepShared

/// What a practice question's page form sent (`PracticePageController.answer`, no JavaScript):
/// the question it answers, read against the practice's questions, and its answer, made from
/// its fields by the answer's rule (`FormAnswer`), as the attempt page's save makes them with
/// the question it loads (`AttemptPageController.save`).
struct PracticeForm: Sendable {
    var questionID: Int
    /// The question's number on the page that sent the form.
    var number: Int
    /// The answer to save; nil when the form left it as it was (no choice made).
    var answer: AnswerInput?
    /// A number field that did not hold a number: shown again with a message.
    var badNumber: String?

    init(_ form: FormData, questions: [StudentQuestion]) throws {
        guard let questionID = form["question"].flatMap({ Int($0) }), let index = questions.firstIndex(where: { $0.id == questionID })
        else { throw PageFailure.badRequest("attempt.form-names-no-question") }
        self.questionID = questionID
        number = index + 1
        switch FormAnswer(questions[index], fields: { form.all($0) }) {
        case .unchanged: answer = nil
        case .answer(let given): answer = given
        case .notANumber(let typed): badNumber = typed
        }
    }
}
