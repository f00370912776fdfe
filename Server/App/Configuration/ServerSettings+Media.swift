extension ServerSettings {
    /// The settings of pictures in questions (issue 68).
    static let media: [ServerSetting] = [
        .integer(
            "MEDIA_QUOTA_PER_COURSE_MB", \.mediaQuotaPerCourseMB, in: 1...100_000,
            help: "MiB of pictures one course may hold (each picture at most 2 MiB; the same picture uploaded again takes no more "
                + "room); an upload past it is refused (413).")
    ]
}
