/// PNG: IHDR must be the first chunk; every chunk's length is walked to IEND, which must end the file.
enum PNGHeader {
    static func size(_ view: ByteView) -> (width: Int, height: Int)? {
        guard view.bigEndian(8, length: 4) == 13, view.matches(Array("IHDR".utf8), at: 12),
            let width = view.bigEndian(16, length: 4), let height = view.bigEndian(20, length: 4)
        else { return nil }
        var offset = 8
        while let length = view.bigEndian(offset, length: 4) {
            let end = offset + 12 + length
            guard end <= view.count else { return nil }
            if view.matches(Array("IEND".utf8), at: offset + 4) { return (width, height) }
            offset = end
        }
        return nil
    }
}

/// JPEG: segments walked from SOI, the size read from the first SOFn (C0–CF but C4, C8, CC);
/// the scan must follow and the file must hold its EOI after it.
enum JPEGHeader {
    static func size(_ view: ByteView) -> (width: Int, height: Int)? {
        var offset = 2
        var size: (width: Int, height: Int)?
        while true {
            guard view.byte(offset) == 0xFF else { return nil }
            while view.byte(offset + 1) == 0xFF { offset += 1 }
            guard let marker = view.byte(offset + 1) else { return nil }
            if marker == 0x01 || (0xD0...0xD7).contains(marker) {
                offset += 2
                continue
            }
            guard marker != 0xD9, let length = view.bigEndian(offset + 2, length: 2), length >= 2 else { return nil }
            let end = offset + 2 + length
            guard end <= view.count else { return nil }
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker), size == nil {
                guard length >= 7, let height = view.bigEndian(offset + 5, length: 2), let width = view.bigEndian(offset + 7, length: 2)
                else { return nil }
                size = (width, height)
            }
            if marker == 0xDA {
                guard let size, endsWithEOI(view, after: end) else { return nil }
                return size
            }
            offset = end
        }
    }

    /// Whether FF D9 stands somewhere after the scan's header (trailing bytes after it are allowed).
    private static func endsWithEOI(_ view: ByteView, after start: Int) -> Bool {
        var index = view.count - 2
        while index >= start {
            if view.byte(index) == 0xFF, view.byte(index + 1) == 0xD9 { return true }
            index -= 1
        }
        return false
    }
}

/// WebP: the RIFF length must fit the file; the first chunk is VP8 (lossy), VP8L (lossless)
/// or VP8X (extended, its canvas size).
enum WebPHeader {
    static func size(_ view: ByteView) -> (width: Int, height: Int)? {
        guard let riffLength = view.littleEndian(4, length: 4), riffLength + 8 <= view.count,
            let chunkLength = view.littleEndian(16, length: 4), 20 + chunkLength <= riffLength + 8
        else { return nil }
        if view.matches(Array("VP8X".utf8), at: 12) {
            guard chunkLength >= 10, let width = view.littleEndian(24, length: 3), let height = view.littleEndian(27, length: 3)
            else { return nil }
            return (width + 1, height + 1)
        }
        if view.matches(Array("VP8L".utf8), at: 12) {
            guard chunkLength >= 5, view.byte(20) == 0x2F, let bits = view.littleEndian(21, length: 4) else { return nil }
            return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
        }
        if view.matches(Array("VP8 ".utf8), at: 12) {
            guard chunkLength >= 10, view.matches([0x9D, 0x01, 0x2A], at: 23), let width = view.littleEndian(26, length: 2),
                let height = view.littleEndian(28, length: 2)
            else { return nil }
            return (width & 0x3FFF, height & 0x3FFF)
        }
        return nil
    }
}

/// GIF: the logical screen's size; the file must end with the trailer (3B).
enum GIFHeader {
    static func size(_ view: ByteView) -> (width: Int, height: Int)? {
        guard view.count >= 14, view.byte(view.count - 1) == 0x3B, let width = view.littleEndian(6, length: 2),
            let height = view.littleEndian(8, length: 2)
        else { return nil }
        return (width, height)
    }
}
