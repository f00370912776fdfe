import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

/// A parameterised path is written once (as OpenAPI spells it); the client's paths and the
/// router's patterns both come from it.
@Suite("Route paths", .hangGuard)
struct APIRouteTests {
    @Test func aRouteFillsItsParametersInOrderAndGivesTheRoutersPattern() {
        #expect(APIPaths.rosterStudent.template == "/api/faculty/courses/{courseId}/students/{userId}")
        #expect(APIPaths.rosterStudent(3, 14) == "/api/faculty/courses/3/students/14")
        #expect(APIPaths.rosterStudent.pattern == "/api/faculty/courses/:courseId/students/:userId")
        #expect(APIPaths.rosterStudent.parameters == ["courseId", "userId"])
        #expect(APIPaths.submitAttempt(9) == "/api/students/attempts/9/submit")
        let session = UUID(uuidString: "0A1B2C3D-0000-4000-8000-000000000001")!
        #expect(APIPaths.meSession(session) == "/api/me/sessions/0a1b2c3d-0000-4000-8000-000000000001")
        // Too few values leave the template's segment rather than trap.
        #expect(APIPaths.rosterStudent(3) == "/api/faculty/courses/3/students/{userId}")
    }
}
