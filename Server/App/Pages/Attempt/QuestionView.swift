import ExamPrepFormulas
import ExamPrepShared
import Foundation

/// One question as the attempt page draws it: its text for the `legend`, its inputs with what
/// is saved filled in. Every kind the server grades has its inputs.
struct QuestionView: Sendable {
    struct Option: Sendable {
        var id: String
        var text: String
        var inputID: String
        var checked: Bool
        /// The choice's picture, beside its label (named apart from the question's, which a
        /// choice without one would otherwise find in the template).
        var choicePicture: PictureView? = nil
        /// `text` as HTML, its formulas as MathML named for the label (`RichText.shown`).
        var textHTML: String { RichText.shown(text, labelled: true) }
    }

    struct MatchItem: Sendable {
        var id: String
        var text: String
        var selectID: String
        var options: [Option]
        /// `text` as HTML, its formulas as MathML named for the label (`RichText.shown`).
        var textHTML: String { RichText.shown(text, labelled: true) }
    }

    var id: Int
    var number: Int
    var prompt: String
    /// `prompt` as HTML, its formulas as MathML (`RichText.shown`).
    var promptHTML: String { RichText.shown(prompt) }
    var pointsText: String
    /// The question's picture, under its prompt.
    var picture: PictureView?
    var isSingle = false
    var isMultiple = false
    var isTrueFalse = false
    var isShortAnswer = false
    var isNumerical = false
    var isMatching = false
    /// Answered in a text area.
    var isEssay = false
    /// Text between questions: no inputs, no points.
    var isDescription = false
    var choices: [Option] = []
    var trueChecked = false
    var falseChecked = false
    var text = ""
    var numeric = ""
    var items: [MatchItem] = []

    /// `saved` is what the attempt holds for the question (nil: nothing yet); `typed` is what a
    /// form sent that could not be saved (shown again as it was typed); `catalogue` is the page's
    /// language (the points' words); `pictures`, the size of the question's pictures.
    init(
        _ question: StudentQuestion, number: Int, saved: AnswerInput?, typed: String? = nil, catalogue: Catalogue,
        pictures: PictureSizes = .none
    ) {
        id = question.id
        picture = PictureView(question.image, sizes: pictures)
        self.number = number
        prompt = question.prompt
        pointsText = catalogue.string(Message("attempt.points", ["count": .integer(question.points)]))
        switch question.kind {
        case .singleChoice, .multipleChoice:
            isSingle = question.kind == .singleChoice
            isMultiple = !isSingle
            let chosen = Set(saved?.choiceIds ?? [])
            choices = (question.choices ?? []).enumerated().map { index, choice in
                Option(
                    id: choice.id, text: choice.text, inputID: "q\(question.id)-c\(index)", checked: chosen.contains(choice.id),
                    choicePicture: PictureView(choice.image, sizes: pictures))
            }
        case .trueFalse:
            isTrueFalse = true
            trueChecked = saved?.value == true
            falseChecked = saved?.value == false
        case .shortAnswer:
            isShortAnswer = true
            text = typed ?? saved?.text ?? ""
        case .numerical:
            isNumerical = true
            numeric = typed ?? saved?.number.map { Self.numberText($0, catalogue.language) } ?? ""
        case .matching:
            isMatching = true
            let matches = saved?.matches ?? [:]
            let options = question.options ?? []
            items = (question.items ?? []).enumerated().map { index, item in
                MatchItem(
                    id: item.id, text: item.text, selectID: "q\(question.id)-m\(index)",
                    options: options.enumerated().map { optionIndex, option in
                        Option(
                            id: option.id, text: option.text, inputID: "q\(question.id)-m\(index)-o\(optionIndex)",
                            checked: matches[item.id] == option.id)
                    })
            }
        case .essay:
            isEssay = true
            text = typed ?? saved?.text ?? ""
        case .description:
            isDescription = true
        }
    }

    /// 3.5 as "3.5" ("3,5" in a language with a decimal comma), 2 as "2".
    static func numberText(_ value: Double, _ language: Language = .en) -> String {
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        let separator = language.locale.decimalSeparator ?? "."
        return separator == "." ? String(value) : String(value).replacingOccurrences(of: ".", with: separator)
    }
}
