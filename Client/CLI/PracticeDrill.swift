import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

/// A practice session in the terminal: one question at a time, each answer sent at once and
/// answered with its feedback (right or wrong, points, the right answer, the next review).
/// The time an answer took is measured from when its question was shown.
@MainActor
struct PracticeDrill {
    let student: Student
    let session: PracticeSession

    func run() async throws {
        let total = session.questions.count
        guard total > 0 else {
            if let heldBack = session.heldBack, heldBack > 0 {
                write(CLILanguage.text("cli-exam.practice.held-back", ["count": .integer(heldBack)]) + "\n")
            } else {
                write(CLILanguage.text("cli-exam.practice.none") + "\n")
            }
            return
        }
        let input = TerminalInput()
        defer { input.restore() }
        var keys = input.keys.makeAsyncIterator()
        write(CLILanguage.text("cli-exam.practice.session", ["id": .integer(session.practiceId), "count": .integer(total)]) + "\n")
        write(CLILanguage.text("cli-exam.practice.keys") + "\n")
        var right = 0
        var answered = 0
        var index = 0
        while index < total {
            let question = session.questions[index]
            write("\n" + ExamSessionText.describe(question, number: index + 1, of: total, saved: nil))
            let shown = Date()
            guard let text = await readLine(input: input, keys: &keys) else {
                write("\n" + CLILanguage.text("cli-exam.practice.stopped") + "\n")
                break
            }
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty {
                index += 1
                continue
            }
            guard let answer = ExamSessionText.parse(trimmed, for: question) else {
                write(ExamSessionText.hint(for: question) + "\n")
                continue
            }
            let feedback = try await student.answerPractice(
                PracticeAnswer(answer, answerSeconds: Date().timeIntervalSince(shown)), practiceId: session.practiceId)
            write(PracticeText.feedback(feedback, question: question))
            answered += 1
            if feedback.correct { right += 1 }
            index += 1
        }
        write("\n" + CLILanguage.text("cli-exam.practice.score", ["right": .integer(right), "answered": .integer(answered)]) + "\n")
    }

    /// One line, echoed as typed at a terminal; nil when the person leaves (Ctrl-C, end of input).
    private func readLine(input: TerminalInput, keys: inout AsyncStream<TerminalInput.Key>.Iterator) async -> String? {
        var line = ""
        write("> ")
        while let key = await keys.next(isolation: #isolation) {
            switch key {
            case .text(let text):
                line += text
                if input.isTerminal { write(text) }
            case .backspace:
                if !line.isEmpty {
                    line.removeLast()
                    if input.isTerminal { writeControl("\u{8} \u{8}") }
                }
            case .enter:
                if input.isTerminal { write("\n") }
                return line
            case .interrupt:
                return nil
            case .end:
                return line.isEmpty ? nil : line
            }
        }
        return nil
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(TerminalText.clean(text).utf8))
    }

    private func writeControl(_ sequence: String) {
        FileHandle.standardOutput.write(Data(sequence.utf8))
    }
}
