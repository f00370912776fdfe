/// A small DEFLATE decoder (RFC 1951) so the tests can look at the pixels of a PNG without a
/// dependency: Foundation has no public zlib API on Linux. Written for clarity, not speed.
struct Inflate {
    enum Failure: Error, Equatable {
        case truncated
        case invalidBlockType
        case storedLengthMismatch
        case invalidCode
        case distanceTooFar
    }

    private let input: [UInt8]
    private var position = 0
    private var bitBuffer = 0
    private var bitCount = 0
    private var output: [UInt8] = []

    private init(_ input: [UInt8]) {
        self.input = input
    }

    /// Decompresses a raw DEFLATE stream (no zlib header).
    static func decompress(_ data: [UInt8]) throws -> [UInt8] {
        var inflater = Inflate(data)
        try inflater.run()
        return inflater.output
    }

    /// Decompresses a zlib stream (RFC 1950): two header bytes, DEFLATE data, Adler-32 (not checked).
    static func decompressZlib(_ data: [UInt8]) throws -> [UInt8] {
        guard data.count > 2 else { throw Failure.truncated }
        return try decompress(Array(data.dropFirst(2)))
    }

    private mutating func bits(_ count: Int) throws -> Int {
        while bitCount < count {
            guard position < input.count else { throw Failure.truncated }
            bitBuffer |= Int(input[position]) << bitCount
            position += 1
            bitCount += 8
        }
        let value = bitBuffer & ((1 << count) - 1)
        bitBuffer >>= count
        bitCount -= count
        return value
    }

    private mutating func run() throws {
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try stored()
            case 1: try compressed(literals: Self.fixedLiterals, distances: Self.fixedDistances)
            case 2:
                let (literals, distances) = try dynamicTables()
                try compressed(literals: literals, distances: distances)
            default: throw Failure.invalidBlockType
            }
        }
    }

    private mutating func stored() throws {
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw Failure.truncated }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == (~complement & 0xFFFF) else { throw Failure.storedLengthMismatch }
        position += 4
        guard position + length <= input.count else { throw Failure.truncated }
        output.append(contentsOf: input[position..<(position + length)])
        position += length
    }

    /// Canonical Huffman code: how many codes of each length, and the symbols in code order.
    struct Huffman {
        var counts: [Int]
        var symbols: [Int]

        init(lengths: [Int]) {
            counts = Array(repeating: 0, count: 16)
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = Array(repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = Array(repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    private mutating func decode(_ huffman: Huffman) throws -> Int {
        var code = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            code |= try bits(1)
            let count = huffman.counts[length]
            if code - first < count {
                return huffman.symbols[index + code - first]
            }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw Failure.invalidCode
    }

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
    ]
    private static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]

    private static let fixedLiterals = Huffman(
        lengths: Array(repeating: 8, count: 144) + Array(repeating: 9, count: 112) + Array(repeating: 7, count: 24)
            + Array(repeating: 8, count: 8))
    private static let fixedDistances = Huffman(lengths: Array(repeating: 5, count: 30))

    private mutating func compressed(literals: Huffman, distances: Huffman) throws {
        while true {
            let symbol = try decode(literals)
            if symbol < 256 {
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let lengthIndex = symbol - 257
                guard lengthIndex < Self.lengthBase.count else { throw Failure.invalidCode }
                let length = Self.lengthBase[lengthIndex] + (try bits(Self.lengthExtra[lengthIndex]))
                let distanceIndex = try decode(distances)
                guard distanceIndex < Self.distanceBase.count else { throw Failure.invalidCode }
                let distance = Self.distanceBase[distanceIndex] + (try bits(Self.distanceExtra[distanceIndex]))
                guard distance <= output.count else { throw Failure.distanceTooFar }
                let start = output.count - distance
                for offset in 0..<length {
                    output.append(output[start + offset])
                }
            }
        }
    }

    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private mutating func dynamicTables() throws -> (Huffman, Huffman) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeLengthCount = try bits(4) + 4
        var codeLengthLengths = Array(repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            codeLengthLengths[Self.codeLengthOrder[index]] = try bits(3)
        }
        let codeLengths = Huffman(lengths: codeLengthLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(codeLengths)
            switch symbol {
            case 0...15:
                lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else { throw Failure.invalidCode }
                lengths.append(contentsOf: Array(repeating: previous, count: 3 + (try bits(2))))
            case 17:
                lengths.append(contentsOf: Array(repeating: 0, count: 3 + (try bits(3))))
            default:
                lengths.append(contentsOf: Array(repeating: 0, count: 11 + (try bits(7))))
            }
        }
        guard lengths.count == literalCount + distanceCount else { throw Failure.invalidCode }
        return (
            Huffman(lengths: Array(lengths[0..<literalCount])),
            Huffman(lengths: Array(lengths[literalCount...]))
        )
    }
}
