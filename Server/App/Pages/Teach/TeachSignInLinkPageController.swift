import ExamPrepShared
import Foundation
import Hummingbird

/// `POST /teach/courses/{courseId}/students/{userId}/sign-in-link`: **Make a sign-in link**
/// on a student's page, for a school without mail: the one-time link that sets the password of
/// an account the teacher's class list made, shown once with when it stops working (in the
/// course's zone), for the teacher to hand over. The API's rule (`StudentLinks`): a student of
/// another course, a staff account or a student's own account is refused (404), as are posts
/// past the teacher's limit (429).
struct TeachSignInLinkPageController {
    let courses: FacultyCourseActions
    let links: StudentLinks
    let renderer: PageRenderer

    func addRoutes(to teachers: RouterGroup<PageContext>) {
        teachers.post("/teach/courses/:courseId/students/:userId/sign-in-link", use: make)
    }

    /// What `teach-sign-in-link.mustache` shows.
    struct LinkPage: Sendable {
        var courseID: Int
        var courseName: String
        var studentID: Int
        var url: String
        /// "Give it to the student yourself…, until …".
        var intro: String
    }

    @Sendable func make(_ request: Request, context: PageContext) async throws -> Response {
        let courseID = try TeachCoursePageController.id("courseId", context)
        let studentID = try TeachCoursePageController.id("userId", context)
        let link = try await links.make(
            courseID: courseID, studentID: studentID, teacherID: context.user.id, clientAddress: context.clientAddress,
            logger: context.logger)
        let course = try await courses.course(courseID, facultyID: context.user.id, logger: context.logger)
        let catalogue = context.catalogue
        let until = PageTime.text(link.expiresAt, timeZone: course.timeZone, language: context.language)
        let page = LinkPage(
            courseID: courseID, courseName: course.name, studentID: studentID, url: link.url,
            intro: catalogue.string(Message("student-link.intro", ["until": .text(until)])))
        return renderer.render(
            "teach-sign-in-link", title: catalogue.string(Message("student-link.heading")), frame: context.frame, page: page,
            status: .created)
    }
}
