/// Text made safe to stand in HTML, in elements and in quoted attributes.
enum HTMLEscaping {
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "&": escaped.append("&amp;")
            case "<": escaped.append("&lt;")
            case ">": escaped.append("&gt;")
            case "\"": escaped.append("&quot;")
            case "'": escaped.append("&#39;")
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
