import Foundation

/// A course as its faculty member sees it (`GET /api/faculty/courses`): with its code and
/// the number of enrolled students. `id` is optional as in the first version's client.
public struct Course: Codable, Sendable, Hashable, Identifiable {
    public var id: Int?
    public var name: String
    public var description: String
    public var courseCode: String
    public var userId: Int
    public var enrollmentCount: Int
    /// The IANA time zone in which the course's people read its deadlines ("Europe/Warsaw");
    /// every time on the wire stays UTC.
    public var timeZone: String

    public init(
        id: Int?, name: String, description: String, courseCode: String, userId: Int, enrollmentCount: Int, timeZone: String = "UTC"
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.courseCode = courseCode
        self.userId = userId
        self.enrollmentCount = enrollmentCount
        self.timeZone = timeZone
    }
}

/// A public catalogue entry (`GET /api/courses`): never the course code.
public struct CatalogueCourse: Codable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var name: String
    public var description: String
    public var facultyId: Int

    public init(id: Int, name: String, description: String, facultyId: Int) {
        self.id = id
        self.name = name
        self.description = description
        self.facultyId = facultyId
    }
}

/// `POST /api/faculty/courses`.
public struct CreateCourseRequest: Codable, Sendable, Hashable {
    public var name: String
    public var description: String
    /// An IANA time zone name (default: the server's `DEFAULT_TIME_ZONE`).
    public var timeZone: String?

    public init(name: String, description: String, timeZone: String? = nil) {
        self.name = name
        self.description = description
        self.timeZone = timeZone
    }
}

/// `201` answer to `POST /api/faculty/courses`.
public struct CreateCourseResponse: Codable, Sendable, Hashable {
    public var success: Bool
    public var course: Course

    public init(success: Bool = true, course: Course) {
        self.success = success
        self.course = course
    }
}
