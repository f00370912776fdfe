import ExamPrepPostgres
import Logging

/// Whether a course is a faculty member's: the one ownership check of the faculty routes.
/// Another's course, and anything in it, reads as absent, so those routes answer 404 and
/// never confirm others' ids. A statement that limits courses to their owner says so with
/// `\(ownedBy: facultyID)` (the courses table as `c`); a route or transaction that only
/// checks asks `owns` or `course(of:)`.
struct OwnershipRepository: Sendable {
    let pool: PostgresPool

    /// What a faculty route names: a course, or something that belongs to one.
    enum Item: Sendable {
        case course(Int)
        case exam(Int)
        case attempt(Int)
        /// A student enrolled in the course.
        case enrolledStudent(courseID: Int, studentID: Int)
    }

    /// Whether `item` is in one of the faculty member's courses (a check before a read).
    func owns(_ item: Item, facultyID: Int, logger: Logger) async throws -> Bool {
        try await !pool.query(Self.query(item, facultyID: facultyID, lock: .none), logger: logger).isEmpty
    }

    /// The id of the course `item` belongs to, when it is the faculty member's, with `lock` on
    /// the course's row (exam transactions lock the course before anything else); nil when
    /// it is not theirs or does not exist.
    static func course(of item: Item, facultyID: Int, lock: RowLock, in transaction: Transaction) async throws -> Int? {
        try await transaction.query(query(item, facultyID: facultyID, lock: lock)).first?.decode("id")
    }

    private static func query(_ item: Item, facultyID: Int, lock: RowLock) -> PostgresQuery {
        switch item {
        case .course(let id):
            "SELECT c.id FROM courses c WHERE c.id = \(id) AND \(ownedBy: facultyID) \(unescaped: lock.clause(of: "c"))"
        case .exam(let id):
            """
            SELECT c.id FROM courses c JOIN exams e ON e.course_id = c.id
            WHERE e.id = \(id) AND \(ownedBy: facultyID) \(unescaped: lock.clause(of: "c"))
            """
        case .attempt(let id):
            """
            SELECT c.id FROM courses c JOIN exams e ON e.course_id = c.id JOIN attempts a ON a.exam_id = e.id
            WHERE a.id = \(id) AND \(ownedBy: facultyID) \(unescaped: lock.clause(of: "c"))
            """
        case .enrolledStudent(let courseID, let studentID):
            """
            SELECT c.id FROM courses c JOIN enrollments n ON n.course_id = c.id
            WHERE c.id = \(courseID) AND n.user_id = \(studentID) AND \(ownedBy: facultyID) \(unescaped: lock.clause(of: "c"))
            """
        }
    }
}

extension PostgresQuery.StringInterpolation {
    /// `c.user_id = $n`: the course `c` is the faculty member's. The ownership predicate,
    /// written here once.
    mutating func appendInterpolation(ownedBy facultyID: Int) {
        appendLiteral("c.user_id = ")
        appendInterpolation(facultyID)
    }

    /// The same, or any course when `facultyID` is nil.
    mutating func appendInterpolation(ownedBy facultyID: Int?) {
        appendLiteral("(")
        appendInterpolation(facultyID)
        appendLiteral("::bigint IS NULL OR ")
        appendInterpolation(ownedBy: facultyID ?? 0)
        appendLiteral(")")
    }
}
