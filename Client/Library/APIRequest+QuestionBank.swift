import ExamPrepShared
import Foundation

// MARK: - Question banks (faculty)

extension APIRequest where Response == [Question] {
    /// A course's bank, the current version of each question, filtered by topic (and the
    /// topics below it) and tag.
    public static func bankQuestions(courseId: Int, topic: String? = nil, tag: String? = nil) -> Self {
        .init(
            .get, APIPaths.courseQuestions(courseId), queryItems: largestPage + bankFilter(topic: topic, tag: tag),
            requiresAuthentication: true)
    }
}

extension APIRequest where Response == Question {
    public static func createQuestion(_ draft: QuestionDraft, courseId: Int) -> Self {
        .init(.post, APIPaths.courseQuestions(courseId), body: draft, requiresAuthentication: true)
    }

    public static func bankQuestion(_ questionId: Int) -> Self {
        .init(.get, APIPaths.facultyQuestion(questionId), requiresAuthentication: true)
    }

    /// The whole question, replaced; a new version when attempts used the old one.
    public static func replaceQuestion(_ questionId: Int, with draft: QuestionDraft) -> Self {
        .init(.put, APIPaths.facultyQuestion(questionId), body: draft, requiresAuthentication: true)
    }
}

extension APIRequest where Response == SuccessResponse {
    public static func deleteQuestion(_ questionId: Int) -> Self {
        .init(.delete, APIPaths.facultyQuestion(questionId), requiresAuthentication: true)
    }
}

extension APIRequest where Response == QuestionImportReport {
    /// A GIFT (or Aiken) file as the body; `dryRun` reads it and imports nothing; `practice`
    /// opens the imported questions for practice.
    public static func importQuestions(
        _ file: String, courseId: Int, format: InterchangeFormat = .gift, dryRun: Bool = false, practice: Bool = false
    ) -> Self {
        var query: [URLQueryItem] = []
        if format != .gift { query.append(URLQueryItem(name: APIPaths.formatQueryItem, value: format.rawValue)) }
        if dryRun { query.append(URLQueryItem(name: APIPaths.dryRunQueryItem, value: "true")) }
        if practice { query.append(URLQueryItem(name: APIPaths.practiceQueryItem, value: "true")) }
        return .init(.post, APIPaths.importQuestions(courseId), queryItems: query, textBody: file, requiresAuthentication: true)
    }
}

extension APIRequest where Response == TextDocument {
    /// The bank (or the part of it a topic and tag select) as GIFT, or as Moodle XML.
    public static func exportQuestions(courseId: Int, topic: String? = nil, tag: String? = nil, format: InterchangeFormat = .gift) -> Self {
        var query = bankFilter(topic: topic, tag: tag)
        if format != .gift { query.append(URLQueryItem(name: APIPaths.formatQueryItem, value: format.rawValue)) }
        return .init(
            .get, APIPaths.exportQuestions(courseId), queryItems: query, requiresAuthentication: true,
            accept: format == .moodlexml ? "application/xml" : "text/plain")
    }
}

extension APIRequest where Response == [RegradeChange] {
    public static func regradeQuestion(_ questionId: Int, mode: RegradeMode, dryRun: Bool) -> Self {
        .init(.post, APIPaths.regradeQuestion(questionId), body: RegradeRequest(mode: mode, dryRun: dryRun), requiresAuthentication: true)
    }
}

private func bankFilter(topic: String?, tag: String?) -> [URLQueryItem] {
    [
        topic.map { URLQueryItem(name: APIPaths.topicQueryItem, value: $0) },
        tag.map { URLQueryItem(name: APIPaths.tagQueryItem, value: $0) },
    ]
    .compactMap { $0 }
}
