import ExamPrepServer
import Foundation

/// The held server's commands from standard input (see main.swift).
struct HeldServerCommands: Sendable {
    let hold: HashingHold

    enum Stream { case standardOutput, standardError }

    static func say(_ line: String, to stream: Stream) {
        let handle = stream == .standardOutput ? FileHandle.standardOutput : FileHandle.standardError
        handle.write(Data((line + "\n").utf8))
    }

    /// Serves the commands until standard input ends, then frees what is still held.
    func serve() async {
        var holds: [HashingHold.Held] = []
        for await command in Self.lines() {
            switch command.trimmingCharacters(in: .whitespaces) {
            case "hold":
                do {
                    holds.append(try await hold.occupyThread())
                    Self.say("held", to: .standardOutput)
                } catch {
                    Self.say("not held: \(error)", to: .standardOutput)
                }
            case "release":
                if holds.isEmpty {
                    Self.say("nothing held", to: .standardOutput)
                } else {
                    await holds.removeFirst().release()
                    Self.say("released", to: .standardOutput)
                }
            default:
                Self.say("unknown command: \(command)", to: .standardOutput)
            }
        }
        for held in holds { await held.release() }
    }

    /// Standard input's lines, read on a thread of their own (a blocking read).
    private static func lines() -> AsyncStream<String> {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let reader = Thread {
            while let line = readLine() { continuation.yield(line) }
            continuation.finish()
        }
        reader.name = "held-server-commands"
        reader.start()
        return stream
    }
}
