import ExamPrepPostgres
import ExamPrepShared
import Foundation

/// The statements of a save (`AttemptSave`) as a pgbench script: the ceiling of a save that
/// `benchmarks/exam-hour` measures (`examprep-server save-script`), so that the benchmark runs
/// the very statements the server sends, not a copy. Each parameter is written as the pgbench
/// variable it stands for; a literal never holds a colon (pgbench would take it for a
/// variable). pgbench is given `first` and `last`, the ids of the exam's attempts.
public enum AttemptSaveScript {
    /// Values that stand for pgbench's variables in the statements built here.
    static let variables: [(value: String, variable: String)] = [
        ("900000001", "aid"), ("900000002", "sid"), ("900000003", "qid"), ("900000004", "key"), ("900000005", "client_id"),
        ("900000006", "key"),
    ]
    static let now = Date(timeIntervalSince1970: 1_234_567_890)

    static let header = """
        -- One save (PUT /api/students/attempts/{id}/answers with an Idempotency-Key) on a random
        -- attempt of the exam, as the server runs it: written by `examprep-server save-script`
        -- from the server's own statements. The first SELECT only picks the student and a
        -- question for pgbench; the server knows them, and keeps the attempt's questions in
        -- memory (AttemptQuestionCache).
        \\set aid random(:first, :last)
        \\set pick random(0, 1000000)
        \\set key random(1, 1000000000)
        SELECT a.student_id AS sid, aq.question_id AS qid FROM attempts a JOIN attempt_questions aq ON aq.attempt_id = a.id
        WHERE a.id = :aid ORDER BY aq.position
        OFFSET (:pick)::bigint % (SELECT count(*) FROM attempt_questions WHERE attempt_id = :aid) LIMIT 1 \\gset
        BEGIN;

        """

    public static func render() throws -> String {
        let (attempt, student, question, sequence) = (900_000_001, 900_000_002, 900_000_003, 900_000_004)
        let key = "k\(sequence)-\(900_000_005)"
        let statements = [
            AttemptSave.lock(attemptID: attempt, studentID: student),
            AttemptSave.read(attemptID: attempt, studentID: student, idempotencyKey: key),
            try AttemptSave.store(
                [AnswerInput(questionId: question, value: true, sequence: sequence)], attemptID: attempt, now: now,
                detail: "1 answer, sequence \(sequence)", keyed: AttemptSave.KeyedSave(idempotencyKey: key, requestHash: "\(900_000_006)")),
        ]
        return header + statements.map(written).joined(separator: ";\n") + ";\nEND;\n"
    }

    /// The statement with every `$n` written out.
    static func written(_ query: PostgresQuery) -> String {
        var text = ""
        var rest = Substring(query.sql)
        while let dollar = rest.firstIndex(of: "$") {
            text += rest[..<dollar]
            let digits = rest[rest.index(after: dollar)...].prefix { $0.isNumber }
            if let number = Int(digits), query.binds.indices.contains(number - 1) {
                text += written(query.binds[number - 1])
            } else {
                text += "$" + digits
            }
            rest = rest[rest.index(after: dollar)...].dropFirst(digits.count)
        }
        return text + rest
    }

    static func written(_ bind: PostgresBind) -> String {
        guard let bytes = bind.bytes else { return "NULL" }
        let value = String(decoding: bytes, as: UTF8.self)
        switch bind.typeOID {
        case PostgresTypeOID.int8Array:
            return "ARRAY[" + elements(value).map { written(.text($0, typeOID: PostgresTypeOID.int8)) }.joined(separator: ", ")
                + "]::bigint[]"
        case PostgresTypeOID.textArray:
            return "ARRAY[" + elements(value).map(literal).joined(separator: ", ") + "]::text[]"
        case PostgresTypeOID.int8, PostgresTypeOID.int4:
            return variables.first { $0.value == value }.map { "(:\($0.variable))::bigint" } ?? value
        case PostgresTypeOID.bool:
            return value.hasPrefix("t") ? "true" : "false"
        case PostgresTypeOID.timestamptz:
            return "now()"
        default:
            return literal(value)
        }
    }

    /// A text literal without a colon, its stand-in values replaced by their variables.
    static func literal(_ value: String) -> String {
        let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'")
        var text = value.contains(":") ? "E'" + escaped.replacingOccurrences(of: ":", with: "\\x3a") + "'" : "'" + escaped + "'"
        for (stand, variable) in variables where value.contains(stand) {
            text = "replace(\(text), '\(stand)', (:\(variable))::text)"
        }
        return text
    }

    /// The elements of an array literal as `PostgresArray` writes it (every one quoted).
    static func elements(_ literal: String) -> [String] {
        var elements: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in literal.dropFirst().dropLast() {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                if quoted { elements.append(current) }
                quoted.toggle()
                current = ""
            } else if quoted {
                current.append(character)
            }
        }
        return elements
    }
}
