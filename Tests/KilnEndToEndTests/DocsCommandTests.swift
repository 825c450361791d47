import Foundation
import KilnEndToEndSupport
import Testing

/// `kiln docs` as a user meets it: the reference served over HTTP on the loopback address,
/// nothing outside its folder, and one line when there is no reference.
@Suite("kiln docs")
final class DocsCommandTests {
    let kiln: URL
    let scratch: URL
    /// A small stand-in for the reference DocC builds: its landing page, a JSON file the
    /// pages fetch, and a secret beside the folder that no request may read.
    let reference: URL
    let secret = "the secret beside the reference"

    init() throws {
        kiln = try KilnBinary.locate()
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiln-docs-\(UUID().uuidString)")
        reference = scratch.appendingPathComponent("reference")
        let files = FileManager.default
        try files.createDirectory(at: reference.appendingPathComponent("documentation/kiln"), withIntermediateDirectories: true)
        try files.createDirectory(at: reference.appendingPathComponent("data/documentation"), withIntermediateDirectories: true)
        try "<!doctype html><title>Kiln</title>".write(to: reference.appendingPathComponent("documentation/kiln/index.html"),
                                                      atomically: true, encoding: .utf8)
        try #"{"metadata":{"title":"Kiln"}}"#.write(to: reference.appendingPathComponent("data/documentation/kiln.json"),
                                                   atomically: true, encoding: .utf8)
        try secret.write(to: scratch.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        try files.createSymbolicLink(atPath: reference.appendingPathComponent("leak.txt").path, withDestinationPath: "../secret.txt")
        try files.createSymbolicLink(atPath: reference.appendingPathComponent("outside").path, withDestinationPath: scratch.path)
    }

    deinit { try? FileManager.default.removeItem(at: scratch) }

    /// The environment the tests run in, without a reference named in it.
    var environmentWithoutReference: [String: String] {
        ProcessInfo.processInfo.environment.filter { $0.key != "KILN_REFERENCE" }
    }

    @Test("kiln docs --no-open serves the reference's pages and JSON on 127.0.0.1 and ends on SIGTERM")
    func servesReference() throws {
        let server = try XvfbSession(width: 320, height: 240)
        defer { server.stop() }
        let app = try KilnApp(binary: kiln, arguments: ["docs", "--no-open"], session: server,
                              environment: ["KILN_REFERENCE": reference.path])
        defer { app.terminate() }

        let line = try app.waitForLine(containing: "the reference is at", timeout: 30).line
        let port = try #require(Self.port(in: line))
        let page = try HTTPExchange.send("GET /documentation/kiln HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", port: port)
        let json = try HTTPExchange.send("GET /data/documentation/kiln.json HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n", port: port)
        kill(app.pid, SIGTERM)
        // A hang guard, generous: the server looks for the stop five times a second.
        let deadline = Date().addingTimeInterval(10)
        while app.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }

