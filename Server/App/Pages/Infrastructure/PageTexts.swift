import ExamPrepShared
import Logging
import Mustache

/// The catalogue as a template reads it: `{{t.exam.start-attempt}}` is the text of the key
/// `exam.start-attempt` in the page's language. Each name after `t` adds a segment of the key;
/// a key the language lacks shows in English and is logged once; a key no catalogue has shows
/// as itself (a test keeps every key of the templates in both catalogues).
struct PageTexts: MustacheParent, CustomStringConvertible, Sendable {
    let catalogue: Catalogue
    /// The key so far (`exam` in `t.exam.…`).
    let prefix: String

    init(_ language: Language, prefix: String = "") {
        self.catalogue = Catalogue.of(language)
        self.prefix = prefix
    }

    private init(catalogue: Catalogue, prefix: String) {
        self.catalogue = catalogue
        self.prefix = prefix
    }

    func child(named name: String) -> Any? {
        let key = prefix.isEmpty ? name : prefix + "." + name
        if let text = catalogue.text(key) { return text }
        if Catalogue.of(.en).isPrefix(key) { return PageTexts(catalogue: catalogue, prefix: key) }
        return catalogue.string(Message(key), missing: Self.logMissing)
    }

    /// A key cut short (`{{t.exam}}`) shows as itself.
    var description: String { prefix }

    private static let logger = Logger(label: "examprep.languages")

    private static func logMissing(_ key: String) {
        logger.warning("a page asked for a sentence the catalogue lacks", metadata: ["key": "\(key)"])
    }
}
