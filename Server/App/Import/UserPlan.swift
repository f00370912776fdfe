import ExamPrepRules
import ExamPrepShared
import Foundation

/// Where the rows of a first-version user go.
enum UserDestination: Sendable, Equatable {
    /// To this account of the target: the user's own (imported now or before), or, for a
    /// second account of the same address, the one that is kept (`mergedFrom` is then the
    /// first-version id whose rows move).
    case account(id: Int, role: Role, mergedFrom: Int?)
    /// Nowhere: the user was left out, and so are its courses and enrollments.
    case notImported
}

/// The decisions about the first version's users.
///
/// - One account per address, as registration enforces (equal `EmailAddress.key`s, or equal
///   `lower(email)` for the database's older index): of several, the account already in the
///   target is kept, else the oldest (by `createdAt`, then id). The others are not imported;
///   their courses and enrollments move to the kept account (the same address is the same
///   person), and they sign in with the kept account's password.
/// - An address registration would refuse (`EmailAddress(validating:)`), or none: the user is
///   left out with its courses and enrollments. Corrected in the first version's database,
///   it is imported by the next run (ids stay free for it).
/// - No role, or one this server does not have: faculty when the user (or another account of
///   the address) owns courses, since only faculty could create them; otherwise student, the
///   role with the fewest rights.
/// - No password: imported with a hash no password matches, so its courses and enrollments
///   stay, but it cannot sign in.
/// - An id the target already gives another address: left out (the import keeps ids).
struct UserPlan: Sendable {
    struct NewUser: Sendable {
        var id: Int
        var email: String
        var emailKey: String
        var passwordHash: String
        var role: Role
        var createdAt: Date?
        var updatedAt: Date?
    }

    var inserts: [NewUser] = []
    var destinations: [Int: UserDestination] = [:]
    var summary = ImportReport.TableSummary()
    var findings: [ImportReport.Finding] = []
    /// "user 4 <ada@example.org>", for messages about any user of the source or target.
    var labels: [Int: String] = [:]

    /// How the report names user `id`.
    func label(_ id: Int) -> String { labels[id] ?? "user \(id)" }

    /// Stored for an account that had no password: crypt never produces it, so it matches nothing.
    static let lockedPasswordHash = "!"

