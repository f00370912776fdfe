import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import Testing

@testable import ExamPrepServer

/// The one flash of the pages: a `?done=` token becomes its sentence in the page's frame, by
/// the page it shows on (the same token names another sentence on another page), with the
/// counts the query carries; `{{> notice}}` draws it when the page's model has none.
@Suite("Page notice", .hangGuard)
struct PageNoticeTests {
    static func notice(_ path: String, _ language: Language = .en) -> String? {
        PageFrame(user: nil, csrfToken: "", language: language, path: path).notice
    }

    static func sentence(_ key: String, _ values: [String: MessageValue] = [:], _ language: Language = .en) -> String {
        Catalogue.of(language).string(Message(key, values))
    }

    @Test("a token is read by the page it shows on, numbers as any number")
    func byPage() {
        #expect(Self.notice("/teach/exams/4?done=saved") == Self.sentence("teach.exam.saved"))
        #expect(Self.notice("/teach/courses/4?done=saved") == Self.sentence("teach.course.saved"))
        #expect(Self.notice("/teach/courses/4/students/9?done=saved") == Self.sentence("teach.accommodation.saved"))
        #expect(Self.notice("/account?done=password", .pl) == Self.sentence("student.password-changed", [:], .pl))
        #expect(Self.notice("/login?done=reset&email=a%40b.org") == Self.sentence("signin.reset-done"))
    }

    @Test("counts ride in the query; a second sentence is added when its count is above 0")
    func counts() {
        #expect(
            Self.notice("/teach/exams/3/live?done=extended&count=2") == Self.sentence("results.live.extended", ["count": .integer(2)]))
        let practice = "/teach/courses/1/questions?topic=A&done=practice&count=3"
        #expect(Self.notice(practice) == Self.sentence("bank.changed", ["count": .integer(3)]))
        #expect(
            Self.notice(practice + "&heldBack=2")
                == Self.sentence("bank.changed", ["count": .integer(3)]) + " " + Self.sentence("bank.held-back", ["count": .integer(2)]))
        #expect(
            Self.notice("/teach/courses/1/questions?done=imported-skipped&count=3&skipped=1")
                == Self.sentence("bank.imported-skipped", ["count": .integer(3), "skipped": .integer(1)]))
    }

    @Test("no notice for an unknown token, another page's token, no token, or fuzz")
    func none() {
        for path in [
            "/teach/exams/4?done=graded", "/teach/exams/4", "/teach/exams/4?done=", "/teach/exams/x?done=saved", "/courses?done=saved",
            "/teach/exams/4?done=saved\u{0301}", "/teach/exams/4?done=\"saved'", "/?done=saved", "?done=saved", "",
            "/teach/exams/4?done=published&count=99999999999999999999",
        ] {
            let found = Self.notice(path)
            #expect(found == nil || path.hasSuffix("99999999999999999999"), "\(path)")
        }
    }

    @Test("{{> notice}} draws the frame's notice when the page's model has none, and the model's first")
    func drawn() throws {
        let renderer = try PageRenderer()
        let frame = PageFrame(user: nil, csrfToken: "t", path: "/login?done=signed-out")
        let html = try renderer.document("login", title: "", frame: frame, page: SignInPageController.LoginForm())
        #expect(html.contains("<p class=\"notice\" role=\"status\">\(Self.sentence("signin.signed-out"))</p>"))
        let own = SignInPageController.LoginForm(notice: "a\u{0301}\"")
        let mine = try renderer.document("login", title: "", frame: frame, page: own)
        #expect(mine.contains("<p class=\"notice\" role=\"status\">a\u{0301}&quot;</p>"))
    }
}
