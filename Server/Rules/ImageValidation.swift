import ExamPrepShared

/// The rules of a question's or a choice's picture: a picture's id and its text alternative,
/// 1–500 characters (trimmed). That the picture is the question's course's is checked when
/// the question is written (`QuestionImageColumn.checkCourse`).
public enum ImageValidation {
    public static func image(_ image: QuestionImage?, field: String) throws -> QuestionImage? {
        guard let image else { return nil }
        guard image.mediaId > 0 else { throw InvalidInput("media.not-of-the-course", ["media": .integer(image.mediaId)]) }
        let alt = try Validators.text(image.alt, field: "\(field).alt", length: 1...QuestionImage.maxAltLength)
        return QuestionImage(mediaId: image.mediaId, alt: alt)
    }
}
