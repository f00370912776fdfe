import Foundation
import Hummingbird
import Mustache
import NIOPosix

/// Draws pages from the templates in `Server/Templates`, embedded in the binary and compiled
/// once at start. Every `{{value}}` is escaped for HTML (attribute values included); the
/// templates never use `{{{…}}}`, so text from people always shows as text.
struct PageRenderer: Sendable {
    let library: MustacheLibrary
    let assets: PageAssets

    /// Fails (and the server does not start) when a template does not parse.
    init(files: [(name: String, contents: String)] = embeddedFiles, assets: PageAssets = PageAssets()) throws {
        var library = MustacheLibrary()
        for file in files where file.name.hasSuffix(".mustache") {
            try library.register(file.contents, named: String(file.name.dropLast(".mustache".count)))
        }
        self.library = library
        self.assets = assets
    }

    func render<Model: Sendable>(
        _ template: String, title: String, frame: PageFrame, page: Model, status: HTTPResponse.Status = .ok
    ) -> Response {
        Self.response(html(template, title: title, frame: frame, page: page), status: status)
    }

    /// As `render`, with the page's model made by `page` and drawn on a thread of NIO's pool
    /// rather than on the cooperative pool, whose few threads serve every request: for a page
    /// whose making grows with the data (the bank's tree of thousands of topics), so that loads
    /// of it never hold up another person's request (the kernel shares the cores between the
    /// threads instead), as the mail's SMTP transfer does.
    func renderAside<Model: Sendable>(
        _ template: String, title: String, frame: PageFrame, status: HTTPResponse.Status = .ok,
        page: @escaping @Sendable () throws -> Model
    ) async throws -> Response {
        let renderer = self
        let html = try await NIOThreadPool.singleton.runIfActive { try renderer.html(template, title: title, frame: frame, page: page()) }
        return Self.response(html, status: status)
    }

    private static func response(_ html: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// The page as HTML.
    func html<Model: Sendable>(_ template: String, title: String, frame: PageFrame, page: Model) -> String {
        var frame = frame
        frame.stylesheet = assets.stylesheet.path
        frame.script = assets.script.path
        return library.render(PageDocument(title: title, frame: frame, page: page, t: PageTexts(frame.language)), withTemplate: template)
            ?? ""
    }

    /// `response` with a `Retry-After` of `seconds`: a sign-in or a start turned away busy
    /// (503), a limit reached (429).
    static func retrying(after seconds: Int, _ response: Response) -> Response {
        var response = response
        response.headers[.retryAfter] = String(seconds)
        return response
    }

    /// 303 See Other: after a form, the browser asks for `location` with GET.
    static func redirect(to location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }
}
