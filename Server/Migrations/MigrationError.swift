/// Why the migrator refused to run.
public enum MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An applied migration's file differs from what was applied: schema history was rewritten.
    /// Fix it by restoring the file and adding a new migration for the change.
    case changedAfterApplied(name: String, appliedChecksum: String, currentChecksum: String)
    /// Two migrations share one name.
    case duplicateName(String)

    public var description: String {
        switch self {
        case .changedAfterApplied(let name, let applied, let current):
            return
                "migration \(name) was changed after it was applied (checksum \(applied) in schema_migrations, \(current) in this build); restore the file and put the change in a new migration"
        case .duplicateName(let name):
            return "two migrations are named \(name)"
        }
    }

    /// The file named by the error.
    public var name: String {
        switch self {
        case .changedAfterApplied(let name, _, _), .duplicateName(let name):
            return name
        }
    }
}
