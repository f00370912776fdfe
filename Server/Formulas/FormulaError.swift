/// Why a formula was refused, and where: the command or sign at fault, its character in the
/// formula (from 1) and which formula of the text it is (from 1).
public struct FormulaError: Error, Equatable, Sendable {
    /// What is wrong.
    public enum Kind: Equatable, Sendable {
        /// A command the converter does not know, e.g. `\foo` (the name with its backslash).
        case unknownCommand(String)
        /// `\begin{name}` of an environment the converter does not know.
        case unknownEnvironment(String)
        /// A command (or `^`, `_`) without the argument it needs.
        case missingArgument(String)
        /// A sign where it cannot stand: `}` without `{`, `&` or `\\` outside a table, `\right`
        /// without `\left`, `\end` of another environment.
        case unexpected(String)
        /// A `{`, `\left` or `\begin{…}` never closed (the opening named).
        case unclosed(String)
        /// A `^` or `_` given twice to the same base.
        case doubleScript(String)
        /// An opening delimiter (`\(`, `\[` or `$$`) without its closing one.
        case unclosedFormula(String)
        /// A formula longer than ``TeXFormula/maximumLength`` characters.
        case tooLong(Int)
        /// Groups nested deeper than ``TeXFormula/maximumDepth``.
        case tooDeep(Int)
        /// A text with more than ``RichText/maximumFormulas`` formulas.
        case tooManyFormulas(Int)
    }

    public var kind: Kind
    /// The character of the formula (from 1) where the fault stands.
    public var offset: Int
    /// Which formula of the text (from 1).
    public var formula: Int

    public init(_ kind: Kind, offset: Int, formula: Int = 1) {
        self.kind = kind
        self.offset = offset
        self.formula = formula
    }
}
