import ExamPrepShared
import Mustache

/// The sentences of the templates written into them once per language, when the server
/// starts: `{{t.exam.start-attempt}}` becomes the sentence as the page would print it, so a
/// page no longer looks each one up while it is drawn. A question page asks for some sixty
/// sentences; swift-mustache looks each up through every model on its stack (a dynamic cast
/// per model, `PageTexts` for each segment of the key), about a fifth of the page's server CPU.
///
/// A sentence is written in exactly as drawing would print it: drawn by the same engine, from
/// the same `PageTexts`, escaped the same way. A tag stays a tag when its sentence holds a line
/// break (a partial's indentation would then indent it) or `{{`/`}}`, alone or with the brace
/// beside its tag (the template would read it as a tag); drawing then looks it up as before.
enum TemplateSentences {
    /// `source` with every `{{t.key}}` whose sentence `sentence` gives written in its place.
    static func bake(_ source: String, sentence: (String) -> String?) -> String {
        source.replacing(/\{\{t\.([A-Za-z0-9_.\-]+)\}\}/) { match in
            let neighbours = (source[..<match.range.lowerBound].last, source[match.range.upperBound...].first)
            guard let text = sentence(String(match.output.1)), isWritable(text, between: neighbours) else {
                return String(match.output.0)
            }
            return text
        }
    }

    /// Whether `text` can stand in a template's source as itself between the characters that
    /// come before and after its tag: no `{{` or `}}` in it or made with a neighbour, no line break.
    static func isWritable(_ text: String, between neighbours: (Character?, Character?)) -> Bool {
        let joined = (neighbours.0.map { String($0) } ?? "") + text + (neighbours.1.map { String($0) } ?? "")
        return !joined.contains("{{") && !joined.contains("}}") && !text.contains(where: \.isNewline)
    }

    /// The sentences of one language, each drawn once, as a page draws `{{t.key}}`.
    final class Drawn {
        private let texts: Sentences
        private var drawn: [String: String?] = [:]

        init(_ language: Language) {
            HTMLEscaping.register()
            texts = Sentences(t: PageTexts(language))
        }

        /// The HTML a page prints for `{{t.key}}` (nil when the tag cannot be drawn alone).
        func sentence(_ key: String) -> String? {
            if let known = drawn[key] { return known }
            let html = (try? MustacheTemplate(string: HTMLEscaping.pragma + "{{t.\(key)}}"))?.render(texts)
            drawn[key] = html
            return html
        }
    }

    /// What the one-tag template is drawn with: `t`, as `PageDocument` answers it.
    private struct Sentences: MustacheParent {
        let t: PageTexts

        func child(named name: String) -> Any? {
            name == "t" ? t : nil
        }
    }
}
