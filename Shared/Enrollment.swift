import Foundation

/// A course a student is enrolled in (`GET /api/students/courses`).
public struct EnrolledCourse: Codable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var name: String
    public var description: String
    public var courseCode: String
    public var facultyId: Int
    public var enrollmentDate: Date
    /// The IANA time zone in which the course's deadlines are read.
    public var timeZone: String

    public init(
        id: Int, name: String, description: String, courseCode: String, facultyId: Int, enrollmentDate: Date, timeZone: String = "UTC"
    ) {
        self.id = id
        self.name = name
        self.description = description
        self.courseCode = courseCode
        self.facultyId = facultyId
        self.enrollmentDate = enrollmentDate
        self.timeZone = timeZone
    }
}

/// `POST /api/students/courses/enroll`: the code is matched regardless of case.
public struct EnrollRequest: Codable, Sendable, Hashable {
    public var courseCode: String

    public init(courseCode: String) { self.courseCode = courseCode }
}

/// One enrollment: which course, since when.
public struct Enrollment: Codable, Sendable, Hashable, Identifiable {
    public var id: Int
    public var course: EnrolledCourse
    public var enrollmentDate: Date

    public init(id: Int, course: EnrolledCourse, enrollmentDate: Date) {
        self.id = id
        self.course = course
        self.enrollmentDate = enrollmentDate
    }
}

/// `201` answer to `POST /api/students/courses/enroll`.
public struct EnrollResponse: Codable, Sendable, Hashable {
    public var success: Bool
    public var enrollment: Enrollment

    public init(success: Bool = true, enrollment: Enrollment) {
        self.success = success
        self.enrollment = enrollment
    }
}
