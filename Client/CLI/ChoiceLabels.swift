import ExamPrepShared

/// What a person types for a question's choices, items and options: their place on the
/// screen (choices and items 1, 2, …; options a, b, …, then aa, ab, …), not their ids, which
/// for a student are aliases of ten letters (the server's way of keeping the answer out of
/// them). An id is still taken as typed.
struct ChoiceLabels {
    let question: StudentQuestion

    func choice(_ id: String) -> String { label(of: id, in: question.choices, letters: false) }
    func item(_ id: String) -> String { label(of: id, in: question.items, letters: false) }
    func option(_ id: String) -> String { label(of: id, in: question.options, letters: true) }

    /// Item id to option id as a person reads it: "1=b, 2=a", by item.
    func pairs(_ matches: [String: String]) -> String {
        let labelled = matches.map { (item: item($0.key), option: option($0.value)) }
        return labelled.sorted { ($0.item.count, $0.item) < ($1.item.count, $1.item) }.map { "\($0.item)=\($0.option)" }
            .joined(separator: ", ")
    }

    /// The choice id a person meant by `typed` (its label or its id), or nil.
    func choiceID(_ typed: String) -> String? { id(for: typed, in: question.choices, letters: false) }
    func itemID(_ typed: String) -> String? { id(for: typed, in: question.items, letters: false) }
    func optionID(_ typed: String) -> String? { id(for: typed, in: question.options, letters: true) }

    private func label(of id: String, in entries: [Choice]?, letters: Bool) -> String {
        guard let index = entries?.firstIndex(where: { $0.id == id }) else { return id }
        return Self.label(index, letters: letters)
    }

    private func id(for typed: String, in entries: [Choice]?, letters: Bool) -> String? {
        let entries = entries ?? []
        if let exact = entries.first(where: { $0.id == typed }) { return exact.id }
        let wanted = typed.lowercased()
        if let index = entries.indices.first(where: { Self.label($0, letters: letters) == wanted }) { return entries[index].id }
        return entries.first(where: { $0.id.lowercased() == wanted })?.id
    }

    /// 1, 2, … or a, b, …, z, aa, ab, …
    static func label(_ index: Int, letters: Bool) -> String {
        guard letters else { return String(index + 1) }
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz")
        var label = ""
        var rest = index
        repeat {
            label = String(alphabet[rest % 26]) + label
            rest = rest / 26 - 1
        } while rest >= 0
        return label
    }
}
