/// The check of the pages' templates when the server starts: every partial (`{{> question-inputs}}`)
/// and parent (`{{<layout}}`) a template names is a template of the set, and the templates every
/// page needs (`required`) are there. A misspelt name so stops the start, saying where it is,
/// instead of drawing an empty part of a page (swift-mustache draws a missing partial as nothing).
enum TemplateCheck {
    /// The templates drawn around or instead of any page: the layout, and the error page.
    static let required = ["layout", "error"]

    /// What the check found wrong, a line each.
    struct Failure: Error, CustomStringConvertible {
        var problems: [String]

        var description: String {
            "the page templates (Server/Templates) do not fit together:\n" + problems.map { "  " + $0 }.joined(separator: "\n")
        }
    }

    /// A partial or parent named in a template's text: `{{> name}}`, `{{<name}}`, a dynamic
    /// `{{>*name}}` (whose name is known only when drawn).
    struct Reference: Equatable {
        var name: String
        var isDynamic: Bool
    }

    /// The partials and parents `text` names, in order.
    static func references(in text: String) -> [Reference] {
        text.matches(of: /\{\{\s*[<>]\s*(\*?)\s*([^\s}]+)\s*\}\}/).map {
            Reference(name: String($0.output.2), isDynamic: !$0.output.1.isEmpty)
        }
    }

    /// Throws `Failure` listing every name, in every template of `templates` (name → text),
    /// that is not a template, and every required template that is missing.
    static func check(_ templates: [String: String]) throws {
        var problems = required.filter { templates[$0] == nil }.map { "\($0).mustache is missing: every page needs it" }
        for (name, text) in templates.sorted(by: { $0.key < $1.key }) {
            for reference in references(in: text) {
                if reference.isDynamic {
                    problems.append("\(name).mustache names a partial by a value (*\(reference.name)), which cannot be checked")
                } else if templates[reference.name] == nil {
                    problems.append("\(name).mustache names \"\(reference.name)\", which is not a template")
                }
            }
        }
        if !problems.isEmpty { throw Failure(problems: problems) }
    }
}
