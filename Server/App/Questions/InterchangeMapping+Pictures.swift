import ExamPrepExams
import ExamPrepInterchange
import ExamPrepShared
import Foundation
import Logging

extension InterchangeMapping {
    /// `questions` (the interchange form of `stored`, in the same order) with the pictures of
    /// their prompts and choices, read from the course's pictures for the export to carry. A
    /// picture is named by its SHA-256's first 16 digits and its type's extension, so the same
    /// picture has the same name in every course and an export, imported and exported again,
    /// is the same file. A picture no longer readable is left out.
    static func withPictures(
        _ questions: [InterchangeQuestion], of stored: [StoredQuestion], media: MediaRepository, facultyID: Int, logger: Logger
    ) async throws -> [InterchangeQuestion] {
        var read: [Int: InterchangePicture?] = [:]
        func picture(_ image: QuestionImage?) async throws -> InterchangePicture? {
            guard let image else { return nil }
            if let known = read[image.mediaId] { return known.map { InterchangePicture(name: $0.name, alt: image.alt, bytes: $0.bytes) } }
            let served = try await media.picture(mediaID: image.mediaId, userID: facultyID, logger: logger)
            let found = served.map { InterchangePicture(name: fileName($0), alt: image.alt, bytes: $0.bytes) }
            read[image.mediaId] = found
            return found
        }
        var result = questions
        for index in result.indices where index < stored.count {
            result[index].image = try await picture(stored[index].image)
            let images = stored[index].choices.map(\.image)
            switch result[index].kind {
            case .singleChoice(var choices):
                for choice in choices.indices where choice < images.count { choices[choice].image = try await picture(images[choice]) }
                result[index].kind = .singleChoice(choices: choices)
            case .multipleChoice(var choices):
                for choice in choices.indices where choice < images.count { choices[choice].image = try await picture(images[choice]) }
                result[index].kind = .multipleChoice(choices: choices)
            default: break
            }
        }
        return result
    }

    /// `3f2a…(16 digits).png`: a picture's name in an export.
    private static func fileName(_ served: MediaRepository.Served) -> String {
        let extensions = ["image/png": "png", "image/jpeg": "jpg", "image/webp": "webp", "image/gif": "gif"]
        return "\(served.sha256.prefix(16)).\(extensions[served.type] ?? "png")"
    }
}
