import Hummingbird

extension FacultyQuestionActions.GIFTExport {
    /// The file as a download, streamed piece by piece: the API's export and the `/teach`
    /// bank page's answer it so.
    var response: Response {
        let body = ResponseBody { writer in
            try await pieces { piece in try await writer.write(ByteBuffer(string: piece)) }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: contentType, .contentDisposition: "attachment; filename=\"\(filename)\""],
            body: body)
    }
}
