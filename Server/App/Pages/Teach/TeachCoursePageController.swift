import ExamPrepRules
import ExamPrepShared
import Foundation
import Hummingbird

/// A faculty member's course as a page: `GET /teach/courses/{courseId}` (details and their
/// form, the code and its rotation, the roster with search), deletion behind a page that names
/// what goes, and per student (`…/students/{userId}`) the accommodation and removal behind a
/// confirmation. Every route runs the API's `FacultyCourseActions`; another's course is 404.
struct TeachCoursePageController {
    let actions: FacultyCourseActions
    let gradeScales: GradeScaleActions
    let renderer: PageRenderer

    func addRoutes(to teachers: RouterGroup<PageContext>) {
        teachers.get("/teach/courses/:courseId", use: show)
        teachers.post("/teach/courses/:courseId", use: edit)
        teachers.post("/teach/courses/:courseId/code", use: newCode)
        teachers.get("/teach/courses/:courseId/delete", use: confirmDelete)
        teachers.post("/teach/courses/:courseId/delete", use: delete)
        teachers.get("/teach/courses/:courseId/students/:userId", use: student)
        teachers.post("/teach/courses/:courseId/students/:userId/accommodation", use: setAccommodation)
        teachers.post("/teach/courses/:courseId/students/:userId/accommodation/remove", use: removeAccommodation)
        teachers.get("/teach/courses/:courseId/students/:userId/remove", use: confirmRemoval)
        teachers.post("/teach/courses/:courseId/students/:userId/remove", use: removeStudent)
    }

    @Sendable func show(_ request: Request, context: PageContext) async throws -> Response {
        // The notice of `?done=` is the frame's (`PageNotice`).
        try await render(TeachCoursePage(course: try await course(context), notice: nil), request: request, context: context)
    }

    @Sendable func edit(_ request: Request, context: PageContext) async throws -> Response {
        let courseID = try Self.id("courseId", context)
        var form = CourseForm(context.form)
        do {
            _ = try await actions.update(
                UpdateCourseRequest(name: form.name, description: form.description, timeZone: form.timeZone), courseID: courseID,
                facultyID: context.user.id, logger: context.logger)
            return PageRenderer.redirect(to: "/teach/courses/\(courseID)?done=saved")
        } catch {
            guard let refusal = FormRefusal(error, context.catalogue) else { throw error }
            form.error = refusal.message
            return try await render(
                TeachCoursePage(course: try await course(context), form: form), request: request, context: context, status: refusal.status)
        }
    }

    @Sendable func newCode(_ request: Request, context: PageContext) async throws -> Response {
        let courseID = try Self.id("courseId", context)
        _ = try await actions.newCode(courseID: courseID, facultyID: context.user.id, logger: context.logger)
        return PageRenderer.redirect(to: "/teach/courses/\(courseID)?done=code")
    }

    @Sendable func confirmDelete(_ request: Request, context: PageContext) async throws -> Response {
        let course = try await course(context)
        let id = course.id ?? 0
        guard let contents = try await actions.courses.contents(courseID: id, facultyID: context.user.id, logger: context.logger) else {
            throw FacultyCourseActions.noSuchCourse(id)
        }
        let catalogue = context.catalogue
        let items = [
            ("teach.delete.enrollments", contents.students), ("teach.delete.exams", contents.exams),
            ("teach.delete.attempts", contents.attempts), ("teach.delete.questions", contents.bankQuestions),
        ].map { key, count in catalogue.string(Message(key, ["count": .integer(count)])) }
        let button = catalogue.string(Message("teach.delete.title", ["name": .text(course.name)]))
        let page = TeachDeletePage(
            id: id, name: course.name, heading: catalogue.string(Message("teach.delete.heading", ["name": .text(course.name)])),
            button: button, items: items)
        return renderer.render("teach-delete", title: button, frame: context.frame, page: page)
    }

    @Sendable func delete(_ request: Request, context: PageContext) async throws -> Response {
        try await actions.delete(courseID: try Self.id("courseId", context), facultyID: context.user.id, logger: context.logger)
        return PageRenderer.redirect(to: "/teach?done=deleted")
    }

