/// Just enough of PNG to check a rendered chart: 8-bit RGB or RGBA, not interlaced (what
/// `rsvg-convert` writes). Pixels are kept as RGBA.
public struct PNGImage: Sendable {
    public enum Failure: Error, Equatable {
        case notPNG
        case truncated
        case missingHeader
        case unsupported(String)
        case badFilter(Int)
    }

    public struct Pixel: Equatable, Sendable {
        public var red: Int
        public var green: Int
        public var blue: Int
        public var alpha: Int

        /// True when every channel is within `tolerance` of the hex colour (`"#4C78A8"`).
        public func matches(_ hex: String, tolerance: Int = 24) -> Bool {
            let digits = hex.hasPrefix("#") ? String(hex.dropFirst()) : hex
            guard digits.count == 6, let value = Int(digits, radix: 16) else { return false }
            return alpha > 200 && abs(red - (value >> 16 & 0xFF)) <= tolerance
                && abs(green - (value >> 8 & 0xFF)) <= tolerance && abs(blue - (value & 0xFF)) <= tolerance
        }

        public var isWhite: Bool { red > 245 && green > 245 && blue > 245 }
    }

    public let width: Int
    public let height: Int
    private let rgba: [UInt8]

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    public init(data: [UInt8]) throws {
        guard data.count > 8, Array(data[0..<8]) == Self.signature else { throw Failure.notPNG }
        var position = 8
        var header: [UInt8]?
        var compressed: [UInt8] = []
        while position + 8 <= data.count {
            let length = Self.bigEndian(data, position)
            let type = String(decoding: data[(position + 4)..<(position + 8)], as: UTF8.self)
            let start = position + 8
            guard length >= 0, start + length + 4 <= data.count else { throw Failure.truncated }
            let body = Array(data[start..<(start + length)])
            switch type {
            case "IHDR": header = body
            case "IDAT": compressed.append(contentsOf: body)
            default: break
            }
            position = start + length + 4
            if type == "IEND" { break }
        }
        guard let header, header.count == 13 else { throw Failure.missingHeader }
        width = Self.bigEndian(header, 0)
        height = Self.bigEndian(header, 4)
        let bitDepth = Int(header[8])
        let colorType = Int(header[9])
        let interlace = Int(header[12])
        guard bitDepth == 8, interlace == 0 else {
            throw Failure.unsupported("bit depth \(bitDepth), interlace \(interlace)")
        }
        let channels: Int
        switch colorType {
        case 2: channels = 3
        case 6: channels = 4
        default: throw Failure.unsupported("colour type \(colorType)")
        }
        let raw = try Inflate.decompressZlib(compressed)
        let stride = width * channels
        guard raw.count >= height * (stride + 1) else { throw Failure.truncated }
        var pixels = Array(repeating: UInt8(0), count: height * stride)
        for row in 0..<height {
            let filter = Int(raw[row * (stride + 1)])
            let source = row * (stride + 1) + 1
            let target = row * stride
            for column in 0..<stride {
                let value = Int(raw[source + column])
                let left = column >= channels ? Int(pixels[target + column - channels]) : 0
                let up = row > 0 ? Int(pixels[target - stride + column]) : 0
                let upLeft = row > 0 && column >= channels ? Int(pixels[target - stride + column - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4: predicted = Self.paeth(left, up, upLeft)
                default: throw Failure.badFilter(filter)
                }
                pixels[target + column] = UInt8((value + predicted) & 0xFF)
            }
        }
        if channels == 4 {
            rgba = pixels
        } else {
            var expanded: [UInt8] = []
            expanded.reserveCapacity(width * height * 4)
            for index in Swift.stride(from: 0, to: pixels.count, by: 3) {
                expanded.append(contentsOf: [pixels[index], pixels[index + 1], pixels[index + 2], 255])
            }
            rgba = expanded
        }
    }

    public func pixel(x: Int, y: Int) -> Pixel? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let index = (y * width + x) * 4
        return Pixel(
            red: Int(rgba[index]), green: Int(rgba[index + 1]), blue: Int(rgba[index + 2]), alpha: Int(rgba[index + 3]))
    }

    /// All pixels, row by row.
    public var pixels: [Pixel] {
        Swift.stride(from: 0, to: rgba.count, by: 4).map {
            Pixel(red: Int(rgba[$0]), green: Int(rgba[$0 + 1]), blue: Int(rgba[$0 + 2]), alpha: Int(rgba[$0 + 3]))
        }
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int) -> Int {
        guard offset + 4 <= bytes.count else { return -1 }
        return Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
            | Int(bytes[offset + 3])
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a)
        let pb = abs(p - b)
        let pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
