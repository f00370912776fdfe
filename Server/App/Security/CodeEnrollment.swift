import Logging

/// Enrolling with a course code, the same for the API and the pages: unknown codes are limited
/// per student and per address, so the 26⁴ codes cannot be walked; a code that exists gives its
/// try back.
struct CodeEnrollment: Sendable {
    let enrollments: EnrollmentRepository
    let limiter: RateLimiter

    enum Outcome: Sendable {
        case done(EnrollmentRepository.Enrolling)
        case limited(RateLimiter.Refusal)
    }

    /// `code` has passed `Validators.courseCode`.
    func enroll(studentID: Int, code: String, clientAddress: String, logger: Logger) async throws -> Outcome {
        let counted: CountedTry
        switch try await limiter.courseCode(studentID: studentID, clientAddress: clientAddress, logger: logger) {
        case .limited(let refusal): return .limited(refusal)
        case .allowed(let allowed): counted = allowed
        }
        let outcome: EnrollmentRepository.Enrolling
        do {
            outcome = try await enrollments.enroll(studentID: studentID, code: code, logger: logger)
        } catch {
            await counted.abandoned(logger: logger)
            throw error
        }
        switch outcome {
        case .enrolled, .alreadyEnrolled: try await counted.succeeded(logger: logger)
        case .unknownCode: try await counted.failed(logger: logger)
        }
        return .done(outcome)
    }
}
