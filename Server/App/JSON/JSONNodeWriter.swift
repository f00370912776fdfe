/// Writes a `JSONNode` as UTF-8 JSON with the API's conventions: members sorted by the
/// bytes of their keys, `/` left unescaped, control characters escaped, everything else
/// (non-ASCII included) written as it is.
struct JSONNodeWriter {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 1024) {
        bytes.reserveCapacity(capacity)
    }

    mutating func write(_ node: JSONNode) {
        switch node {
        case .null: append("null")
        case .bool(let value): append(value ? "true" : "false")
        case .integer(let value):
            if value < 0 {
                bytes.append(UInt8(ascii: "-"))
                writeDigits(value.magnitude)
            } else {
                writeDigits(UInt64(value))
            }
        case .unsignedInteger(let value): writeDigits(value)
        case .number(let text): append(text)
        case .string(let text): writeString(text)
        case .array(let box):
            bytes.append(UInt8(ascii: "["))
            for (index, item) in box.items.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                write(item)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let box):
            bytes.append(UInt8(ascii: "{"))
            for (position, index) in Self.sortedIndices(box.keys).enumerated() {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                writeString(box.keys[index])
                bytes.append(UInt8(ascii: ":"))
                write(box.values[index])
            }
            bytes.append(UInt8(ascii: "}"))
        case .pending(let encoder):
            write(encoder.node ?? .object(JSONObjectBox()))
        }
    }

    private static func sortedIndices(_ keys: [String]) -> [Int] {
        var indices = Array(keys.indices)
        // Insertion sort: objects have a handful of members, usually declared in order already.
        for position in indices.indices.dropFirst() {
            let index = indices[position]
            var insertion = position
            while insertion > 0, keys[index].utf8.lexicographicallyPrecedes(keys[indices[insertion - 1]].utf8) {
                indices[insertion] = indices[insertion - 1]
                insertion -= 1
            }
            indices[insertion] = index
        }
        return indices
    }

    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    private mutating func writeDigits(_ value: UInt64) {
        var rest = value
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        bytes[start...].reverse()
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private mutating func writeString(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for (index, byte) in utf8.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
                bytes.append(contentsOf: utf8[runStart..<index])
                runStart = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(byte)
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                default:
                    bytes.append(contentsOf: [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                    bytes.append(Self.hexDigits[Int(byte >> 4)])
                    bytes.append(Self.hexDigits[Int(byte & 0x0F)])
                }
            }
            bytes.append(contentsOf: utf8[runStart...])
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
