import ExamPrepPostgres
import Foundation
import Logging

extension FacultyAttemptRepository {
    /// Each question of the attempt by id, with its number as its student saw it ("Question 4":
    /// 1 for the first in the attempt's order); nil when the attempt is not of the faculty
    /// member's exams.
    func questionNumbers(ofAttempt attemptID: Int, facultyID: Int, logger: Logger) async throws -> [Int: Int]? {
        try await pool.transaction(logger: logger) { transaction in
            guard try await OwnershipRepository.course(of: .attempt(attemptID), facultyID: facultyID, lock: .none, in: transaction) != nil
            else {
                return nil
            }
            let rows = try await transaction.query(
                """
                SELECT question_id, row_number() OVER (ORDER BY position) AS number
                FROM attempt_questions WHERE attempt_id = \(attemptID)
                """)
            var numbers: [Int: Int] = [:]
            for row in rows {
                numbers[try row.decode("question_id")] = try row.decode("number")
            }
            return numbers
        }
    }
}
