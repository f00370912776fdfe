import ExamPrepShared
import Foundation

/// HTML question text (Moodle XML's `format="html"`, GIFT's `[html]`) read as the plain text
/// the server stores, TeX kept as written.
///
/// A safe subset becomes its plain reading: `<p>`, `<div>` and headings are paragraphs, `<br>`
/// a line break, bold, italic and spans their text, `<sub>`/`<sup>` `_x`/`^x`, list items
/// lines starting `- ` or `1. `, a table's rows lines with cells between ` | `. Everything
/// else is left out and said in ``Reading/leftOut`` (once per kind): scripts, styles, frames,
/// embedded objects, forms, event attributes, pictures from another site. A picture of the
/// file itself (`@@PLUGINFILE@@/name`) is listed in ``Reading/pictures``. Entities are decoded.
public enum HTMLText {
    /// What the text reads as, and what was left out.
    public struct Reading: Sendable, Hashable {
        public var text: String
        /// One `html.*` sentence per kind of thing left out, in the order first met.
        public var leftOut: [Message]
        /// The `@@PLUGINFILE@@` pictures, in order: the name after the prefix and the alt text.
        public var pictures: [Picture]
    }

    /// A picture that the HTML shows from the file's own files.
    public struct Picture: Sendable, Hashable {
        public var name: String
        public var alt: String
    }

    /// The prefix Moodle writes before a question's own file names.
    public static let pluginFile = "@@PLUGINFILE@@/"

    /// Elements whose content is dropped with them, and the sentence that says so.
    static let dropped: [String: String] = [
        "script": "moodle-xml.left-out.script", "style": "moodle-xml.left-out.style", "iframe": "moodle-xml.left-out.frame",
        "frame": "moodle-xml.left-out.frame", "object": "moodle-xml.left-out.object",
        "embed": "moodle-xml.left-out.object", "applet": "moodle-xml.left-out.object", "video": "moodle-xml.left-out.media",
        "audio": "moodle-xml.left-out.media", "svg": "moodle-xml.left-out.object",
        "form": "moodle-xml.left-out.form", "input": "moodle-xml.left-out.form", "button": "moodle-xml.left-out.form",
        "select": "moodle-xml.left-out.form", "textarea": "moodle-xml.left-out.form",
        "head": "moodle-xml.left-out.style", "title": "moodle-xml.left-out.style", "noscript": "moodle-xml.left-out.script",
        "template": "moodle-xml.left-out.script",
    ]
    static let blocks: Set<String> = [
        "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "pre", "ul", "ol", "table", "section", "article",
        "header", "footer", "figure", "figcaption", "center", "address", "hr",
    ]
    static let inline: Set<String> = [
        "b", "strong", "i", "em", "u", "span", "font", "small", "big", "code", "tt", "s", "strike", "del", "ins", "mark", "abbr",
        "a", "label", "cite", "q", "kbd", "var", "samp", "nobr", "html", "body", "tbody", "thead", "tfoot", "caption", "colgroup",
        "col", "dl", "dt", "dd", "sub", "sup", "li", "tr", "td", "th", "img", "br",
    ]

    /// Reads `html` as plain text.
    public static func plain(_ html: String) -> Reading {
        var reader = HTMLTextReader(html)
        return reader.read()
    }
}
