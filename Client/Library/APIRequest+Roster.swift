import ExamPrepShared
import Foundation

extension APIRequest where Response == [CourseRosterStudent] {
    public static func classList(_ courseId: Int) -> Self {
        .init(.get, APIPaths.classList(courseId), queryItems: largestPage, requiresAuthentication: true)
    }
}
