import Mustache

/// How every page escapes what it prints with `{{…}}`: by Unicode scalars.
///
/// swift-mustache's own HTML escaping looks each `Character` up, and a quote followed by a
/// combining mark (`"\u{301}`) is one `Character` that is not a quote: it went out unescaped,
/// closed the attribute it stood in (`alt="{{alt}}"`) and made the rest of the text attributes.
/// Escaping each scalar escapes the quote whatever follows it. `PageRenderer` names this content
/// type at the top of every template it registers (`pragma`), so partials and parents, which
/// inherit it, escape the same way.
struct HTMLEscaping: MustacheContentType {
    /// The name the templates' pragma uses.
    static let name = "EXAMPREP_HTML"

    /// The pragma that makes a template escape with this type; one line, so a template's own
    /// lines keep their numbers in a parse error (it ends the line it starts).
    static let pragma = "{{% CONTENT_TYPE: \(name)}}"

    /// Makes the type known to swift-mustache (once is enough; again does no harm).
    static func register() {
        MustacheContentTypes.register(HTMLEscaping(), named: name)
    }

    func escapeText(_ text: String) -> String {
        Self.escape(text)
    }

    /// `&`, `<`, `>`, `"` and `'` as character references, scalar by scalar.
    static func escape(_ text: String) -> String {
        var escaped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped.append(contentsOf: "&amp;".unicodeScalars)
            case "<": escaped.append(contentsOf: "&lt;".unicodeScalars)
            case ">": escaped.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": escaped.append(contentsOf: "&quot;".unicodeScalars)
            case "'": escaped.append(contentsOf: "&#39;".unicodeScalars)
            default: escaped.append(scalar)
            }
        }
        return String(escaped)
    }
}
