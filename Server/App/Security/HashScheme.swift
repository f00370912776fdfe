/// How new passwords are hashed. yescrypt is the default: memory-hard and without a length
/// limit. bcrypt is what the first version stored; it ignores everything past byte 72.
enum HashScheme: Sendable, Equatable, CustomStringConvertible {
    case yescrypt(cost: Int)
    case bcrypt(cost: Int)

    static let `default` = HashScheme.yescrypt(cost: 5)

    /// Parses `yescrypt` / `bcrypt` with an optional cost (nil: the scheme's default).
    init?(name: String, cost: Int?) {
        switch name.lowercased() {
        case "yescrypt":
            let cost = cost ?? 5
            guard (1...11).contains(cost) else { return nil }
            self = .yescrypt(cost: cost)
        case "bcrypt":
            let cost = cost ?? 12
            guard (4...31).contains(cost) else { return nil }
            self = .bcrypt(cost: cost)
        default:
            return nil
        }
    }

    var prefix: String {
        switch self {
        case .yescrypt: "$y$"
        case .bcrypt: "$2b$"
        }
    }

    var cost: Int {
        switch self {
        case .yescrypt(let cost), .bcrypt(let cost): cost
        }
    }

    /// bcrypt ignores every byte of a password past the 72nd.
    static let bcryptMaxPasswordBytes = 72

    /// The longest password, in UTF-8 bytes, the scheme hashes in full: libcrypt's limit,
    /// and bcrypt's own 72 bytes.
    var maxPasswordBytes: Int {
        switch self {
        case .yescrypt: Crypt.maxPassphraseBytes
        case .bcrypt: Self.bcryptMaxPasswordBytes
        }
    }

    var description: String {
        switch self {
        case .yescrypt(let cost): "yescrypt (cost \(cost))"
        case .bcrypt(let cost): "bcrypt (cost \(cost))"
        }
    }

    /// Whether a stored hash is a bcrypt hash (`$2a$`, `$2b$`, `$2y$`), of any version.
    static func isBcrypt(_ hash: String) -> Bool {
        hash.hasPrefix("$2a$") || hash.hasPrefix("$2b$") || hash.hasPrefix("$2y$")
    }
}
