/// How a teacher's page names a person: their name where they have one, their address where
/// not ("Anna Żółć", "anna@example.org"); with the student number when the class list gave one
/// ("Anna Żółć (12345)"). The one place pages turn an account into words.
enum PersonLabel {
    static func of(name: String?, email: String, number: String? = nil) -> String {
        let shown = name.flatMap { $0.isEmpty ? nil : $0 } ?? email
        guard let number, !number.isEmpty else { return shown }
        return "\(shown) (\(number))"
    }
}
