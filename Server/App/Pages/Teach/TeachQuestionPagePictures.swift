import ExamPrepExams
import ExamPrepRules
import ExamPrepShared
import Foundation
import Hummingbird

/// What a picture on the question page goes with: the question (under its prompt), or one of
/// its choices (beside its label), by the choice's id.
enum PictureTarget {
    static let question = "question"
}

extension TeachQuestionPage {
    /// The picture form's choice of what the picture goes with: the question, and each choice
    /// of a choice question.
    static func pictureTargets(_ question: Question, selected: String, catalogue: Catalogue) -> [ExamForm.Option] {
        let choices = question.kind.hasChoices ? question.choices ?? [] : []
        let options =
            [(PictureTarget.question, catalogue.string(Message("pictures.for-question")))]
            + choices.map { ($0.id, catalogue.string(Message("pictures.for-choice", ["choice": .text($0.text)]))) }
        return options.map { ExamForm.Option(value: $0.0, label: $0.1, selected: $0.0 == selected) }
    }
}

extension QuestionDraft {
    /// The picture `target` names (the question's, or a choice's by its id).
    func picture(for target: String) -> QuestionImage? {
        target == PictureTarget.question ? image : choices?.first { $0.id == target }?.image
    }

    /// Shows `picture` (nil: none) with `target`.
    mutating func setPicture(_ picture: QuestionImage?, for target: String) {
        if target == PictureTarget.question {
            image = picture
        } else if let index = choices?.firstIndex(where: { $0.id == target }) {
            choices?[index].image = picture
        }
    }
}

/// The question page's picture form: `POST /teach/questions/{questionId}/picture`, an upload
/// (`multipart/form-data`) of a file, its text alternative and what it goes with (`target`).
/// `step=preview` stores the picture in the course and shows the question with it, saving
/// nothing (the form then carries the stored picture's id, so saving needs no second upload);
/// `step=save` saves the question with it (a new version once attempts used it), and with no
/// file the alternative of the picture already there changes; `step=remove` saves the question
/// without that picture. Refused files get the API's sentences and statuses (415, 413, 400).
extension TeachQuestionPageController {
    @Sendable func picture(_ request: Request, context: PageContext) async throws -> Response {
        let question = try await question(context)
        var draft = question.draft
        draft.practice = question.practice
        let target = context.form["target"] ?? PictureTarget.question
        guard target == PictureTarget.question || (question.kind.hasChoices && draft.choices?.contains { $0.id == target } == true)
        else { throw PageFailure.badRequest("pictures.no-such-choice") }
        let catalogue = context.catalogue
        let alt = (try? context.form.text("alt")) ?? context.form["alt"] ?? ""
        do {
            if context.form["step"] == "remove" {
                draft.setPicture(nil, for: target)
                _ = try await actions.replace(draft, questionID: question.id, facultyID: context.user.id, logger: context.logger)
                return PageRenderer.redirect(to: "/teach/questions/\(question.id)?done=saved")
            }
            let checkedAlt = try Validators.text(
                try context.form.text("alt") ?? "", field: .message(Message("pictures.alt")), length: 1...QuestionImage.maxAltLength)
            let mediaID = try await pictureID(context, questionID: question.id, current: draft.picture(for: target))
            draft.setPicture(QuestionImage(mediaId: mediaID, alt: checkedAlt), for: target)
            if context.form["step"] == "save" {
                _ = try await actions.replace(draft, questionID: question.id, facultyID: context.user.id, logger: context.logger)
                return PageRenderer.redirect(to: "/teach/questions/\(question.id)?done=saved")
            }
            let shown = StoredQuestion(try QuestionValidation.validate(draft, field: "question"), id: question.id)
            var page = TeachQuestionPage(
                question: question, shown: shown, gift: TeachQuestionPage.gift(try TeachQuestionPage.stored(question)), changed: true,
                catalogue: catalogue, pictures: try await pictures(shown, context))
            page.notice = catalogue.string(Message("bank.previewed"))
            page.pictureMediaID = mediaID
            page.pictureAlt = alt
            page.pictureTargets = TeachQuestionPage.pictureTargets(question, selected: target, catalogue: catalogue)
            return render(page, context: context)
        } catch {
            let refusal: FormRefusal
            if let refused = error as? MediaStore.Refusal {
                refusal = FormRefusal(status: refused.failure.status, message: catalogue.string(Self.message(refused)))
            } else if let refused = FormRefusal(error, catalogue) {
                refusal = refused
            } else {
                throw error
            }
            let stored = try TeachQuestionPage.stored(question)
            var page = TeachQuestionPage(
                question: question, shown: stored, gift: TeachQuestionPage.gift(stored), changed: false, catalogue: catalogue,
                pictures: try await pictures(stored, context))
            page.pictureError = refusal.message
            page.pictureAlt = alt
            page.pictureMediaID = context.form["mediaId"].flatMap { Int($0) }
            page.pictureTargets = TeachQuestionPage.pictureTargets(question, selected: target, catalogue: catalogue)
            return render(page, context: context, status: refusal.status)
        }
    }

    /// The picture the form names: the file sent (stored in the course now), else the one
    /// previewed before (`mediaId`), else the one `target` shows already.
    private func pictureID(_ context: PageContext, questionID: Int, current: QuestionImage?) async throws -> Int {
        if let bytes = context.form.bytes("picture"), !bytes.isEmpty {
            guard let courseID = try await media.media.course(ofQuestion: questionID, logger: context.logger) else {
                throw FacultyQuestionActions.noSuchQuestion(questionID)
            }
            return try await media.store(courseID: courseID, file: bytes, facultyID: context.user.id, logger: context.logger).id
        }
        if let previewed = context.form["mediaId"].flatMap({ Int($0) }) { return previewed }
        if let current { return current.mediaId }
        throw InvalidInput("pictures.choose-file")
    }

    /// A refused file's sentence: the API's, but a file of no picture type is named as a file
    /// (the API's sentence speaks of the `Content-Type` the page never asked for).
    static func message(_ refusal: MediaStore.Refusal) -> Message {
        refusal == .picture(.unsupportedType) ? Message("pictures.not-a-picture") : refusal.message
    }
}
