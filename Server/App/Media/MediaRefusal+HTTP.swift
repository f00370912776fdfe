import ExamPrepShared
import HTTPTypes

extension MediaStore.Refusal {
    /// The sentence saying why, with its values (the API's envelope and the pages say it alike).
    var message: Message {
        switch self {
        case .picture(.unsupportedType): Message("media.unsupported-type")
        case .picture(.notThisType(let type)): Message("media.not-this-type", ["type": .text(type.name)])
        case .picture(.truncated(let type)): Message("media.truncated", ["type": .text(type.name)])
        case .picture(.tooManyPixels(let width, let height)):
            Message(
                "media.too-many-pixels",
                [
                    "width": .integer(width), "height": .integer(height), "side": .integer(PictureLimits.maxSide),
                    "megapixels": .integer(PictureLimits.maxPixels / 1_000_000),
                ])
        case .tooLarge: Message("media.too-large", ["mb": .integer(PictureLimits.maxBytes >> 20)])
        case .noSuchCourse(let courseID): Message("api-faculty.no-course", ["course": .integer(courseID)])
        case .overQuota(let used, let quota):
            Message("media.over-quota", ["quota": .integer(quota >> 20), "used": .integer((used + (1 << 20) - 1) >> 20)])
        }
    }

    /// The API's answer: 415 a type other than a picture's, 413 too large or past the quota,
    /// 404 not the teacher's course, 400 bytes that are not the picture named.
    var failure: HTTPFailure {
        switch self {
        case .picture(.unsupportedType): HTTPFailure(.unsupportedMediaType, .unsupportedMediaType, message)
        case .picture: .validation(message)
        case .tooLarge, .overQuota: HTTPFailure(.contentTooLarge, .payloadTooLarge, message)
        case .noSuchCourse: HTTPFailure(.notFound, .notFound, message)
        }
    }
}

extension PictureType {
    /// The format's name in a sentence: PNG, JPEG, WebP, GIF.
    var name: String {
        switch self {
        case .png: "PNG"
        case .jpeg: "JPEG"
        case .webp: "WebP"
        case .gif: "GIF"
        }
    }
}