    /// `mergeRegistered`: email keys of accounts registered on this server that the operator
    /// has confirmed belong to the same person as the first-version user (`--merge-registered`).
    init(
        snapshot: FirstVersionSnapshot, target: ImportTarget, emailLower: (String) -> String, mergeRegistered: Set<String> = []
    ) {
        summary.inFirstVersion = snapshot.users.count
        for user in target.users.values { labels[user.id] = "user \(user.id) <\(user.email)>" }
        let courseCounts = Dictionary(grouping: snapshot.courses.compactMap(\.userID), by: { $0 }).mapValues(\.count)
        let enrollmentCounts = Dictionary(grouping: snapshot.enrollments.compactMap(\.studentID), by: { $0 }).mapValues(\.count)
        func belongings(_ id: Int) -> String? {
            Self.describeBelongings(courses: courseCounts[id, default: 0], enrollments: enrollmentCounts[id, default: 0])
        }
        let countOf = { (id: Int) in courseCounts[id, default: 0] + enrollmentCounts[id, default: 0] }
        /// "not imported, and its 2 courses are left out with it" / "not imported (it has no courses or enrollments)".
        func leftOut(_ id: Int) -> String {
            belongings(id).map { "not imported, and \($0) \(countOf(id) == 1 ? "is" : "are") left out with it" }
                ?? "not imported (it has no courses or enrollments)"
        }

        // Addresses first: those registration would refuse are left out.
        struct Valid {
            var user: FirstVersionSnapshot.User
            var address: EmailAddress
            var lower: String
        }
        var valid: [Valid] = []
        for user in snapshot.users {
            labels[user.id] = "user \(user.id) <\(user.email ?? "no email")>"
            do {
                let address = try EmailAddress(validating: user.email ?? "")
                valid.append(Valid(user: user, address: address, lower: emailLower(address.display)))
            } catch {
                let reason = (error as? InvalidInput).map { Catalogue.of(.en).string($0.message) } ?? "\(error)"
                notImported(
                    user.id, .invalidEmail,
                    "email \(Self.quoted(user.email)) is not an address registration accepts (\(reason)); \(leftOut(user.id)). "
                        + "Correct the address in the first version's database and run the import again.")
            }
        }
        // The keys of the addresses that own courses (an account of one of them is faculty).
        let ownerIDs = Set(snapshot.courses.compactMap(\.userID))
        let ownerKeys = Set(valid.filter { ownerIDs.contains($0.user.id) }.map(\.address.key))

        // Accounts that will exist, by key and by lower(email): the target's to begin with.
        var byKey: [String: Int] = [:]
        var byLower: [String: Int] = [:]
        var roles: [Int: Role] = [:]
        for user in target.users.values {
            if let key = user.emailKey { byKey[key] = user.id }
            byLower[user.emailLower] = user.id
            if let role = user.role { roles[user.id] = role }
        }

        // An account of this server may stand for a first-version user only if an import made
        // it, or if the operator said so. Anything else was registered here by whoever typed
        // the address first, and gets nobody's data: an account from before origins were kept
        // (`unknown`) too, even when its id is the user's (a registration on a new server gets
        // id 1, the first version's first user's, as well), so it is a conflict the operator
        // resolves.
        func standsForFirstVersion(_ account: ImportTarget.User, key: String) -> Bool {
            switch account.origin {
            case .imported: true
            case .unknown, .registered: mergeRegistered.contains(key)
            }
        }
        func registeredHere(_ candidate: Valid, account: Int) {
            let made =
                target.users[account]?.origin == .unknown
                ? "which this server made before it recorded where accounts come from (it may have been registered here)"
                : "which was registered on this server, not imported"
            notImported(
                candidate.user.id, .registeredHere,
                "email \(Self.quoted(candidate.user.email)) belongs to \(label(account)), \(made); \(leftOut(candidate.user.id)). "
                    + "If \(label(account)) is the same person, run the import "
                    + "again with --merge-registered \(candidate.address.display) to give it this user's records; otherwise "
                    + "change the address in the first version's database and run the import again.")
        }

        // Rows an earlier run imported come first, so that they stay the kept accounts.
        var pending: [Valid] = []
        for candidate in valid {
            guard let existing = target.users[candidate.user.id] else {
                pending.append(candidate)
                continue
            }
            let same = existing.emailKey.map { $0 == candidate.address.key } ?? (existing.emailLower == candidate.lower)
            if same, !standsForFirstVersion(existing, key: candidate.address.key) {
                registeredHere(candidate, account: existing.id)
            } else if same, let role = existing.role {
                destinations[candidate.user.id] = .account(id: existing.id, role: role, mergedFrom: nil)
                summary.alreadyPresent += 1
            } else {
                notImported(
                    candidate.user.id, .idTaken,
                    "its id already belongs to \(label(existing.id)) in this server; \(leftOut(candidate.user.id)).")
            }
        }

        // The oldest account of an address is kept.
        pending.sort { ($0.user.createdAt ?? .distantFuture, $0.user.id) < ($1.user.createdAt ?? .distantFuture, $1.user.id) }
        for candidate in pending {
            let user = candidate.user
            if let kept = byKey[candidate.address.key] ?? byLower[candidate.lower], let account = target.users[kept],
                !standsForFirstVersion(account, key: candidate.address.key)
            {
                registeredHere(candidate, account: kept)
                continue
            }
            if let kept = byKey[candidate.address.key] ?? byLower[candidate.lower], let role = roles[kept] {
                destinations[user.id] = .account(id: kept, role: role, mergedFrom: user.id)
                let keptIsNew = target.users[kept] == nil
                notImported(
                    user.id, .duplicateEmail,
                    "email \(Self.quoted(user.email)) is the same address as \(label(kept)) apart from case or Unicode form; "
                        + "\(keptIsNew ? "the older account" : "the account already in this server"), user \(kept), is kept. "
                        + "User \(user.id) is not imported: "
                        + (belongings(user.id).map { "\($0) \(countOf(user.id) == 1 ? "moves" : "move") to user \(kept); " } ?? "")
                        + "its password no longer works (user \(kept)'s does).",
                    changes: [.init(field: "userId", from: String(user.id), to: String(kept))])
                continue
            }

            if candidate.address.display != user.email {
                finding(
                    user.id, .emailTrimmed, .importedWithChanges,
                    "email \(Self.quoted(user.email)) had spaces around it; imported as \(Self.quoted(candidate.address.display)).",
                    changes: [.init(field: "email", from: user.email, to: candidate.address.display)])
            }

            let role: Role
            // The first version knew faculty and students only: a role of another name (its
            // "admin", say) never becomes this server's admin, which only an admin or the
            // operator makes.
            if let roleID = user.roleID, let name = snapshot.roles[roleID], let known = Role(name: name), known != .admin {
                role = known
            } else {
                let owns = ownerKeys.contains(candidate.address.key)
                role = owns ? .faculty : .student
                let had =
                    switch user.roleID {
                    case nil: "has no role"
                    case let id? where snapshot.roles[id] == nil: "has role id \(id), which is not in \"Roles\""
                    case let id?: "has role \(Self.quoted(snapshot.roles[id])), which an import does not give (only faculty and student)"
                    }
                finding(
                    user.id, .noRole, .importedWithChanges,
                    "\(had); imported as \(role.name), "
                        + (owns
                            ? "because it owns courses (only faculty could create them)."
                            : "the role with the fewest rights, because it owns no course."),
                    changes: [.init(field: "role", from: user.roleID.map(String.init), to: role.name)])
            }

            var hash = user.password ?? ""
            if hash.isEmpty {
                hash = Self.lockedPasswordHash
                finding(
                    user.id, .noPassword, .importedWithChanges,
                    "has no password; imported with a password hash that matches nothing: its courses and enrollments are kept, "
                        + "but it cannot sign in.")
            }

            inserts.append(
                NewUser(
                    id: user.id, email: candidate.address.display, emailKey: candidate.address.key, passwordHash: hash, role: role,
                    createdAt: user.createdAt, updatedAt: user.updatedAt))
            labels[user.id] = "user \(user.id) <\(candidate.address.display)>"
            byKey[candidate.address.key] = user.id
            byLower[candidate.lower] = user.id
            roles[user.id] = role
            destinations[user.id] = .account(id: user.id, role: role, mergedFrom: nil)
            summary.imported += 1
        }
    }

