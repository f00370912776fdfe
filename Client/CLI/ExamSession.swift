import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// `examprep exams take`: one question at a time, a countdown on the prompt line when the
/// attempt has a deadline. Each answer goes into the client library's answer queue (kept on
/// disk) and is sent at once; while the server cannot be reached the prompt says "offline, N
/// waiting", answers keep being taken, and the queue is sent when the server answers again
/// (or when the command is run again). Running it again resumes the open attempt at its
/// first unanswered question.
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
        // With one place per attempt (the exam's oneSession), taking the exam here takes the
        // attempt here, from a tab or app that had it (the attempt's log keeps the move); an
        // exam without the rule answers 409, and nothing changes.
        _ = try? await student.moveHere(attempt.attemptId)
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

        write(header(attempt))
        let total = attempt.questions.count
        let savedIDs = Set(attempt.answers.map(\.questionId))
        var index = attempt.questions.firstIndex { !savedIDs.contains($0.id) } ?? total
        // Set when the person went back to a question from the summary: after it, the summary again.
        var backToSummary = false
        while true {
            guard index < total else {
                write(
                    "\n" + (await summaryText(attempt)) + " " + CLILanguage.text("cli-exam.submit-now") + "\n")
                switch await readLine(input: input, events: &iterator, deadline: attempt.deadline) {
                case .timeUp:
                    return try await timeUp(attempt)
                case .line(let text) where ["y", "yes", "t", "tak"].contains(text.trimmingCharacters(in: .whitespaces).lowercased()):
                    return try await submit(attempt)
                case .line(let text):
                    guard let number = Self.questionNumber(text, of: total) else {
                        await leave()
                        return
                    }
                    index = number - 1
                    backToSummary = true
                    continue
                case .quit:
                    await leave()
                    return
                }
            }
            let question = attempt.questions[index]
            write(
                "\n"
                    + ExamSessionText.describe(
                        question, number: index + 1, of: total, saved: ExamSessionText.savedText(for: question, in: attempt)))
            switch await readLine(input: input, events: &iterator, deadline: attempt.deadline) {
            case .quit:
                await leave()
                throw ExitCode(130)
            case .timeUp:
                return try await timeUp(attempt)
            case .line(let text):
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                if trimmed.isEmpty {
                    index = backToSummary ? total : index + 1
                    continue
                }
                if trimmed == "/flag" {
                    await toggleFlag(question.id, attempt: attempt)
                    continue
                }
                if trimmed.hasPrefix("/go") {
                    guard let number = Self.questionNumber(String(trimmed.dropFirst(3)), of: total) else {
                        write(CLILanguage.text("cli-exam.go-to", ["total": .integer(total)]) + "\n")
                        continue
                    }
                    index = number - 1
                    continue
                }
                guard let answer = ExamSessionText.parse(trimmed, for: question) else {
                    write(ExamSessionText.hint(for: question) + "\n")
                    continue
                }
                switch try await student.answer(answer, in: attempt.attemptId) {
                case .saved, .unanswered:
                    write(CLILanguage.text("cli-exam.saved-now") + "\n")
                case .pending:
                    write(CLILanguage.text("cli-exam.kept-here", ["waiting": waiting()]) + "\n")
                case .failed(let reason):
                    write(CLILanguage.text("cli-exam.not-saved", ["reason": .text(reason)]) + "\n")
                    return try await timeUp(attempt)
                }
                attempt = student.attempt ?? attempt
                index = backToSummary ? total : index + 1
            }
        }
    }

    /// A question's number typed by the person (1 to `total`), or nil.
    private static func questionNumber(_ text: String, of total: Int) -> Int? {
        guard let number = Int(text.trimmingCharacters(in: .whitespaces)), number >= 1, number <= total else { return nil }
        return number
    }

    // MARK: - Flags and the summary

    /// `/flag` flags the question for review, or takes the flag away.
    private func toggleFlag(_ questionID: Int, attempt: StudentAttempt) async {
        do {
            let flagged = try await student.summary(of: attempt.attemptId).questions.first { $0.questionId == questionID }?.flagged ?? false
            let now = try await student.flag(questionID, in: attempt.attemptId, flagged: !flagged)
            write(CLILanguage.text(now.contains(questionID) ? "cli-exam.flagged" : "cli-exam.flag-removed") + "\n")
        } catch {
            write(CLILanguage.text("cli-exam.flag-failed", ["error": .text(CLILanguage.describe(error))]) + "\n")
        }
    }

    /// The server's summary (answered, not answered, flagged), or this computer's count offline.
    private func summaryText(_ attempt: StudentAttempt) async -> String {
        await student.answers.send()
        guard let summary = try? await student.summary(of: attempt.attemptId) else {
            let answered = Set(attempt.answers.map(\.questionId)).count
            return CLILanguage.text("cli-exam.answered-here", ["answered": .integer(answered), "count": .integer(attempt.questions.count)])
        }
        var text = CLILanguage.text(
            "cli-exam.answered",
            ["answered": .integer(summary.questions.count - summary.unanswered), "total": .integer(summary.questions.count)])
        func list(_ key: String, _ numbers: [String]) {
            guard !numbers.isEmpty else { return }
            text += " " + CLILanguage.text(key, ["numbers": .text(numbers.joined(separator: ", ")), "count": .integer(numbers.count)])
        }
        list("cli-exam.not-answered", summary.questions.filter { !$0.answered }.map { String($0.number) })
        list("cli-exam.flagged-list", summary.questions.filter(\.flagged).map { String($0.number) })
        return text
    }

    // MARK: - Input

    /// One line from the person, with the prompt (time left, answers waiting) redrawn every second.
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
        var parts: [String] = []
        if let deadline {
            let seconds = max(0, Int(deadline.timeIntervalSinceNow.rounded(.up)))
            let time =
                seconds >= 3600
                ? String(format: "%d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
                : String(format: "%02d:%02d", seconds / 60, seconds % 60)
            parts.append(CLILanguage.text("cli-exam.time-left", ["time": .text(time)]))
        }
        if student.answers.pendingCount > 0 {
            parts.append(CLILanguage.text(student.answers.isOffline ? "cli-exam.offline" : "cli-exam.sending", ["waiting": waiting()]))
        }
        return parts.isEmpty ? "> " : "[\(parts.joined(separator: " · "))] > "
    }

    /// How many answers wait on this computer, as a phrase.
    private func waiting() -> MessageValue {
        .message(Message("cli-exam.waiting", ["count": .integer(student.answers.pendingCount)]))
    }

    // MARK: - Beginning and endings

    private func header(_ attempt: StudentAttempt) -> String {
        var text = "\(attempt.title)\n"
        if !attempt.instructions.isEmpty { text += "\(attempt.instructions)\n" }
        let started = ZonedTime.describe(attempt.startedAt, courseZone: attempt.timeZone)
        text += CLILanguage.text("cli-exam.attempt-started", ["number": .integer(attempt.number), "time": .text(started)]) + "\n"
        if attempt.timeLimitMinutes != nil {
            let limit = ZonedTime.limit(attempt.timeLimitMinutes, base: attempt.baseTimeLimitMinutes)
            text += CLILanguage.text("cli-exam.time-limit", ["limit": .text(limit)]) + "\n"
        }
        if let deadline = attempt.deadline {
            text += CLILanguage.text("cli-exam.ends-at", ["time": .text(ZonedTime.describe(deadline, courseZone: attempt.timeZone))]) + "\n"
        }
        let saved = attempt.answers.count - student.answers.pendingCount
        if !attempt.answers.isEmpty {
            let values: [String: MessageValue] = [
                "saved": .integer(saved), "total": .integer(attempt.questions.count), "waiting": waiting(),
            ]
            text +=
                CLILanguage.text(student.answers.pendingCount > 0 ? "cli-exam.continuing-waiting" : "cli-exam.continuing", values) + "\n"
        }
        return text + CLILanguage.text("cli-exam.how-to") + "\n"
    }

    /// Leaving without submitting: one more try to send what waits, then where it stands.
    private func leave() async {
        await student.answers.send()
        let values: [String: MessageValue] = ["waiting": waiting(), "exam": .integer(examID)]
        write(
            "\n" + CLILanguage.text(student.answers.pendingCount > 0 ? "cli-exam.not-submitted-waiting" : "cli-exam.not-submitted", values)
                + "\n")
    }

    private func submit(_ attempt: StudentAttempt) async throws {
        do {
            let result = try await student.submit(attempt.attemptId)
            write(ExamSessionText.report(result, attempt: attempt))
        } catch let error as APIError where error.status == nil || (error.status ?? 0) >= 500 {
            let values: [String: MessageValue] = ["error": .text(CLILanguage.describe(error)), "exam": .integer(examID)]
            write(CLILanguage.text("cli-exam.unreachable-submit", values) + "\n")
            throw ExitCode.failure
        }
    }

    /// The deadline has passed: submit what was given (the server stores it while its grace
    /// period lasts); one the server already submitted is shown as it is.
    private func timeUp(_ attempt: StudentAttempt) async throws {
        write(CLILanguage.text("cli-exam.time-up") + "\n")
        do {
            let result = try await student.submit(attempt.attemptId)
            write(ExamSessionText.report(result, attempt: attempt))
        } catch APIError.server(status: 409, code: _, message: _, reason: _) {
            let graded = try await student.loadAttempt(attempt.attemptId)
            if let result = graded.result { write(ExamSessionText.report(result, attempt: graded)) }
            for failed in student.answers.failed {
                write(CLILanguage.text("cli-exam.not-saved-in-time", ["question": .integer(failed.answer.questionId)]) + "\n")
            }
        } catch let error as APIError where error.status == nil || (error.status ?? 0) >= 500 {
            write(CLILanguage.text("cli-exam.server-submits") + "\n")
            throw ExitCode.failure
        }
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
