/// The kinds of limits: what each counts, as a 429 names it, and the limit in force for each.
extension RateLimiter {
    /// Which limit a counter belongs to, and how a 429 names it.
    enum Kind: String, Sendable {
        case loginPerAccountAndAddress = "login.pair"
        case loginPerAccount = "login.account"
        case loginFailuresPerAddress = "login.address"
        case unknownCodesPerStudent = "code.student"
        case unknownCodesPerAddress = "code.address"
        case registrationsPerAddress = "register.address"
        case registrationsPerAddressPerDay = "register.address.day"
        case courseCreationsPerFaculty = "course.faculty"
        case codeRotationsPerFaculty = "code-rotation.faculty"
        case examCreationsPerFaculty = "exam.faculty"
        case questionWritesPerFaculty = "question.faculty"
        case questionImportsPerFaculty = "question-import.faculty"
        case classListImportsPerFaculty = "class-list.faculty"
        case regradesPerFaculty = "regrade.faculty"
        case examDayChangesPerFaculty = "exam-day.faculty"
        case practiceSessionsPerStudent = "practice.student"
        case practiceAnswersPerStudent = "practice-answer.student"
        case passwordResetsPerAddress = "reset.address"
        case passwordResetsPerAccount = "reset.account"
        case registrationConfirmationsPerAccount = "register-confirm.account"
        case resetLinksPerAccount = "reset-link.account"
        case signInLinksPerAccount = "sign-in-link.account"
        case schoolSignInsPerAddress = "school-sign-in.address"
        case schoolSignInFailuresPerAddress = "school-sign-in-failure.address"
        case appCodeFailuresPerAddress = "app-code.address"

        /// What was counted, for a person: "failed logins of this account from your address".
        var counted: String {
            switch self {
            case .loginPerAccountAndAddress: "failed logins of this account from your address"
            case .loginPerAccount: "failed logins of this account"
            case .loginFailuresPerAddress: "failed logins from your address"
            case .unknownCodesPerStudent: "unknown course codes from your account"
            case .unknownCodesPerAddress: "unknown course codes from your address"
            case .registrationsPerAddress, .registrationsPerAddressPerDay: "registrations from your address"
            case .courseCreationsPerFaculty: "new courses"
            case .codeRotationsPerFaculty: "new course codes"
            case .examCreationsPerFaculty: "new exams"
            case .questionWritesPerFaculty: "question changes"
            case .questionImportsPerFaculty: "question imports"
            case .classListImportsPerFaculty: "class list imports"
            case .regradesPerFaculty: "regrades"
            case .examDayChangesPerFaculty: "changes of accommodations, overrides and extensions"
            case .practiceSessionsPerStudent: "practice sessions"
            case .practiceAnswersPerStudent: "practice answers"
            case .passwordResetsPerAddress: "password reset requests from your address"
            case .passwordResetsPerAccount: "password reset requests for this address"
            case .registrationConfirmationsPerAccount: "registrations of this address"
            case .resetLinksPerAccount: "password reset links made"
            case .signInLinksPerAccount: "sign-in links"
            case .schoolSignInsPerAddress: "sign-ins with a school account from your address"
            case .schoolSignInFailuresPerAddress: "failed sign-ins with a school account from your address"
            case .appCodeFailuresPerAddress: "failed app sign-ins from your address"
            }
        }
    }

}

extension RateLimiter {
    /// The limit in force for `kind`.
    func limit(_ kind: Kind) -> RateLimit {
        switch kind {
        case .loginPerAccountAndAddress: limits.loginPerAccountAndAddress
        case .loginPerAccount: limits.loginPerAccount
        case .loginFailuresPerAddress: limits.loginFailuresPerAddress
        case .unknownCodesPerStudent: limits.unknownCodesPerStudent
        case .unknownCodesPerAddress: limits.unknownCodesPerAddress
        case .registrationsPerAddress: limits.registrationsPerAddress
        case .registrationsPerAddressPerDay: limits.registrationsPerAddressPerDay
        case .courseCreationsPerFaculty: limits.courseCreationsPerFaculty
        case .codeRotationsPerFaculty: limits.codeRotationsPerFaculty
        case .examCreationsPerFaculty: limits.examCreationsPerFaculty
        case .questionWritesPerFaculty: limits.questionWritesPerFaculty
        case .questionImportsPerFaculty: limits.questionImportsPerFaculty
        case .classListImportsPerFaculty: limits.classListImportsPerFaculty
        case .regradesPerFaculty: limits.regradesPerFaculty
        case .examDayChangesPerFaculty: limits.examDayChangesPerFaculty
        case .practiceSessionsPerStudent: limits.practiceSessionsPerStudent
        case .practiceAnswersPerStudent: limits.practiceAnswersPerStudent
        case .passwordResetsPerAddress: limits.passwordResetsPerAddress
        case .passwordResetsPerAccount: limits.passwordResetsPerAccount
        case .registrationConfirmationsPerAccount: limits.registrationConfirmationsPerAccount
        case .resetLinksPerAccount: limits.resetLinksPerAccount
        case .signInLinksPerAccount: limits.signInLinksPerAccount
        case .schoolSignInsPerAddress: limits.schoolSignInsPerAddress
        case .schoolSignInFailuresPerAddress: limits.schoolSignInFailuresPerAddress
        case .appCodeFailuresPerAddress: limits.appCodeFailuresPerAddress
        }
    }
}
