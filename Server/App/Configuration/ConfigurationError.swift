/// A configuration the server cannot start with. Its description is one line for the operator.
public struct ConfigurationError: Error, CustomStringConvertible, Sendable {
    public var description: String

    init(_ description: String) { self.description = description }
}
