import Foundation

/// `POST /api/me/sign-in-links` (optional body): where the browser goes once signed in.
public struct SignInLinkRequest: Codable, Sendable, Hashable {
    /// A path of the server's pages (`/courses/3`); the person's home when nil.
    public var next: String?

    public init(next: String? = nil) { self.next = next }
}

/// A link that signs one browser in as the caller: it works once, until `expiresAt` (a minute).
public struct SignInLink: Codable, Sendable, Hashable {
    /// The whole address to open (`https://exams.school.example/sign-in/…`).
    public var url: String
    public var expiresAt: Date

    public init(url: String, expiresAt: Date) {
        self.url = url
        self.expiresAt = expiresAt
    }
}
