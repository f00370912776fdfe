/// The text of a file a spreadsheet saved, whatever encoding it chose: UTF-8 (with or without a
/// byte order mark), UTF-16 with its byte order mark (Excel's "Unicode text"), else one of the
/// two Central European code pages, told apart by the bytes where they differ. Pure: it reads
/// any bytes and never fails.
public enum SpreadsheetText {
    /// How the bytes were read.
    public enum Encoding: String, Sendable, Hashable {
        case utf8 = "UTF-8"
        case utf16 = "UTF-16"
        case windows1250 = "Windows-1250"
        case iso88592 = "ISO-8859-2"
    }

    /// The text of `bytes` and the encoding it was read in; a byte order mark is dropped.
    public static func decode(_ bytes: [UInt8]) -> (text: String, encoding: Encoding) {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return (String(decoding: bytes.dropFirst(3), as: UTF8.self), .utf8)
        }
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) {
            return (utf16(bytes.dropFirst(2), bigEndian: bytes[0] == 0xFE), .utf16)
        }
        if let text = String(validating: bytes, as: UTF8.self) { return (text, .utf8) }
        let page = codePage(of: bytes)
        return (page.decode(bytes), page == .windows1250 ? .windows1250 : .iso88592)
    }

    /// Windows-1250 or ISO-8859-2, by the bytes that are Polish letters in one and not the
    /// other: 0x8A–0x9F (letters only in Windows-1250: Š Ś Ť Ž Ź š ś ť ž ź), 0xA5/0xB9 (Ą/ą in
    /// Windows-1250), against 0xA1/0xB1, 0xA6/0xB6, 0xAC/0xBC (Ą/ą, Ś/ś, Ź/ź in ISO-8859-2).
    /// A tie is Windows-1250, what Excel writes.
    public static func codePage(of bytes: [UInt8]) -> CentralEuropeanCodePage {
        var windows = 0
        var iso = 0
        for byte in bytes where byte >= 0x80 {
            switch byte {
            case 0x8A, 0x8C...0x8F, 0x9A, 0x9C...0x9F, 0xA5, 0xB9: windows += 1
            case 0xA1, 0xB1, 0xA6, 0xB6, 0xAC, 0xBC: iso += 1
            default: break
            }
        }
        return iso > windows ? .iso88592 : .windows1250
    }

    /// UTF-16 code units, two bytes each (an odd last byte and unpaired surrogates become U+FFFD).
    private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> String {
        var units: [UInt16] = []
        units.reserveCapacity(bytes.count / 2 + 1)
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        if index < bytes.endIndex { units.append(0xFFFD) }
        return String(decoding: units, as: UTF16.self)
    }
}
