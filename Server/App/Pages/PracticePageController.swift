import ExamPrepFormulas
import ExamPrepShared
import Foundation
import Hummingbird

/// Practice in the browser: `GET /practice` (a form per course, today's spaced review, the
/// student's mistakes), `POST /practice` (a new session), `GET /practice/{practiceId}?q=N` (a
/// question, and how its answer went once answered) and `POST /practice/{practiceId}` (an
/// answer, checked at once, then back to its question's page: right or not, feedback, the right
/// answer, when it comes back). Nothing here counts toward grades. The API's limits per account
/// hold here too.
struct PracticePageController {
    let actions: StudentPracticeActions
    let renderer: PageRenderer

    func addRoutes(to pages: RouterGroup<PageContext>) {
        pages.get("/practice", use: home)
        pages.post("/practice", use: start)
        pages.get("/practice/:practiceId", use: question)
        pages.post("/practice/:practiceId", use: answer)
    }

    struct HomePage: Sendable {
        struct Course: Sendable {
            var id: Int
            var name: String
        }
        struct Item: Sendable {
            var prompt: String
            /// `prompt` as HTML, its formulas as MathML (`RichText.shown`).
            var promptHTML: String
            var detail: String

            init(prompt: String, detail: String) {
                self.prompt = prompt
                promptHTML = RichText.shown(prompt)
                self.detail = detail
            }
        }
        var courses: [Course]
        var due: [Item]
        var mistakes: [Item]
        var hasCourses: Bool
        var hasDue: Bool
        var hasMistakes: Bool
        var error: String?
    }

    struct QuestionPage: Sendable {
        var practiceID: Int
        var number: Int
        var count: Int
        /// "Practice question 2 of 5", in the page's language (the heading and the title).
        var heading: String
        var question: QuestionView
        var answered: Bool
        var feedback: FeedbackView?
        var hasNext: Bool
        var nextNumber: Int
    }

    struct FeedbackView: Sendable {
        var verdict: String
        /// The question's text, above the answers.
        var prompt: String
        /// `prompt` as HTML, its formulas as MathML (`RichText.shown`).
        var promptHTML: String
        /// The student's own answer in words ("5", the choice's text), beside the right one.
        var yourAnswer: String
        /// The question's feedback (named apart from the page's `feedback`: a nil one would be looked up there).
        var note: String?
        /// `note` as HTML, its formulas as MathML.
        var noteHTML: String?
        var rightAnswer: String?
        var nextReview: String?

        init(_ outcome: PracticeProgress.Outcome, question: StudentQuestion, catalogue: Catalogue) {
            let verdictKey = outcome.correct ? "practice.right" : (outcome.points > 0 ? "practice.partly-right" : "practice.not-right")
            verdict = catalogue.string(Message(verdictKey))
            prompt = question.prompt
            promptHTML = RichText.shown(question.prompt)
            yourAnswer = AnswerText.given(outcome.given, to: question, catalogue)
            note = outcome.feedback
            noteHTML = outcome.feedback.map { RichText.shown($0) }
            rightAnswer = outcome.rightAnswer.map { AnswerText.right($0, to: question, catalogue) }
            nextReview = outcome.dueDate.map { catalogue.string(Message("practice.comes-back", ["date": .text($0)])) }
        }
    }

    @Sendable func home(_ request: Request, context: PageContext) async throws -> Response {
        try await showHome(error: nil, context: context)
    }

    @Sendable func start(_ request: Request, context: PageContext) async throws -> Response {
        guard let courseID = context.form["courseId"].flatMap({ Int($0) }) else {
            throw PageFailure.badRequest("practice.choose-course")
        }
        let mode = context.form["mode"] ?? "all"
        let session = try await Self.refused {
            try await actions.start(
                courseID: courseID, PracticeRequest(onlyMistakes: mode == "mistakes", onlyDue: mode == "due"), studentID: context.user.id,
                logger: context.logger)
        }
        guard !session.questions.isEmpty else {
            return try await showHome(
                error: context.catalogue.string(Message("practice.nothing-to-practise")), context: context, status: .conflict)
        }
        return PageRenderer.redirect(to: "/practice/\(session.practiceId)?q=1")
    }

    @Sendable func question(_ request: Request, context: PageContext) async throws -> Response {
        let progress = try await load(context)
        let number = request.uri.queryParameters.get("q").flatMap { Int($0) } ?? 1
        return try await show(progress, number: number, context: context)
    }

