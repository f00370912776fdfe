import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Runs `rsvg-convert` (Debian package `librsvg2-bin`) when it is installed, so a test can look at the
/// SVG as a real renderer draws it.
public enum SVGRenderer {
    public static let executable: URL? = {
        let fromPath = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        let candidates = fromPath + ["/usr/bin", "/usr/local/bin", "/opt/homebrew/bin"]
        return candidates.lazy
            .map { URL(fileURLWithPath: $0).appendingPathComponent("rsvg-convert") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    public static var isAvailable: Bool { executable != nil }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes the SVG to a temporary directory, renders it to PNG and returns the PNG file.
    public static func renderPNG(svg: String, name: String) throws -> URL {
        guard let executable else {
            throw Failure(
                description: "rsvg-convert is not installed (Debian: librsvg2-bin; scripts/system-packages installs it): "
                    + "the SVG cannot be checked as a picture")
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("examprep-statistics-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let svgFile = directory.appendingPathComponent("\(name).svg")
        let pngFile = directory.appendingPathComponent("\(name).png")
        try Data(svg.utf8).write(to: svgFile)

        let errors = Pipe()
        let process = try TestProcess.launch(
            executable, arguments: ["--format=png", "--output=\(pngFile.path)", svgFile.path], error: .pipe(errors))
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "rsvg-convert exited \(process.terminationStatus): \(message)")
        }
        return pngFile
    }
}

/// Collects what the tests need from an SVG while `XMLParser` checks it is well-formed.
public final class SVGOutline: NSObject, XMLParserDelegate {
    public private(set) var rootAttributes: [String: String] = [:]
    public private(set) var elementNames: [String] = []
    public private(set) var texts: [String] = []
    public private(set) var titleText = ""
    private var current = ""
    private var openElements: [String] = []

    /// Parses the document; `nil` when it is not well-formed XML.
    public static func parse(_ svg: String) -> SVGOutline? {
        let outline = SVGOutline()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = outline
        return parser.parse() ? outline : nil
    }

    public func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if elementNames.isEmpty { rootAttributes = attributes }
        elementNames.append(elementName)
        openElements.append(elementName)
        current = ""
    }

    public func parser(_ parser: XMLParser, foundCharacters string: String) {
        current += string
    }

    public func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "text" { texts.append(current) }
        if elementName == "title" { titleText = current }
        _ = openElements.popLast()
        current = ""
    }
}
