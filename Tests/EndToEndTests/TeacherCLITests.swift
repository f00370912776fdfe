import ExamPrepClient
import ExamPrepServer
import ExamPrepServerTestSupport
import ExamPrepTestSupport
import Foundation
import Testing

/// What stopped a teacher on first use of `examprep` (issue 44): courses named by code, the
/// roster with user ids, the grade book's byte order mark, and why practice offers nothing.
@Suite("The examprep CLI: a teacher's first day", .hangGuard)
@MainActor
struct TeacherCLITests {
    @Test func aTeacherNamesTheCourseByItsCodeAndReadsTheRoster() async throws {
        try await EndToEnd.run { server in
            let scratch = try scratchFolder("teacher")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let room = try await Classroom.open(server)
            let courseID = try #require(room.course.id)
            let code = room.course.courseCode
            let teacher = try await CLIPerson.signIn(
                try await room.faculty.account.loadProfile().email, server: server.baseURL, scratch: scratch)
            let studentEmail = try await room.student.account.loadProfile().email

            // The plain listing shows the id beside the code.
            let listed = try await teacher.run("courses", "list")
            let row = try #require(listed.stdout.split(separator: "\n").first { $0.contains(code) })
            #expect(listed.stdout.hasPrefix("ID ") && row.hasPrefix("\(courseID) "), "\(listed.stdout)")

            // The roster by the code, in any case: the student's user id, before they did anything.
            let roster = try await teacher.run("courses", "roster", "--course", code.lowercased())
            let line = try #require(roster.stdout.split(separator: "\n").first { $0.contains(studentEmail) }, "\(roster.stdout)")
            #expect(line.hasPrefix("\(room.studentId) "))
            try await teacher.run("courses", "accommodate", code, "--student", "\(room.studentId)", "--extra-minutes", "15")
            let json = try await teacher.run("courses", "roster", "--course", code, "--json")
            let students = try ExamPrepJSON.makeDecoder().decode([CourseRosterStudent].self, from: Data(json.stdout.utf8))
            #expect(students.map(\.userId) == [room.studentId] && students.first?.accommodation?.extraMinutes == 15)
            #expect(try await teacher.run("courses", "roster", "--course", code).stdout.contains("time × 1 + 15 min"))

            // Every command that asks for a course takes the code.
            let exam = try await room.publish(TrueFalseExam.draft(questions: 1))
            #expect(try await teacher.run("exams", "list", "--course", code).stdout.contains("\(exam.id)"))
            #expect(try await teacher.run("questions", "list", "--course", code).stdout.contains("No questions."))
            let unknown = try await teacher.run("questions", "list", "--course", "QQQQ", succeeds: false)
            #expect(unknown.status != 0 && unknown.stderr.contains("You have no course with the code QQQQ"))

            // The grade book to a file keeps the byte order mark spreadsheets need.
            let attempt = try await room.student.student.startAttempt(examId: exam.id)
            _ = try await room.student.student.submit(attempt.attemptId, finalAnswers: TrueFalseExam.answers(attempt, right: 1))
            let csv = try await teacher.run("grades", "--course", code, "--csv")
            #expect(csv.stdoutBytes.starts(with: [0xEF, 0xBB, 0xBF]))
            #expect(csv.stdout.contains(",\(studentEmail),") && csv.stdout.contains(",\(exam.id),"))
        }
    }

    @Test func practiceSaysWhenAnOpenExamHoldsItsQuestionsBack() async throws {
        try await EndToEnd.run { server in
            let scratch = try scratchFolder("held-back")
            defer { try? FileManager.default.removeItem(at: scratch) }
            let room = try await Classroom.open(server)
            let courseID = try #require(room.course.id)
            let code = room.course.courseCode
            for number in 1...2 {
                _ = try await room.faculty.faculty.createQuestion(
                    QuestionDraft(kind: .trueFalse, prompt: "Claim \(number) holds.", points: 1, answer: .bool(true), topic: "Logic"),
                    courseId: courseID)
            }
            // A published exam with no closing time draws from the topic; the student gets one wrong.
            let exam = try await room.publish(
                ExamDraft(
                    title: "Logic", policy: ExamPolicy(review: ReviewOptions(afterSubmit: [.score, .correctness])), questions: [],
                    draws: [ExamDrawSlot(position: 0, fromBank: BankDraw(topic: "Logic", count: 1))]))
            let attempt = try await room.student.student.startAttempt(examId: exam.id)
            _ = try await room.student.student.submit(attempt.attemptId, finalAnswers: TrueFalseExam.answers(attempt, right: 0))

            // The teacher opens the topic for practice and is warned.
            let teacher = try await CLIPerson.signIn(
                try await room.faculty.account.loadProfile().email, server: server.baseURL, scratch: scratch)
            let opened = try await teacher.run("questions", "practice", "--course", code, "--topic", "Logic")
            #expect(opened.stdout.contains("2 questions opened for practice."))
            #expect(opened.stdout.contains("Warning: 2 of them can be shown by an exam that is open now"), "\(opened.stdout)")
            let bank = try await teacher.run("questions", "list", "--course", code)
            #expect(bank.stdout.contains("PRACTICE") && bank.stdout.split(separator: "\n").filter { $0.contains(" open ") }.count == 2)

            // The student is told why there is nothing to practise, in a terminal.
            let student = try await CLIPerson.signIn(
                try await room.student.account.loadProfile().email, server: server.baseURL, scratch: scratch)
            let tmux = Tmux()
            do {
                try await tmux.start(
                    "practice", command: try student.command("practice", "--course", code), environment: student.environment)
                let screen = try await tmux.waitFor("practice", text: "[exit 0]")
                #expect(screen.contains("2 open for practice are held back while an exam that uses them is open"), "\(screen)")
            } catch {
                await tmux.killServer()
                throw error
            }
            await tmux.killServer()
            let mistakes = try await student.run("mistakes")
            #expect(mistakes.stdout.contains("PRACTISE NOW") && mistakes.stdout.contains("not now"), "\(mistakes.stdout)")
            #expect(mistakes.stdout.contains("held back while an exam that uses it is open"))

            // Once the exam is over, the same commands practise.
            _ = try await room.faculty.faculty.closeExam(exam.id)
            let after = try await student.run("mistakes")
            #expect(after.stdout.contains(" yes ") && !after.stdout.contains("not now"), "\(after.stdout)")
            let reopened = try await teacher.run("questions", "practice", "--course", code, "--topic", "Logic")
            #expect(reopened.stdout.contains("0 questions opened for practice.") && !reopened.stdout.contains("Warning"))
            let practice = try await student.run("practice", "--course", code, input: "\n\n")
            #expect(practice.stdout.contains("Question 1 of 2"), "\(practice.stdout)")
        }
    }
}
