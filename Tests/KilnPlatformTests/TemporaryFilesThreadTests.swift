import Foundation
@testable import KilnPlatform
import KilnTestSupport
import Testing

/// Renders on several threads name and forget their hidden files at once. Under the thread
/// sanitizer (`make test-sanitize`), the contention here is what once drew a false report
/// from a lock whose hand-over the sanitizer could not see.
@Suite("Hidden files named from several threads")
struct TemporaryFilesThreadTests {
    @Test("Names added and forgotten on four threads at once leave exactly the ones not forgotten")
    func contendedNamesStayExact() async {
        let prefix = "/nonexistent/kiln-contended-\(UUID().uuidString)"
        await withTaskGroup(of: Void.self) { group in
            for thread in 0..<4 {
                group.addTask {
                    for index in 0..<2_000 {
                        let path = "\(prefix)-\(thread)-\(index)"
                        TemporaryFiles.add(path)
                        if index % 100 != 0 { TemporaryFiles.forget(path) }
                    }
                }
            }
        }
        let kept = TemporaryFiles.named.filter { $0.hasPrefix(prefix) }
        #expect(kept.count == 4 * 20)
        #expect(kept.allSatisfy { $0.hasSuffix("00") || $0.hasSuffix("-0") })
        kept.forEach(TemporaryFiles.forget)
        #expect(TemporaryFiles.named.allSatisfy { !$0.hasPrefix(prefix) })
    }

    @Test("No Swift file of Kiln's holds a shared value in the standard Mutex, whose hand-over the thread sanitizer cannot see")
    func sharedValuesUseLocked() throws {
        var offenders: [String] = []
        for folder in ["Sources", "Tests", "Examples"] {
            let root = ProjectFiles.root.appendingPathComponent(folder)
            let walker = try #require(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            for case let url as URL in walker where url.pathExtension == "swift" && !url.path.contains("/.build/") {
                let text = try String(contentsOf: url, encoding: .utf8)
                if text.contains(/\bMutex\s*[<(]/) { offenders.append(url.lastPathComponent) }
            }
        }
        #expect(offenders.filter { $0 != "Locked.swift" } == [], "use Locked from KilnCore instead")
    }
}
