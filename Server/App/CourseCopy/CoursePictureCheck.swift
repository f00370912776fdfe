import ExamPrepRules
import ExamPrepShared
import Foundation

/// The pictures of a course's file, checked as an upload is (`MediaStore`): base64 that decodes,
/// at most `PictureLimits.maxBytes` each, bytes whose SHA-256 is the one the file gives and
/// that `PictureReader` reads as the type named, ids given once, and all of them together
/// within the course's quota (the same bytes twice count once, as storage keeps them once).
enum CoursePictureCheck {
    /// A picture ready to store.
    struct Picture: Sendable {
        /// Its id in the file (what the file's questions name).
        var fileID: Int
        var bytes: [UInt8]
        var facts: PictureFacts
        var digest: [UInt8]
    }

    static func check(_ pictures: [CourseExportPicture], quotaBytes: Int) throws -> [Picture] {
        var seenIDs = Set<Int>()
        var seenDigests = Set<[UInt8]>()
        var total = 0
        return try pictures.enumerated().map { index, picture in
            let field = MessageValue.text("pictures[\(index)]")
            guard seenIDs.insert(picture.id).inserted else {
                throw InvalidInput("course-copy.picture-twice", ["field": field, "id": .integer(picture.id)])
            }
            // Base64 of the largest picture, and no more, is decoded.
            guard picture.data.utf8.count <= (PictureLimits.maxBytes + 2) / 3 * 4 + 4,
                let data = Data(base64Encoded: picture.data, options: .ignoreUnknownCharacters)
            else {
                if picture.data.utf8.count > (PictureLimits.maxBytes + 2) / 3 * 4 + 4 {
                    throw InvalidInput("course-copy.picture", ["field": field, "reason": .message(MediaStore.Refusal.tooLarge.message)])
                }
                throw InvalidInput("course-copy.picture-not-base64", ["field": field])
            }
            let bytes = Array(data)
            guard bytes.count <= PictureLimits.maxBytes else {
                throw InvalidInput("course-copy.picture", ["field": field, "reason": .message(MediaStore.Refusal.tooLarge.message)])
            }
            let digest = MediaDigest.sha256(bytes)
            guard MediaDigest.hex(digest) == picture.sha256.lowercased() else {
                throw InvalidInput("course-copy.picture-digest", ["field": field])
            }
            let facts: PictureFacts
            do throws(PictureProblem) { facts = try PictureReader.read(bytes, contentType: picture.type) } catch let problem {
                throw InvalidInput(
                    "course-copy.picture", ["field": field, "reason": .message(MediaStore.Refusal.picture(problem).message)])
            }
            if seenDigests.insert(digest).inserted { total += bytes.count }
            guard total <= quotaBytes else {
                throw MediaStore.Refusal.overQuota(usedBytes: total - bytes.count, quotaBytes: quotaBytes).failure
            }
            return Picture(fileID: picture.id, bytes: bytes, facts: facts, digest: digest)
        }
    }
}
