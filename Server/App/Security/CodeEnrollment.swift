import Logging

/// Enrolling with a course code, the same for the API and the pages: unknown codes are limited
/// per student and per address, so the 26⁴ codes cannot be walked. The code is looked up first:
/// a code that exists is only checked against the limits, never counted, so the right code is
/// never refused for tries still in flight (ten parallel enrollments after two typos all
/// succeed); an unknown one is counted as it begins.
struct CodeEnrollment: Sendable {
    let enrollments: EnrollmentRepository
    let limiter: RateLimiter

    enum Outcome: Sendable {
        case done(EnrollmentRepository.Enrolling)
        case limited(RateLimiter.Refusal)
    }

    /// `code` has passed `Validators.courseCode`.
    func enroll(studentID: Int, code: String, clientAddress: String, logger: Logger) async throws -> Outcome {
        guard try await enrollments.courseExists(code: code, logger: logger) else {
            return try await unknown(studentID: studentID, clientAddress: clientAddress, logger: logger)
        }
        if let refusal = try await limiter.knownCourseCode(studentID: studentID, clientAddress: clientAddress, logger: logger) {
            return .limited(refusal)
        }
        switch try await enrollments.enroll(studentID: studentID, code: code, logger: logger) {
        case .unknownCode:
            // The code changed between the look-up and the enrollment: an unknown code now.
            return try await unknown(studentID: studentID, clientAddress: clientAddress, logger: logger)
        case let outcome:
            return .done(outcome)
        }
    }

    private func unknown(studentID: Int, clientAddress: String, logger: Logger) async throws -> Outcome {
        switch try await limiter.unknownCourseCode(studentID: studentID, clientAddress: clientAddress, logger: logger) {
        case .limited(let refusal):
            return .limited(refusal)
        case .allowed(let counted):
            try await counted.failed(logger: logger)
            return .done(.unknownCode)
        }
    }
}
