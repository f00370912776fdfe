import ExamPrepShared
import HTTPTypes
import NIOCore
import Yams

@testable import ExamPrepServer

/// The API contract as the server serves it (`GET /openapi.yaml`, the repository's
/// `openapi.yaml` embedded at build time), read into what the tests generate cases from: so
/// that a route added to the document cannot be left out of them.
struct OpenAPIContract: Sendable {
    struct Operation: Sendable, CustomStringConvertible {
        var method: HTTPRequest.Method
        /// The path template, `{name}` for each parameter.
        var path: String
        var operationId: String
        /// Whether it asks for a bearer token.
        var isProtected: Bool
        var requestBody: RequestBody
        /// The documented statuses (`"200"`, `"4XX"`, …).
        var statuses: Set<String>
        /// The schema (`components/schemas` name) of each JSON response body, by status; an
        /// array's is its items' schema.
        var jsonSchemas: [String: String]
        /// Every `format: date-time` field of its JSON request body, as a path
        /// (`closesAt`, `answers[].savedAt`).
        var requestDateFields: [String] = []

        enum RequestBody: Sendable { case none, optional, required }

        var description: String { "\(method) \(path)" }

        /// The roles that may call it: the path says (`/api/faculty/…` faculty, `/api/students/…`
        /// students, `/api/admin/…` admins, any other protected route every role).
        var roles: Set<Role> {
            if path.hasPrefix("/api/faculty/") { return [.faculty] }
            if path.hasPrefix("/api/students/") { return [.student] }
            if path.hasPrefix("/api/admin/") { return [.admin] }
            return Set(Role.allCases)
        }

        /// `path` with every parameter filled in by `value(name)`.
        func path(_ value: (String) -> String) -> String {
            path.split(separator: "/", omittingEmptySubsequences: false).map { segment in
                segment.hasPrefix("{") && segment.hasSuffix("}") ? value(String(segment.dropFirst().dropLast())) : String(segment)
            }.joined(separator: "/")
        }
    }

    var paths: [String]
    var operations: [Operation]

    struct Malformed: Error, CustomStringConvertible {
        var description: String
    }

    /// The document the server embeds.
    static let served: OpenAPIContract = {
        do {
            return try OpenAPIContract(yaml: String(buffer: OpenAPIController.document))
        } catch {
            fatalError("openapi.yaml cannot be read: \(error)")
        }
    }()

    init(yaml: String) throws {
        guard let document = try Yams.load(yaml: yaml) as? [String: Any], let paths = document["paths"] as? [String: Any]
        else { throw Malformed(description: "no paths") }
        let components = document["components"] as? [String: Any] ?? [:]
        let sharedResponses = components["responses"] as? [String: Any] ?? [:]
        let componentSchemas = components["schemas"] as? [String: Any] ?? [:]
        self.paths = paths.keys.sorted()
        var operations: [Operation] = []
        for (path, item) in paths.sorted(by: { $0.key < $1.key }) {
            guard let item = item as? [String: Any] else { throw Malformed(description: "\(path) is not a map") }
            for (name, value) in item.sorted(by: { $0.key < $1.key }) where name != "parameters" {
                guard let method = HTTPRequest.Method(name.uppercased()), let operation = value as? [String: Any] else {
                    throw Malformed(description: "\(path): \(name) is not an operation")
                }
                let security = operation["security"] as? [[String: Any]] ?? []
                let body = operation["requestBody"] as? [String: Any]
                // A status may be written unquoted (a YAML integer).
                let responses = (operation["responses"] as? [AnyHashable: Any] ?? [:])
                    .reduce(into: [String: Any]()) { $0["\($1.key.base)"] = $1.value }
                var schemas: [String: String] = [:]
                for (status, response) in responses {
                    var response = response as? [String: Any] ?? [:]
                    if let reference = response["$ref"] as? String {
                        response = sharedResponses[Self.lastComponent(reference)] as? [String: Any] ?? [:]
                    }
                    let content = response["content"] as? [String: Any] ?? [:]
                    let schema = (content["application/json"] as? [String: Any])?["schema"] as? [String: Any] ?? [:]
                    let named = (schema["items"] as? [String: Any] ?? schema)["$ref"] as? String
                    if let named { schemas[status] = Self.lastComponent(named) }
                }
                operations.append(
                    Operation(
                        method: method, path: path, operationId: operation["operationId"] as? String ?? "",
                        isProtected: security.contains { $0["bearerAuth"] != nil },
                        requestBody: body == nil ? .none : (body?["required"] as? Bool == true ? .required : .optional),
                        statuses: Set(responses.keys), jsonSchemas: schemas,
                        requestDateFields: Self.dateFields(
                            ((body?["content"] as? [String: Any])?["application/json"] as? [String: Any])?["schema"],
                            schemas: componentSchemas)))
            }
        }
        self.operations = operations
    }

    var protectedOperations: [Operation] { operations.filter(\.isProtected) }

    /// The paths of the `format: date-time` fields in `schema` (following `$ref`s, properties,
    /// array items and `allOf`/`oneOf`/`anyOf`; each named schema once per path).
    static func dateFields(_ schema: Any?, schemas: [String: Any], path: String = "", seen: Set<String> = []) -> [String] {
        guard var node = schema as? [String: Any] else { return [] }
        var seen = seen
        if let reference = node["$ref"] as? String {
            let name = lastComponent(reference)
            guard !seen.contains(name), let named = schemas[name] as? [String: Any] else { return [] }
            seen.insert(name)
            node = named
        }
        if node["format"] as? String == "date-time" { return [path] }
        var fields: [String] = []
        for (name, property) in (node["properties"] as? [String: Any] ?? [:]).sorted(by: { $0.key < $1.key }) {
            fields += dateFields(property, schemas: schemas, path: path.isEmpty ? name : path + "." + name, seen: seen)
        }
        if let items = node["items"] { fields += dateFields(items, schemas: schemas, path: path + "[]", seen: seen) }
        for combinator in ["allOf", "oneOf", "anyOf"] {
            for part in node[combinator] as? [Any] ?? [] { fields += dateFields(part, schemas: schemas, path: path, seen: seen) }
        }
        return Array(Set(fields)).sorted()
    }

    private static func lastComponent(_ reference: String) -> String {
        String(reference.split(separator: "/").last ?? "")
    }
}
