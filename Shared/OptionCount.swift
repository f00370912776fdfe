/// How many attempts chose one option (an attempt choosing it twice counts once).
public struct OptionCount: Codable, Sendable, Hashable {
    /// The author's id of the choice (an imported choice's is eight random letters: not for people).
    public var id: String
    public var chosen: Int
    /// The choice's letter by its place in the question as written: `A` for the first, … `Z`, `AA`.
    /// Absent for an id the question no longer has, and from a server that does not say.
    public var letter: String?
    /// The choice's text as written. Absent as `letter` is.
    public var text: String?

    public init(id: String, chosen: Int, letter: String? = nil, text: String? = nil) {
        self.id = id
        self.chosen = chosen
        self.letter = letter
        self.text = text
    }

    /// The longest text `name` shows before cutting it short with "…".
    public static let nameLength = 60

    /// How people are shown the option: "A. Warsaw" (the text cut at `nameLength` characters with
    /// "…"), just the letter without a text, and the id only when there is no letter either.
    public var name: String {
        guard let letter else { return id }
        guard let text = text?.split(whereSeparator: \.isWhitespace).joined(separator: " "), !text.isEmpty else { return letter }
        let short = text.count > Self.nameLength ? String(text.prefix(Self.nameLength - 1)) + "…" : text
        return "\(letter). \(short)"
    }

    /// The letter of the option at `index` (0-based) of a question: A…Z, then AA, AB, … as spreadsheets name columns.
    public static func letter(at index: Int) -> String {
        var number = max(index, 0) + 1
        var letters: [Character] = []
        while number > 0 {
            let digit = (number - 1) % 26
            letters.insert(Character(UnicodeScalar(UInt8(65 + digit))), at: 0)
            number = (number - 1) / 26
        }
        return String(letters)
    }
}

extension QuestionStatistics {
    /// How people are shown the option with the author's id `optionId` ("B. Paris", its
    /// `OptionCount.name`), for a flag that names it; the id itself when the question does not list it.
    public func optionName(_ optionId: String) -> String {
        options?.first { $0.id == optionId }?.name ?? optionId
    }
}