    /// Checks the answer, then sends the browser to the question's page (POST, redirect, GET),
    /// which shows how it went: a reload shows it again and sends nothing twice.
    @Sendable func answer(_ request: Request, context: PageContext) async throws -> Response {
        let progress = try await load(context)
        let form = try PracticeForm(context.form, questions: progress.session.questions)
        let practiceID = progress.session.practiceId
        let page = PageRenderer.redirect(to: "/practice/\(practiceID)?q=\(form.number)")
        guard progress.outcomes[form.questionID] == nil else { return page }
        guard let given = form.answer, form.badNumber == nil else {
            throw PageFailure.badRequest("practice.give-an-answer")
        }
        do {
            _ = try await actions.answer(PracticeAnswer(given), practiceID: practiceID, studentID: context.user.id, logger: context.logger)
        } catch StudentPracticeActions.Refusal.answered {
            // Answered in another tab meanwhile: its page shows how it went.
        } catch let refusal as StudentPracticeActions.Refusal {
            throw PageFailure(refusal.failure)
        }
        return page
    }

    /// `work`'s answer, its refusal thrown as the page's failure.
    private static func refused<T: Sendable>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let refusal as StudentPracticeActions.Refusal {
            throw PageFailure(refusal.failure)
        }
    }

    private func load(_ context: PageContext) async throws -> PracticeProgress {
        let practiceID = try context.parameters.require("practiceId", as: Int.self)
        return try await Self.refused {
            try await actions.progress(practiceID: practiceID, studentID: context.user.id, logger: context.logger)
        }
    }

    private func show(_ progress: PracticeProgress, number: Int, context: PageContext) async throws -> Response {
        let questions = progress.session.questions
        let index = min(max(number, 1), max(questions.count, 1)) - 1
        let question =
            questions.indices.contains(index)
            ? questions[index] : StudentQuestion(id: 0, kind: .shortAnswer, prompt: "", points: 0, choices: nil)
        let outcome = progress.outcomes[question.id]
        let pictures = try await MediaRepository(pool: actions.practice.pool).sizes(of: [question], logger: context.logger)
        let catalogue = context.catalogue
        let heading = catalogue.string(
            Message("practice.question-title", ["number": .integer(index + 1), "count": .integer(questions.count)]))
        let page = QuestionPage(
            practiceID: progress.session.practiceId, number: index + 1, count: questions.count, heading: heading,
            question: QuestionView(question, number: index + 1, saved: nil, catalogue: catalogue, pictures: pictures),
            answered: outcome != nil,
            feedback: outcome.map { FeedbackView($0, question: question, catalogue: catalogue) }, hasNext: index + 1 < questions.count,
            nextNumber: index + 2)
        return renderer.render("practice-question", title: heading, frame: context.frame, page: page)
    }

    private func showHome(error: String?, context: PageContext, status: HTTPResponse.Status = .ok) async throws -> Response {
        let studentID = context.user.id
        let courses = try await actions.courses(studentID: studentID, logger: context.logger).map {
            HomePage.Course(id: $0.id, name: $0.name)
        }
        let due = try await Self.refused {
            try await actions.due(studentID: studentID, courseID: nil, page: TimePageRequest(limit: 20), logger: context.logger)
        }
        let mistakes = try await Self.refused {
            try await actions.mistakes(studentID: studentID, courseID: nil, page: TimePageRequest(limit: 20), logger: context.logger)
        }
        let catalogue = context.catalogue
        let page = HomePage(
            courses: courses,
            due: due.map {
                HomePage.Item(
                    prompt: $0.item.question.prompt, detail: catalogue.string(Message("practice.due", ["date": .text($0.item.dueDate)])))
            },
            mistakes: mistakes.map {
                HomePage.Item(
                    prompt: $0.item.question.prompt,
                    detail: catalogue.string(
                        $0.item.examTitle.map { Message("practice.in-exam", ["exam": .text($0)]) } ?? Message("practice.in-practice")))
            },
            hasCourses: !courses.isEmpty, hasDue: !due.isEmpty, hasMistakes: !mistakes.isEmpty, error: error)
        let title = catalogue.string(Message("practice.title"))
        return renderer.render("practice", title: title, frame: context.frame, page: page, status: status)
    }
}

extension TimePageRequest {
    /// The first `limit` items.
    init(limit: Int) {
        self.limit = limit
        self.after = nil
    }
}
