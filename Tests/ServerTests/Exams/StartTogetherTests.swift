import ExamPrepPostgres
import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import Testing

@testable import ExamPrepServer

/// Issue 73, item 1: a class that starts at once is written in groups, many students to a
/// transaction (`StartBatcher`), and each student gets an attempt of their own as if they had
/// started alone. The test holds the exam's row from a connection of its own, so the first
/// groups wait at their locks and every other start lines up behind them; then lets go.
@Suite("Exams: a class starting at once", .hangGuard)
struct StartTogetherTests {
    static let logger = quietLogger("examprep.test.together", level: .critical)

    enum Kind: String, CaseIterable {
        /// The exam's own questions, the same for everyone.
        case own
        /// Two of them drawn from the course's bank, for each student.
        case drawn
    }

    @Test(arguments: Kind.allCases)
    func aClassStartingAtOnceIsWrittenTogetherAndEachGetsTheirOwnAttempt(_ kind: Kind) async throws {
        try await TestServer.runWithDatabase { server, pool in
            let (faculty, _, course) = try await server.classroom()
            let exam = try await Self.exam(kind, server: server, course: course, token: faculty.token)
            let emails = (0..<12).map { _ in uniqueEmail("class") }
            let outsiderEmail = uniqueEmail("outsider")
            try await pool.makeAccounts(emails + [outsiderEmail])
            var students: [LoginResponse] = []
            for email in emails {
                let student = try await server.login(email)
                try await server.enroll(course, token: student.token)
                students.append(student)
            }
            let outsider = try await server.login(outsiderEmail)
            // The first student twice (two tabs), and one who is not in the course.
            let tokens = students.map(\.token) + [students[0].token, outsider.token]
            let path = APIPaths.examAttempts(exam.id)
            let starting = try await pool.transaction(logger: Self.logger) { holder in
                _ = try await holder.query("SELECT id FROM exams WHERE id = \(exam.id) FOR UPDATE")
                let starting = tokens.map { token in Task { try await server.send(.post, path, token: token) } }
                try await eventually("every start is being written or waits for its group") {
                    let text = try await server.get(APIPaths.metrics).text
                    return Self.metric(text, "examprep_attempt_starts_waiting") + Self.metric(text, "examprep_attempt_starts_grouped")
                        == tokens.count
                }
                return starting
            }
            var replies: [TestReply] = []
            for task in starting { replies.append(try await task.value) }

            #expect(replies.last?.status == .notFound, "\(replies.last?.text ?? "")")
            let attempts = try replies.dropLast().map { reply in
                #expect([.created, .ok].contains(reply.status), "\(reply.text)")
                return try reply.decode(StudentAttempt.self)
            }
            // The first student's two starts: one new attempt, and the same one resumed.
            #expect([replies[0].status, replies[12].status].sorted { $0.code < $1.code } == [.ok, .created])
            #expect(attempts[0].attemptId == attempts[12].attemptId)
            #expect(Set(attempts.map(\.attemptId)).count == students.count)
            for (student, attempt) in zip(students, attempts) {
                #expect(attempt.number == 1 && attempt.examId == exam.id)
                #expect(attempt.deadline == attempt.startedAt.addingTimeInterval(30 * 60))
                #expect(attempt.questions.count == 4)
                if kind == .drawn { #expect(Set(attempt.questions.map(\.id)).count == 4) }
                // What the start showed is what the attempt shows when read back.
                let read = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token)
                    .expect(.ok).decode(StudentAttempt.self)
                #expect(read.questions.map(\.id) == attempt.questions.map(\.id))
                #expect(read.questions.map(\.points) == attempt.questions.map(\.points))
            }
            let written = try await pool.query(
                """
                SELECT count(*) AS attempts, count(DISTINCT a.xmin::text) AS transactions,
                       count(*) FILTER (WHERE a.session_id IS NULL) AS unbound,
                       count(*) FILTER (WHERE (SELECT count(*) FROM attempt_questions aq WHERE aq.attempt_id = a.id) <> 4) AS misdrawn,
                       count(*) FILTER (WHERE (SELECT count(*) FROM attempt_events ev WHERE ev.attempt_id = a.id AND ev.kind = 'started') <> 1)
                         AS unlogged
                FROM attempts a WHERE a.exam_id = \(exam.id)
                """, logger: Self.logger
            ).single()
            #expect(try written.decode("attempts", as: Int.self) == students.count)
            #expect(try written.decode("unbound", as: Int.self) == 0)
            #expect(try written.decode("misdrawn", as: Int.self) == 0)
            #expect(try written.decode("unlogged", as: Int.self) == 0)
            // Twelve students, at most two groups of the first arrivals and the rest together:
            // fewer transactions than students is what the groups are for.
            #expect(try written.decode("transactions", as: Int.self) < students.count)
            let text = try await server.get(APIPaths.metrics).text
            #expect(Self.metric(text, "examprep_attempt_starts_waiting") == 0)
            #expect(Self.metric(text, "examprep_attempt_starts_groups") < Self.metric(text, "examprep_attempt_starts_grouped"))
        }
    }

    /// A 30-minute exam of four questions: its own, or two of them drawn from the course's bank.
    static func exam(_ kind: Kind, server: TestServer, course: Course, token: String) async throws -> Exam {
        let own = Array(ExamFixtures.everyKind().questions.prefix(kind == .own ? 4 : 2))
        var draws: [ExamDrawSlot] = []
        if kind == .drawn {
            for number in 1...5 {
                let question = QuestionDraft(kind: .trueFalse, prompt: "Bank \(number)", points: 1, answer: .bool(true), topic: "T")
                try await server.post(APIPaths.courseQuestions(course.id!), json: question, token: token).expect(.created)
            }
            draws = [ExamDrawSlot(position: 1, fromBank: BankDraw(topic: "T", count: 2))]
        }
        let draft = ExamDraft(title: "Together", timeLimitMinutes: 30, questions: own, draws: draws)
        return try await server.publishedExam(draft, courseID: course.id!, token: token)
    }

    static func metric(_ text: String, _ name: String) -> Int {
        let line = text.split(separator: "\n").first { $0.hasPrefix(name + " ") }
        return Int(Double(line?.split(separator: " ").last ?? "0") ?? 0)
    }
}
