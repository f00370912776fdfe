import Foundation

/// Rows under headers, each column as wide as its widest cell; the last column is not padded.
struct Table {
    var headers: [String]
    var rows: [[String]]

    func render() -> String {
        let all = [headers] + rows
        let widths = headers.indices.map { column in
            all.map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        return all.map { row in
            row.enumerated().map { column, cell in
                column == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            .joined(separator: "  ")
        }
        .joined(separator: "\n")
    }

    /// `text` cut to `limit` characters, on one line.
    static func clip(_ text: String, _ limit: Int = 60) -> String {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        return line.count <= limit ? line : String(line.prefix(limit - 1)) + "…"
    }
}
