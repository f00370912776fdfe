import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Mustache
import Testing

@testable import ExamPrepServer

/// Templates drawn with their real page models: each gives its `<main>` and no `{{`, and every
/// name a template (with its partials and layout) looks up is answered by its model. Models
/// that answer by name (`MustacheParent`) list their names by hand; a name left out of such a
/// list draws nothing, silently (an essay's text area did so once): the walk below finds it.
@Suite("Template rendering", .hangGuard)
struct TemplateRenderTests {
    // MARK: The pages

    /// The size of the pages' picture (id 5).
    static let pictures = PictureSizes(sizes: [5: PictureSizes.Size(width: 40, height: 30)])

    /// An attempt with one question of every kind, answered, with a deadline and an error shown.
    static func attempt() -> StudentAttempt {
        let picture = QuestionImage(mediaId: 5, alt: hostile)
        let choices = [Choice(id: "a", text: hostile, image: picture), Choice(id: "b", text: "b")]
        let questions: [StudentQuestion] = [
            StudentQuestion(id: 1, kind: .singleChoice, prompt: hostile, points: 1, choices: choices, image: picture),
            StudentQuestion(id: 2, kind: .multipleChoice, prompt: hostile, points: 2, choices: choices),
            StudentQuestion(id: 3, kind: .trueFalse, prompt: hostile, points: 1, choices: nil),
            StudentQuestion(id: 4, kind: .shortAnswer, prompt: hostile, points: 1, choices: nil),
            StudentQuestion(id: 5, kind: .numerical, prompt: hostile, points: 1, choices: nil),
            StudentQuestion(id: 6, kind: .matching, prompt: hostile, points: 2, choices: nil, items: choices, options: choices),
            StudentQuestion(id: 7, kind: .essay, prompt: hostile, points: 5, choices: nil),
            StudentQuestion(id: 8, kind: .description, prompt: hostile, points: 0, choices: nil),
        ]
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        return StudentAttempt(
            attemptId: 9, examId: 3, title: hostile, instructions: hostile, number: 1, startedAt: start,
            deadline: start.addingTimeInterval(3600), submittedAt: nil, questions: questions, answers: [], result: nil,
            timeLimitMinutes: 60)
    }

    @Test("the attempt page draws each kind of question with every name its models list")
    func attemptPage() throws {
        let attempt = Self.attempt()
        let kinds = [
            "single", "multiple", "truefalse", "text", "number", "matching", "essay",
        ]
        let pages = (1...attempt.questions.count).map { number in
            var page = AttemptPage(
                attempt: attempt, number: number, flags: [2], now: attempt.startedAt, catalogue: Catalogue.of(.pl), error: Self.hostile,
                pictures: Self.pictures)
            // One place per attempt: the page's links, its form and "Move it here" carry the place.
            page.carry(AttemptPlaceLinks(place: "place-" + String(repeating: "p", count: 26)))
            return page
        }
        let drawn = try Self.draw("attempt", pages)
        for (html, kind) in zip(drawn, kinds) {
            #expect(html.contains("data-kind=\"\(kind)\""), "the \(kind) question")
        }
        #expect(drawn.last?.contains("<section class=\"description\"") == true)
        #expect(drawn.dropFirst(6).first?.contains("<textarea") == true, "an essay is a text area")
    }

    @Test("the sign-in page and the error page draw every name they look up")
    func signInAndError() throws {
        try Self.draw(
            "login",
            [
                SignInPageController.LoginForm(
                    email: Self.hostile, next: Self.hostile, error: Self.hostile, notice: Self.hostile, inLine: Self.hostile,
                    schoolButton: Self.hostile, schoolStart: Self.hostile)
            ])
        try Self.draw("error", [PageErrorMiddleware.ErrorPage(message: Self.hostile, status: 404)])
    }

