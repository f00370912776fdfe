import ExamPrepExams
import ExamPrepRules
import ExamPrepShared
import Foundation
import Hummingbird

/// `GET /courses` (a student's courses, the invitations of class lists and the enroll form),
/// `POST /courses` (enroll with a code), `POST /courses/invitations/{courseId}/accept` and
/// `…/decline`, and `GET /courses/{courseId}` (the course's exams, with what each allows now).
struct CoursePageController {
    let actions: StudentCourseActions
    let renderer: PageRenderer

    func addRoutes(to pages: RouterGroup<PageContext>) {
        pages.get("/courses", use: courses)
        pages.post("/courses", use: enroll)
        pages.post("/courses/invitations/:courseId/accept", use: acceptInvitation)
        pages.post("/courses/invitations/:courseId/decline", use: declineInvitation)
        pages.get("/courses/:courseId", use: course)
    }

    struct CoursesPage: Sendable {
        struct Row: Sendable {
            var id: Int
            var name: String
            var description: String
        }
        struct Invitation: Sendable {
            var courseID: Int
            var courseName: String
            /// "Invited by …", when the invitation names who.
            var invitedBy: String?
            var acceptLabel: String
            var declineLabel: String
        }
        var courses: [Row] {
            didSet { hasCourses = !courses.isEmpty }
        }
        var invitations: [Invitation] = [] {
            didSet { hasInvitations = !invitations.isEmpty }
        }
        var hasInvitations = false
        var courseCode = ""
        var error: String?
        var notice: String?
        /// Stored: templates read stored properties only.
        var hasCourses = false
    }

    struct CoursePage: Sendable {
        var name: String
        var description: String
        var timeZoneNote: String
        var exams: [ExamRow]
        var notice: String?
        var hasExams: Bool
    }

    /// One exam in a list: its rules in a line and what the student may do now.
    struct ExamRow: Sendable {
        var id: Int
        var title: String
        var facts: String
        var state: String
        var canOpen: Bool
    }

    @Sendable func courses(_ request: Request, context: PageContext) async throws -> Response {
        // The notice of `?done=` is the frame's (`PageNotice`).
        try await show(CoursesPage(courses: []), context: context)
    }

    @Sendable func enroll(_ request: Request, context: PageContext) async throws -> Response {
        let raw = context.form["courseCode"] ?? ""
        var page = CoursesPage(courses: [], courseCode: String(raw.prefix(20)))
        do {
            let enrolled = try await actions.enroll(
                code: raw, studentID: context.user.id, clientAddress: context.clientAddress, logger: context.logger)
            return PageRenderer.redirect(to: "/courses/\(enrolled.course.id)?done=enrolled")
        } catch let invalid as InvalidInput {
            page.error = context.catalogue.string(invalid.message)
            return try await show(page, context: context, status: .badRequest)
        } catch let refusal as StudentCourseActions.Refusal {
            page.error = context.catalogue.string(refusal.message)
            return try await show(page, context: context, status: refusal.failure.status)
        }
    }

    /// Joins the course a class list invited the student into.
    @Sendable func acceptInvitation(_ request: Request, context: PageContext) async throws -> Response {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        do {
            let enrolled = try await actions.accept(courseID: courseID, studentID: context.user.id, logger: context.logger)
            return PageRenderer.redirect(to: "/courses/\(enrolled.course.id)?done=enrolled")
        } catch StudentCourseActions.Refusal.alreadyIn {
            return PageRenderer.redirect(to: "/courses/\(courseID)")
        } catch let refusal as StudentCourseActions.Refusal {
            throw PageFailure(refusal.failure)
        }
    }

    @Sendable func declineInvitation(_ request: Request, context: PageContext) async throws -> Response {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        try await Self.refused { try await actions.decline(courseID: courseID, studentID: context.user.id, logger: context.logger) }
        return PageRenderer.redirect(to: "/courses?done=declined")
    }

    @Sendable func course(_ request: Request, context: PageContext) async throws -> Response {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let (course, exams) = try await Self.refused {
            try await actions.course(courseID, studentID: context.user.id, logger: context.logger)
        }
        let catalogue = context.catalogue
        let page = CoursePage(
            name: course.name, description: course.description,
            timeZoneNote: catalogue.string(Message("student.time-zone-note", ["zone": .text(course.timeZone)])),
            exams: exams.map { Self.row($0.exam, standing: $0.standing, language: context.language) },
            notice: PageNotice.sentence(for: context.path, catalogue: catalogue, values: ["course": .text(course.name)]),
            hasExams: !exams.isEmpty)
        return renderer.render("course", title: course.name, frame: context.frame, page: page)
    }

    /// `work`'s answer, its refusal thrown as the page's failure.
    private static func refused<T: Sendable>(_ work: () async throws -> T) async throws -> T {
        do {
            return try await work()
        } catch let refusal as StudentCourseActions.Refusal {
            throw PageFailure(refusal.failure)
        }
    }

    static func row(_ exam: StudentExamSnapshots.Listed, standing: ExamStanding, language: Language) -> ExamRow {
        let terms = standing.terms
        let catalogue = Catalogue.of(language)
        var facts = [catalogue.string(Message("student.questions", ["count": .integer(exam.questionCount)]))]
        if let limit = PageTime.limit(terms.timeLimitMinutes, base: terms.baseTimeLimitMinutes, language: language) { facts.append(limit) }
        facts.append(
            catalogue.string(
                Message("student.attempts-used", ["used": .integer(standing.attemptsUsed), "count": .integer(terms.maxAttempts)])))
        return ExamRow(
            id: exam.snapshot.examID, title: exam.snapshot.title, facts: facts.joined(separator: " · "),
            state: ExamPageController.describe(standing.decision, snapshot: exam.snapshot, language: language), canOpen: true)
    }

    private func show(_ page: CoursesPage, context: PageContext, status: HTTPResponse.Status = .ok) async throws -> Response {
        var page = page
        page.courses = try await actions.courses(studentID: context.user.id, logger: context.logger).map {
            CoursesPage.Row(id: $0.course.id, name: $0.course.name, description: $0.course.description)
        }
        page.invitations = try await actions.invitations(studentID: context.user.id, logger: context.logger).map {
            Self.invitation($0, context.catalogue)
        }
        return renderer.render(
            "courses", title: context.catalogue.string(Message("layout.my-courses")), frame: context.frame, page: page, status: status)
    }

    private static func invitation(_ invitation: CourseInvitation, _ catalogue: Catalogue) -> CoursesPage.Invitation {
        let course: MessageValue = .text(invitation.courseName)
        return CoursesPage.Invitation(
            courseID: invitation.courseId, courseName: invitation.courseName,
            invitedBy: invitation.invitedBy.map { catalogue.string(Message("student.invited-by", ["name": .text($0)])) },
            acceptLabel: catalogue.string(Message("student.accept-invitation-to", ["course": course])),
            declineLabel: catalogue.string(Message("student.decline-invitation-to", ["course": course])))
    }
}
