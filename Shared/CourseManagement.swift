import Foundation

/// `PATCH /api/faculty/courses/{courseId}`: the fields to change; absent ones stay. A field
/// sent as `null` is refused (a course always has a name and a description).
public struct UpdateCourseRequest: Codable, Sendable, Hashable {
    public var name: String?
    public var description: String?
    /// An IANA time zone name.
    public var timeZone: String?

    public init(name: String? = nil, description: String? = nil, timeZone: String? = nil) {
        self.name = name
        self.description = description
        self.timeZone = timeZone
    }

    private enum CodingKeys: String, CodingKey {
        case name, description, timeZone
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try Self.decodeUnlessAbsent(container, .name)
        description = try Self.decodeUnlessAbsent(container, .description)
        timeZone = try Self.decodeUnlessAbsent(container, .timeZone)
    }

    private static func decodeUnlessAbsent(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> String? {
        guard container.contains(key) else { return nil }
        return try container.decode(String.self, forKey: key)
    }
}

/// One student on a course's roster (`GET /api/faculty/courses/{courseId}/students`).
public struct RosterEntry: Codable, Sendable, Hashable, Identifiable {
    /// The student's user id.
    public var id: Int
    public var email: String
    public var enrollmentDate: Date

    public init(id: Int, email: String, enrollmentDate: Date) {
        self.id = id
        self.email = email
        self.enrollmentDate = enrollmentDate
    }
}

/// One student on a course's class list (`GET /api/faculty/courses/{courseId}/roster`): the
/// user id that accommodations and overrides name, the name and student number a class list
/// gave (when one did), and the student's extra time in the course when they have some.
public struct CourseRosterStudent: Codable, Sendable, Hashable, Identifiable {
    public var userId: Int
    public var email: String
    public var name: String?
    public var studentNumber: String?
    public var enrolledAt: Date
    public var accommodation: Accommodation?

    public var id: Int { userId }

    public init(
        userId: Int, email: String, name: String? = nil, studentNumber: String? = nil, enrolledAt: Date, accommodation: Accommodation? = nil
    ) {
        self.userId = userId
        self.email = email
        self.name = name
        self.studentNumber = studentNumber
        self.enrolledAt = enrolledAt
        self.accommodation = accommodation
    }
}