    @Test("the registration, recovery and sign-in link pages draw every name they look up")
    func signedOutPages() throws {
        let text = Self.hostile
        try Self.draw("register", [SignInPageController.RegisterForm(email: text, error: text, inLine: text)])
        try Self.draw("forgot", [RecoveryPageController.ForgotForm(email: text, error: text, notice: text)])
        try Self.draw(
            "choose-password",
            [RecoveryPageController.PasswordForm(action: "/reset/x", heading: text, intro: text, button: text, error: text)])
        try Self.draw("sign-in-link", [SignInLinkPageController.LinkPage(heading: text, continuePath: "/link/x", message: text)])
    }

    @Test("a student's grades page draws every name it looks up, with rows and grades and without")
    func gradesPage() throws {
        let text = Self.hostile
        typealias Grades = GradesPageController.GradesPage
        let row = Grades.Row(title: text, attemptID: 4, score: text, submitted: text, grade: text)
        let drawn = try Self.draw(
            "grades", [Grades(rows: [row], hasRows: true, showsGrades: true), Grades(rows: [], hasRows: false, showsGrades: false)])
        #expect(drawn.first?.contains("href=\"/attempts/4\"") == true)
    }

    @Test("a student's course and exam pages draw every name they look up")
    func studentPages() throws {
        let text = Self.hostile
        typealias Courses = CoursePageController.CoursesPage
        let courses = Courses(
            courses: [Courses.Row(id: 1, name: text, description: text)],
            invitations: [Courses.Invitation(courseID: 2, courseName: text, invitedBy: text, acceptLabel: text, declineLabel: text)],
            hasInvitations: true, courseCode: text, error: text, notice: text, hasCourses: true)
        try Self.draw("courses", [courses])
        let exam = CoursePageController.ExamRow(id: 3, title: text, facts: text, state: text, canOpen: true)
        try Self.draw(
            "course",
            [
                CoursePageController.CoursePage(
                    name: text, description: text, timeZoneNote: text, exams: [exam], notice: text, hasExams: true)
            ])
        let start = ExamPageController.StartPage(
            examID: 3, title: text, instructions: text, hasInstructions: true, courseID: 1, courseName: text, rules: [text],
            state: text, canStart: true, isContinue: false, error: text, startingAtOnce: text)
        try Self.draw(
            "exam",
            [
                start,
                {
                    var again = start
                    again.isContinue = true
                    return again
                }(),
            ])
        try Self.draw("exam-in-line", [ExamPageController.InLinePage(examID: 3, inLine: text, startingAtOnce: text)])
    }

    @Test("the account and practice pages draw every name they look up")
    func accountAndPractice() throws {
        let text = Self.hostile
        typealias Account = AccountPageController.AccountPage
        try Self.draw(
            "account",
            [
                Account(
                    email: text, name: text, nameError: text,
                    sessions: [Account.Row(id: "s", device: text, opened: text, lastUsed: text, current: true, endSession: text)],
                    languages: [Account.LanguageOption(code: "pl", lang: "pl", name: text, selected: true)], error: text, notice: text)
            ])
        typealias Home = PracticePageController.HomePage
        let item = Home.Item(prompt: text, detail: text)
        try Self.draw(
            "practice",
            [
                Home(
                    courses: [Home.Course(id: 1, name: text)], due: [item], mistakes: [item], hasCourses: true, hasDue: true,
                    hasMistakes: true, error: text)
            ])
        let attempt = Self.attempt()
        let outcome = PracticeProgress.Outcome(correct: false, points: 0.5, feedback: text, rightAnswer: .text("a"), dueDate: text)
        let pages = attempt.questions.enumerated().map { index, question in
            PracticePageController.QuestionPage(
                practiceID: 4, number: index + 1, count: attempt.questions.count, heading: text,
                question: QuestionView(question, number: index + 1, saved: nil, catalogue: Catalogue.of(.pl), pictures: Self.pictures),
                answered: true,
                feedback: PracticePageController.FeedbackView(outcome, question: question, catalogue: Catalogue.of(.pl)),
                hasNext: true, nextNumber: index + 2)
        }
        // The question's inputs, shared with the attempt page, mark a number invalid by its
        // `page.error`; practice has no such error.
        try Self.draw("practice-question", pages, absent: ["error"])
    }

