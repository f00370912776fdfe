import Configuration
import ExamPrepPostgres
import Foundation

/// Strict, typed access to the server's settings through swift-configuration's
/// `ConfigReader`, by environment name. Values are read as text and checked here, so that a
/// bad value stops the start with a `ConfigurationError` naming the variable and flag (a
/// typed read of `ConfigReader` would quietly fall back to the default). Empty values count
/// as unset.
struct SettingsReader {
    let reader: ConfigReader

    func string(_ name: String, secret: Bool = false) -> String? {
        guard
            let value = reader.string(forKey: ConfigKey(Self.key(name)), isSecret: secret)?.trimmingCharacters(in: .whitespaces),
            !value.isEmpty
        else { return nil }
        return value
    }

    func integer(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = string(name) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw ConfigurationError(
                "\(Self.displayName(name)) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(text)")
        }
        return value
    }

    /// One of `choices` (any case), as given in `choices`.
    func choice(_ name: String, of choices: [String]) throws -> String? {
        guard let text = string(name) else { return nil }
        guard let match = choices.first(where: { $0 == text.lowercased() }) else {
            throw ConfigurationError("\(Self.displayName(name)) must be one of \(choices.joined(separator: ", ")), got \(text)")
        }
        return match
    }

    /// A comma- or space-separated list.
    func list(_ name: String, secret: Bool = false) -> [String] {
        (string(name, secret: secret) ?? "").split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
    }

    /// A value given directly, or through a file named by `file` (its bytes without a final
    /// newline). Both at once is an error: which one is meant?
    func valueOrFile(_ name: String, file: String) throws -> [UInt8]? {
        let direct = reader.string(forKey: ConfigKey(Self.key(name)), isSecret: true).flatMap { $0.isEmpty ? nil : Array($0.utf8) }
        guard let path = string(file) else { return direct }
        guard direct == nil else {
            throw ConfigurationError("set \(name) or \(file), not both")
        }
        guard var data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("\(Self.displayName(file)) names \(path), which cannot be read")
        }
        while let last = data.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { data.removeLast() }
        return Array(data)
    }

    /// A postgres:// URL, given in `name` or in the file `name`_FILE names, parsed by libpq.
    func databaseURL(_ name: String) throws -> PostgresConfiguration? {
        guard let url = try valueOrFile(name, file: name + "_FILE") else { return nil }
        do {
            return try PostgresConfiguration(url: String(decoding: url, as: UTF8.self))
        } catch {
            throw ConfigurationError("\(name) is not a postgres:// URL: \(error)")
        }
    }

    /// `DATABASE_POOL_SIZE` → `database.pool.size`, the key swift-configuration's environment
    /// provider maps the variable to.
    static func key(_ name: String) -> String {
        name.lowercased().replacingOccurrences(of: "_", with: ".")
    }

    /// "PORT (--port)"; a secret has no flag.
    static func displayName(_ name: String) -> String {
        ServerSettings.all.first { $0.environmentName == name }?.displayName ?? name
    }
}