    @Sendable func student(_ request: Request, context: PageContext) async throws -> Response {
        // The notice of `?done=` is the frame's (`PageNotice`).
        let page = try await studentPage(context)
        return renderer.render("teach-student", title: page.email, frame: context.frame, page: page)
    }

    @Sendable func setAccommodation(_ request: Request, context: PageContext) async throws -> Response {
        let (courseID, studentID) = (try Self.id("courseId", context), try Self.id("userId", context))
        do {
            let accommodation = Accommodation(
                timeMultiplier: try Self.number(
                    context.form["timeMultiplier"], Message("teach.accommodation.time-multiplier"), Self.decimal),
                extraMinutes: try Self.number(
                    context.form["extraMinutes"], Message("teach.accommodation.extra-minutes-field"), { Int($0) }),
                note: context.form["note"],
                gradeThresholdOffsetPercent: try Self.number(
                    context.form["gradeThresholdOffsetPercent"], Message("grades.offset-field"), { Int($0) }))
            _ = try await actions.setAccommodation(
                accommodation, courseID: courseID, studentID: studentID, facultyID: context.user.id, logger: context.logger)
            return PageRenderer.redirect(to: "/teach/courses/\(courseID)/students/\(studentID)?done=saved")
        } catch {
            guard let refusal = FormRefusal(error, context.catalogue) else { throw error }
            var page = try await studentPage(context)
            page.error = refusal.message
            (page.timeMultiplier, page.extraMinutes) = (context.form["timeMultiplier"] ?? "", context.form["extraMinutes"] ?? "")
            page.note = context.form["note"] ?? ""
            page.gradeOffset = context.form["gradeThresholdOffsetPercent"] ?? ""
            return renderer.render("teach-student", title: page.email, frame: context.frame, page: page, status: refusal.status)
        }
    }

    @Sendable func removeAccommodation(_ request: Request, context: PageContext) async throws -> Response {
        let (courseID, studentID) = (try Self.id("courseId", context), try Self.id("userId", context))
        try await actions.removeAccommodation(courseID: courseID, studentID: studentID, facultyID: context.user.id, logger: context.logger)
        return PageRenderer.redirect(to: "/teach/courses/\(courseID)/students/\(studentID)?done=cleared")
    }

    @Sendable func confirmRemoval(_ request: Request, context: PageContext) async throws -> Response {
        var page = try await studentPage(context)
        page.confirmRemoval = true
        let title = context.catalogue.string(Message("teach.course.remove-title", ["email": .text(page.email)]))
        return renderer.render("teach-student", title: title, frame: context.frame, page: page)
    }

    @Sendable func removeStudent(_ request: Request, context: PageContext) async throws -> Response {
        let (courseID, studentID) = (try Self.id("courseId", context), try Self.id("userId", context))
        try await actions.removeStudent(studentID: studentID, courseID: courseID, facultyID: context.user.id, logger: context.logger)
        return PageRenderer.redirect(to: "/teach/courses/\(courseID)?done=removed")
    }

    // MARK: - Reading

    /// The faculty member's course of the path; 404 for any other.
    private func course(_ context: PageContext) async throws -> Course {
        try await actions.course(try Self.id("courseId", context), facultyID: context.user.id, logger: context.logger)
    }

    private func studentPage(_ context: PageContext) async throws -> TeachStudentPage {
        let course = try await course(context)
        let (courseID, studentID) = (course.id ?? 0, try Self.id("userId", context))
        guard
            let row = try await actions.enrollments.roster(
                courseID: courseID, studentID: studentID, page: PageRequest(limit: 1), logger: context.logger
            ).first
        else {
            throw PageFailure.notFound("teach.course.not-enrolled", ["id": .integer(studentID), "course": .text(course.name)])
        }
        let accommodation = row.student.accommodation
        return TeachStudentPage(
            courseID: courseID, courseName: course.name, studentID: studentID, email: row.student.email,
            enrolled: PageTime.text(row.student.enrolledAt, timeZone: course.timeZone, language: context.language),
            current: TeachCoursePage.describe(accommodation, catalogue: context.catalogue), hasAccommodation: accommodation != nil,
            timeMultiplier: accommodation?.timeMultiplier.map { String($0) } ?? "1",
            extraMinutes: accommodation?.extraMinutes.map(String.init) ?? "0", note: accommodation?.note ?? "",
            gradeOffset: accommodation?.gradeThresholdOffsetPercent.map(String.init) ?? "0")
    }

