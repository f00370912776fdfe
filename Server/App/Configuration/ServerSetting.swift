import Foundation

/// One setting of the server, declared once: its environment variable (which also names its
/// configuration key, `database.pool.size`, and its flag, `--database-pool-size`), what it
/// means, its default and allowed values as `--help` and docs/CONFIGURATION.md show them, and
/// how a value is checked and stored into `AppConfiguration`. The default shown is read from a
/// fresh `AppConfiguration`, so it cannot drift from the one the server uses.
struct ServerSetting: Sendable {
    let environmentName: String
    let help: String
    /// Secrets have no flag (a flag shows in `ps`), and are never printed.
    let isSecret: Bool
    /// The default, as the documentation shows it.
    let defaultText: String
    /// What may be given ("1–600", "yescrypt, bcrypt"), for the documentation.
    let allowedText: String
    /// Checks the value `settings` hold for this setting (if any) and stores it.
    let apply: @Sendable (SettingsReader, inout AppConfiguration) throws -> Void
    /// The value in force, as `examprep-server settings` prints it (nil for a secret).
    let current: @Sendable (AppConfiguration) -> String?

    init(
        _ environmentName: String, help: String, secret: Bool = false, default defaultText: String, allowed allowedText: String,
        current: @escaping @Sendable (AppConfiguration) -> String?,
        apply: @escaping @Sendable (SettingsReader, inout AppConfiguration) throws -> Void
    ) {
        self.environmentName = environmentName
        self.help = help
        self.isSecret = secret
        self.defaultText = defaultText
        self.allowedText = allowedText
        if secret {
            self.current = { _ in nil }
        } else {
            self.current = current
        }
        self.apply = apply
    }

    var key: String { SettingsReader.key(environmentName) }
    var flag: String? { isSecret ? nil : "--" + environmentName.lowercased().replacingOccurrences(of: "_", with: "-") }

    /// "PORT (--port)", as error messages name a setting.
    var displayName: String { flag.map { "\(environmentName) (\($0))" } ?? environmentName }
}

// MARK: - The kinds of settings

extension ServerSetting {
    typealias Path<Value> = any WritableKeyPath<AppConfiguration, Value> & Sendable

    /// A whole number; `defaultText` for a default that depends on the machine ("one per core").
    static func integer(
        _ name: String, _ path: Path<Int>, in range: ClosedRange<Int>, default defaultText: String? = nil, help: String
    ) -> ServerSetting {
        ServerSetting(
            name, help: help, default: defaultText ?? String(AppConfiguration()[keyPath: path]),
            allowed: "\(range.lowerBound)–\(range.upperBound)",
            current: { String($0[keyPath: path]) },
            apply: { settings, configuration in
                if let value = try settings.integer(name, in: range) { configuration[keyPath: path] = value }
            })
    }

    /// A whole number whose default is worked out when the server starts (`defaultText` says how).
    static func integer(
        _ name: String, _ path: Path<Int?>, in range: ClosedRange<Int>, default defaultText: String,
        current: @escaping @Sendable (AppConfiguration) -> Int, help: String
    ) -> ServerSetting {
        ServerSetting(
            name, help: help, default: defaultText, allowed: "\(range.lowerBound)–\(range.upperBound)",
            current: { String(current($0)) },
            apply: { settings, configuration in
                if let value = try settings.integer(name, in: range) { configuration[keyPath: path] = value }
            })
    }

    static func seconds(_ name: String, _ path: Path<Duration>, in range: ClosedRange<Int>, help: String) -> ServerSetting {
        ServerSetting(
            name, help: help, default: seconds(AppConfiguration()[keyPath: path]), allowed: "\(range.lowerBound)–\(range.upperBound) s",
            current: { seconds($0[keyPath: path]) },
            apply: { settings, configuration in
                if let value = try settings.integer(name, in: range) { configuration[keyPath: path] = .seconds(value) }
            })
    }

    static func seconds(_ name: String, _ path: Path<TimeInterval>, in range: ClosedRange<Int>, help: String) -> ServerSetting {
        ServerSetting(
            name, help: help, default: String(Int(AppConfiguration()[keyPath: path])),
            allowed: "\(range.lowerBound)–\(range.upperBound) s", current: { String(Int($0[keyPath: path])) },
            apply: { settings, configuration in
                if let value = try settings.integer(name, in: range) { configuration[keyPath: path] = TimeInterval(value) }
            })
    }

    static func text(_ name: String, _ path: Path<String>, help: String) -> ServerSetting {
        ServerSetting(
            name, help: help, default: AppConfiguration()[keyPath: path], allowed: "text", current: { $0[keyPath: path] },
            apply: { settings, configuration in
                if let value = settings.string(name) { configuration[keyPath: path] = value }
            })
    }

    static func choice<Value: RawRepresentable & Sendable>(
        _ name: String, _ path: Path<Value>, of choices: [Value], help: String
    ) -> ServerSetting where Value.RawValue == String {
        ServerSetting(
            name, help: help, default: AppConfiguration()[keyPath: path].rawValue,
            allowed: choices.map(\.rawValue).joined(separator: ", "), current: { $0[keyPath: path].rawValue },
            apply: { settings, configuration in
                if let text = try settings.choice(name, of: choices.map(\.rawValue)), let value = Value(rawValue: text) {
                    configuration[keyPath: path] = value
                }
            })
    }

    static func flag(_ name: String, _ path: Path<Bool>, help: String) -> ServerSetting {
        ServerSetting(
            name, help: help, default: String(AppConfiguration()[keyPath: path]), allowed: "true, false",
            current: { String($0[keyPath: path]) },
            apply: { settings, configuration in
                if let text = try settings.choice(name, of: ["true", "false"]) { configuration[keyPath: path] = text == "true" }
            })
    }

    /// A setting read by a rule of its own (`rule`), such as a value that may come from a file.
    static func custom(
        _ name: String, help: String, secret: Bool = false, default defaultText: String, allowed: String,
        current: @escaping @Sendable (AppConfiguration) -> String? = { _ in nil },
        rule: @escaping @Sendable (SettingsReader, inout AppConfiguration) throws -> Void = { _, _ in }
    ) -> ServerSetting {
        ServerSetting(name, help: help, secret: secret, default: defaultText, allowed: allowed, current: current, apply: rule)
    }

    private static func seconds(_ duration: Duration) -> String {
        String(duration.components.seconds)
    }
}
