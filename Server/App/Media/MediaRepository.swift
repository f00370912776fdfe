import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// A course's pictures (`media_blobs`, `course_media`, migration 041): stored once by their
/// SHA-256 however many courses use them, each course's use a row whose id is the picture's id;
/// served only to the course's teacher and its enrolled students.
struct MediaRepository: Sendable {
    let pool: PostgresPool

    /// A picture as a course holds it.
    struct Stored: Sendable, Equatable {
        var id: Int
        var sha256: String
        var width: Int
        var height: Int
    }

    /// What became of storing a picture in a course.
    enum StoreOutcome: Sendable, Equatable {
        /// Stored now, or already the course's (the same bytes: the same id).
        case stored(Stored)
        /// Not the teacher's course, or none: nothing stored.
        case noSuchCourse
        /// The course's pictures would pass `quotaBytes` (they hold `usedBytes`): nothing stored.
        case overQuota(usedBytes: Int, quotaBytes: Int)
    }

    /// A picture to serve.
    struct Served: Sendable {
        var type: String
        var sha256: String
        var bytes: [UInt8]
    }

    /// Stores `bytes` (read as `facts`) in the course, under its lock so that two uploads at
    /// once cannot both pass the quota; `facultyID` nil: any course (an import already checked it).
    func store(
        _ bytes: [UInt8], facts: PictureFacts, courseID: Int, facultyID: Int?, uploadedBy: Int?, quotaBytes: Int, now: Date,
        logger: Logger
    ) async throws -> StoreOutcome {
        let digest = MediaDigest.sha256(bytes)
        let stored = { (id: Int) in Stored(id: id, sha256: MediaDigest.hex(digest), width: facts.width, height: facts.height) }
        return try await pool.transaction(logger: logger) { transaction in
            guard
                try await transaction.query(
                    "SELECT c.id FROM courses c WHERE c.id = \(courseID) AND \(ownedBy: facultyID) FOR UPDATE OF c"
                ).first != nil
            else { return .noSuchCourse }
            if let id: Int = try await transaction.query(
                "SELECT id FROM course_media WHERE course_id = \(courseID) AND sha256 = \(digest)"
            ).first?.decode("id") {
                return .stored(stored(id))
            }
            let used: Int =
                try await transaction.query(
                    """
                    SELECT coalesce(sum(b.byte_count), 0)::bigint AS used FROM course_media m JOIN media_blobs b ON b.sha256 = m.sha256
                    WHERE m.course_id = \(courseID)
                    """
                ).first?.decode("used") ?? 0
            guard used + bytes.count <= quotaBytes else { return .overQuota(usedBytes: used, quotaBytes: quotaBytes) }
            guard
                let id = try await Self.insert(
                    bytes, digest: digest, facts: facts, courseID: courseID, uploadedBy: uploadedBy, now: now, in: transaction)
            else { return .noSuchCourse }
            return .stored(stored(id))
        }
    }

    /// Writes the picture's bytes (once per SHA-256 `digest`) and the course's use of them in the
    /// caller's transaction; the picture's id in the course. The course and its quota are the
    /// caller's to check (`store`, or a course import's new course).
    static func insert(
        _ bytes: [UInt8], digest: [UInt8], facts: PictureFacts, courseID: Int, uploadedBy: Int?, now: Date, in transaction: Transaction
    ) async throws -> Int? {
        try await transaction.execute(
            """
            INSERT INTO media_blobs (sha256, content_type, width, height, byte_count, bytes, created_at)
            VALUES (\(digest), \(facts.type.rawValue), \(facts.width), \(facts.height), \(bytes.count), \(bytes), \(now))
            ON CONFLICT (sha256) DO NOTHING
            """)
        return try await transaction.query(
            """
            INSERT INTO course_media (course_id, sha256, uploaded_by, uploaded_at)
            VALUES (\(courseID), \(digest), \(uploadedBy), \(now)) RETURNING id
            """
        ).first?.decode("id")
    }

    /// The picture `mediaID` for `userID`, when they teach its course or are enrolled in it;
    /// nil otherwise (the same answer as no such picture).
    func picture(mediaID: Int, userID: Int, logger: Logger) async throws -> Served? {
        guard
            let row = try await pool.query(
                """
                SELECT b.content_type, encode(b.sha256, 'hex') AS sha256, b.bytes
                FROM course_media m JOIN media_blobs b ON b.sha256 = m.sha256 JOIN courses c ON c.id = m.course_id
                WHERE m.id = \(mediaID)
                  AND (c.user_id = \(userID) OR EXISTS (SELECT 1 FROM enrollments n WHERE n.course_id = m.course_id AND n.user_id = \(userID)))
                """, logger: logger
            ).first
        else { return nil }
        return Served(type: try row.decode("content_type"), sha256: try row.decode("sha256"), bytes: try row.decode("bytes"))
    }

    /// The size of each of `questions`' pictures, in one statement (none without pictures).
    func sizes(of questions: [StudentQuestion], logger: Logger) async throws -> PictureSizes {
        try await sizes(PictureSizes.mediaIDs(questions), logger: logger)
    }

    /// The size of each picture of `mediaIDs`, in one statement (none for no ids).
    func sizes(_ mediaIDs: Set<Int>, logger: Logger) async throws -> PictureSizes {
        guard !mediaIDs.isEmpty else { return .none }
        let rows = try await pool.query(
            """
            SELECT m.id, b.width, b.height FROM course_media m JOIN media_blobs b ON b.sha256 = m.sha256
            WHERE m.id = ANY(\(PostgresArray(mediaIDs.sorted())))
            """, logger: logger)
        var sizes = PictureSizes()
        for row in rows {
            sizes.sizes[try row.decode("id")] = PictureSizes.Size(width: try row.decode("width"), height: try row.decode("height"))
        }
        return sizes
    }

    /// The course of the bank question `familyID` (its id through its versions), whose pictures
    /// its own must be; nil for no such question.
    func course(ofQuestion familyID: Int, logger: Logger) async throws -> Int? {
        try await pool.query("SELECT course_id FROM questions WHERE family_id = \(familyID) AND is_current", logger: logger).first?
            .decode("course_id")
    }

    /// Which of `mediaIDs` are not pictures of the course (a question may show only its own course's pictures).
    static func foreign(_ mediaIDs: Set<Int>, courseID: Int, in transaction: Transaction) async throws -> Set<Int> {
        guard !mediaIDs.isEmpty else { return [] }
        let ids = mediaIDs.sorted()
        let found = try await transaction.query(
            "SELECT id FROM course_media WHERE course_id = \(courseID) AND id = ANY(\(PostgresArray(ids)))")
        var known = Set<Int>()
        for row in found { known.insert(try row.decode("id")) }
        return mediaIDs.subtracting(known)
    }
}
