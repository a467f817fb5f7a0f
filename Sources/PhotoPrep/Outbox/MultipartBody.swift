import Foundation

/// A `multipart/form-data` body (RFC 7578) built in memory: the moment's record and its two pictures.
struct MultipartBody {
    let boundary: String
    private(set) var data = Data()

    init(boundary: String = "PhotoPrep-" + UUID().uuidString) {
        self.boundary = boundary
    }

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    mutating func append(name: String, filename: String, contentType: String, content: Data) {
        var head = "--\(boundary)\r\n"
        head += "Content-Disposition: form-data; name=\"\(name)\"; filename=\"\(filename)\"\r\n"
        head += "Content-Type: \(contentType)\r\n\r\n"
        data.append(contentsOf: Array(head.utf8))
        data.append(content)
        data.append(contentsOf: Array("\r\n".utf8))
    }

    /// The body with its closing delimiter.
    func finished() -> Data {
        var out = data
        out.append(contentsOf: Array("--\(boundary)--\r\n".utf8))
        return out
    }
}
