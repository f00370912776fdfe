import Foundation

/// One parameterised path, written once as OpenAPI spells it
/// (`"/api/faculty/courses/{courseId}"`). Calling it fills the parameters in order
/// (`APIPaths.facultyCourse(3)` is `/api/faculty/courses/3`); `pattern` is the router's form
/// (`/api/faculty/courses/:courseId`).
public struct APIRoute: Sendable, Hashable, CustomStringConvertible {
    public let template: String

    public init(_ template: String) {
        self.template = template
    }

    /// A route under this one: `facultyCourse.appending("/code")`.
    public func appending(_ suffix: String) -> APIRoute {
        APIRoute(template + suffix)
    }

    /// The path with `values` in its `{…}` segments, in order (a segment without a value stays
    /// as it is written).
    public func callAsFunction(_ values: Int...) -> String {
        fill(values.map(String.init))
    }

    /// The path with a session id (lower case) in its one `{…}` segment.
    public func callAsFunction(_ value: UUID) -> String {
        fill([value.uuidString.lowercased()])
    }

    /// The path with a link's token in its one `{…}` segment (tokens are base64url: nothing to escape).
    public func callAsFunction(token: String) -> String {
        fill([token])
    }

    /// Hummingbird's pattern: `{name}` segments as `:name`.
    public var pattern: String {
        segments.map { Self.parameterName($0).map { ":" + $0 } ?? String($0) }.joined(separator: "/")
    }

    /// The names of the `{…}` segments, in order.
    public var parameters: [String] {
        segments.compactMap(Self.parameterName)
    }

    public var description: String { template }

    private var segments: [Substring] {
        template.split(separator: "/", omittingEmptySubsequences: false)
    }

    private func fill(_ values: [String]) -> String {
        var remaining = values[...]
        return segments.map { segment in
            guard Self.parameterName(segment) != nil, let value = remaining.popFirst() else { return String(segment) }
            return value
        }.joined(separator: "/")
    }

    private static func parameterName(_ segment: Substring) -> String? {
        guard segment.count > 2, segment.first == "{", segment.last == "}" else { return nil }
        return String(segment.dropFirst().dropLast())
    }
}
