/// CLDR's plural categories of cardinal numbers. English uses one and other; Polish one, few,
/// many and other (other: numbers with a fraction, "12,5 punktu").
public enum PluralCategory: String, CaseIterable, Codable, Sendable, Hashable {
    case zero, one, two, few, many, other
}

extension Language {
    /// The categories a catalogue of this language writes for a counted sentence.
    public var pluralCategories: [PluralCategory] {
        switch self {
        case .en: [.one, .other]
        case .pl: [.one, .few, .many, .other]
        }
    }

    /// CLDR's cardinal rule for a whole number (its absolute value counts).
    ///
    /// - English: one for 1; other otherwise.
    /// - Polish: one for 1; few when it ends in 2–4 but not 12–14 (2, 22, 104); many for the
    ///   rest (0, 5–21, 25, 112).
    public func pluralCategory(_ number: Int) -> PluralCategory {
        let n = number.magnitude
        switch self {
        case .en:
            return n == 1 ? .one : .other
        case .pl:
            if n == 1 { return .one }
            let (units, tens) = (n % 10, n % 100)
            return (2...4).contains(units) && !(12...14).contains(tens) ? .few : .many
        }
    }

    /// The rule for a number that may have a fraction: a whole one as `pluralCategory(_:)`,
    /// any other "other" (CLDR, both languages).
    public func pluralCategory(_ number: Double) -> PluralCategory {
        guard number.isFinite, number == number.rounded(), number.magnitude < 1e15 else { return .other }
        return pluralCategory(Int(number))
    }
}
