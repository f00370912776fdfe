/// Text made safe to stand in HTML, in elements and in quoted attributes.
enum HTMLEscaping {
    /// `text` with `& < > " '` as entities; read byte by byte (fast, and a combining mark after
    /// one of them is kept as it is).
    static func escape(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
