/// The three containers of `JSONNodeEncoder`. Each writes straight into the box (or the
/// encoder) it was made for; nested values go through `JSONNodeEncoder.box`.
extension JSONNodeEncoder {
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: JSONNodeEncoder
        let box: JSONObjectBox

        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil(forKey key: Key) throws { box.set(key.stringValue, .null) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { box.set(key.stringValue, .bool(value)) }
        mutating func encode(_ value: String, forKey key: Key) throws { box.set(key.stringValue, .string(value)) }
        mutating func encode(_ value: Int, forKey key: Key) throws { box.set(key.stringValue, .integer(Int64(value))) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { box.set(key.stringValue, .integer(Int64(value))) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { box.set(key.stringValue, .integer(Int64(value))) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { box.set(key.stringValue, .integer(Int64(value))) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { box.set(key.stringValue, .integer(value)) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { box.set(key.stringValue, .unsignedInteger(UInt64(value))) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { box.set(key.stringValue, .unsignedInteger(UInt64(value))) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws { box.set(key.stringValue, .unsignedInteger(UInt64(value))) }
        mutating func encode(_ value: UInt32, forKey key: Key) throws { box.set(key.stringValue, .unsignedInteger(UInt64(value))) }
        mutating func encode(_ value: UInt64, forKey key: Key) throws { box.set(key.stringValue, .unsignedInteger(value)) }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            box.set(key.stringValue, try JSONNodeEncoder.number(value, encoder: encoder, key: key))
        }
        mutating func encode(_ value: Float, forKey key: Key) throws {
            box.set(key.stringValue, try JSONNodeEncoder.number(value, encoder: encoder, key: key))
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            box.set(key.stringValue, try encoder.box(value, key: key))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let nested = JSONObjectBox()
            box.set(key.stringValue, .object(nested))
            return KeyedEncodingContainer(
                KeyedContainer<NestedKey>(encoder: JSONNodeEncoder(parent: encoder, key: key), box: nested))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = JSONArrayBox()
            box.set(key.stringValue, .array(nested))
            return UnkeyedContainer(encoder: JSONNodeEncoder(parent: encoder, key: key), box: nested)
        }

        /// Under "super", as Foundation's encoder does; a `Key` type need not have that case.
        mutating func superEncoder() -> any Encoder {
            let nested = JSONNodeEncoder(parent: encoder, key: SuperKey())
            box.set(SuperKey().stringValue, .pending(nested))
            return nested
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            let nested = JSONNodeEncoder(parent: encoder, key: key)
            box.set(key.stringValue, .pending(nested))
            return nested
        }
    }

    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let encoder: JSONNodeEncoder
        let box: JSONArrayBox

        var codingPath: [any CodingKey] { encoder.codingPath }
        var count: Int { box.items.count }

        private var nextKey: IndexKey { IndexKey(intValue: box.items.count) }

        mutating func encodeNil() throws { box.items.append(.null) }
        mutating func encode(_ value: Bool) throws { box.items.append(.bool(value)) }
        mutating func encode(_ value: String) throws { box.items.append(.string(value)) }
        mutating func encode(_ value: Int) throws { box.items.append(.integer(Int64(value))) }
        mutating func encode(_ value: Int8) throws { box.items.append(.integer(Int64(value))) }
        mutating func encode(_ value: Int16) throws { box.items.append(.integer(Int64(value))) }
        mutating func encode(_ value: Int32) throws { box.items.append(.integer(Int64(value))) }
        mutating func encode(_ value: Int64) throws { box.items.append(.integer(value)) }
        mutating func encode(_ value: UInt) throws { box.items.append(.unsignedInteger(UInt64(value))) }
        mutating func encode(_ value: UInt8) throws { box.items.append(.unsignedInteger(UInt64(value))) }
        mutating func encode(_ value: UInt16) throws { box.items.append(.unsignedInteger(UInt64(value))) }
        mutating func encode(_ value: UInt32) throws { box.items.append(.unsignedInteger(UInt64(value))) }
        mutating func encode(_ value: UInt64) throws { box.items.append(.unsignedInteger(value)) }
        mutating func encode(_ value: Double) throws {
            box.items.append(try JSONNodeEncoder.number(value, encoder: encoder, key: nextKey))
        }
        mutating func encode(_ value: Float) throws {
            box.items.append(try JSONNodeEncoder.number(value, encoder: encoder, key: nextKey))
        }
        mutating func encode<T: Encodable>(_ value: T) throws {
            box.items.append(try encoder.box(value, key: nextKey))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            let key = nextKey
            let nested = JSONObjectBox()
            box.items.append(.object(nested))
            return KeyedEncodingContainer(
                KeyedContainer<NestedKey>(encoder: JSONNodeEncoder(parent: encoder, key: key), box: nested))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            let key = nextKey
            let nested = JSONArrayBox()
            box.items.append(.array(nested))
            return UnkeyedContainer(encoder: JSONNodeEncoder(parent: encoder, key: key), box: nested)
        }

        mutating func superEncoder() -> any Encoder {
            let nested = JSONNodeEncoder(parent: encoder, key: nextKey)
            box.items.append(.pending(nested))
            return nested
        }
    }

    struct SingleValueContainer: SingleValueEncodingContainer {
        let encoder: JSONNodeEncoder

        var codingPath: [any CodingKey] { encoder.codingPath }

        mutating func encodeNil() throws { encoder.node = .null }
        mutating func encode(_ value: Bool) throws { encoder.node = .bool(value) }
        mutating func encode(_ value: String) throws { encoder.node = .string(value) }
        mutating func encode(_ value: Int) throws { encoder.node = .integer(Int64(value)) }
        mutating func encode(_ value: Int8) throws { encoder.node = .integer(Int64(value)) }
        mutating func encode(_ value: Int16) throws { encoder.node = .integer(Int64(value)) }
        mutating func encode(_ value: Int32) throws { encoder.node = .integer(Int64(value)) }
        mutating func encode(_ value: Int64) throws { encoder.node = .integer(value) }
        mutating func encode(_ value: UInt) throws { encoder.node = .unsignedInteger(UInt64(value)) }
        mutating func encode(_ value: UInt8) throws { encoder.node = .unsignedInteger(UInt64(value)) }
        mutating func encode(_ value: UInt16) throws { encoder.node = .unsignedInteger(UInt64(value)) }
        mutating func encode(_ value: UInt32) throws { encoder.node = .unsignedInteger(UInt64(value)) }
        mutating func encode(_ value: UInt64) throws { encoder.node = .unsignedInteger(value) }
        mutating func encode(_ value: Double) throws { encoder.node = try JSONNodeEncoder.number(value, encoder: encoder, key: nil) }
        mutating func encode(_ value: Float) throws { encoder.node = try JSONNodeEncoder.number(value, encoder: encoder, key: nil) }
        mutating func encode<T: Encodable>(_ value: T) throws { encoder.node = try encoder.box(value, key: nil) }
    }

    /// The coding key of an array element, for error paths.
    struct IndexKey: CodingKey {
        let intValue: Int?
        var stringValue: String { "Index \(intValue ?? 0)" }

        init(intValue: Int) { self.intValue = intValue }
        init?(stringValue: String) { nil }
    }
}

/// The key of `superEncoder()`.
private struct SuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}
