/// Random four-letter upper-case course codes from the system's CSPRNG. Uniqueness is the
/// database's job (a unique constraint); `CourseRepository` tries another code on a collision.
enum CourseCodes {
    private static let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")

    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<4).map { _ in letters.randomElement(using: &generator)! })
    }
}
