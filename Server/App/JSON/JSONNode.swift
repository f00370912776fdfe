/// A JSON value as `JSONNodeEncoder` builds it: objects and arrays are boxes (reference
/// types), so containers handed out by the encoder keep filling the same value.
enum JSONNode {
    case null
    case bool(Bool)
    case integer(Int64)
    case unsignedInteger(UInt64)
    /// A finite floating-point number, already in its JSON spelling.
    case number(String)
    case string(String)
    case array(JSONArrayBox)
    case object(JSONObjectBox)
    /// A `superEncoder()`'s value, known only once its user has finished with it.
    case pending(JSONNodeEncoder)
}

final class JSONArrayBox {
    var items: [JSONNode] = []
}

/// Members in the order they were set; a key set twice keeps its last value.
final class JSONObjectBox {
    private(set) var keys: [String] = []
    private(set) var values: [JSONNode] = []

    init() {
        keys.reserveCapacity(8)
        values.reserveCapacity(8)
    }

    func set(_ key: String, _ value: JSONNode) {
        if let index = keys.firstIndex(of: key) {
            values[index] = value
        } else {
            keys.append(key)
            values.append(value)
        }
    }
}
