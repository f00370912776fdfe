import Foundation

/// `GET /api/students/course-invitations`: a course a teacher's class list invited the
/// student into. Accepting it (`POST …/{courseId}/accept`) enrolls them; declining
/// (`DELETE …/{courseId}`) forgets it. A class list never enrolls an account that exists.
public struct CourseInvitation: Codable, Sendable, Hashable, Identifiable {
    public var courseId: Int
    public var courseName: String
    /// The inviting teacher's name, or address when they gave no name (nil: the account is gone).
    public var invitedBy: String?
    public var invitedAt: Date

    public var id: Int { courseId }

    public init(courseId: Int, courseName: String, invitedBy: String?, invitedAt: Date) {
        self.courseId = courseId
        self.courseName = courseName
        self.invitedBy = invitedBy
        self.invitedAt = invitedAt
    }
}
