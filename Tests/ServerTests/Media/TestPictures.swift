/// Small pictures built in the tests, header by header (never decoded, so the pixel data and
/// PNG's CRCs are placeholders): each format the server reads, of any size it claims.
enum TestPictures {
    /// A PNG whose pixel data is `padding` bytes of `filler` (another filler: other bytes).
    static func png(width: Int, height: Int, filler: UInt8 = 0, padding: Int = 2) -> [UInt8] {
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += chunk("IHDR", bigEndian(width, 4) + bigEndian(height, 4) + [8, 2, 0, 0, 0])
        bytes += chunk("IDAT", [0x78, 0x01] + Array(repeating: filler, count: padding))
        bytes += chunk("IEND", [])
        return bytes
    }

    static func jpeg(width: Int, height: Int) -> [UInt8] {
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += [0xFF, 0xE0] + bigEndian(16, 2) + Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
        bytes += [0xFF, 0xC0] + bigEndian(11, 2) + [8] + bigEndian(height, 2) + bigEndian(width, 2) + [1, 1, 0x11, 0]
        bytes += [0xFF, 0xDA] + bigEndian(8, 2) + [1, 1, 0, 0, 0x3F, 0] + [0x12, 0x34, 0xFF, 0x00, 0x56]
        bytes += [0xFF, 0xD9]
        return bytes
    }

    static func gif(width: Int, height: Int, version: String = "GIF89a") -> [UInt8] {
        Array(version.utf8) + littleEndian(width, 2) + littleEndian(height, 2) + [0, 0, 0] + [0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x3B]
    }

    /// A WebP of one chunk: `VP8X` (extended), `VP8L` (lossless) or `VP8 ` (lossy).
    static func webp(width: Int, height: Int, chunk kind: String = "VP8X") -> [UInt8] {
        let data: [UInt8]
        switch kind {
        case "VP8L":
            let bits = (width - 1) | (height - 1) << 14
            data = [0x2F] + littleEndian(bits, 4) + [0, 0, 0]
        case "VP8 ":
            data = [0x10, 0x02, 0x00, 0x9D, 0x01, 0x2A] + littleEndian(width, 2) + littleEndian(height, 2) + [0, 0]
        default:
            data = [0x10, 0, 0, 0] + littleEndian(width - 1, 3) + littleEndian(height - 1, 3)
        }
        let body = Array("WEBP".utf8) + Array(kind.utf8) + littleEndian(data.count, 4) + data
        return Array("RIFF".utf8) + littleEndian(body.count, 4) + body
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        bigEndian(data.count, 4) + Array(type.utf8) + data + [0, 0, 0, 0]
    }

    private static func bigEndian(_ value: Int, _ length: Int) -> [UInt8] {
        (0..<length).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    private static func littleEndian(_ value: Int, _ length: Int) -> [UInt8] {
        (0..<length).map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }
}
