import ExamPrepShared
import Foundation

extension APIRequest where Response == [CourseRosterStudent] {
    public static func classList(_ courseId: Int) -> Self {
        .init(.get, APIPaths.classList(courseId), queryItems: largestPage, requiresAuthentication: true)
    }
}

extension APIRequest where Response == ClassListImport {
    /// A class list (CSV with a header: `email`, optionally `name` and `studentNumber`) as the
    /// body; `dryRun` says what it would do and changes nothing.
    public static func importClassList(_ csv: String, courseId: Int, dryRun: Bool = false) -> Self {
        classList(csv, to: APIPaths.classListImport(courseId), dryRun: dryRun)
    }

    /// The same into any course, for an admin (audited).
    public static func adminImportClassList(_ csv: String, courseId: Int, dryRun: Bool = false) -> Self {
        classList(csv, to: APIPaths.adminClassListImport(courseId), dryRun: dryRun)
    }

    private static func classList(_ csv: String, to path: String, dryRun: Bool) -> Self {
        var request = Self(
            .post, path, queryItems: dryRun ? [URLQueryItem(name: APIPaths.dryRunQueryItem, value: "true")] : [], textBody: csv,
            requiresAuthentication: true)
        request.textType = "text/csv; charset=utf-8"
        return request
    }
}
