import ExamPrepShared
import Foundation

/// The pictures of one Moodle XML question: those its texts show (`<img
/// src="@@PLUGINFILE@@/name">`), found among its `<file encoding="base64">` elements and put
/// on the question: the prompt's first picture is the question's, an answer's first its
/// choice's. A picture anywhere else (feedback, a second one in a text) is left out and said
/// in ``notes``; a picture with no alt text takes its file name without the extension, also
/// said. A name with a folder (`/`, `\`, `..`), one that is not among the files, a file over
/// ``MoodleXMLParser/maxFileBytes`` or not base64 skips the question.
struct MoodleXMLPictures {
    /// Where a text shows its pictures.
    enum Slot: Hashable {
        case prompt
        case choice(Int)
        case elsewhere
    }

    /// A picture a text shows, with the `<file>`s beside that text (looked in first).
    struct Shown {
        var picture: HTMLText.Picture
        var slot: Slot
        var files: [XMLElementNode]
    }

    var shown: [Shown] = []
    /// What was left out or guessed, each once.
    private(set) var notes: [Message] = []

    /// Checks every `<file>` in `files`, then puts the pictures shown on `question`; a
    /// question without any shown takes Moodle 1.9's `<image>` + `<image_base64>` of `oldStyle`.
    mutating func attach(to question: inout InterchangeQuestion, files: [XMLElementNode], oldStyle: XMLElementNode) throws(MoodleXMLSkip) {
        for file in files { _ = try Self.decode(file) }
        var taken: Set<Slot> = []
        for entry in shown {
            let name = entry.picture.name
            guard !name.isEmpty, !name.contains("/"), !name.contains(".."), !name.contains("\\") else {
                throw MoodleXMLSkip("moodle-xml.file-name", ["name": .text(name)])
            }
            guard
                let file = entry.files.first(where: { $0.attributes["name"] == name })
                    ?? files.first(where: { $0.attributes["name"] == name })
            else { throw MoodleXMLSkip("moodle-xml.file-missing", ["name": .text(name)]) }
            let picture = InterchangePicture(name: name, alt: alt(entry.picture.alt, name: name), bytes: try Self.decode(file))
            guard entry.slot != .elsewhere, taken.insert(entry.slot).inserted else {
                note(Message(entry.slot == .elsewhere ? "moodle-xml.picture-elsewhere" : "moodle-xml.picture-extra", ["name": .text(name)]))
                continue
            }
            switch entry.slot {
            case .prompt: question.image = picture
            case .choice(let index): question.setChoiceImage(picture, at: index)
            case .elsewhere: break
            }
        }
        if question.image == nil, let old = oldStyle.child("image_base64"), !old.text.allSatisfy(\.isWhitespace) {
            let name = (oldStyle.child("image")?.text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
            let plain = String(name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last ?? "picture")
            question.image = InterchangePicture(name: plain, alt: alt("", name: plain), bytes: try Self.decode(old, name: plain))
        }
    }

    /// `alt` trimmed, or (noted) the name without its extension.
    private mutating func alt(_ alt: String, name: String) -> String {
        let trimmed = alt.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.isEmpty else { return trimmed }
        note(Message("moodle-xml.picture-no-alt", ["name": .text(name)]))
        return InterchangePicture.stem(of: name)
    }

    private mutating func note(_ message: Message) {
        if !notes.contains(message) { notes.append(message) }
    }

    /// The bytes of a base64 `<file>`: refused unread past ``MoodleXMLParser/maxFileBytes``
    /// (counted from its characters before any is decoded), or when it is not base64.
    static func decode(_ file: XMLElementNode, name: String? = nil) throws(MoodleXMLSkip) -> [UInt8] {
        let name = name ?? file.attributes["name"] ?? ""
        let characters = file.text.utf8.reduce(0) { count, byte in byte == 32 || (9...13).contains(byte) ? count : count + 1 }
        guard characters / 4 * 3 <= MoodleXMLParser.maxFileBytes else {
            throw MoodleXMLSkip(
                "moodle-xml.file-too-large", ["name": .text(name), "count": .integer(MoodleXMLParser.maxFileBytes / 1_048_576)])
        }
        let compact = String(file.text.unicodeScalars.filter { !$0.properties.isWhitespace })
        guard let data = Data(base64Encoded: compact) else { throw MoodleXMLSkip("moodle-xml.file-not-base64", ["name": .text(name)]) }
        return [UInt8](data)
    }

    /// The `<file>` elements anywhere in `element`.
    static func files(in element: XMLElementNode) -> [XMLElementNode] {
        element.children.flatMap { $0.name == "file" ? [$0] : files(in: $0) }
    }
}

extension InterchangeQuestion {
    /// Puts `picture` on the choice at `index` of a choice question (nothing for another kind).
    mutating func setChoiceImage(_ picture: InterchangePicture, at index: Int) {
        switch kind {
        case .singleChoice(var choices) where choices.indices.contains(index):
            choices[index].image = picture
            kind = .singleChoice(choices: choices)
        case .multipleChoice(var choices) where choices.indices.contains(index):
            choices[index].image = picture
            kind = .multipleChoice(choices: choices)
        default: break
        }
    }
}
