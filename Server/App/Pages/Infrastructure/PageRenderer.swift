import Foundation
import Hummingbird
import Mustache

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
        let html = html(template, title: title, frame: frame, page: page)
        return Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// The page as HTML.
    func html<Model: Sendable>(_ template: String, title: String, frame: PageFrame, page: Model) -> String {
        var frame = frame
        frame.stylesheet = assets.stylesheet.path
        frame.script = assets.script.path
        return library.render(PageDocument(title: title, frame: frame, page: page), withTemplate: template) ?? ""
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
