import ExamPrepShared
import Foundation

/// An element of an XML document read by ``SafeXMLReader``: its name, attributes, child
/// elements and the text directly inside it (character data and CDATA, entities resolved).
///
/// Mixed content keeps only the concatenated text: Moodle XML never mixes text that matters
/// with elements (HTML travels as text, in CDATA or escaped).
public struct XMLElementNode: Sendable, Hashable {
    /// The element's name as written (`question`, `text`, …).
    public var name: String
    /// The attributes, values with entities resolved; a repeated name keeps its last value.
    public var attributes: [String: String]
    /// The child elements in document order.
    public var children: [XMLElementNode]
    /// The text directly inside the element.
    public var text: String
    /// The 1-based line of the element's start tag.
    public var line: Int

    public init(name: String, attributes: [String: String] = [:], children: [XMLElementNode] = [], text: String = "", line: Int = 0) {
        self.name = name
        self.attributes = attributes
        self.children = children
        self.text = text
        self.line = line
    }

    /// The first child element named `name`, if any.
    public func child(_ name: String) -> XMLElementNode? {
        children.first { $0.name == name }
    }

    /// Every child element named `name`, in order.
    public func children(_ name: String) -> [XMLElementNode] {
        children.filter { $0.name == name }
    }

    /// The text of Moodle's `<x><text>…</text></x>` pattern for the child `name` (or the
    /// child's own text when it has no `<text>`); nil without such a child.
    public func textOf(_ name: String) -> String? {
        guard let element = child(name) else { return nil }
        return element.child("text")?.text ?? element.text
    }
}

/// Why a document was refused as a whole: a `moodle-xml.*` sentence with where it went wrong.
public struct XMLReadError: Error, Sendable, Hashable {
    public var message: Message

    public init(_ key: String, _ values: [String: MessageValue] = [:]) {
        message = Message(key, values)
    }
}
