import ExamPrepFormulas
import ExamPrepShared

/// The formulas of a question text (docs/FORMULAS.md): each must convert to MathML, or the
/// question is refused with 400 `validation_failed` naming the command, its character, which
/// formula and which field (`Unknown command \foo at character 12 of formula 2 in questions[0].prompt.`).
enum FormulaValidation {
    /// `text` as it is when every formula in it converts.
    static func check(_ text: String, field: String) throws -> String {
        do {
            _ = try RichText.html(text)
            return text
        } catch {
            throw InvalidInput(message(error, field: field))
        }
    }

    /// The refusal said to a person.
    static func message(_ error: FormulaError, field: String) -> Message {
        var values: [String: MessageValue] = [
            "field": .text(field), "offset": .integer(error.offset), "formula": .integer(error.formula),
        ]
        let key: String
        switch error.kind {
        case .unknownCommand(let command): (key, values["sign"]) = ("formulas.unknown-command", .text(command))
        case .unknownEnvironment(let name): (key, values["sign"]) = ("formulas.unknown-environment", .text(name))
        case .missingArgument(let command): (key, values["sign"]) = ("formulas.missing-argument", .text(command))
        case .unexpected(let sign): (key, values["sign"]) = ("formulas.unexpected", .text(sign))
        case .unclosed(let sign): (key, values["sign"]) = ("formulas.unclosed", .text(sign))
        case .doubleScript(let sign): (key, values["sign"]) = ("formulas.double-script", .text(sign))
        case .unclosedFormula(let sign): (key, values["sign"]) = ("formulas.unclosed-formula", .text(sign))
        case .tooLong(let limit): (key, values["limit"]) = ("formulas.too-long", .integer(limit))
        case .tooDeep(let limit): (key, values["limit"]) = ("formulas.too-deep", .integer(limit))
        case .tooManyFormulas(let limit): (key, values["limit"]) = ("formulas.too-many", .integer(limit))
        }
        return Message(key, values)
    }
}
