// The part of HTTP that `kiln docs` reads: a request's line and its Host header, turned into
// a method and the names of a path inside the served folder, or the status that refuses it.
import Foundation

/// A request the reference server answers: GET or HEAD of a path made of plain names.
struct ReferenceRequest: Equatable {
    /// The methods answered; every other is refused with 405.
    enum Method: String { case get = "GET", head = "HEAD" }

    /// GET sends the file; HEAD only its headers.
    let method: Method
    /// The path's names, percent-decoded, without empty ones: never `..`, `.`, a `/` or a NUL.
    let names: [String]

    /// The request whose head (request line and headers, without the blank line) is `head`,
    /// sent to a server listening on `port`; or the status that refuses it.
    ///
    /// Only an origin-form target (`/documentation/kiln`) is taken, with its query and
    /// fragment dropped. A name `..` or `.` (plain or %-escaped) is refused with 403, as is a
    /// Host other than the loopback address or `localhost` at `port`: a page of another site
    /// that a DNS name re-pointed at 127.0.0.1 gets nothing.
    static func parse(head: String, port: UInt16) -> Result<ReferenceRequest, HTTPStatus> {
        let lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let parts = (lines.first ?? "").split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[2].hasPrefix("HTTP/1.") else { return .failure(.badRequest) }
        guard let method = Method(rawValue: String(parts[0])) else { return .failure(.methodNotAllowed) }
        guard isLocal(host: host(in: lines.dropFirst()), port: port) else { return .failure(.forbidden) }
        let target = parts[1].prefix { $0 != "?" && $0 != "#" }
        guard target.hasPrefix("/") else { return .failure(.badRequest) }
        var names: [String] = []
        for raw in target.split(separator: "/") {
            guard let name = String(raw).removingPercentEncoding, !name.contains("\0") else { return .failure(.badRequest) }
            guard name != "..", name != ".", !name.contains("/") else { return .failure(.forbidden) }
            names.append(name)
        }
        return .success(ReferenceRequest(method: method, names: names))
    }

    /// The value of the Host header among `headers`, or `nil` when there is none.
    private static func host(in headers: ArraySlice<Substring>) -> String? {
        for header in headers {
            guard let colon = header.firstIndex(of: ":") else { continue }
            if header[..<colon].lowercased() == "host" {
                return header[header.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// Whether `host` names this machine's loopback server at `port`.
    private static func isLocal(host: String?, port: UInt16) -> Bool {
        guard let host else { return false }
        return ["127.0.0.1:\(port)", "localhost:\(port)"].contains(host.lowercased())
    }
}

/// The statuses the reference server answers with.
enum HTTPStatus: Int, Error {
    case ok = 200
    case badRequest = 400
    case forbidden = 403
    case notFound = 404
    case methodNotAllowed = 405
    case headersTooLarge = 431
    case internalError = 500

    /// The status line's words.
    var reason: String {
        switch self {
        case .ok: "OK"
        case .badRequest: "Bad Request"
        case .forbidden: "Forbidden"
        case .notFound: "Not Found"
        case .methodNotAllowed: "Method Not Allowed"
        case .headersTooLarge: "Request Header Fields Too Large"
        case .internalError: "Internal Server Error"
        }
    }
}
