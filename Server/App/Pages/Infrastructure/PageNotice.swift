import ExamPrepShared

/// The one flash of the pages: after a form succeeds, the controller sends the browser on with
/// `?done=<token>` (`/teach/exams/4?done=saved`), and the page's frame turns the token into its
/// sentence here (`PageFrame.notice`, drawn by `{{> notice}}`), instead of a switch per page.
/// A count the sentence needs rides along in the query (`&count=3`).
enum PageNotice {
    /// A sentence a `done` token names: its catalogue key, and a second sentence added when the
    /// query's `also` parameter is above 0 (that number its `count`).
    struct Entry: Sendable {
        var key: String
        var also: (parameter: String, key: String)?

        init(_ key: String, also: (parameter: String, key: String)? = nil) {
            self.key = key
            self.also = also
        }
    }

    /// The notices by page (its path, each number as `*`) and `done` token.
    static let entries: [String: [String: Entry]] = [
        "/login": [
            "signed-out": Entry("signin.signed-out"), "reset": Entry("signin.reset-done"), "invited": Entry("signin.invitation-done"),
        ],
        "/courses": ["registered": Entry("student.registered"), "declined": Entry("student.invitation-declined")],
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
    /// language; nil when it names none this page has.
    static func sentence(for target: Substring, catalogue: Catalogue) -> String? {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        var query: [Substring: Substring] = [:]
        for pair in parts[1].split(separator: "&") {
            let field = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if field.count == 2, query[field[0]] == nil { query[field[0]] = field[1] }
        }
        let page = parts[0].split(separator: "/", omittingEmptySubsequences: false)
            .map { $0.allSatisfy(\.isNumber) && !$0.isEmpty ? "*" : $0 }.joined(separator: "/")
        guard let done = query["done"], let entry = entries[page]?[String(done)] else { return nil }
        func number(_ name: String) -> Int? { query[Substring(name)].flatMap { Int($0) } }
        var values: [String: MessageValue] = [:]
        for name in counts { values[name] = .integer(number(name) ?? 0) }
        var sentence = catalogue.string(Message(entry.key, values))
        if let also = entry.also, let count = number(also.parameter), count > 0 {
            sentence += " " + catalogue.string(Message(also.key, ["count": .integer(count)]))
        }
        return sentence
    }
}
