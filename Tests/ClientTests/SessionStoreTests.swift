import ExamPrepClient
import ExamPrepTestSupport
import Foundation
import Testing

@Suite("Session stores", .hangGuard)
struct SessionStoreTests {
    /// A folder of its own under the temporary directory, removed afterwards.
    private func withTemporaryDirectory(_ body: (URL) throws -> Void) throws {
        let root = FileManager.default.temporaryDirectory.appending(path: "examprep-client-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try body(root)
    }

    private func permissions(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path(percentEncoded: false))
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }

    @Test("the file store keeps the session private (0600 in a 0700 folder) and reads it back after a restart")
    func fileStoreRoundTrip() throws {
        try withTemporaryDirectory { root in
            let directory = root.appending(path: "config/examprep")
            let stored = session(token: "access", expiresIn: 900)
            try FileSessionStore(directory: directory).store(stored)

            let file = directory.appending(path: "session.json")
            #expect(try permissions(file) == 0o600)
            #expect(try permissions(directory) == 0o700)

            let reloaded = FileSessionStore(directory: directory)
            #expect(reloaded.load() == stored)

            var renewed = stored
            renewed.accessToken = "renewed"
            try reloaded.store(renewed)
            #expect(FileSessionStore(directory: directory).load()?.accessToken == "renewed")
            #expect(try permissions(file) == 0o600)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path(percentEncoded: false))
            #expect(leftovers == ["session.json"], "no temporary files left behind")

            try reloaded.remove()
            #expect(reloaded.load() == nil)
            try reloaded.remove()
        }
    }

    @Test("a corrupt session file means signed out, not a crash")
    @MainActor
    func corruptFileIsSignedOut() throws {
        try withTemporaryDirectory { root in
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let file = root.appending(path: "session.json")
            try Data("{\"accessToken\": 42, truncated".utf8).write(to: file)

            let store = FileSessionStore(fileURL: file)
            #expect(store.load() == nil)

            let client = ExamPrepClient(baseURL: baseURL, store: store, transport: FakeTransport { _ in notFound })
            #expect(!client.account.isLoggedIn)
        }
    }

    @Test("a missing session file means signed out")
    func missingFileIsSignedOut() throws {
        try withTemporaryDirectory { root in
            #expect(FileSessionStore(directory: root).load() == nil)
        }
    }

    @Test("the config folder follows EXAMPREP_CONFIG_DIR, then XDG_CONFIG_HOME, then ~/.config")
    func defaultDirectory() {
        #expect(FileSessionStore.defaultDirectory(environment: ["EXAMPREP_CONFIG_DIR": "/srv/ep", "HOME": "/home/a"]).path() == "/srv/ep/")
        #expect(FileSessionStore.defaultDirectory(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/home/a"]).path() == "/x/examprep/")
        #expect(FileSessionStore.defaultDirectory(environment: ["HOME": "/home/a"]).path() == "/home/a/.config/examprep/")
    }

    @Test("the in-memory store holds one session until removed")
    func inMemoryStore() throws {
        let store = InMemorySessionStore()
        #expect(store.load() == nil)
        let first = session(token: "one", expiresIn: 900)
        try store.store(first)
        #expect(store.load() == first)
        try store.store(session(token: "two", expiresIn: 900))
        #expect(store.load()?.accessToken == "two")
        try store.remove()
        #expect(store.load() == nil)
    }
}
