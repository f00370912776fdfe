import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// `examprep exams take`: one question at a time, each answer saved on the server as it is
/// given, a countdown on the prompt line when the attempt has a deadline. Running it again
/// resumes the open attempt at its first unanswered question.
@MainActor
struct ExamSession {
    let student: Student
    let examID: Int

    private enum Event: Sendable {
        case key(TerminalInput.Key)
        case tick
    }

    private enum Reply {
        case line(String)
        case quit
        case timeUp
    }

    func run() async throws {
        var attempt = try await student.startAttempt(examId: examID)
        let input = TerminalInput()
        defer { input.restore() }
        let (events, feed) = AsyncStream.makeStream(of: Event.self)
        let forward = Task {
            for await key in input.keys { feed.yield(.key(key)) }
        }
        let ticks = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(1))
                feed.yield(.tick)
            }
        }
        defer {
            forward.cancel()
            ticks.cancel()
        }
        var iterator = events.makeAsyncIterator()

        write("\(attempt.title)\n")
        if !attempt.instructions.isEmpty { write("\(attempt.instructions)\n") }
        write("Attempt \(attempt.number), started \(attempt.startedAt.formatted(.iso8601))")
        if let deadline = attempt.deadline { write("; ends at \(deadline.formatted(.iso8601))") }
        write(".\n")
        if !attempt.answers.isEmpty {
            write("Continuing: \(attempt.answers.count) of \(attempt.questions.count) answers are saved.\n")
        }
        write("Answers are saved as you go. Enter keeps a saved answer; Ctrl-C leaves (run this again to continue).\n")

        let total = attempt.questions.count
        let savedIDs = Set(attempt.answers.map(\.questionId))
        let first = attempt.questions.firstIndex { !savedIDs.contains($0.id) } ?? total
        var index = first
        while index < total {
            let question = attempt.questions[index]
            write("\n" + describe(question, number: index + 1, of: total, saved: saved(for: question, in: attempt)))
            switch await readLine(input: input, events: &iterator, deadline: attempt.deadline) {
            case .quit:
                write("\nYour answers are saved. Continue with: examprep exams take \(examID)\n")
                throw ExitCode(130)
            case .timeUp:
                return try await timeUp(attempt)
            case .line(let text):
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty {
                    index += 1
                    continue
                }
                guard let answer = parse(trimmed, for: question) else {
                    write(hint(for: question) + "\n")
                    continue
                }
                do {
                    try await student.save([answer], in: attempt.attemptId)
                    attempt.answers.removeAll { $0.questionId == question.id }
                    attempt.answers.append(answer)
                    write("Saved.\n")
                    index += 1
                } catch APIError.server(status: 409, code: _, message: _) {
                    return try await timeUp(attempt)
                }
            }
        }

        let answered = Set(attempt.answers.map(\.questionId)).count
        write("\nYou have answered \(answered) of \(total) questions. Submit now? [y/N]\n")
        switch await readLine(input: input, events: &iterator, deadline: attempt.deadline) {
        case .timeUp:
            return try await timeUp(attempt)
        case .line(let text) where ["y", "yes"].contains(text.trimmingCharacters(in: .whitespaces).lowercased()):
            let result = try await student.submit(attempt.attemptId)
            write(report(result, attempt: attempt))
        case .line, .quit:
            write("Not submitted; your answers are saved. Continue with: examprep exams take \(examID)\n")
        }
    }

    // MARK: - Input

    /// One line from the person, with the prompt (and the time left) redrawn every second.
    private func readLine(input: TerminalInput, events: inout AsyncStream<Event>.Iterator, deadline: Date?) async -> Reply {
        var line = ""
        func draw() {
            guard input.isTerminal else { return }
            writeControl("\r\u{1B}[2K")
            write(prompt(deadline) + line)
        }
        if input.isTerminal { draw() } else { write(prompt(deadline)) }
        while let event = await events.next(isolation: #isolation) {
            switch event {
            case .tick:
                if let deadline, Date() >= deadline {
                    write("\n")
                    return .timeUp
                }
                draw()
            case .key(.text(let text)):
                line += text
                draw()
            case .key(.backspace):
                if !line.isEmpty { line.removeLast() }
                draw()
            case .key(.enter):
                write("\n")
                return .line(line)
            case .key(.interrupt):
                return .quit
            case .key(.end):
                return line.isEmpty ? .quit : .line(line)
            }
        }
        return .quit
    }

    private func prompt(_ deadline: Date?) -> String {
        guard let deadline else { return "> " }
        let seconds = max(0, Int(deadline.timeIntervalSinceNow.rounded(.up)))
        let clock =
            seconds >= 3600
            ? String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
            : String(format: "%02d:%02d", seconds / 60, seconds % 60)
        return "[\(clock) left] > "
    }

    // MARK: - Questions and answers

    private func describe(_ question: StudentQuestion, number: Int, of total: Int, saved: String?) -> String {
        var text =
            "Question \(number) of \(total) (\(question.points) point\(question.points == 1 ? "" : "s"), \(kindName(question.kind)))\n"
        text += question.prompt + "\n"
        for choice in question.choices ?? [] {
            text += "  \(choice.id)) \(choice.text)\n"
        }
        text += hint(for: question)
        if let saved { text += " Saved: \(saved)." }
        return text + "\n"
    }

    private func kindName(_ kind: QuestionKind) -> String {
        switch kind {
        case .singleChoice: "one choice"
        case .multipleChoice: "all that apply"
        case .trueFalse: "true or false"
        case .shortAnswer: "short answer"
        }
    }

    private func hint(for question: StudentQuestion) -> String {
        switch question.kind {
        case .singleChoice: "Type the id of one choice."
        case .multipleChoice: "Type the ids of every right choice, separated by commas or spaces."
        case .trueFalse: "Type t (true) or f (false)."
        case .shortAnswer: "Type your answer."
        }
    }

    private func saved(for question: StudentQuestion, in attempt: StudentAttempt) -> String? {
        guard let answer = attempt.answers.first(where: { $0.questionId == question.id }) else { return nil }
        if let ids = answer.choiceIds { return ids.joined(separator: ", ") }
        if let value = answer.value { return value ? "true" : "false" }
        return answer.text.map { "\"\($0)\"" }
    }

    /// The answer the person typed, or nil when it does not fit the question.
    private func parse(_ text: String, for question: StudentQuestion) -> AnswerInput? {
        switch question.kind {
        case .singleChoice, .multipleChoice:
            let typed = text.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
            let choices = question.choices ?? []
            var ids: [String] = []
            for item in typed {
                guard
                    let choice = choices.first(where: { $0.id == item })
                        ?? choices.first(where: { $0.id.lowercased() == item.lowercased() })
                else { return nil }
                if !ids.contains(choice.id) { ids.append(choice.id) }
            }
            guard !ids.isEmpty, question.kind == .multipleChoice || ids.count == 1 else { return nil }
            return AnswerInput(questionId: question.id, choiceIds: ids)
        case .trueFalse:
            switch text.lowercased() {
            case "t", "true", "y", "yes": return AnswerInput(questionId: question.id, value: true)
            case "f", "false", "n", "no": return AnswerInput(questionId: question.id, value: false)
            default: return nil
            }
        case .shortAnswer:
            return AnswerInput(questionId: question.id, text: text)
        }
    }

    // MARK: - Endings

    private func timeUp(_ attempt: StudentAttempt) async throws {
        write("Time is up. The server grades what was saved.\n")
        let graded = try await student.loadAttempt(attempt.attemptId)
        if let result = graded.result { write(report(result, attempt: graded)) }
    }

    private func report(_ result: AttemptResult, attempt: StudentAttempt) -> String {
        var text = "Submitted. Score: \(result.score)/\(result.maxScore)\n"
        for (index, question) in attempt.questions.enumerated() {
            guard let outcome = result.results.first(where: { $0.questionId == question.id }) else { continue }
            text += "  \(index + 1). \(outcome.correct ? "right" : "wrong")  \(outcome.points)/\(question.points)\n"
        }
        return text
    }

    /// Writes text, much of it the server's (titles, prompts, choices), without control
    /// characters (`TerminalText`).
    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(TerminalText.clean(text).utf8))
    }

    /// Writes this program's own terminal control sequence.
    private func writeControl(_ sequence: String) {
        FileHandle.standardOutput.write(Data(sequence.utf8))
    }
}