    /// The course's page with a page of its roster sorted by surname (`?q=` searches names, addresses
    /// and student numbers with or without diacritics, `?after=` skips that many students).
    func render(_ page: TeachCoursePage, request: Request, context: PageContext, status: HTTPResponse.Status = .ok)
        async throws -> Response
    {
        var page = page
        let query = request.uri.queryParameters
        let search = query.get("q").map { String($0.prefix(254)) }.flatMap { $0.isEmpty ? nil : $0 }
        let paging = PageRequest(limit: PageRequest.maxLimit, after: query.get("after").flatMap { Int($0) })
        let rows = try await actions.enrollments.roster(
            courseID: page.id, search: search, order: .surname, page: paging, logger: context.logger)
        let offset = paging.after ?? 0
        let (items, more) = paging.page(rows, key: \.enrollmentID)
        let nextAfter = more.map { _ in offset + items.count }
        page.search = search ?? ""
        page.searched = search != nil
        page.enrolled = context.catalogue.string(Message("teach.course.enrolled", ["count": .integer(page.studentCount)]))
        page.roster = items.map {
            TeachCoursePage.Student(
                id: $0.student.userId, label: PersonLabel.of(name: $0.student.name, email: $0.student.email), email: $0.student.email,
                name: $0.student.name ?? "", number: $0.student.studentNumber ?? "",
                enrolled: PageTime.text($0.student.enrolledAt, timeZone: page.form.timeZone, language: context.language),
                accommodation: TeachCoursePage.describe($0.student.accommodation, catalogue: context.catalogue))
        }
        page.hasRoster = !items.isEmpty
        if page.gradeScale == nil,
            case .scale(let scale) = try await gradeScales.scale(courseID: page.id, facultyID: context.user.id, logger: context.logger)
        {
            page.gradeScale = TeachGradeScaleForm(scale, catalogue: context.catalogue)
        }
        page.nextPage = nextAfter.map { after in
            var link = "/teach/courses/\(page.id)?after=\(after)"
            if let search, let encoded = search.addingPercentEncoding(withAllowedCharacters: .uriUnreserved) { link += "&q=\(encoded)" }
            return link
        }
        return renderer.render("teach-course", title: page.name, frame: context.frame, page: page, status: status)
    }

    static func id(_ name: String, _ context: PageContext) throws -> Int {
        guard let id = context.parameters.get(name).flatMap({ Int($0) }) else {
            throw PageFailure.notFound("teach.no-such-item")
        }
        return id
    }

    /// An optional number field: empty is absent, anything else must read as a number (refused
    /// naming `field` as the form labels it).
    static func number<T>(_ raw: String?, _ field: Message, _ parse: (String) -> T?) throws -> T? {
        guard let raw = raw?.trimmingCharacters(in: .whitespaces), !raw.isEmpty else { return nil }
        guard let value = parse(raw) else { throw InvalidInput("teach.not-a-number", ["field": .message(field)]) }
        return value
    }

    /// A decimal as a teacher types it in either language: "1.5" or "1,5" (a decimal comma),
    /// "-2", "3"; nil for anything else ("1,5,0", "1e3", "１.５", "inf"), so `number` refuses it
    /// naming the field. The one reading of decimal fields on the teachers' pages.
    static func decimal(_ raw: String) -> Double? {
        let scalars = Array(raw.unicodeScalars)
        let body = scalars.first == "-" || scalars.first == "+" ? scalars.dropFirst() : scalars[...]
        let separators = body.indices.filter { body[$0] == "." || body[$0] == "," }
        guard let first = body.first, let last = body.last, body.count <= 32, separators.count <= 1,
            ![".", ","].contains(first), ![".", ","].contains(last),
            body.allSatisfy({ ("0"..."9").contains($0) || $0 == "." || $0 == "," })
        else { return nil }
        return Double(String(String.UnicodeScalarView(scalars.map { $0 == "," ? "." : $0 })))
    }
}
