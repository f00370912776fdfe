/// Type OIDs of the built-in PostgreSQL types this layer knows (pg_type.oid).
public enum PostgresTypeOID {
    /// Lets the server infer the parameter's type from the statement.
    public static let unspecified: UInt32 = 0
    public static let bool: UInt32 = 16
    public static let bytea: UInt32 = 17
    public static let char: UInt32 = 18
    public static let name: UInt32 = 19
    public static let int8: UInt32 = 20
    public static let int2: UInt32 = 21
    public static let int4: UInt32 = 23
    public static let text: UInt32 = 25
    public static let oid: UInt32 = 26
    public static let json: UInt32 = 114
    public static let xml: UInt32 = 142
    public static let float4: UInt32 = 700
    public static let float8: UInt32 = 701
    public static let unknown: UInt32 = 705
    public static let bpchar: UInt32 = 1042
    public static let varchar: UInt32 = 1043
    public static let date: UInt32 = 1082
    public static let time: UInt32 = 1083
    public static let timestamp: UInt32 = 1114
    public static let timestamptz: UInt32 = 1184
    public static let interval: UInt32 = 1186
    public static let numeric: UInt32 = 1700
    public static let uuid: UInt32 = 2950
    public static let jsonb: UInt32 = 3802
    public static let textArray: UInt32 = 1009
    public static let int8Array: UInt32 = 1016
    public static let boolArray: UInt32 = 1000
    public static let timestamptzArray: UInt32 = 1185
    public static let uuidArray: UInt32 = 2951

    /// OIDs from here on belong to objects created after initdb: extension types such as
    /// citext, enums, domains. Their OIDs differ from database to database.
    public static let firstNormalObjectID: UInt32 = 16384

    static let names: [UInt32: String] = [
        bool: "boolean", bytea: "bytea", char: "\"char\"", name: "name", int8: "bigint",
        int2: "smallint", int4: "integer", text: "text", oid: "oid", json: "json", xml: "xml",
        float4: "real", float8: "double precision", unknown: "unknown", bpchar: "character",
        varchar: "character varying", date: "date", time: "time", timestamp: "timestamp",
        timestamptz: "timestamp with time zone", interval: "interval", numeric: "numeric",
        uuid: "uuid", jsonb: "jsonb", textArray: "text[]", int8Array: "bigint[]", boolArray: "boolean[]",
        timestamptzArray: "timestamp with time zone[]", uuidArray: "uuid[]",
    ]

    /// "text (oid 25)", or "type oid 16390" for a type this layer does not name.
    static func describe(_ oid: UInt32) -> String {
        if let name = names[oid] { return "\(name) (oid \(oid))" }
        return "type oid \(oid)"
    }
}
