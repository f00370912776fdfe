/// Reads a picture's type and size from its headers without decoding a pixel: the type from
/// its first bytes (which must be the type named), the size from PNG's IHDR, JPEG's SOFn
/// marker, WebP's VP8/VP8L/VP8X chunk or GIF's logical screen. The structure is walked to its
/// end (PNG's chunks to IEND, JPEG's segments to the scan and its EOI, WebP's RIFF length,
/// GIF's trailer), so a truncated file is refused. Pure: bytes in, facts or a problem out.
enum PictureReader {
    /// The facts of `bytes`, sent as `contentType`.
    static func read(_ bytes: [UInt8], contentType: String?) throws(PictureProblem) -> PictureFacts {
        guard let type = PictureType(contentType: contentType) else { throw .unsupportedType }
        let view = ByteView(bytes)
        guard let size = try size(of: type, in: view) else { throw .notThisType(type) }
        guard size.width > 0, size.height > 0 else { throw .truncated(type) }
        guard size.width <= PictureLimits.maxSide, size.height <= PictureLimits.maxSide,
            size.width * size.height <= PictureLimits.maxPixels
        else { throw .tooManyPixels(width: size.width, height: size.height) }
        return PictureFacts(type: type, width: size.width, height: size.height)
    }

    /// The size in pixels; nil when the bytes do not start as `type` does.
    private static func size(of type: PictureType, in view: ByteView) throws(PictureProblem) -> (width: Int, height: Int)? {
        let size: (width: Int, height: Int)?
        switch type {
        case .png:
            guard view.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else { return nil }
            size = PNGHeader.size(view)
        case .jpeg:
            guard view.starts(with: [0xFF, 0xD8, 0xFF]) else { return nil }
            size = JPEGHeader.size(view)
        case .webp:
            guard view.starts(with: Array("RIFF".utf8)), view.matches(Array("WEBP".utf8), at: 8) else { return nil }
            size = WebPHeader.size(view)
        case .gif:
            guard view.starts(with: Array("GIF87a".utf8)) || view.starts(with: Array("GIF89a".utf8)) else { return nil }
            size = GIFHeader.size(view)
        }
        guard let size else { throw .truncated(type) }
        return size
    }
}

/// Bounds-checked reads of a byte array: every read past the end is nil, never a trap.
struct ByteView {
    let bytes: [UInt8]

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var count: Int { bytes.count }

    func starts(with prefix: [UInt8]) -> Bool { matches(prefix, at: 0) }

    func matches(_ expected: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset <= bytes.count - expected.count else { return false }
        return bytes[offset..<offset + expected.count].elementsEqual(expected)
    }

    func byte(_ offset: Int) -> Int? {
        guard offset >= 0, offset < bytes.count else { return nil }
        return Int(bytes[offset])
    }

    /// An unsigned big-endian integer of `length` bytes.
    func bigEndian(_ offset: Int, length: Int) -> Int? {
        guard offset >= 0, length > 0, offset <= bytes.count - length else { return nil }
        return bytes[offset..<offset + length].reduce(0) { $0 << 8 | Int($1) }
    }

    /// An unsigned little-endian integer of `length` bytes.
    func littleEndian(_ offset: Int, length: Int) -> Int? {
        guard offset >= 0, length > 0, offset <= bytes.count - length else { return nil }
        return bytes[offset..<offset + length].reversed().reduce(0) { $0 << 8 | Int($1) }
    }
}
