import Logging

/// A logger for a test that stays quiet below `level` (by default it speaks only when
/// something is wrong).
public func quietLogger(_ label: String, level: Logger.Level = .warning) -> Logger {
    var logger = Logger(label: label)
    logger.logLevel = level
    return logger
}
