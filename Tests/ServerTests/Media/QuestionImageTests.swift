import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import NIOCore
import Testing

@testable import ExamPrepServer

/// A question's and its choices' pictures: stored with the question and read back by the bank,
/// the exam and the student's attempt; the text alternative is required (1–500 characters) and
/// the picture must be the question's course's.
@Suite("Question pictures", .hangGuard)
struct QuestionImageTests {
    static func picture(courseID: Int, token: String, filler: UInt8 = 0, on server: TestServer) async throws -> Media {
        try await MediaRouteTests.upload(
            TestPictures.png(width: 40, height: 30, filler: filler), type: "image/png", courseID: courseID, token: token, on: server
        ).expect(.created).decode(Media.self)
    }

    static func draft(_ prompt: QuestionImage?, choices: [QuestionImage?] = [nil, nil]) -> QuestionDraft {
        QuestionDraft(
            kind: .singleChoice, prompt: "Which circuit lights the bulb?", points: 1,
            choices: choices.enumerated().map { index, image in Choice(id: ["a", "b"][index], text: "Circuit \(index + 1)", image: image) },
            answer: .text("a"), image: prompt)
    }

    @Test func aQuestionsPicturesRoundTripToTheBankTheExamAndTheStudent() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let diagram = try await Self.picture(courseID: courseID, token: faculty.token, on: server)
            let other = try await Self.picture(courseID: courseID, token: faculty.token, filler: 7, on: server)
            let prompt = QuestionImage(mediaId: diagram.id, alt: "A battery, a switch and a bulb in a loop")
            let choiceImage = QuestionImage(mediaId: other.id, alt: "The switch open")
            let saved = try await server.post(
                APIPaths.courseQuestions(courseID), json: Self.draft(prompt, choices: [choiceImage, nil]), token: faculty.token
            ).expect(.created).decode(Question.self)
            #expect(saved.image == prompt && saved.choices?.map(\.image) == [choiceImage, nil])
            let read = try await server.get(APIPaths.facultyQuestion(saved.id), token: faculty.token).expect(.ok).decode(Question.self)
            #expect(read.image == prompt && read.choices?.first?.image == choiceImage)

            // In an exam, the student sees the pictures (and their alternatives).
            let exam = try await server.publishedExam(
                ExamDraft(title: "Circuits", questions: [Self.draft(prompt, choices: [nil, choiceImage])]), courseID: courseID,
                token: faculty.token)
            #expect(exam.questions.first?.image == prompt)
            let attempt = try await server.startAttempt(exam.id, token: student.token).expect(.created).decode(StudentAttempt.self)
            let shown = try #require(attempt.questions.first)
            #expect(shown.image == prompt)
            // Students see aliases for the choices' ids: the one picture goes with "Circuit 2".
            #expect(shown.choices?.compactMap(\.image) == [choiceImage])
            #expect(shown.choices?.first { $0.image != nil }?.text == "Circuit 2")
            try await server.get(diagram.url, token: student.token).expect(.ok)
        }
    }

    @Test func theAlternativeIsRequiredAndThePictureMustBeTheCourses() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let diagram = try await Self.picture(courseID: courseID, token: faculty.token, on: server)
            let path = APIPaths.courseQuestions(courseID)
            let missing = """
                {"kind": "single_choice", "prompt": "P", "points": 1, "answer": "a",
                 "choices": [{"id": "a", "text": "A"}, {"id": "b", "text": "B"}], "image": {"mediaId": \(diagram.id)}}
                """
            #expect(try await server.post(path, raw: missing, token: faculty.token).expect(.badRequest).error?.error == .validationFailed)
            for alt in ["", "   ", String(repeating: "a", count: 501)] {
                let reply = try await server.post(
                    path, json: Self.draft(QuestionImage(mediaId: diagram.id, alt: alt)), token: faculty.token
                ).expect(.badRequest)
                #expect(reply.error?.message.contains("question.image.alt") == true, "\(reply.text)")
            }
            let choiceAlt = try await server.post(
                path, json: Self.draft(nil, choices: [nil, QuestionImage(mediaId: diagram.id, alt: "")]), token: faculty.token
            ).expect(.badRequest)
            #expect(choiceAlt.error?.message.contains("question.choices[1].image.alt") == true, "\(choiceAlt.text)")
            try await server.post(
                path, json: Self.draft(QuestionImage(mediaId: diagram.id, alt: String(repeating: "ą", count: 500))), token: faculty.token
            ).expect(.created)

            // Another course's picture, or none.
            let elsewhere = try await server.createCourse("Elsewhere", token: faculty.token)
            let theirs = try await Self.picture(courseID: try #require(elsewhere.id), token: faculty.token, filler: 3, on: server)
            for id in [theirs.id, 999_999, 0, -4] {
                let reply = try await server.post(path, json: Self.draft(QuestionImage(mediaId: id, alt: "x")), token: faculty.token)
                    .expect(.badRequest)
                #expect(reply.error?.message.contains("Picture \(id) is not one of this course's pictures") == true, "\(reply.text)")
            }
        }
    }

    /// The alternative takes the fuzz inputs (quotes, backslashes, braces, each with a
    /// combining mark) and gives them back as sent.
    @Test func theAlternativeKeepsAnyText() async throws {
        try await TestServer.run { server in
            let (faculty, _, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let diagram = try await Self.picture(courseID: courseID, token: faculty.token, on: server)
            for alt in FuzzText.inputs {
                let image = QuestionImage(mediaId: diagram.id, alt: alt)
                let saved = try await server.post(
                    APIPaths.courseQuestions(courseID), json: Self.draft(image, choices: [image, nil]), token: faculty.token
                ).expect(.created).decode(Question.self)
                let read = try await server.get(APIPaths.facultyQuestion(saved.id), token: faculty.token).expect(.ok).decode(Question.self)
                #expect(read.image?.alt == alt && read.choices?.first?.image?.alt == alt, "\(alt.unicodeScalars.map(\.value))")
            }
        }
    }
}
