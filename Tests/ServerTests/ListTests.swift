import ExamPrepShared
import ExamPrepTestSupport
import Foundation
import HTTPTypes
import Testing

@testable import ExamPrepServer

@Suite("Lists: limit, cursor and Link", .hangGuard)
struct ListTests {
    /// The `rel="next"` target of a Link header.
    static func next(_ reply: TestReply) -> String? {
        guard let link = reply.headers[HTTPField.Name("Link")!], let start = link.firstIndex(of: "<"),
            let end = link.firstIndex(of: ">")
        else { return nil }
        #expect(link.hasSuffix(#"rel="next""#))
        return String(link[link.index(after: start)..<end])
    }

    @Test func everyPageFollowsTheLinkOfTheOneBeforeUntilTheLastHasNone() async throws {
        try await TestServer.run { server in
            let faculty = try await server.signUp(uniqueEmail(), role: .faculty)
            var created: [String] = []
            for index in 1...5 {
                created.append(try await server.createCourse("Course \(index)", token: faculty.token).name)
            }
            var names: [String] = []
            var path: String? = APIPaths.facultyCourses + "?limit=2"
            var pages = 0
            while let next = path {
                let reply = try await server.get(next, token: faculty.token).expect(.ok)
                names += try reply.decode([Course].self).map(\.name)
                path = Self.next(reply)
                pages += 1
            }
            #expect(pages == 3)
            #expect(names == created)
            // An empty cursor is none: the first page.
            let empty = try await server.get(APIPaths.facultyCourses + "?limit=2&cursor=", token: faculty.token).expect(.ok)
            #expect(try empty.decode([Course].self).map(\.name) == Array(created.prefix(2)))

            // The public catalogue pages the same way, and keeps its other query items.
            let first = try await server.get(APIPaths.facultyCatalogue(faculty.userId ?? 0) + "?limit=4").expect(.ok)
            #expect(try first.decode([CatalogueCourse].self).count == 4)
            let second = try await server.get(try #require(Self.next(first))).expect(.ok)
            #expect(try second.decode([CatalogueCourse].self).map(\.name) == ["Course 5"])
            #expect(Self.next(second) == nil)
        }
    }

    @Test(arguments: ["limit=0", "limit=201", "limit=ten", "cursor=bogus", "cursor=MTA.AAAAAAAAAAAAAAAAAAAAAA"])
    func aBadLimitOrATamperedCursorIs400(query: String) async throws {
        try await TestServer.run { server in
            let reply = try await server.get(APIPaths.catalogue + "?" + query)
            #expect(reply.status == .badRequest)
            #expect(reply.error?.error == .validationFailed)
        }
    }

    @Test func aCursorCannotBeAlteredToSkipAhead() async throws {
        let codec = CursorCodec(secret: Array("a secret of at least thirty-two bytes".utf8))
        let cursor = codec.encode(after: 10)
        #expect(codec.decode(cursor) == 10)
        let payload = Base64URL.encode(Array("999".utf8))
        let altered = payload + "." + cursor.split(separator: ".")[1]
        #expect(codec.decode(altered) == nil)
        #expect(CursorCodec(secret: Array("another secret, another server, 32+".utf8)).decode(cursor) == nil)
    }
}
