import ExamPrepRules
import ExamPrepShared
import Foundation
import Hummingbird

/// A course's question bank as pages: `GET /teach/courses/{courseId}/questions` (browse by
/// topic and tag, search, the upload, export and practice forms), `POST …/questions/import`
/// (an uploaded GIFT or Aiken file: a dry run first, then the import), `GET …/questions/export`
/// (a GIFT download) and `POST …/questions/practice` (open or close questions for practice).
/// The API's `FacultyQuestionActions` do the work; another's course is 404.
struct TeachBankPageController {
    let courses: FacultyCourseActions
    let actions: FacultyQuestionActions
    /// The listed questions' pictures' sizes, for their thumbnails.
    let media: MediaRepository
    let renderer: PageRenderer

    func addRoutes(to teachers: RouterGroup<PageContext>) {
        teachers.get("/teach/courses/:courseId/questions", use: bank)
        teachers.post("/teach/courses/:courseId/questions/import", use: importFile)
        teachers.get("/teach/courses/:courseId/questions/export", use: export)
        teachers.post("/teach/courses/:courseId/questions/practice", use: practice)
    }

    /// Questions per page of the bank.
    static let pageSize = 100

    @Sendable func bank(_ request: Request, context: PageContext) async throws -> Response {
        // The notice of `?done=` is the frame's (`PageNotice`).
        try await render(request: request, context: context)
    }

    @Sendable func importFile(_ request: Request, context: PageContext) async throws -> Response {
        let courseID = try TeachCoursePageController.id("courseId", context)
        let form = context.form
        let practice = form["practice"] == "true"
        // A browser sends the file's line breaks as they are, and a field's as CRLF.
        // A file that is not UTF-8 is refused as such (page.file-not-utf8), not read as empty.
        let text = (try form.text("file") ?? form["text"] ?? "").replacingOccurrences(of: "\r\n", with: "\n")
        do {
            guard text.utf8.count <= APILimits.maxBodyBytes else {
                throw PageFailure(.contentTooLarge, "bank.too-large", ["kb": .integer(APILimits.maxBodyBytes / 1024)])
            }
            let dryRun = form["step"] != "import"
            let imported = try await actions.importFile(
                format: form["format"], practice: practice, dryRun: dryRun, courseID: courseID, facultyID: context.user.id,
                catalogue: context.catalogue, logger: context.logger
            ) { text }
            let report = imported.report
            guard dryRun else {
                return PageRenderer.redirect(
                    to:
                        "/teach/courses/\(courseID)/questions?done=\(report.skippedCount > 0 ? "imported-skipped" : "imported")&count=\(report.imported)&skipped=\(report.skippedCount)"
                )
            }
            let page = TeachImportPage(
                courseID: courseID, courseName: imported.courseName, text: text, format: imported.format, practice: practice,
                read: imported.read, catalogue: context.catalogue)
            let title = context.catalogue.string(Message("bank.import.title", ["course": .text(imported.courseName)]))
            return renderer.render("teach-import", title: title, frame: context.frame, page: page)
        } catch {
            guard let refusal = FormRefusal(error, context.catalogue) else { throw error }
            return try await render(request: request, context: context, uploadError: refusal.message, status: refusal.status)
        }
    }

    @Sendable func export(_ request: Request, context: PageContext) async throws -> Response {
        let courseID = try TeachCoursePageController.id("courseId", context)
        let query = request.uri.queryParameters
        let (topic, tag) = try FacultyQuestionActions.filters(topic: query.get("topic"), tag: query.get("tag"))
        let format: InterchangeFormat = query.get("format") == InterchangeFormat.moodlexml.rawValue ? .moodlexml : .gift
        return try await actions.export(
            courseID: courseID, facultyID: context.user.id, topic: topic, tag: tag, format: format, logger: context.logger
        ).response
    }

    @Sendable func practice(_ request: Request, context: PageContext) async throws -> Response {
        let courseID = try TeachCoursePageController.id("courseId", context)
        let form = context.form
        let (topic, tag) = try FacultyQuestionActions.filters(topic: form["topic"], tag: form["tag"])
        let questionIDs = try form["questionId"].map { raw -> [Int] in
            guard let id = Int(raw) else { throw InvalidInput("bank.question-number") }
            return [id]
        }
        let marking = PracticeMarking(
            topic: topic, tags: tag.map { [$0] }, questionIds: questionIDs, practice: form["practice"] == "true")
        let marked = try await actions.markPractice(marking, courseID: courseID, facultyID: context.user.id, logger: context.logger)
        var back = Self.path(courseID, topic: topic, tag: tag, search: form["q"])
        back += (back.contains("?") ? "&" : "?") + "done=practice&count=\(marked.changed)"
        if marking.practice && marked.heldBack > 0 { back += "&heldBack=\(marked.heldBack)" }
        return PageRenderer.redirect(to: back)
    }

    // MARK: - Drawing

