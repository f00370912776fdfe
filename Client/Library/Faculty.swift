import ExamPrepShared
import Observation

/// A faculty member's courses.
@Observable
@MainActor
public final class Faculty {
    /// The signed-in faculty member's courses, with codes and enrollment counts.
    public private(set) var courses: [Course] = []

    @ObservationIgnored private let session: SessionManager
    @ObservationIgnored private var subscription: EventSubscription?

    public init(session: SessionManager) {
        self.session = session
        subscription = EventSubscription(session) { [weak self] event in
            // Only if nobody has signed in since: events arrive a moment late.
            if event == .signedOut || event == .sessionExpired, session.currentSession == nil { self?.courses = [] }
        }
    }

    /// `GET /api/faculty/courses`.
    @discardableResult
    public func load() async throws -> [Course] {
        let loaded = try await session.sendAll(.facultyCourses)
        courses = loaded
        return loaded
    }

    /// `POST /api/faculty/courses`: the new course, with the code students enroll with.
    @discardableResult
    public func create(name: String, description: String) async throws -> Course {
        let response = try await session.send(.createCourse(CreateCourseRequest(name: name, description: description)))
        courses.append(response.course)
        return response.course
    }
}
