import ArgumentParser
import ExamPrepClient
import ExamPrepShared
import Foundation

extension Questions {
    /// `examprep questions upload-picture <file> --course <course>`: stores a picture in the
    /// course for its questions and prints its id (what a question's `image.mediaId` names).
    struct UploadPicture: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "upload-picture", abstract: CLILanguage.text("media.cli-abstract"),
            discussion: CLILanguage.text("media.cli-discussion"))

        @OptionGroup var options: GlobalOptions
        @Argument(help: ArgumentHelp(CLILanguage.text("media.cli-file"))) var file: String
        @Option(help: ArgumentHelp(CourseReference.help)) var course: CourseReference

        func run() async throws {
            let settings = try options.settings()
            guard let type = Media.contentType(ofFile: file) else {
                throw CLIError(CLILanguage.text("media.cli-not-a-picture", ["path": .text(file)]))
            }
            let data = try Self.read(file)
            let course = course
            try await settings.run { client, output in
                let media = try await client.faculty.uploadMedia(courseId: try await course.id(in: client), data: data, contentType: type)
                try output.print(media) {
                    CLILanguage.text(
                        "media.cli-stored",
                        [
                            "id": .integer(media.id), "width": .integer(media.width), "height": .integer(media.height),
                            "url": .text(media.url),
                        ])
                }
            }
        }

        /// The file's bytes; one larger than a picture may be is refused before it is read.
        static func read(_ path: String) throws -> Data {
            let url = URL(fileURLWithPath: path)
            do {
                let size = try url.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0
                guard size <= Media.maxBytes else {
                    throw CLIError(CLILanguage.text("media.too-large", ["mb": .integer(Media.maxBytes >> 20)]))
                }
                return try Data(contentsOf: url)
            } catch let error as CLIError {
                throw error
            } catch {
                throw CLIError(CLILanguage.text("cli.file.cannot-read", ["path": .text(path), "error": .text(error.localizedDescription)]))
            }
        }
    }
}
