/// The routes of a school's accounts (issue 40).
extension APIPaths {
    /// `GET /api/admin/users?role=&q=`: accounts, paged.
    public static let adminUsers = "/api/admin/users"
    /// `POST /api/admin/users/{userId}/disable`: every session of the account ends.
    public static let disableUser = APIRoute("/api/admin/users/{userId}/disable")
    /// `POST /api/admin/users/{userId}/enable`.
    public static let enableUser = APIRoute("/api/admin/users/{userId}/enable")
    /// `POST /api/admin/users/{userId}/password-reset-link`: a one-time link (1 hour).
    public static let adminResetLink = APIRoute("/api/admin/users/{userId}/password-reset-link")
    /// `GET`, `POST /api/admin/invitations`.
    public static let adminInvitations = "/api/admin/invitations"
    /// `DELETE /api/admin/invitations/{invitationId}`: revoke.
    public static let adminInvitation = APIRoute("/api/admin/invitations/{invitationId}")
    /// `POST /api/admin/courses/{courseId}/roster/import`: a class list (`text/csv`) into any
    /// course, as `classListImport` does for the course's teacher; audited.
    public static let adminClassListImport = APIRoute("/api/admin/courses/{courseId}/roster/import")
    /// `GET /api/admin/audit`: what admins did.
    public static let adminAudit = "/api/admin/audit"
    /// `POST /api/invitations/{token}`: accept an invitation with a password.
    public static let acceptInvitation = APIRoute("/api/invitations/{token}")
    /// `POST …/students/{userId}/password-reset-link`: a teacher's link for an enrolled student.
    public static let studentResetLink = rosterStudent.appending("/password-reset-link")
    /// `POST /api/password-reset`: mail a reset link (200 whether or not the account exists).
    public static let passwordReset = "/api/password-reset"
    /// `POST /api/password-reset/{token}`: set a new password with a reset link's token.
    public static let completePasswordReset = APIRoute("/api/password-reset/{token}")

    /// `POST /api/auth/app/token`: an app's one-time sign-in code and its PKCE verifier for tokens
    /// (`examprep login --browser`, RFC 8252).
    public static let appToken = "/api/auth/app/token"

    /// The query items of `GET /api/admin/users`: `?role=` (faculty, student, admin) and `?q=`
    /// (part of the address).
    public static let roleQueryItem = "role"
    public static let searchQueryItem = "q"
}
