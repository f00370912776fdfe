/// How both sides name a field in a message: `questions[2].choices`, from a decoding
/// error's coding path.
public enum CodingPath {
    public static func describe(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text
    }
}