    /// The bank of the request's `?topic=`, `?tag=`, `?q=` and `?after=` (the questions'
    /// page), with the windows of topics and tags from `?topicsFrom=` and `?tagsFrom=`. The
    /// tree of every topic of the bank is made, and the page drawn, aside
    /// (`PageRenderer.renderAside`): that work grows with the bank.
    private func render(
        request: Request, context: PageContext, notice: String? = nil, uploadError: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let courseID = try TeachCoursePageController.id("courseId", context)
        let query = request.uri.queryParameters
        let (topic, tag) = try FacultyQuestionActions.filters(topic: query.get("topic"), tag: query.get("tag"))
        let search = query.get("q").map { String($0.prefix(200)) }.flatMap { $0.isEmpty ? nil : $0 }
        let course = try await courses.course(courseID, facultyID: context.user.id, logger: context.logger)
        let paging = PageRequest(limit: Self.pageSize, after: query.get("after").flatMap { Int($0) })
        guard
            let outline = try await actions.bank.outline(courseID: courseID, facultyID: context.user.id, logger: context.logger),
            let rows = try await actions.bank.list(
                courseID: courseID, facultyID: context.user.id, topic: topic, tag: tag, search: search, page: paging,
                logger: context.logger)
        else { throw FacultyCourseActions.noSuchCourse(courseID) }
        let (items, nextAfter) = paging.page(rows, key: \.id)
        let pictures = try await media.sizes(Set(items.compactMap { $0.image?.mediaId }), logger: context.logger)
        let (topicsFrom, tagsFrom) = (query.get("topicsFrom").flatMap { Int($0) }, query.get("tagsFrom").flatMap { Int($0) } ?? 0)
        let catalogue = context.catalogue
        return try await renderer.renderAside(
            "teach-bank", title: catalogue.string(Message("bank.title", ["course": .text(course.name)])), frame: context.frame,
            status: status
        ) {
            let tree = TopicTree(outline.topics.map { (path: $0.0, count: $0.1) })
            let here = Self.path(courseID, topic: topic, tag: tag, search: search)
            let (topics, topicWindow) = TeachBankPage.topics(tree, current: topic, start: topicsFrom, courseID: courseID)
            let tagWindow = ListWindow(count: outline.tags.count, limit: TeachBankPage.tagLimit, start: tagsFrom)
            let tags = outline.tags[tagWindow.range].map {
                TeachBankPage.Tag(
                    name: $0.0, link: Self.path(courseID, topic: nil, tag: $0.0, search: nil), count: $0.1, current: $0.0 == tag)
            }
            var filter = [
                topic.map { catalogue.string(Message("bank.filter.topic", ["topic": .text($0)])) },
                tag.map { catalogue.string(Message("bank.filter.tag", ["tag": .text($0)])) },
                search.map { catalogue.string(Message("bank.filter.search", ["text": .text($0)])) },
            ].compactMap { $0 }.joined(separator: ", ")
            if filter.isEmpty { filter = catalogue.string(Message("bank.filter.all")) }
            let said = MessageValue.text(filter)
            return TeachBankPage(
                courseID: courseID, courseName: course.name, topics: topics,
                moreTopics: TeachBankPage.More(
                    topicWindow, here: here, parameter: "topicsFrom", summary: "bank.topics-window", catalogue: catalogue),
                untopical: tree.untopical > 0 ? catalogue.string(Message("bank.untopical", ["count": .integer(tree.untopical)])) : nil,
                tags: tags, hasTags: !tags.isEmpty,
                moreTags: TeachBankPage.More(
                    tagWindow, here: here, parameter: "tagsFrom", summary: "bank.tags-window", catalogue: catalogue),
                topic: topic ?? "", tag: tag ?? "", search: search ?? "", filter: filter,
                openFilter: catalogue.string(Message("bank.open-filter", ["filter": said])),
                closeFilter: catalogue.string(Message("bank.close-filter", ["filter": said])),
                download: catalogue.string(Message("bank.download", ["filter": said])),
                rows: items.map { TeachBankPage.row($0, pictures: pictures, catalogue: catalogue) }, hasRows: !items.isEmpty,
                nextPage: nextAfter.map { here + (here.contains("?") ? "&" : "?") + "after=\($0)" },
                exportPath: Self.path(courseID, topic: topic, tag: tag, search: nil, page: "questions/export"), notice: notice,
                uploadError: uploadError)
        }
    }

    /// `/teach/courses/{id}/questions` with the filter's query.
    static func path(_ courseID: Int, topic: String?, tag: String?, search: String?, page: String = "questions") -> String {
        let items = [("topic", topic), ("tag", tag), ("q", search)].compactMap { name, value in
            value.flatMap { $0.isEmpty ? nil : $0.addingPercentEncoding(withAllowedCharacters: .uriUnreserved) }.map { "\(name)=\($0)" }
        }
        return "/teach/courses/\(courseID)/\(page)" + (items.isEmpty ? "" : "?" + items.joined(separator: "&"))
    }
}
