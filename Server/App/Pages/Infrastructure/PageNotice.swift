import ExamPrepShared
import Hummingbird
import HummingbirdCore

/// The one flash of the pages: after a form succeeds, the controller sends the browser on with
/// `?done=<token>` (`/teach/exams/4?done=saved`), and the page's frame turns the token into its
/// sentence here (`PageFrame.notice`, drawn by `{{> notice}}`), instead of a switch per page.
/// A count the sentence needs rides along in the query (`&count=3`); a value only the page
/// knows (a course's name) is the page's to give (`sentence(for:catalogue:values:)`). The query
/// is read as Hummingbird reads a request's (`URI.queryParameters`: percent-decoded, the first
/// of a repeated name).
enum PageNotice {
    /// A sentence a `done` token names: its catalogue key, a second sentence added when the
    /// query's `also` parameter is above 0 (that number its `count`), and the values only the page
    /// can give (`needs`: without them there is no sentence, so the frame shows none).
    struct Entry: Sendable {
        var key: String
        var also: (parameter: String, key: String)?
        var needs: [String]

        init(_ key: String, also: (parameter: String, key: String)? = nil, needs: [String] = []) {
            self.key = key
            self.also = also
            self.needs = needs
        }
    }

    /// The notices by page (its path, each number as `*`) and `done` token.
    static let entries: [String: [String: Entry]] = [
        "/login": [
            "signed-out": Entry("signin.signed-out"), "reset": Entry("signin.reset-done"), "invited": Entry("signin.invitation-done"),
        ],
        "/courses": ["registered": Entry("student.registered"), "declined": Entry("student.invitation-declined")],
        "/courses/*": ["enrolled": Entry("student.enrolled-in", needs: ["course"])],
        "/attempts/*": ["submitted": Entry("attempt.just-submitted")],
        "/account": [
            "password": Entry("student.password-changed"), "ended": Entry("student.session-ended"),
            "language": Entry("student.language-saved"), "name": Entry("names.name-saved"),
        ],
        "/admin": [
            "disabled": Entry("admin.done-disabled"), "enabled": Entry("admin.done-enabled"), "revoked": Entry("admin.done-revoked"),
            "unlinked": Entry(SchoolSignInText.unlinked.key),
        ],
        "/teach": ["deleted": Entry("teach.home.deleted")],
        "/teach/courses/*": [
            "created": Entry("teach.course.created"), "saved": Entry("teach.course.saved"), "code": Entry("teach.course.new-code-notice"),
            "removed": Entry("teach.course.removed"), "grade-scale": Entry("grades.scale-saved"),
        ],
        "/teach/courses/*/students/*": ["saved": Entry("teach.accommodation.saved"), "cleared": Entry("teach.accommodation.cleared")],
        "/teach/courses/*/questions": [
            "imported": Entry("bank.imported"), "imported-skipped": Entry("bank.imported-skipped"),
            "practice": Entry("bank.changed", also: ("heldBack", "bank.held-back")),
        ],
        "/teach/questions/*": ["saved": Entry("bank.saved"), "regraded": Entry("bank.regraded")],
        "/teach/exams/*": [
            "saved": Entry("teach.exam.saved"), "published": Entry("teach.exam.published"), "closed": Entry("teach.exam.closed"),
            "reopened": Entry("closing.reopened"), "override": Entry("teach.exam.override-saved"),
            "override-removed": Entry("teach.exam.override-removed"),
        ],
        "/teach/exams/*/grading": ["graded": Entry("results.grading.saved")],
        "/teach/exams/*/live": ["extended": Entry("results.live.extended")],
        "/teach/attempts/*": ["extended": Entry("results.attempt.extended")],
    ]

    /// The numbers a notice's sentence may take from the query.
    static let counts = ["count", "skipped"]

    /// The notice `target` (a page's path and query, as asked for) names, in `catalogue`'s
    /// language, with the page's own `values`; nil when it names none this page has, or one
    /// that needs a value `values` lacks.
    static func sentence(for target: some StringProtocol, catalogue: Catalogue, values given: [String: MessageValue] = [:]) -> String? {
        guard let found = entry(for: target), found.entry.needs.allSatisfy({ given[$0] != nil }) else { return nil }
        let (entry, query) = found
        func number(_ name: String) -> Int? { query.get(name).flatMap { Int($0) } }
        var values = given
        for name in counts where values[name] == nil { values[name] = .integer(number(name) ?? 0) }
        var sentence = catalogue.string(Message(entry.key, values))
        if let also = entry.also, let count = number(also.parameter), count > 0 {
            sentence += " " + catalogue.string(Message(also.key, ["count": .integer(count)]))
        }
        return sentence
    }

    /// Whether `target`'s `done` token names the sentence `key` on its page: for a page that
    /// draws that sentence in a place of its own.
    static func shows(_ key: String, at target: some StringProtocol) -> Bool {
        entry(for: target)?.entry.key == key
    }

    /// The entry `target`'s page and `done` token name, and its query.
    private static func entry(for target: some StringProtocol) -> (entry: Entry, query: FlatDictionary<Substring, Substring>)? {
        guard target.first == "/" else { return nil }
        let uri = URI(String(target))
        let query = uri.queryParameters
        let page = uri.path.split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.allSatisfy(\.isNumber) && !$0.isEmpty ? "*" : $0 }.joined(separator: "/")
        guard let done = query.get("done"), let entry = entries[page]?[String(done)] else { return nil }
        return (entry, query)
    }
}