    private mutating func finding(
        _ id: Int, _ problem: ImportReport.Finding.Problem, _ outcome: ImportReport.Finding.Outcome, _ message: String,
        changes: [ImportReport.Finding.Change] = []
    ) {
        findings.append(ImportReport.Finding(.user, id, problem, outcome, "\(label(id)): \(message)", changes: changes))
    }

    private mutating func notImported(
        _ id: Int, _ problem: ImportReport.Finding.Problem, _ message: String, changes: [ImportReport.Finding.Change] = []
    ) {
        if destinations[id] == nil { destinations[id] = .notImported }
        summary.notImported += 1
        finding(id, problem, .notImported, message, changes: changes)
    }

    /// "its 2 courses and 1 enrollment"; nil for none.
    static func describeBelongings(courses: Int, enrollments: Int) -> String? {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        switch (courses, enrollments) {
        case (0, 0): return nil
        case (_, 0): return "its \(count(courses, "course"))"
        case (0, _): return "its \(count(enrollments, "enrollment"))"
        default: return "its \(count(courses, "course")) and \(count(enrollments, "enrollment"))"
        }
    }

    /// A first-version value for a message: quoted, or "NULL".
    static func quoted(_ value: String?) -> String {
        value.map { "\"\($0)\"" } ?? "NULL"
    }
}
