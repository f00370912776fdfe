import ExamPrepServer
import Foundation
import Logging

// `ExamPrepHeldServer`: examprep-server as the browser tests start it, whose password hashing
// a test can hold for exactly as long as it needs (`HashingHold`), whatever the machine's
// load: a crowd of logins only keeps the hashing queue near its limit, and a login sent
// between two of theirs gets through. Built for the tests only; no product names it.
//
// Settings come from the environment and flags, as examprep-server's do. Commands come on
// standard input, one a line, each answered on standard output once done (the log goes to
// standard error):
//   hold     occupies a hashing thread; answers "held" once the thread runs the hold
//   release  frees the thread held longest; answers "released" once its job has ended
// At the end of standard input every held thread is freed, so that the server can stop (a
// running hash is finished before the hashing threads stop).

var configuration: AppConfiguration
do {
    configuration = try AppConfiguration.load(
        arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment,
        warnings: { HeldServerCommands.say("warning: \($0)", to: .standardError) })
} catch {
    HeldServerCommands.say("examprep-held-server: \(error)", to: .standardError)
    exit(78)
}
let hold = HashingHold()
configuration.hashingHold = hold
var logger = Logger(label: "examprep-held-server")
logger.logLevel = configuration.logLevel
let lifecycle = ServerLifecycle()
let app = try await buildApplication(configuration, logger: logger, lifecycle: lifecycle)
let drain = configuration.shutdownDrain
try await withThrowingTaskGroup(of: Void.self) { group in
    group.addTask { try await runServer(app, lifecycle: lifecycle, drain: drain, logger: logger) }
    group.addTask { await HeldServerCommands(hold: hold).serve() }
    // The server ends first (the commands end with standard input, which the test keeps open).
    try await group.next()
    group.cancelAll()
}
