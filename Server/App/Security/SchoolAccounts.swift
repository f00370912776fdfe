/// The parts of a school's accounts the API's controllers and the pages share: the admin's
/// repositories, invitations and password resets.
struct SchoolAccounts: Sendable {
    let users: AdminUserRepository
    let audit: AdminAuditRepository
    let invitations: InvitationActions
    let resets: PasswordResets
}
