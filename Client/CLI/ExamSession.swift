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
                    "\n" + (await summaryText(attempt))
                        + " Once submitted, your answers are final. Submit now? [y/N] (or a question's number to go back to it)\n")
                switch await readLine(input: input, events: &iterator, deadline: attempt.deadline) {
                case .timeUp:
                    return try await timeUp(attempt)
                case .line(let text) where ["y", "yes"].contains(text.trimmingCharacters(in: .whitespaces).lowercased()):
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
                        write("Go to which question? /go and its number, 1 to \(total).\n")
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
                    write("Saved.\n")
                case .pending:
                    write("Kept on this computer: \(waiting()). They are sent when the server answers again.\n")
                case .failed(let reason):
                    write("Not saved: \(reason)\n")
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
            write(now.contains(questionID) ? "Flagged for review.\n" : "Flag removed.\n")
        } catch {
            write("The flag could not be changed now (\(error.localizedDescription)).\n")
        }
    }

    /// The server's summary (answered, not answered, flagged), or this computer's count offline.
    private func summaryText(_ attempt: StudentAttempt) async -> String {
        await student.answers.send()
        guard let summary = try? await student.summary(of: attempt.attemptId) else {
            let answered = Set(attempt.answers.map(\.questionId)).count
            return "You have answered \(answered) of \(attempt.questions.count) questions."
        }
        var text = "Answered \(summary.questions.count - summary.unanswered) of \(summary.questions.count)."
        let open = summary.questions.filter { !$0.answered }.map { String($0.number) }
        if !open.isEmpty { text += " Not answered: question\(open.count == 1 ? "" : "s") \(open.joined(separator: ", "))." }
        let flagged = summary.questions.filter(\.flagged).map { String($0.number) }
        if !flagged.isEmpty { text += " Flagged for review: question\(flagged.count == 1 ? "" : "s") \(flagged.joined(separator: ", "))." }
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
            parts.append(
                seconds >= 3600
                    ? String(format: "%d:%02d:%02d left", seconds / 3600, seconds / 60 % 60, seconds % 60)
                    : String(format: "%02d:%02d left", seconds / 60, seconds % 60))
        }
        if student.answers.pendingCount > 0 {
            parts.append(student.answers.isOffline ? "offline, \(waiting())" : "sending \(waiting())")
        }
        return parts.isEmpty ? "> " : "[\(parts.joined(separator: " · "))] > "
    }

    private func waiting() -> String {
        let count = student.answers.pendingCount
        return "\(count) answer\(count == 1 ? "" : "s") waiting"
    }

    // MARK: - Beginning and endings

    private func header(_ attempt: StudentAttempt) -> String {
        var text = "\(attempt.title)\n"
        if !attempt.instructions.isEmpty { text += "\(attempt.instructions)\n" }
        text += "Attempt \(attempt.number), started \(ZonedTime.describe(attempt.startedAt, courseZone: attempt.timeZone)).\n"
        if attempt.timeLimitMinutes != nil {
            text += "Time limit: \(ZonedTime.limit(attempt.timeLimitMinutes, base: attempt.baseTimeLimitMinutes)).\n"
        }
        if let deadline = attempt.deadline {
            text += "Ends at \(ZonedTime.describe(deadline, courseZone: attempt.timeZone)).\n"
        }
        let saved = attempt.answers.count - student.answers.pendingCount
        if !attempt.answers.isEmpty {
            text += "Continuing: \(saved) of \(attempt.questions.count) answers are saved"
            text += student.answers.pendingCount > 0 ? ", and \(waiting()) on this computer.\n" : ".\n"
        }
        return text
            + "Answers are saved as you go. Enter keeps an answer; /flag flags a question for review; /go N goes to question N; "
            + "Ctrl-C leaves (run this again to continue).\n"
    }

    /// Leaving without submitting: one more try to send what waits, then where it stands.
    private func leave() async {
        await student.answers.send()
        let resume = "Continue with: examprep exams take \(examID)"
        if student.answers.pendingCount > 0 {
            write("\nNot submitted; \(waiting()) on this computer, sent when you run this again. \(resume)\n")
        } else {
            write("\nNot submitted. Your answers are saved. \(resume)\n")
        }
    }

    private func submit(_ attempt: StudentAttempt) async throws {
        do {
            let result = try await student.submit(attempt.attemptId)
            write(ExamSessionText.report(result, attempt: attempt))
        } catch let error as APIError where error.status == nil || (error.status ?? 0) >= 500 {
            write(
                "The server cannot be reached (\(error.localizedDescription)). Not submitted; your answers are kept on this "
                    + "computer. Submit with: examprep exams take \(examID)\n")
            throw ExitCode.failure
        }
    }

    /// The deadline has passed: submit what was given (the server stores it while its grace
    /// period lasts); one the server already submitted is shown as it is.
    private func timeUp(_ attempt: StudentAttempt) async throws {
        write("Time is up.\n")
        do {
            let result = try await student.submit(attempt.attemptId)
            write(ExamSessionText.report(result, attempt: attempt))
        } catch APIError.server(status: 409, code: _, message: _, reason: _) {
            let graded = try await student.loadAttempt(attempt.attemptId)
            if let result = graded.result { write(ExamSessionText.report(result, attempt: graded)) }
            for failed in student.answers.failed {
                write("Not saved in time: your answer to question \(failed.answer.questionId).\n")
            }
        } catch let error as APIError where error.status == nil || (error.status ?? 0) >= 500 {
            write("The server cannot be reached; it submits the attempt itself with the answers it received.\n")
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
