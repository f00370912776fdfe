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

    @Test("the query is read as Hummingbird reads a request's: percent-decoded, the first of a repeated name")
    func encoded() {
        #expect(Self.notice("/teach/exams/4?done=sa%76ed") == Self.sentence("teach.exam.saved"))
        #expect(
            Self.notice("/teach/courses/1/questions?done=imported%2Dskipped&count=%33&skipped=%31")
                == Self.sentence("bank.imported-skipped", ["count": .integer(3), "skipped": .integer(1)]))
        #expect(Self.notice("/teach/exams/4?done=saved&done=closed") == Self.sentence("teach.exam.saved"))
        #expect(Self.notice("/login?email=%C5%BB%C3%B3%C5%82%C4%87%40b.org&done=signed%2Dout") == Self.sentence("signin.signed-out"))
        for path in [
            "/teach/exams/4?done=saved%CC%81", "/teach/exams/4?done=%22saved%27", "/teach/exams/4?done=%", "/teach/exams/4?done=save%",
        ] {
            #expect(Self.notice(path) == nil, "\(path)")
        }
    }

    @Test("a sentence that needs the page's own value is the page's: none in the frame, the page's with it")
    func pageValues() {
        #expect(Self.notice("/courses/7?done=enrolled") == nil)
        let course: [String: MessageValue] = ["course": .text("Żółć \"a\u{0301}")]
        #expect(
            PageNotice.sentence(for: "/courses/7?done=enrolled", catalogue: .of(.pl), values: course)
                == Self.sentence("student.enrolled-in", course, .pl))
        #expect(PageNotice.sentence(for: "/courses/7?done=declined", catalogue: .of(.en), values: course) == nil)
        #expect(PageNotice.shows("attempt.just-submitted", at: "/attempts/12?done=submitted"))
        #expect(PageNotice.shows("attempt.just-submitted", at: "/attempts/12?done=submit%74ed"))
        #expect(!PageNotice.shows("attempt.just-submitted", at: "/attempts/12"))
        #expect(!PageNotice.shows("attempt.just-submitted", at: "/attempts/12/x?done=submitted"))
        #expect(!PageNotice.shows("teach.exam.saved", at: "/attempts/12?done=submitted"))
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
