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
        var request = Self(
            .post, APIPaths.classListImport(courseId),
            queryItems: dryRun ? [URLQueryItem(name: APIPaths.dryRunQueryItem, value: "true")] : [], textBody: csv,
            requiresAuthentication: true)
        request.textType = "text/csv; charset=utf-8"
        return request
    }
}
