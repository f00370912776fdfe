import ExamPrepShared
import Foundation

/// What the answer queue keeps of one attempt between launches.
struct QueuedAnswers: Codable, Sendable, Hashable {
    /// The server (`APIClient.origin`) and the user the attempt belongs to.
    var server: String
    var userId: Int?
    var attemptId: Int
    /// This device's queue, named at random: part of every `Idempotency-Key` it sends.
    var client: String
    var nextSequence: Int
    var pending: [AnswerInput]
    var failed: [FailedAnswer]

    init(server: String, userId: Int?, attemptId: Int) {
        self.server = server
        self.userId = userId
        self.attemptId = attemptId
        client = UUID().uuidString.lowercased()
        nextSequence = 1
        pending = []
        failed = []
    }
}

/// The queue of one attempt in a file of its own, in `answer-queue/` of the session's folder:
/// the user's alone (`0600`), written atomically (`PrivateFile`), named by server, user and
/// attempt, so that another server's or user's attempt with the same id is never mixed in.
struct AnswerQueueFile: Sendable {
    let directory: URL

    init(directory: URL) {
        self.directory = directory.appending(path: "answer-queue", directoryHint: .isDirectory)
    }

    /// The attempt's queue, or nil when there is none (or it cannot be read).
    func load(server: String, userId: Int?, attemptId: Int) -> QueuedAnswers? {
        let url = fileURL(server: server, userId: userId, attemptId: attemptId)
        guard let data = try? Data(contentsOf: url),
            let queue = try? ExamPrepJSON.makeDecoder().decode(QueuedAnswers.self, from: data),
            queue.server == server, queue.userId == userId, queue.attemptId == attemptId
        else { return nil }
        return queue
    }

    func save(_ queue: QueuedAnswers) throws {
        try PrivateFile.save(
            try ExamPrepJSON.makeEncoder().encode(queue),
            to: fileURL(server: queue.server, userId: queue.userId, attemptId: queue.attemptId))
    }

    func remove(_ queue: QueuedAnswers) throws {
        try PrivateFile.remove(fileURL(server: queue.server, userId: queue.userId, attemptId: queue.attemptId))
    }

    func fileURL(server: String, userId: Int?, attemptId: Int) -> URL {
        let safeServer = String(
            server.unicodeScalars.map { scalar in
                CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII ? Character(scalar) : "-"
            })
        return directory.appending(path: "\(safeServer)-user\(userId.map(String.init) ?? "-")-attempt\(attemptId).json")
    }
}
