import ExamPrepShared

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
        var counted: Message {
            switch self {
            case .loginPerAccountAndAddress: Message("errors.counted.login.pair")
            case .loginPerAccount: Message("errors.counted.login.account")
            case .loginFailuresPerAddress: Message("errors.counted.login.address")
            case .unknownCodesPerStudent: Message("errors.counted.code.student")
            case .unknownCodesPerAddress: Message("errors.counted.code.address")
            case .registrationsPerAddress, .registrationsPerAddressPerDay: Message("errors.counted.register.address")
            case .courseCreationsPerFaculty: Message("errors.counted.course.faculty")
            case .codeRotationsPerFaculty: Message("errors.counted.code-rotation.faculty")
            case .examCreationsPerFaculty: Message("errors.counted.exam.faculty")
            case .questionWritesPerFaculty: Message("errors.counted.question.faculty")
            case .questionImportsPerFaculty: Message("errors.counted.question-import.faculty")
            case .classListImportsPerFaculty: Message("errors.counted.class-list.faculty")
            case .regradesPerFaculty: Message("errors.counted.regrade.faculty")
            case .examDayChangesPerFaculty: Message("errors.counted.exam-day.faculty")
            case .practiceSessionsPerStudent: Message("errors.counted.practice.student")
            case .practiceAnswersPerStudent: Message("errors.counted.practice-answer.student")
            case .passwordResetsPerAddress: Message("errors.counted.reset.address")
            case .passwordResetsPerAccount: Message("errors.counted.reset.account")
            case .registrationConfirmationsPerAccount: Message("errors.counted.register-confirm.account")
            case .resetLinksPerAccount: Message("errors.counted.reset-link.account")
            case .signInLinksPerAccount: Message("errors.counted.sign-in-link.account")
            case .schoolSignInsPerAddress: Message("errors.counted.school-sign-in.address")
            case .schoolSignInFailuresPerAddress: Message("errors.counted.school-sign-in-failure.address")
            case .appCodeFailuresPerAddress: Message("errors.counted.app-code.address")
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
