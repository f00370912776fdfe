extension AppConfiguration {
    /// The settings that only make sense together, checked once every one of them is read (at
    /// start, and by `buildApplication` for a configuration made in code): mail carries links,
    /// which are built from `PUBLIC_URL` only; a faculty registration by domain is confirmed by a
    /// mailed link.
    func checkMailSettings() throws {
        if smtpURL != nil, publicURL == nil {
            throw ConfigurationError(
                "SMTP_URL is set without PUBLIC_URL (--public-url): the links in the server's mail are built from PUBLIC_URL "
                    + "only, never from a request's Host header; set it to the address people open (https://exams.school.example)")
        }
        if case .domains = facultyRegistration, smtpURL == nil {
            throw ConfigurationError(
                "FACULTY_REGISTRATION=\(facultyRegistration.text) needs SMTP_URL: a teacher who registers by address confirms it "
                    + "by a mailed link")
        }
    }
}
