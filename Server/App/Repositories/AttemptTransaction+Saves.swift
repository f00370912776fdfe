import Crypto
import ExamPrepPostgres
import ExamPrepShared
import Foundation

/// The idempotency keys of saves: what a repeat of a key is answered with.
extension AttemptTransaction {
    /// Only the last `keptSaveKeys` idempotency keys of an attempt are kept: a client retries a
    /// save before it sends the next one.
    static let keptSaveKeys = 20

    /// What a save asked for, for comparing a repeat of its idempotency key: the SHA-256 of its
    /// answers as decoded (sorted keys, so the same answers always hash alike).
    static func requestHash(_ answers: [AnswerInput]) throws -> String {
        let data = try ExamPrepJSON.makeEncoder().encode(answers)
        return Base64URL.encode(Array(SHA256.hash(data: data)))
    }

    /// Keeps the answer to a save under its idempotency key, with the hash of what it asked
    /// for, and drops the attempt's older keys. One statement: its DELETE sees the keys as they
    /// were before the INSERT, so it keeps `keptSaveKeys - 1` of them and cannot drop the new one.
    func rememberSave(attemptID: Int, idempotencyKey: String, requestHash: String, response: SaveAnswersResponse, at: Date)
        async throws
    {
        try await transaction.execute(
            """
            WITH kept AS (
                INSERT INTO attempt_saves (attempt_id, idempotency_key, response, saved_at, request_hash)
                VALUES (\(attemptID), \(idempotencyKey), \(try JSONColumn.encode(response))::jsonb, \(at), \(requestHash))
            )
            DELETE FROM attempt_saves WHERE attempt_id = \(attemptID) AND idempotency_key NOT IN (
                SELECT idempotency_key FROM attempt_saves WHERE attempt_id = \(attemptID)
                ORDER BY saved_at DESC, idempotency_key LIMIT \(Self.keptSaveKeys - 1))
            """)
    }
}