        #expect(line == "kiln: the reference is at http://127.0.0.1:\(port)/documentation/kiln — Ctrl+C to stop")
        #expect(app.lines.count == 1, "one line: \(app.lines)")
        #expect(page.status == 200)
        #expect(page.body == "<!doctype html><title>Kiln</title>")
        #expect(page.headers.contains("Content-Type: text/html; charset=utf-8"))
        #expect(json.status == 200)
        #expect(json.body == #"{"metadata":{"title":"Kiln"}}"#)
        #expect(json.headers.contains("Content-Type: application/json"))
        #expect(!app.isRunning, "kiln docs ended within ten seconds of SIGTERM")
        #expect(app.ending?.status == 0 && app.ending?.bySignal == false)
    }

    @Test("kiln docs refuses .. plain and escaped, absolute paths, links out of the folder, other hosts and methods")
    func refusesOutside() throws {
        let server = try XvfbSession(width: 320, height: 240)
        defer { server.stop() }
        let app = try KilnApp(binary: kiln, arguments: ["docs", "--no-open"], session: server,
                              environment: ["KILN_REFERENCE": reference.path])
        defer { app.terminate() }
        let port = try #require(Self.port(in: try app.waitForLine(containing: "the reference is at", timeout: 30).line))
        let host = "Host: 127.0.0.1:\(port)\r\n"
        let secretPath = scratch.appendingPathComponent("secret.txt").path
        let attempts = [
            "GET /../secret.txt HTTP/1.1\r\n\(host)\r\n",
            "GET /documentation/../../secret.txt HTTP/1.1\r\n\(host)\r\n",
            "GET /%2e%2e/secret.txt HTTP/1.1\r\n\(host)\r\n",
            "GET /%2E%2E%2Fsecret.txt HTTP/1.1\r\n\(host)\r\n",
            "GET \(secretPath) HTTP/1.1\r\n\(host)\r\n",
            "GET /\(secretPath) HTTP/1.1\r\n\(host)\r\n",
            "GET http://127.0.0.1:\(port)/../secret.txt HTTP/1.1\r\n\(host)\r\n",
            "GET /leak.txt HTTP/1.1\r\n\(host)\r\n",
            "GET /outside/secret.txt HTTP/1.1\r\n\(host)\r\n",
            "GET /data/documentation/kiln.json HTTP/1.1\r\nHost: attacker.example:\(port)\r\n\r\n",
            "POST /data/documentation/kiln.json HTTP/1.1\r\n\(host)\r\n",
        ]

        let answers = try attempts.map { try HTTPExchange.send($0, port: port) }

        for (request, answer) in zip(attempts, answers) {
            let line = request.prefix { $0 != "\r" }
            #expect([400, 403, 404, 405].contains(answer.status), "\(line): \(answer.status)")
            #expect(!answer.body.contains(secret) && !answer.body.contains("metadata"), "\(line) gave \(answer.body)")
        }
        #expect(answers[7].status == 403, "a link in the folder pointing out of it is forbidden")
        #expect(answers[8].status == 403, "a folder linked from outside is forbidden")
        #expect(answers[10].status == 405)
        #expect(app.isRunning, "the refusals stopped the server: \(app.errorOutput)")
    }

    @Test("kiln docs with no reference beside it says in one line how to build one, and exits 1")
    func noReference() throws {
        let installed = try Self.copyOfKiln(kiln, into: scratch.appendingPathComponent("prefix"))

        let result = try ExternalCommand.run(installed, ["docs", "--no-open"], environment: environmentWithoutReference,
                                             timeout: 30, allowFailure: true)

        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1, "one line: \(result.stderr)")
        #expect(result.stderr.hasPrefix("kiln: no API reference found (looked in \(scratch.path)/prefix/share/doc/kiln/reference)"))
        #expect(result.stderr.contains("`make docs` in a Kiln checkout builds it"))
    }

    @Test("KILN_REFERENCE naming a folder without the reference is one line naming it, and exit 1")
    func namedFolderWithoutReference() throws {
        let empty = scratch.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        var environment = environmentWithoutReference
        environment["KILN_REFERENCE"] = empty.path

        let result = try ExternalCommand.run(kiln, ["docs", "--path"], environment: environment, timeout: 30, allowFailure: true)

        #expect(result.status == 1)
        #expect(result.stderr.split(separator: "\n") == [
            "kiln: KILN_REFERENCE=\(empty.path) holds no API reference (no documentation/kiln/index.html); `make docs` in a Kiln checkout builds it into .build/docs; `make install` and the .deb install it",
        ])
    }

    @Test("kiln docs --path prints the reference installed beside the binary, in PREFIX/share/doc/kiln/reference")
    func installedReference() throws {
        let prefix = scratch.appendingPathComponent("prefix")
        let installed = try Self.copyOfKiln(kiln, into: prefix)
        let beside = prefix.appendingPathComponent("share/doc/kiln/reference")
        try FileManager.default.createDirectory(at: beside.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: reference, to: beside)

        let result = try ExternalCommand.run(installed, ["docs", "--path"], environment: environmentWithoutReference, timeout: 30)

        #expect(result.text == beside.path)
    }

    /// The port in `kiln docs`'s line.
    static func port(in line: String) -> UInt16? {
        guard let range = line.range(of: #"127\.0\.0\.1:\d+"#, options: .regularExpression) else { return nil }
        return UInt16(line[range].split(separator: ":")[1])
    }

    /// A copy of the kiln binary at PREFIX/bin/kiln, as an install puts it, away from the
    /// checkout's .build.
    static func copyOfKiln(_ kiln: URL, into prefix: URL) throws -> URL {
        let bin = prefix.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let copy = bin.appendingPathComponent("kiln")
        try FileManager.default.copyItem(at: kiln, to: copy)
        return copy
    }
}

/// One HTTP request written as it is, byte for byte (a client library would tidy its `..`
/// away), and the answer read to the end, within ten seconds.
struct HTTPExchange {
    var status: Int
    var headers: String
    var body: String

    static func send(_ request: String, port: UInt16) throws -> HTTPExchange {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw EndToEndError("cannot make a socket") }
        defer { close(socket) }
        var limit = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(INADDR_LOOPBACK).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw EndToEndError("cannot connect to 127.0.0.1:\(port)") }
        let bytes = Array(request.utf8)
        guard Glibc.send(socket, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else {
            throw EndToEndError("cannot send the request to 127.0.0.1:\(port)")
        }
        var received = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            received += buffer[..<count]
        }
        let text = String(decoding: received, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n"), let status = Int(text.split(separator: " ").dropFirst().first ?? "") else {
            throw EndToEndError("no HTTP answer to \(request.prefix { $0 != "\r" }): \(text)")
        }
        return HTTPExchange(status: status, headers: String(text[..<split.lowerBound]), body: String(text[split.upperBound...]))
    }
}
