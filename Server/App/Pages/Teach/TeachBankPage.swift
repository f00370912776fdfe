import ExamPrepExams
import ExamPrepShared
import Foundation

/// What `teach-bank.mustache` shows: a course's question bank by topic (a tree) and tag, a
/// search, the questions of the filter, and the upload, export and practice forms.
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
    }

    var courseID: Int
    var courseName: String
    var topics: [Topic]
    /// How many questions have no topic (nil: none).
    var untopical: Int?
    var tags: [Tag]
    var hasTags: Bool
    var topic: String
    var tag: String
    var search: String
    var filter: String
    var rows: [Row]
    var hasRows: Bool
    var nextPage: String?
    var exportPath: String
    var notice: String?
    var uploadError: String?

    /// The topics' paths ("algebra/groups") as a tree, by name.
    static func tree(_ counts: [(String, Int)], current: String?, courseID: Int) -> (topics: [Topic], untopical: Int?) {
        let own = Dictionary(counts, uniquingKeysWith: +)
        var paths = Set<String>()
        for (path, _) in counts where !path.isEmpty {
            let parts = path.split(separator: "/")
            for end in parts.indices { paths.insert(parts[...end].joined(separator: "/")) }
        }
        func children(of parent: String?) -> [Topic] {
            paths.filter { path in
                guard let parent else { return !path.contains("/") }
                return path.hasPrefix(parent + "/") && !path.dropFirst(parent.count + 1).contains("/")
            }.sorted().map { path in
                Topic(
                    name: String(path.split(separator: "/").last ?? ""),
                    link: TeachBankPageController.path(courseID, topic: path, tag: nil, search: nil), count: own[path] ?? 0,
                    current: path == current,
                    children: children(of: path), hasChildren: paths.contains { $0.hasPrefix(path + "/") })
            }
        }
        return (children(of: nil), own[""].flatMap { $0 > 0 ? $0 : nil })
    }

    /// A question in a line: its name and the start of its text.
    static func title(name: String?, prompt: String) -> String {
        let start = prompt.count > 90 ? String(prompt.prefix(90)) + "…" : prompt
        return name.map { "\($0): \(start)" } ?? start
    }

    static func row(_ question: Question) -> Row {
        Row(
            id: question.id, title: title(name: question.name, prompt: question.prompt),
            kind: question.kind.rawValue.replacingOccurrences(of: "_", with: " "), topic: question.topic ?? "-",
            tags: (question.tags ?? []).joined(separator: ", "), points: question.points, practice: question.practice ?? false)
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
    var count: Int
    var canImport: Bool
    var skipped: [SkippedQuestion]
    var hasSkipped: Bool
    var skippedCount: Int
    /// How many left out are not listed (nil: none).
    var unlisted: Int?

    init(courseID: Int, courseName: String, text: String, format: InterchangeFormat, practice: Bool, read: QuestionImport.Read) {
        self.courseID = courseID
        self.courseName = courseName
        self.text = text
        self.format = format.rawValue
        self.practice = practice
        entries = read.questions.enumerated().map { index, question in
            Entry(
                number: index + 1, title: TeachBankPage.title(name: question.bank.name, prompt: question.prompt),
                kind: question.kind.rawValue.replacingOccurrences(of: "_", with: " "), topic: question.bank.topic ?? "-")
        }
        count = read.questions.count
        canImport = !read.questions.isEmpty
        skipped = read.skipped
        hasSkipped = !read.skipped.isEmpty
        skippedCount = read.skippedCount
        unlisted = read.skippedCount > read.skipped.count ? read.skippedCount - read.skipped.count : nil
    }
}
