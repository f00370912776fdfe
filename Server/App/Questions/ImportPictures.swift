import ExamPrepInterchange
import ExamPrepRules
import ExamPrepShared
import Foundation
import Logging

/// The pictures an imported question brings (Moodle XML's `<file>`s): checked when the file is
/// read (their type from their bytes, their headers, their size in pixels, their alt text), so
/// that a dry run says what an import would refuse without storing anything; stored through
/// `MediaStore` by the import itself, each then put on its question or choice.
struct ImportPictures: Sendable {
    /// Where a picture goes: the prompt, or the choice at an index.
    enum Target: Sendable, Equatable {
        case prompt
        case choice(Int)
    }

    /// A checked picture.
    struct Picture: Sendable {
        var target: Target
        var name: String
        var alt: String
        var bytes: [UInt8]
        var type: PictureType
    }

    /// The question's line and name, to report it.
    var line: Int
    var name: String?
    var pictures: [Picture]

    /// The pictures of `question`, checked; `InvalidInput` (the question is skipped) names the
    /// first one refused and why.
    static func checked(_ question: InterchangeQuestion) throws -> ImportPictures {
        var found: [(Target, InterchangePicture)] = question.image.map { [(.prompt, $0)] } ?? []
        switch question.kind {
        case .singleChoice(let choices), .multipleChoice(let choices):
            for (index, choice) in choices.enumerated() { if let image = choice.image { found.append((.choice(index), image)) } }
        default: break
        }
        var pictures: [Picture] = []
        for (target, picture) in found {
            let type: PictureType
            do { type = try check(picture) } catch {
                // The upload's sentence names Content-Type, which a file in a file has none of.
                let reason = error == .picture(.unsupportedType) ? Message("moodle-xml.not-a-picture") : error.message
                throw InvalidInput("moodle-xml.picture-refused", ["name": .text(picture.name), "reason": .message(reason)])
            }
            let alt = try ImageValidation.image(QuestionImage(mediaId: 1, alt: picture.alt), field: "image")?.alt ?? picture.alt
            pictures.append(Picture(target: target, name: picture.name, alt: alt, bytes: picture.bytes, type: type))
        }
        return ImportPictures(line: question.line, name: question.name, pictures: pictures)
    }

    /// The picture's type, read from its first bytes, once its headers are read as that type.
    static func check(_ picture: InterchangePicture) throws(MediaStore.Refusal) -> PictureType {
        guard picture.bytes.count <= PictureLimits.maxBytes else { throw .tooLarge }
        guard let type = PictureType(signatureOf: picture.bytes) else { throw .picture(.unsupportedType) }
        do { _ = try PictureReader.read(picture.bytes, contentType: type.rawValue) } catch { throw .picture(error) }
        return type
    }

    /// Stores the pictures in the course and puts each on `question`; a refusal (the course's
    /// quota) is returned as the reason to skip the question, and nothing of it is kept.
    func store(on question: inout ValidQuestion, courseID: Int, facultyID: Int, media: MediaStore, logger: Logger) async throws
        -> Message?
    {
        for picture in pictures {
            let stored: Media
            do {
                stored = try await media.store(
                    courseID: courseID, bytes: picture.bytes, type: picture.type.rawValue, facultyID: facultyID, logger: logger)
            } catch let refusal as MediaStore.Refusal {
                if case .noSuchCourse = refusal { throw FacultyQuestionActions.noSuchCourse(courseID) }
                return Message("moodle-xml.picture-refused", ["name": .text(picture.name), "reason": .message(refusal.message)])
            }
            let image = QuestionImage(mediaId: stored.id, alt: picture.alt)
            switch picture.target {
            case .prompt: question.image = image
            case .choice(let index) where question.choices.indices.contains(index): question.choices[index].image = image
            case .choice: break
            }
        }
        return nil
    }
}
