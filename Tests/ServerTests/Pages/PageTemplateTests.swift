import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

/// The templates are embedded, compile, and never print a value unescaped.
@Suite("Page templates", .hangGuard)
struct PageTemplateTests {
    @Test("every template compiles, none has {{& }} or {{{ }}} but of an …HTML field, and values are escaped, attributes included")
    func escaping() throws {
        let templates = embeddedFiles.filter { $0.name.hasSuffix(".mustache") }
        #expect(templates.count >= 12)
        for template in templates {
            // The one raw form is `{{{…HTML}}}`, fed by RichText (FormulaPageTests checks the names).
            let raw = template.contents.replacing(/\{\{\{[A-Za-z.]*HTML\}\}\}/, with: "")
            #expect(!raw.contains("{{{") && !raw.contains("{{&"), "\(template.name) prints a raw value")
            #expect(
                !template.contents.contains("style=") && !template.contents.contains("<script>"),
                "\(template.name) has inline style or script")
        }
        let renderer = try PageRenderer()
        let hostile = "\"><img src=x onerror=alert(1)>'<script>"
        let frame = PageFrame(user: WebUser(id: 1, role: .student, email: hostile, sessionID: UUID()), csrfToken: hostile)
        let html = renderer.html(
            "login", title: hostile, frame: frame, page: SignInPageController.LoginForm(email: hostile, next: hostile, error: hostile))
        #expect(!html.contains(hostile) && !html.contains("<img") && !html.contains("<script>"))
        #expect(html.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;&#39;&lt;script&gt;"))
        #expect(html.contains(renderer.assets.stylesheet.path) && html.contains(renderer.assets.script.path))
    }
}
