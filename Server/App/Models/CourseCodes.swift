/// Random four-letter upper-case course codes. Uniqueness is the database's job (a unique
/// constraint); `FacultyController` retries on a collision.
enum CourseCodes {
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        return String((0..<4).map { _ in letters.randomElement(using: &generator)! })
    }
}
