import ExamPrepPostgres
import Foundation
import Logging

extension StudentExamRepository {
    /// The time zones of `courseIDs` (an IANA name each, by course id): a page that lists
    /// several courses' times, such as a student's grades, shows each in its own course's zone.
    func timeZones(ofCourses courseIDs: [Int], logger: Logger) async throws -> [Int: String] {
        guard !courseIDs.isEmpty else { return [:] }
        var zones: [Int: String] = [:]
        for row in try await pool.query(
            "SELECT id, time_zone FROM courses WHERE id = ANY(\(PostgresArray(Array(Set(courseIDs)))))", logger: logger)
        {
            zones[try row.decode("id")] = try row.decode("time_zone")
        }
        return zones
    }
}
