import Configuration
import Foundation

/// Strict, typed access to the server's settings through swift-configuration's
/// `ConfigReader`. Values are read as text and checked here, so that a bad value stops the
/// start with a `ConfigurationError` naming the variable and flag (a typed read of
/// `ConfigReader` would quietly fall back to the default). Empty values count as unset.
struct SettingsReader {
    let reader: ConfigReader

    func string(_ setting: ServerSetting) -> String? {
        guard
            let value = reader.string(forKey: ConfigKey(setting.key), isSecret: setting.isSecret)?
                .trimmingCharacters(in: .whitespaces), !value.isEmpty
        else { return nil }
        return value
    }

    func integer(_ setting: ServerSetting, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = string(setting) else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw ConfigurationError(
                "\(Self.name(setting)) must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(text)")
        }
        return value
    }

    func seconds(_ setting: ServerSetting, in range: ClosedRange<Int>) throws -> Duration? {
        try integer(setting, in: range).map { .seconds($0) }
    }

    /// One of `choices` (any case), as given in `choices`.
    func choice(_ setting: ServerSetting, of choices: [String]) throws -> String? {
        guard let text = string(setting) else { return nil }
        guard let match = choices.first(where: { $0 == text.lowercased() }) else {
            throw ConfigurationError("\(Self.name(setting)) must be one of \(choices.joined(separator: ", ")), got \(text)")
        }
        return match
    }

    /// A comma- or space-separated list.
    func list(_ setting: ServerSetting) -> [String] {
        (string(setting) ?? "").split(whereSeparator: { $0 == "," || $0.isWhitespace }).map(String.init)
    }

    /// A value given directly, or through a file named by `file` (its bytes without a final
    /// newline). Both at once is an error: which one is meant?
    func valueOrFile(_ setting: ServerSetting, file: ServerSetting) throws -> [UInt8]? {
        let direct = reader.string(forKey: ConfigKey(setting.key), isSecret: true).flatMap { $0.isEmpty ? nil : Array($0.utf8) }
        guard let path = string(file) else { return direct }
        guard direct == nil else {
            throw ConfigurationError("set \(setting.environmentName) or \(file.environmentName), not both")
        }
        guard var data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError("\(Self.name(file)) names \(path), which cannot be read")
        }
        while let last = data.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") { data.removeLast() }
        return Array(data)
    }

    static func name(_ setting: ServerSetting) -> String {
        setting.flag.map { "\(setting.environmentName) (\($0))" } ?? setting.environmentName
    }
}
