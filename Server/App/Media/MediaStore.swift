import ExamPrepPostgres
import ExamPrepShared
import Foundation
import Logging

/// Stores a picture in a course: its bytes read (`PictureReader`), then stored once by their
/// SHA-256 within the course's quota. The one way in for the API's upload, the `/teach` pages'
/// and an import's pictures (Moodle XML's `<file>`).
struct MediaStore: Sendable {
    let media: MediaRepository
    /// The most bytes one course's pictures may take (`MEDIA_QUOTA_PER_COURSE_MB`).
    let quotaBytes: Int
    let clock: ServerClock

    /// Why a picture was not stored.
    enum Refusal: Error, Sendable, Equatable {
        case picture(PictureProblem)
        /// Over `PictureLimits.maxBytes`.
        case tooLarge
        case noSuchCourse(Int)
        case overQuota(usedBytes: Int, quotaBytes: Int)
    }

    /// The store as `configuration` sets it up (its quota per course, its clock).
    init(pool: PostgresPool, configuration: AppConfiguration) {
        self.init(media: MediaRepository(pool: pool), quotaBytes: configuration.mediaQuotaPerCourseMB << 20, clock: configuration.clock)
    }

    init(media: MediaRepository, quotaBytes: Int, clock: ServerClock) {
        self.media = media
        self.quotaBytes = quotaBytes
        self.clock = clock
    }

    /// Stores `bytes` sent as `type` (a `Content-Type`) in the course and answers it as the API
    /// does; `facultyID` nil: the caller already checked the course is theirs. The same bytes
    /// stored twice in a course are one picture with one id.
    func store(courseID: Int, bytes: [UInt8], type: String?, facultyID: Int?, logger: Logger) async throws -> Media {
        guard bytes.count <= PictureLimits.maxBytes else { throw Refusal.tooLarge }
        let facts: PictureFacts
        do { facts = try PictureReader.read(bytes, contentType: type) } catch { throw Refusal.picture(error) }
        let outcome = try await media.store(
            bytes, facts: facts, courseID: courseID, facultyID: facultyID, uploadedBy: facultyID, quotaBytes: quotaBytes, now: clock.now(),
            logger: logger)
        switch outcome {
        case .stored(let stored):
            logger.notice(
                "picture stored", metadata: ["course_id": "\(courseID)", "media_id": "\(stored.id)", "bytes": "\(bytes.count)"])
            return Media(
                id: stored.id, url: APIPaths.media(stored.id), sha256: stored.sha256, width: stored.width, height: stored.height)
        case .noSuchCourse: throw Refusal.noSuchCourse(courseID)
        case .overQuota(let used, let quota): throw Refusal.overQuota(usedBytes: used, quotaBytes: quota)
        }
    }

    /// Stores a file sent with no type of its own (a page's file input), its type read from
    /// its first bytes: one of no picture type is refused as `unsupportedType`.
    func store(courseID: Int, file bytes: [UInt8], facultyID: Int, logger: Logger) async throws -> Media {
        guard bytes.count <= PictureLimits.maxBytes else { throw Refusal.tooLarge }
        guard let type = PictureType(signatureOf: bytes) else { throw Refusal.picture(.unsupportedType) }
        return try await store(courseID: courseID, bytes: bytes, type: type.rawValue, facultyID: facultyID, logger: logger)
    }
}
