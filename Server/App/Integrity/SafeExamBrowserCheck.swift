import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// Safe Exam Browser's check, as Moodle's `quizaccess_seb` makes it: SEB sends with every
/// request `X-SafeExamBrowser-ConfigKeyHash`, the lowercase hex SHA-256 of the absolute URL it
/// asked for (no fragment) followed by its configuration's key. A request passes when the
/// header equals that hash for one of the exam's keys; the key itself never travels, so a hash
/// seen for one page or one exam does not open another.
enum SafeExamBrowserCheck {
    static let header = HTTPField.Name("X-SafeExamBrowser-ConfigKeyHash")!

    /// The address the browser asked for: `PUBLIC_URL`'s origin (else `http://` and the request's
    /// `Host`, for a server opened on its own machine) with the request's path and query.
    static func absoluteURL(of request: Request, publicOrigin: String?) -> String {
        let origin = publicOrigin ?? "http://\(request.head.authority ?? "localhost")"
        let query = request.uri.query.map { $0.isEmpty ? "" : "?\($0)" } ?? ""
        return origin + request.uri.path + query
    }

    /// The hash SEB sends for `url` with `key`.
    static func hash(url: String, key: String) -> String {
        SHA256.hash(data: Data((url + key).utf8)).map { String(format: "%02x", $0) }.joined()
    }

    /// Whether `sent` is the hash of `url` with one of `keys`, compared in constant time (every
    /// key is tried, and every byte of each).
    static func passes(sent: String?, url: String, keys: [String]) -> Bool {
        guard let sent else { return false }
        let received = Array(sent.lowercased().utf8)
        var matched = false
        for key in keys {
            let expected = Array(hash(url: url, key: key).utf8)
            var difference = UInt8(received.count == expected.count ? 0 : 1)
            for index in expected.indices {
                difference |= expected[index] ^ (index < received.count ? received[index] : 0)
            }
            matched = matched || difference == 0
        }
        return matched
    }
}

/// The attempt or exam a student's request is about, whose keys the gate checks.
enum SafeExamBrowserTarget: Equatable {
    case attempt(Int)
    case exam(Int)

    /// `/attempts/{id}…` and `/exams/{id}`, `/exams/{id}/attempts`, with or without the API's
    /// `/api/students` in front; nil for any other path.
    init?(path: String) {
        var parts = path.split(separator: "/", omittingEmptySubsequences: true)
        if parts.starts(with: ["api", "students"]) { parts.removeFirst(2) }
        guard parts.count >= 2, let id = Int(parts[1]), id > 0 else { return nil }
        switch parts[0] {
        case "attempts": self = .attempt(id)
        case "exams" where parts.count == 2 || (parts.count == 3 && parts[2] == "attempts"): self = .exam(id)
        default: return nil
        }
    }

    /// A request that changes an attempt (anything but a read), other than moving it here
    /// (`…/attempts/{id}/place`): only its place may make it.
    static func changesAttempt(_ request: Request) -> Bool {
        guard case .attempt = SafeExamBrowserTarget(path: request.uri.path) else { return false }
        return request.method != .get && request.method != .head && request.uri.path.split(separator: "/").last != "place"
    }

    /// A save (`PUT …/attempts/{id}/answers`), the attempt page's form save (`POST
    /// /attempts/{id}`) or a focus batch (`POST …/attempts/{id}/focus`): their work checks the
    /// rules with the attempt it reads (`AttemptAccess`).
    static func checkedByItsWork(_ request: Request) -> Bool {
        guard case .attempt = SafeExamBrowserTarget(path: request.uri.path) else { return false }
        let parts = request.uri.path.split(separator: "/")
        let formSave = parts.count == 2 && parts[0] == "attempts"
        return (request.method == .put && parts.last == "answers") || (request.method == .post && (parts.last == "focus" || formSave))
    }
}