    @Test("the bank page (its models answer by name) and the exam hour's live page draw every name they look up")
    func bankAndLive() throws {
        let text = Self.hostile
        let catalogue = Catalogue.of(.pl)
        typealias Bank = TeachBankPage
        let leaf = Bank.Topic(name: text, link: "/t", count: 1, current: true, children: [], hasChildren: false)
        let window = ListWindow(count: 500, limit: 200, start: 200)
        func more(_ key: String) -> Bank.More? { Bank.More(window, here: "/b", parameter: "from", summary: key, catalogue: catalogue) }
        let bank = Bank(
            courseID: 1, courseName: text,
            topics: [Bank.Topic(name: text, link: "/t", count: 2, current: false, children: [leaf], hasChildren: true)],
            moreTopics: more("bank.topics-window"), untopical: text,
            tags: [Bank.Tag(name: text, link: "/g", count: 1, current: true)], hasTags: true, moreTags: more("bank.tags-window"),
            topic: text, tag: text, search: text, filter: text, openFilter: text, closeFilter: text, download: text,
            rows: [
                Bank.Row(
                    id: 1, title: text, kind: text, topic: text, tags: text, points: 1, practice: true,
                    thumbnail: PictureView(QuestionImage(mediaId: 5, alt: text), sizes: Self.pictures))
            ], hasRows: true,
            nextPage: "/n", exportPath: "/e", notice: text, uploadError: text)
        try Self.draw("teach-bank", [bank])
        let counts = TeachLivePage.Counts(
            FacultyAttemptRepository.LiveCounts(students: 3, running: 2, submitted: 1, flagged: 1), updated: text, catalogue: catalogue)
        let row = TeachLivePage.Row(
            id: 5, student: text, number: 1, state: text, started: text, lastSave: text, timeLeft: text, flags: 1, extended: text,
            focusPeriods: text, moves: text)
        let live = TeachLivePage(
            examID: 3, courseID: 1, courseName: text, title: text, heading: text, counts: counts, rows: [row], hasRows: true,
            here: "/h", fragment: "/f", nextPage: "/n", firstPage: "/1", notice: text, error: text)
        try Self.draw("teach-live", [live])
    }

    @Test("the school sign-in page and an attempt's log draw every name they look up")
    func schoolSignInAndAttemptLog() throws {
        let text = Self.hostile
        try Self.draw(
            "school-sign-in",
            [
                SchoolSignInPage(
                    heading: text, message: text, explanation: text, held: text, continuePath: "/c", retryPath: "/r",
                    showPasswordSignIn: true)
            ])
        // An attempt extended, and one not (its `extended` empty, which says so).
        let pages = [text, ""].map { extended in
            TeachAttemptPage(
                id: 5, examID: 3, examTitle: text, heading: text,
                row: TeachLivePage.Row(
                    id: 5, student: text, number: 1, state: text, started: text, lastSave: text, timeLeft: text, flags: 1,
                    extended: extended),
                events: [.init(at: text, kind: text, detail: text)], hasEvents: true, nextPage: "/n", canExtend: true, notice: text,
                error: text, focus: [.init(left: text, back: text, length: text)], hasFocus: true, focusDropped: text)
        }
        let drawn = try Self.draw("teach-attempt", pages)
        let notExtended = try #require(Catalogue.of(.pl).text("results.attempt.not-extended"))
        #expect(drawn.map { Self.holds($0, "<dd>\(HTMLEscaping.escape(notExtended))</dd>") } == [false, true])
    }

    @Test("the check finds a name a model that answers by name leaves out")
    func theWalkFindsALeftOutName() throws {
        struct Listing: MustacheParent, Sendable {
            var shown = "x"
            var leftOut = true
            func child(named name: String) -> Any? { name == "shown" ? shown : nil }
        }
        let wanted: Set<String> = ["shown", "leftOut"]
        #expect(Self.namesAnswered(by: Listing(), asking: wanted) == ["shown"])
        struct Reflected: Sendable { var shown = "x" }
        #expect(Self.namesAnswered(by: [Reflected()], asking: wanted) == ["shown"])
    }
}
