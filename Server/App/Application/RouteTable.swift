import HTTPTypes
import Synchronization

/// Which methods each route pattern answers (`/api/courses/:userId` → GET), to tell
/// "no such path" (404) from "not with this method" (405).
final class RouteTable: Sendable {
    private let routes = Mutex<[(components: [Substring], methods: Set<HTTPRequest.Method>)]>([])

    func add(pattern: String, method: HTTPRequest.Method) {
        let components = Self.components(pattern)
        routes.withLock { routes in
            if let index = routes.firstIndex(where: { $0.components == components }) {
                routes[index].methods.insert(method)
            } else {
                routes.append((components, [method]))
            }
        }
    }

    /// The methods `path` answers, or nil when no route has its shape. HEAD comes with GET.
    /// Like the router, a literal segment wins over a parameter: `/api/students/courses/enroll`
    /// is the enroll route's path only, not also `/api/students/courses/:courseId`'s.
    func allowedMethods(for path: String) -> [HTTPRequest.Method]? {
        let requested = Self.components(path)
        let matches = routes.withLock { routes in
            routes.filter { Self.matches(pattern: $0.components, path: requested) }
        }
        guard let best = matches.map({ Self.shape($0.components) }).min(by: { $0.lexicographicallyPrecedes($1) }) else {
            return nil
        }
        var methods = matches.filter { Self.shape($0.components) == best }
            .reduce(into: Set<HTTPRequest.Method>()) { $0.formUnion($1.methods) }
        if methods.contains(.get) { methods.insert(.head) }
        return methods.sorted { $0.rawValue < $1.rawValue }
    }

    private static func components(_ path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// 0 for each literal component, 1 for each parameter: the smallest is the most specific.
    private static func shape(_ pattern: [Substring]) -> [Int] {
        pattern.map { isParameter($0) ? 1 : 0 }
    }

    private static func isParameter(_ component: Substring) -> Bool {
        component.hasPrefix(":") || component.hasPrefix("{")
    }

    /// A `:name` or `{name}` component matches any one segment; others match exactly.
    private static func matches(pattern: [Substring], path: [Substring]) -> Bool {
        guard pattern.count == path.count else { return false }
        return zip(pattern, path).allSatisfy { expected, actual in
            isParameter(expected) || expected == actual
        }
    }
}
