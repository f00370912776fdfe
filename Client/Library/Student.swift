import ExamPrepShared
import Observation

/// A student's enrolled courses and the public catalogue.
@Observable
@MainActor
public final class Student {
    /// The courses the signed-in student is enrolled in.
    public private(set) var enrolledCourses: [EnrolledCourse] = []
    /// Every course on offer (no codes: those come from the faculty member).
    public private(set) var catalogue: [CatalogueCourse] = []

    @ObservationIgnored private let session: SessionManager
    @ObservationIgnored private var subscription: EventSubscription?

    public init(session: SessionManager) {
        self.session = session
        subscription = EventSubscription(session) { [weak self] event in
            // Only if nobody has signed in since: events arrive a moment late.
            if event == .signedOut || event == .sessionExpired, session.currentSession == nil { self?.enrolledCourses = [] }
        }
    }

    /// `GET /api/students/courses`.
    @discardableResult
    public func load() async throws -> [EnrolledCourse] {
        let loaded = try await session.sendAll(.enrolledCourses)
        enrolledCourses = loaded
        return loaded
    }

    /// `POST /api/students/courses/enroll` with a course code (any case).
    @discardableResult
    public func enroll(code: String) async throws -> Enrollment {
        let response = try await session.send(.enroll(EnrollRequest(courseCode: code)))
        let course = response.enrollment.course
        enrolledCourses.removeAll { $0.id == course.id }
        enrolledCourses.append(course)
        return response.enrollment
    }

    /// `GET /api/courses`: public, no sign-in needed.
    @discardableResult
    public func loadCatalogue() async throws -> [CatalogueCourse] {
        let loaded = try await session.sendAll(.catalogue)
        catalogue = loaded
        return loaded
    }
}
