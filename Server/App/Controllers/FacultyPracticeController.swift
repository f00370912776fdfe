import ExamPrepShared
import Foundation
import Hummingbird

/// `POST /api/faculty/courses/{courseId}/questions/practice`: the course's faculty member
/// opens bank questions for practice (or closes them), a topic and its tags at a time or by
/// id. Another's course is 404. Opening questions that an open exam can show (drawn, or as its own) says how many
/// of them students will not see until that exam is over.
struct FacultyPracticeController {
    let actions: FacultyQuestionActions

    func addRoutes(to group: RouterGroup<AuthenticatedContext>) {
        let faculty = group.group().add(middleware: RequireRole(.faculty))
        faculty.post(RouterPath(APIPaths.practiceQuestions.pattern), use: mark)
    }

    @Sendable func mark(_ request: Request, context: AuthenticatedContext) async throws -> PracticeMarkingResult {
        let courseID = try context.parameters.require("courseId", as: Int.self)
        let body = try await request.decode(as: PracticeMarking.self, context: context)
        let marked = try await actions.markPractice(body, courseID: courseID, facultyID: context.user.id, logger: context.logger)
        return PracticeMarkingResult(changed: marked.changed, heldBack: body.practice ? marked.heldBack : nil)
    }
}
