import Configuration
import Foundation

extension AppConfiguration {
    /// The configuration of a server started as `examprep-server [flags]`: the environment,
    /// with the flags on top (a flag wins). Flags are `--port 9000` or `--port=9000`; an
    /// unknown flag, a flag given twice or one without a value throws a `ConfigurationError`.
    /// `warnings` receives advice for the operator (a password on the command line).
    public static func load(
        arguments: [String], environment: [String: String], warnings: (String) -> Void = { _ in }
    ) throws -> AppConfiguration {
        let flags = try parseFlags(arguments)
        for name in ["DATABASE_URL", "DATABASE_READ_URL"] {
            if let url = flags[name], PostgresURL.hasPassword(url) {
                let flag = "--" + name.lowercased().replacingOccurrences(of: "_", with: "-")
                warnings("\(flag) carries a password, which other users of this machine can read in the process list; use \(name)_FILE")
            }
        }
        var flagValues: [AbsoluteConfigKey: ConfigValue] = [:]
        for (name, value) in flags {
            flagValues[AbsoluteConfigKey(name.lowercased().split(separator: "_").map(String.init))] = ConfigValue(
                .string(value), isSecret: false)
        }
        // A value and its file are one setting: a flag for either wins over both in the environment.
        var environment = environment
        for pair in [
            ["DATABASE_URL", "DATABASE_URL_FILE"], ["DATABASE_READ_URL", "DATABASE_READ_URL_FILE"], ["JWT_SECRET", "JWT_SECRET_FILE"],
        ]
        where pair.contains(where: { flags[$0] != nil }) {
            for name in pair where flags[name] == nil { environment[name] = nil }
        }
        return try AppConfiguration(
            reader: ConfigReader(providers: [
                InMemoryProvider(name: "flags", values: flagValues),
                EnvironmentVariablesProvider(
                    environmentVariables: environment, secretsSpecifier: .specific(ServerSettings.secretNames)),
            ]))
    }

    /// Every setting from the environment alone (tests, tools).
    public init(environment: [String: String]) throws {
        try self.init(reader: ConfigReader(provider: EnvironmentVariablesProvider(environmentVariables: environment)))
    }

    /// The settings `examprep-server --help` lists.
    public static var settingsHelp: String { SettingsDocumentation.helpText }

    /// docs/CONFIGURATION.md, as the settings' declarations write it.
    public static var settingsMarkdown: String { SettingsDocumentation.markdown }

    /// `NAME=value` for every setting in force, secrets hidden (`examprep-server settings`).
    public var settingsInForce: String { SettingsDocumentation.current(self) }

    /// `--name value` / `--name=value` pairs, by environment name.
    private static func parseFlags(_ arguments: [String]) throws -> [String: String] {
        var values: [String: String] = [:]
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                throw ConfigurationError("unexpected argument '\(argument)'; settings are flags such as --port 9000")
            }
            let name: String
            let value: String
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            } else {
                guard index < arguments.endIndex, !arguments[index].hasPrefix("--") else {
                    throw ConfigurationError("\(argument) needs a value")
                }
                name = argument
                value = arguments[index]
                index += 1
            }
            guard let setting = ServerSettings.byFlag[name] else {
                let secret = ServerSettings.all.first { $0.isSecret && "--" + $0.key.replacingOccurrences(of: ".", with: "-") == name }
                if let secret {
                    throw ConfigurationError(
                        "\(secret.environmentName) has no flag (it would show in ps); set it in the environment or a file")
                }
                throw ConfigurationError("unknown setting \(name); examprep-server --help lists them")
            }
            guard values.updateValue(value, forKey: setting.environmentName) == nil else {
                throw ConfigurationError("\(name) is given twice")
            }
        }
        return values
    }
}

/// Reading a PostgreSQL URL without libpq, for advice only.
enum PostgresURL {
    /// Whether `postgres://user:secret@host/db` (or `?password=`) carries a password.
    static func hasPassword(_ url: String) -> Bool {
        guard let schemeEnd = url.range(of: "://") else { return false }
        let rest = url[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" }
        if let at = authority.lastIndex(of: "@"), authority[..<at].contains(":") { return true }
        return url.contains("password=")
    }
}
