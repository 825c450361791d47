import Foundation
@testable import Kiln
import Testing

@Suite("Where kiln docs finds the reference, and which requests it answers")
final class ReferenceFolderTests {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("kiln-reference-\(UUID().uuidString)").resolvingSymlinksInPath()
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    /// Writes an empty file at `path` under the root and returns it.
    @discardableResult
    func file(_ path: String) throws -> URL {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data().write(to: url)
        return url
    }

    @Test("An installed binary finds share/doc/kiln/reference beside its bin folder")
    func installed() throws {
        let binary = try file("usr/bin/kiln")
        try file("usr/share/doc/kiln/reference/documentation/kiln/index.html")

        let found = ReferenceFolder.located(executable: binary, environment: [:])

        #expect(try found.get().url.path == root.appendingPathComponent("usr/share/doc/kiln/reference").path)
    }

    @Test("A binary anywhere under a checkout's .build finds the .build/docs that make docs wrote")
    func checkout() throws {
        let binary = try file("kiln/.build/x86_64-unknown-linux-gnu/debug/kiln")
        try file("kiln/.build/docs/documentation/kiln/index.html")

        let found = ReferenceFolder.located(executable: binary, environment: [:])

        #expect(try found.get().url.path == root.appendingPathComponent("kiln/.build/docs").path)
    }

    @Test("KILN_REFERENCE comes first, and a folder it names without the reference is said, not passed over")
    func named() throws {
        let binary = try file("usr/bin/kiln")
        try file("usr/share/doc/kiln/reference/documentation/kiln/index.html")
        try file("mine/documentation/kiln/index.html")
        let empty = root.appendingPathComponent("empty")

        let mine = ReferenceFolder.located(executable: binary, environment: ["KILN_REFERENCE": root.appendingPathComponent("mine").path])
        let missing = ReferenceFolder.located(executable: binary, environment: ["KILN_REFERENCE": empty.path])

        #expect(try mine.get().url.path == root.appendingPathComponent("mine").path)
        #expect(missing == .failure(.notInNamedFolder(empty)))
    }

    @Test("With no reference anywhere, one line names the folders tried and make docs")
    func nowhere() throws {
        let binary = try file("opt/kiln/bin/kiln")

        let found = ReferenceFolder.located(executable: binary, environment: [:])

        guard case .failure(let missing) = found else { Issue.record("found \(found)"); return }
        #expect(!"\(missing)".contains("\n"))
        #expect("\(missing)".hasPrefix("no API reference found (looked in \(root.path)/opt/kiln/share/doc/kiln/reference); `make docs`"))
    }

    @Test("A request for a path inside the folder is its names, percent-decoded, without query or fragment")
    func plainRequest() {
        let request = ReferenceRequest.parse(head: "GET /data/documentation/kiln%20x.json?x=1#y HTTP/1.1\r\nHost: 127.0.0.1:8080", port: 8080)

        #expect(request == .success(ReferenceRequest(method: .get, names: ["data", "documentation", "kiln x.json"])))
    }

    @Test("Dot names plain or escaped, an escaped slash or NUL, a foreign Host, another method and an absolute URL are refused",
          arguments: [
              ("GET /a/../b HTTP/1.1\r\nHost: 127.0.0.1:80", HTTPStatus.forbidden),
              ("GET /%2e%2E/b HTTP/1.1\r\nHost: 127.0.0.1:80", .forbidden),
              ("GET /./b HTTP/1.1\r\nHost: localhost:80", .forbidden),
              ("GET /..%2Fb HTTP/1.1\r\nHost: 127.0.0.1:80", .forbidden),
              ("GET /a%00b HTTP/1.1\r\nHost: 127.0.0.1:80", .badRequest),
              ("GET /a%zz HTTP/1.1\r\nHost: 127.0.0.1:80", .badRequest),
              ("GET http://127.0.0.1:80/a HTTP/1.1\r\nHost: 127.0.0.1:80", .badRequest),
              ("GET /a HTTP/1.1\r\nHost: example.com:80", .forbidden),
              ("GET /a HTTP/1.1\r\nHost: 127.0.0.1:81", .forbidden),
              ("GET /a HTTP/1.1", .forbidden),
              ("DELETE /a HTTP/1.1\r\nHost: 127.0.0.1:80", .methodNotAllowed),
              ("GET /a", .badRequest),
          ])
    func refused(head: String, status: HTTPStatus) {
        #expect(ReferenceRequest.parse(head: head, port: 80) == .failure(status))
    }
}
