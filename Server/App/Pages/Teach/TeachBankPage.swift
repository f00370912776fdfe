import ExamPrepExams
import ExamPrepRules
import ExamPrepShared
import Foundation

/// What `teach-bank.mustache` shows: a course's question bank by topic (a tree) and tag, a
/// search, the questions of the filter, and the upload, export and practice forms. However
/// large the bank, a page draws at most `topicLimit` topics, `tagLimit` tags and
/// `TeachBankPageController.pageSize` questions, with links to the rest.
struct TeachBankPage: Sendable {
    /// A topic of the tree, with the topics below it.
    struct Topic: Sendable {
        var name: String
        var link: String
        var count: Int
        var current: Bool
        var children: [Topic]
        var hasChildren: Bool
    }

    struct Tag: Sendable {
        var name: String
        var link: String
        var count: Int
        var current: Bool
    }

    struct Row: Sendable {
        var id: Int
        var title: String
        var kind: String
        var topic: String
        var tags: String
        var points: Int
        var practice: Bool
        /// The question's picture, drawn small beside its title.
        var thumbnail: PictureView? = nil
    }

    var courseID: Int
    var courseName: String
    var topics: [Topic]
    /// Where the topics continue, when the page draws only a window of them.
    var moreTopics: More?
    /// "3 without a topic." (nil: every question has one).
    var untopical: String?
    var tags: [Tag]
    var hasTags: Bool
    var moreTags: More?
    var topic: String
    var tag: String
    var search: String
    var filter: String
    /// "Open {filter} for practice", "Close …" and "Download {filter} as GIFT", said whole.
    var openFilter: String
    var closeFilter: String
    var download: String
    var rows: [Row]
    var hasRows: Bool
    var nextPage: String?
    var exportPath: String
    var notice: String?
    var uploadError: String?

    /// Topics one page draws at most (a window of the tree, depth first), and tags.
    static let topicLimit = 200
    static let tagLimit = 100

    /// The window of `tree` a page draws: from `start` when given, else the first window, or
    /// one that begins at the `current` topic when the first does not hold it. The topics
    /// above the window's first are drawn too, so that it hangs where it belongs.
    static func topics(_ tree: TopicTree, current: String?, start: Int?, courseID: Int) -> (topics: [Topic], window: ListWindow) {
        let place = current.flatMap(tree.place(of:))
        let from = start ?? place.map { $0 < topicLimit ? 0 : $0 } ?? 0
        let window = ListWindow(count: tree.listing.count, limit: topicLimit, start: from)
        let topics = tree.nested(
            tree.window(window.range),
            make: { node, path in
                Topic(
                    name: String(node.name), link: TeachBankPageController.path(courseID, topic: path, tag: nil, search: nil),
                    count: node.count, current: path == current, children: [], hasChildren: false)
            },
            nest: { topic, children in
                topic.children = children
                topic.hasChildren = !children.isEmpty
            })
        return (topics, window)
    }

    /// Where a cut list continues: its place in the whole ("Topics 1–200 of 7111."), and links
    /// to the windows before and after it (nil when the window holds the whole list).
    struct More: Sendable {
        var summary: String
        var earlier: String?
        var later: String?

        /// `here` with `parameter` set to the start of the window before or after `window`;
        /// `summary` is the sentence `key` says of the window (its first, last and total).
        init?(_ window: ListWindow, here: String, parameter: String, summary key: String, catalogue: Catalogue) {
            guard !window.isWhole else { return nil }
            let joiner = here.contains("?") ? "&" : "?"
            summary = catalogue.string(
                Message(
                    key,
                    [
                        "first": .integer(window.range.lowerBound + 1), "last": .integer(window.range.upperBound),
                        "total": .integer(window.count),
                    ]))
            earlier = window.previous.map { here + joiner + "\(parameter)=\($0)" }
            later = window.next.map { here + joiner + "\(parameter)=\($0)" }
        }
    }

    /// A question in a line: its name and the start of its text.
    static func title(name: String?, prompt: String) -> String {
        let start = prompt.count > 90 ? String(prompt.prefix(90)) + "…" : prompt
        return name.map { "\($0): \(start)" } ?? start
    }

    /// `pictures`: the size of the listed questions' pictures.
    static func row(_ question: Question, pictures: PictureSizes = .none, catalogue: Catalogue) -> Row {
        var thumbnail = PictureView(question.image, sizes: pictures)
        thumbnail?.thumbnail = true
        return Row(
            id: question.id, title: title(name: question.name, prompt: question.prompt),
            kind: kind(question.kind, catalogue: catalogue), topic: question.topic ?? "-",
            tags: (question.tags ?? []).joined(separator: ", "), points: question.points, practice: question.practice ?? false,
            thumbnail: thumbnail)
    }

    /// The kind's name ("multiple choice"), in the catalogue's language.
    static func kind(_ kind: QuestionKind, catalogue: Catalogue) -> String {
        let key =
            switch kind {
            case .singleChoice: "bank.kind.single-choice"
            case .multipleChoice: "bank.kind.multiple-choice"
            case .trueFalse: "bank.kind.true-false"
            case .shortAnswer: "bank.kind.short-answer"
            case .numerical: "bank.kind.numerical"
            case .matching: "bank.kind.matching"
            case .essay: "bank.kind.essay"
            case .description: "bank.kind.description"
            }
        return catalogue.string(Message(key))
    }
}

/// What `teach-import.mustache` shows: the dry run of an uploaded file (what will be imported,
/// every question left out with its line and reason) and the form that imports it.
struct TeachImportPage: Sendable {
    struct Entry: Sendable {
        var number: Int
        var title: String
        var kind: String
        var topic: String
    }

    var courseID: Int
    var courseName: String
    var text: String
    var format: String
    var practice: Bool
    var entries: [Entry]
    /// "Nothing is stored yet. 3 question(s) will be imported; 1 left out." and the button's
    /// "Import 3 question(s)", in the reader's language.
    var summary: String
    var importLabel: String
    var canImport: Bool
    var skipped: [SkippedQuestion]
    var hasSkipped: Bool
    /// "And 3 more, not listed." (nil: every one left out is listed).
    var unlisted: String?
    /// What was left out of each question to import, and the file's pictures.
    var report: ImportReportView

    init(
        courseID: Int, courseName: String, text: String, format: InterchangeFormat, practice: Bool, read: QuestionImport.Read,
        catalogue: Catalogue
    ) {
        self.courseID = courseID
        self.courseName = courseName
        self.text = text
        self.format = format.rawValue
        self.practice = practice
        entries = read.questions.enumerated().map { index, question in
            Entry(
                number: index + 1, title: TeachBankPage.title(name: question.bank.name, prompt: question.prompt),
                kind: TeachBankPage.kind(question.kind, catalogue: catalogue), topic: question.bank.topic ?? "-")
        }
        let count = MessageValue.integer(read.questions.count)
        summary =
            read.skips.isEmpty
            ? catalogue.string(Message("bank.import.summary", ["count": count]))
            : catalogue.string(Message("bank.import.summary-skipped", ["count": count, "skipped": .integer(read.skippedCount)]))
        importLabel = catalogue.string(Message("bank.import.button", ["count": count]))
        canImport = !read.questions.isEmpty
        skipped = read.skipped(in: catalogue)
        report = ImportReportView(read: read, titles: entries.map(\.title), catalogue: catalogue)
        hasSkipped = !read.skips.isEmpty
        unlisted =
            read.skippedCount > read.skips.count
            ? catalogue.string(Message("bank.import.unlisted", ["count": .integer(read.skippedCount - read.skips.count)])) : nil
    }
}
