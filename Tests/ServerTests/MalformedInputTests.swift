import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Logging
import NIOCore
import Testing

@testable import ExamPrepServer

/// No body a client can send produces a 500: each gets a 4xx with the error envelope.
@Suite("Malformed input", .hangGuard)
struct MalformedInputTests {
    static let bodies: [(String, [UInt8])] = [
        ("empty", []),
        ("null", Array("null".utf8)),
        ("array", Array("[]".utf8)),
        ("number", Array("42".utf8)),
        ("string", Array("\"text\"".utf8)),
        ("truncated", Array(#"{"email":"#.utf8)),
        (
            "wrong types",
            Array(
                #"{"email":1,"password":true,"roleId":"x","name":[],"description":{},"courseCode":5,"refreshToken":9,"title":1,"questions":{},"answers":"x"}"#
                    .utf8)
        ),
        (
            "nulls",
            Array(
                #"{"email":null,"password":null,"roleId":null,"name":null,"description":null,"courseCode":null,"refreshToken":null,"title":null,"questions":null,"answers":null}"#
                    .utf8)
        ),
        ("invalid UTF-8", [0x7B, 0x22, 0x65, 0x6D, 0x61, 0x69, 0x6C, 0x22, 0x3A, 0x22, 0xC3, 0x28, 0xFF, 0x22, 0x7D]),
        ("deep nesting", Array((String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)).utf8)),
        (
            "NUL in strings",
            Array(
                #"{"email":"a\u0000@b.co","password":"pass\u0000word1","roleId":1,"name":"x\u0000y","description":"zz","courseCode":"AB\u0000C"}"#
                    .utf8)
        ),
    ]

    @Test func everyRouteWithABodyAnswersEveryMalformedBodyWithA4xx() async throws {
        try await TestServer.run { server in
            let (faculty, student, course) = try await server.classroom()
            let courseID = try #require(course.id)
            let draft = try await server.createExam(ExamFixtures.everyKind(), courseID: courseID, token: faculty.token)
            let published = try await server.publishedExam(courseID: courseID, token: faculty.token)
            let attempt = try await server.startAttempt(published.id, token: student.token).decode(StudentAttempt.self)
            let routes: [(HTTPRequest.Method, String, String?)] = [
                (.post, APIPaths.register, nil), (.post, APIPaths.login, nil), (.post, APIPaths.refreshToken, nil),
                (.post, APIPaths.facultyCourses, faculty.token), (.post, APIPaths.enroll, student.token),
                (.patch, APIPaths.facultyCourse(courseID), faculty.token),
                (.post, APIPaths.courseExams(courseID), faculty.token),
                (.put, APIPaths.facultyExam(draft.id), faculty.token),
                (.put, APIPaths.attemptAnswers(attempt.attemptId), student.token),
                (.post, APIPaths.submitAttempt(attempt.attemptId), student.token),
                (.post, APIPaths.mePassword, student.token), (.delete, APIPaths.me, student.token),
            ]
            for (method, path, token) in routes {
                for (name, bytes) in Self.bodies {
                    // An empty body is a valid "no final answers" for submit: leave it out there.
                    if bytes.isEmpty, path == APIPaths.submitAttempt(attempt.attemptId) { continue }
                    let reply = try await server.send(method, path, token: token, body: ByteBuffer(bytes: bytes))
                    #expect((400..<500).contains(reply.status.code), "\(method) \(path) with \(name): \(reply.status) \(reply.text)")
                    #expect(reply.error?.success == false, "\(method) \(path) with \(name): \(reply.text)")
                }
            }
            // The attempt is still open: none of that submitted it.
            let read = try await server.get(APIPaths.attempt(attempt.attemptId), token: student.token).decode(StudentAttempt.self)
            #expect(read.submittedAt == nil)
        }
    }

    @Test func twoMebibytesAre413() async throws {
        try await TestServer.run { server in
            let big = ByteBuffer(repeating: UInt8(ascii: "a"), count: 2 << 20)
            let reply = try await server.send(.post, APIPaths.register, body: big)
            #expect(reply.status == .contentTooLarge)
            #expect(reply.error?.error == .payloadTooLarge)
        }
    }

    @Test func aBodyThatIsNotJSONIs415() async throws {
        try await TestServer.run { server in
            let reply = try await server.send(
                .post, APIPaths.login, headers: [.contentType: "text/plain"], body: ByteBuffer(string: "email=a&password=b"))
            #expect(reply.status == .unsupportedMediaType)
            #expect(reply.error?.error == .unsupportedMediaType)
        }
    }

    @Test func unknownRoutesAre404WithTheEnvelope() async throws {
        try await TestServer.run { server in
            let reply = try await server.get("/api/nothing-here")
            #expect(reply.status == .notFound)
            #expect(reply.error?.error == .notFound)
        }
    }

    @Test func aKnownPathAskedWithAnotherMethodIs405WithAllow() async throws {
        try await TestServer.run { server in
            let cases: [(HTTPRequest.Method, String, String)] = [
                (.delete, APIPaths.login, "POST"),
                (.put, APIPaths.catalogue, "GET, HEAD"),
                (HTTPRequest.Method("QUERY")!, APIPaths.me, "DELETE, GET, HEAD"),
                (.delete, APIPaths.facultyCatalogue(12), "GET, HEAD"),
                (.trace, APIPaths.facultyCourses, "GET, HEAD, POST"),
                (.get, APIPaths.enroll, "POST"),
            ]
            for (method, path, allow) in cases {
                let reply = try await server.send(method, path)
                #expect(reply.status == .methodNotAllowed, "\(method) \(path)")
                #expect(reply.headers[.allow] == allow, "\(method) \(path)")
                #expect(reply.error?.error == .methodNotAllowed)
            }
            try await server.send(.head, APIPaths.catalogue).expect(.ok)
            try await server.send(.delete, "/api/nothing-here").expect(.notFound)
        }
    }

    @Test func healthAndReady() async throws {
        try await TestServer.run { server in
            try await server.get(APIPaths.health).expect(.ok)
            try await server.get(APIPaths.ready).expect(.ok)
        }
    }
}
