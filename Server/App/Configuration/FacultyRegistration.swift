import ExamPrepShared
import Foundation

/// Who may register as faculty through `POST /api/register` (`FACULTY_REGISTRATION`). Admins
/// never register; students always may.
public enum FacultyRegistration: Sendable, Equatable {
    /// Faculty come by an admin's invitation only (the default).
    case invite
    /// Anyone may register as faculty (the first version's behaviour; test servers, demos).
    case open
    /// Addresses of these domains (lower case, compared whole) may register as faculty.
    case domains([String])

    /// Reads `invite`, `open` or `domain:a.example,domain:b.example`; nil for anything else.
    public init?(text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        switch trimmed {
        case "invite": self = .invite
        case "open": self = .open
        default:
            let parts = trimmed.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            let domains = parts.compactMap { part -> String? in
                guard part.hasPrefix("domain:") else { return nil }
                let domain = String(part.dropFirst("domain:".count))
                let isDomainCharacter: (Unicode.Scalar) -> Bool = {
                    ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "."
                }
                guard domain.contains("."), !domain.hasPrefix("."), !domain.hasSuffix("."),
                    domain.unicodeScalars.allSatisfy(isDomainCharacter)
                else { return nil }
                return domain
            }
            guard !parts.isEmpty, domains.count == parts.count else { return nil }
            self = .domains(domains)
        }
    }

    /// How the setting is written (`examprep-server settings`).
    public var text: String {
        switch self {
        case .invite: "invite"
        case .open: "open"
        case .domains(let domains): domains.map { "domain:\($0)" }.joined(separator: ",")
        }
    }

    /// Whether an account of this (valid) address may register itself as faculty.
    func allowsFaculty(emailKey: String) -> Bool {
        switch self {
        case .invite: false
        case .open: true
        case .domains(let domains):
            emailKey.split(separator: "@").last.map { domains.contains(String($0)) } ?? false
        }
    }

    /// What a refused faculty registration is told.
    var refusal: Message {
        switch self {
        case .invite, .open: Message("api.faculty-by-invitation")
        case .domains(let domains): Message("api.faculty-domains", ["domains": .text(domains.joined(separator: ", "))])
        }
    }
}
