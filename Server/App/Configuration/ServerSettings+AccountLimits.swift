import Foundation

extension ServerSettings {
    /// The per-account limits of the write routes, each a maximum and its window.
    static let accountLimits: [ServerSetting] = [
        accountLimit(
            "QUESTION_WRITE", \.limits.questionWritesPerFaculty.maxAttempts, \.limits.questionWritesPerFaculty.windowSeconds,
            "question changes (create, edit, delete, practice marking)"),
        accountLimit(
            "QUESTION_IMPORT", \.limits.questionImportsPerFaculty.maxAttempts, \.limits.questionImportsPerFaculty.windowSeconds,
            "question imports (dry runs too)"),
        accountLimit(
            "CLASS_LIST_IMPORT", \.limits.classListImportsPerFaculty.maxAttempts, \.limits.classListImportsPerFaculty.windowSeconds,
            "class list imports (dry runs too)"),
        accountLimit(
            "REGRADE", \.limits.regradesPerFaculty.maxAttempts, \.limits.regradesPerFaculty.windowSeconds, "regrades (dry runs too)"),
        accountLimit(
            "EXAM_DAY_CHANGE", \.limits.examDayChangesPerFaculty.maxAttempts, \.limits.examDayChangesPerFaculty.windowSeconds,
            "changes of accommodations, overrides and extensions"),
        accountLimit(
            "PRACTICE_SESSION", \.limits.practiceSessionsPerStudent.maxAttempts, \.limits.practiceSessionsPerStudent.windowSeconds,
            "practice sessions"),
        accountLimit(
            "PRACTICE_ANSWER", \.limits.practiceAnswersPerStudent.maxAttempts, \.limits.practiceAnswersPerStudent.windowSeconds,
            "practice answers"),
        accountLimit(
            "SIGN_IN_LINK", \.limits.signInLinksPerAccount.maxAttempts, \.limits.signInLinksPerAccount.windowSeconds,
            "one-time sign-in links (examprep open)"),
    ].flatMap { $0 }

    /// `<NAME>_MAX` and `<NAME>_WINDOW` of one per-account limit of `what`.
    private static func accountLimit(
        _ name: String, _ maximum: ServerSetting.Path<Int>, _ window: ServerSetting.Path<Int>, _ what: String
    ) -> [ServerSetting] {
        [
            .integer(
                name + "_MAX", maximum, in: 1...1_000_000, help: "Per account: \(what) in the window, then 429 with Retry-After."),
            .window(name + "_WINDOW", [window], help: "Window of the limit of \(what)."),
        ]
    }
}
