import ExamPrepShared
import Foundation
import Hummingbird
import Mustache
import NIOPosix

/// Draws pages from the templates in `Server/Templates`, embedded in the binary, compiled and
/// checked once at start, once per language with its sentences written in (`TemplateSentences`).
/// Every `{{value}}` is escaped for HTML (attribute values included); the templates never use
/// `{{{…}}}`, so text from people always shows as text.
struct PageRenderer: Sendable {
    /// The templates of each language; `library` is English's.
    let libraries: [Language: MustacheLibrary]
    let assets: PageAssets

    /// Fails (and the server does not start, saying why) when a template does not parse, or
    /// names a partial or parent that is not a template (`TemplateCheck`). With `bakesSentences`
    /// false every sentence is looked up as the page is drawn (the tests compare the two).
    init(files: [(name: String, contents: String)] = embeddedFiles, assets: PageAssets = PageAssets(), bakesSentences: Bool = true) throws {
        HTMLEscaping.register()
        var templates: [String: String] = [:]
        for file in files where file.name.hasSuffix(".mustache") {
            templates[String(file.name.dropLast(".mustache".count))] = file.contents
        }
        var libraries: [Language: MustacheLibrary] = [:]
        for language in Language.allCases {
            let sentences = TemplateSentences.Drawn(language)
            var library = MustacheLibrary()
            for (name, contents) in templates {
                let source = bakesSentences ? TemplateSentences.bake(contents, sentence: sentences.sentence) : contents
                try library.register(HTMLEscaping.pragma + source, named: name)
            }
            libraries[language] = library
        }
        try TemplateCheck.check(templates)
        self.libraries = libraries
        self.assets = assets
    }

    /// The English templates.
    var library: MustacheLibrary { libraries[.en] ?? MustacheLibrary() }

    /// A page drawn with a template name that is not a template: a mistake of ours, which the
    /// tests look for (every name the controllers draw is a template), never something sent.
    struct UnknownTemplate: Error {
        var name: String
    }

    /// The page as a response; for a template that is not one, the error page (500).
    func render<Model: Sendable>(
        _ template: String, title: String, frame: PageFrame, page: Model, status: HTTPResponse.Status = .ok
    ) -> Response {
        do {
            return Self.response(try document(template, title: title, frame: frame, page: page), status: status)
        } catch {
            return Self.response(internalError(frame), status: .internalServerError)
        }
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
        let html = try await NIOThreadPool.singleton.runIfActive {
            try renderer.document(template, title: title, frame: frame, page: page())
        }
        return Self.response(html, status: status)
    }

    private static func response(_ html: String, status: HTTPResponse.Status) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    /// The page as HTML (for a template that is not one, the error page's).
    func html<Model: Sendable>(_ template: String, title: String, frame: PageFrame, page: Model) -> String {
        (try? document(template, title: title, frame: frame, page: page)) ?? internalError(frame)
    }

    /// The page as HTML; throws `UnknownTemplate` when `template` is not a template.
    func document<Model: Sendable>(_ template: String, title: String, frame: PageFrame, page: Model) throws -> String {
        var frame = frame
        frame.stylesheet = assets.stylesheet.path
        frame.script = assets.script.path
        let document = PageDocument(title: title, frame: frame, page: page, t: PageTexts(frame.language))
        guard let html = (libraries[frame.language] ?? library).render(document, withTemplate: template) else {
            throw UnknownTemplate(name: template)
        }
        return html
    }

    /// The error page of a failure of ours (500), drawn with the templates the start's check
    /// found present; its sentence alone should even that fail.
    private func internalError(_ frame: PageFrame) -> String {
        let catalogue = Catalogue.of(frame.language)
        let message = catalogue.string(HTTPFailure.internalError.message)
        let page = PageErrorMiddleware.ErrorPage(message: message, status: 500)
        let title = PageErrorMiddleware.title(of: .internalServerError, catalogue)
        return (try? document("error", title: title, frame: frame, page: page)) ?? message
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
