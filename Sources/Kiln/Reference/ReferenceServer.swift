// A static file server for the API reference, which DocC's pages need because a browser
// refuses their fetch() of JSON over file://.
// Limits: POSIX sockets on 127.0.0.1 only; HTTP/1.1 GET and HEAD, one request per connection,
// no ranges, no TLS; files are opened name by name from the folder's descriptor with
// O_NOFOLLOW, so no link is followed and nothing outside the folder is reached.
import Dispatch
import Foundation
import Glibc

/// Serves the files of one folder over HTTP on the loopback address, until told to stop.
///
/// A path names a regular file inside the folder, or a folder holding `index.html`; a name
/// that is a symbolic link, `..` or anything but a regular file or folder is refused with 403,
/// a missing one gets 404.
final class ReferenceServer: Sendable {
    /// The port the server listens on, on 127.0.0.1.
    let port: UInt16
    private let listener: Int32
    private let folder: Int32
    /// Connections answered at once; a browser opens six, and a few more wait in the queue.
    private let slots = DispatchSemaphore(value: 16)

    /// A server of `folder` listening on 127.0.0.1 at `port`, or at a port the system picks
    /// when `port` is 0.
    init(folder url: URL, port: UInt16 = 0) throws(ReferenceServerError) {
        folder = open(url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw ReferenceServerError("cannot open \(url.path): \(Self.lastError)") }
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        self.listener = listener
        guard listener >= 0 else {
            close(folder)
            throw ReferenceServerError("cannot make a socket: \(Self.lastError)")
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(INADDR_LOOPBACK).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(listener, 64) == 0 else {
            let problem = Self.lastError
            close(listener)
            close(folder)
            throw ReferenceServerError("cannot listen on 127.0.0.1:\(port): \(problem)")
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
        }
        self.port = UInt16(bigEndian: address.sin_port)
    }

    deinit {
        close(listener)
        close(folder)
    }

    /// Accepts and answers connections until `shouldStop` says so; it is asked at least five
    /// times a second.
    func run(until shouldStop: () -> Bool) {
        var waiting = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        while !shouldStop() {
            guard poll(&waiting, 1, 200) > 0 else { continue }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { continue }
            _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
            slots.wait()
            DispatchQueue.global().async { [self] in
                answer(connection)
                close(connection)
                slots.signal()
            }
        }
    }

    /// Reads one request from `connection` and answers it.
    private func answer(_ connection: Int32) {
        // A client that sends nothing, or stops reading, is dropped after ten seconds.
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(connection, SOL_SOCKET, SO_SNDTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        let request = readHead(connection).flatMap { ReferenceRequest.parse(head: $0, port: port) }
        switch request {
        case .failure(let status):
            send(status, on: connection, withBody: true)
        case .success(let request):
            switch openFile(request.names) {
            case .failure(let status):
                send(status, on: connection, withBody: request.method == .get)
            case .success(let (file, size, name)):
                defer { close(file) }
                let head = Self.head(.ok, type: Self.contentType(of: name), length: size)
                guard write(Data(head.utf8), to: connection), request.method == .get else { return }
                copy(file, to: connection)
            }
        }
    }

    /// The request's head, up to the blank line; 431 past 16 KB, 400 when the client stops first.
    private func readHead(_ connection: Int32) -> Result<String, HTTPStatus> {
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while received.count < 16_384 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return .failure(.badRequest) }
            received += buffer[..<count]
            if let range = received.firstRange(of: end) {
                return .success(String(decoding: received[..<range.lowerBound], as: UTF8.self))
            }
        }
        return .failure(.headersTooLarge)
    }

    /// Opens the file `names` leads to in the folder, one name at a time and never through a
    /// link; a folder gives its `index.html`. The descriptor, the file's size and its name.
    private func openFile(_ names: [String]) -> Result<(Int32, Int, String), HTTPStatus> {
        var current = dup(folder)
        guard current >= 0 else { return .failure(.internalError) }
        var name = ""
        var path = names
        while true {
            var info = stat()
            guard fstat(current, &info) == 0 else {
                close(current)
                return .failure(.internalError)
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG where path.isEmpty:
                return .success((current, Int(info.st_size), name))
            case S_IFDIR:
                // A folder asked for by name (`/documentation/kiln`) shows its index page.
                if path.isEmpty { path = ["index.html"] }
            default:
                close(current)
                return .failure(path.isEmpty ? .forbidden : .notFound)
            }
            name = path.removeFirst()
            let next = openat(current, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            let problem = errno
            close(current)
            guard next >= 0 else { return .failure(problem == ENOENT || problem == ENOTDIR ? .notFound : .forbidden) }
            current = next
        }
    }

    /// Sends the rest of `file` on `connection`, 64 KB at a time.
    private func copy(_ file: Int32, to connection: Int32) {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(file, &buffer, buffer.count)
            guard count > 0, write(Data(buffer[..<count]), to: connection) else { return }
        }
    }

    /// Sends `status` with a one-line text body (GET) or its headers alone (HEAD).
    private func send(_ status: HTTPStatus, on connection: Int32, withBody: Bool) {
        let body = "\(status.rawValue) \(status.reason)\n"
        var head = Self.head(status, type: "text/plain; charset=utf-8", length: body.utf8.count)
        if status == .methodNotAllowed { head = head.replacingOccurrences(of: "\r\n\r\n", with: "\r\nAllow: GET, HEAD\r\n\r\n") }
        _ = write(Data((withBody ? head + body : head).utf8), to: connection)
    }

    /// Writes all of `data`; whether the client took it.
    private func write(_ data: Data, to connection: Int32) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = Glibc.send(connection, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return false }
                offset += sent
            }
            return true
        }
    }

    /// A response's status line and headers, with the blank line after them.
    private static func head(_ status: HTTPStatus, type: String, length: Int) -> String {
        "HTTP/1.1 \(status.rawValue) \(status.reason)\r\nContent-Type: \(type)\r\nContent-Length: \(length)\r\n"
            + "Connection: close\r\nX-Content-Type-Options: nosniff\r\nCache-Control: no-cache\r\n\r\n"
    }

    /// The media type of a file of the reference, from its name's extension.
    static func contentType(of name: String) -> String {
        switch (name as NSString).pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        case "txt", "md": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}

/// The server could not start: the folder cannot be opened, or no port was free.
struct ReferenceServerError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
