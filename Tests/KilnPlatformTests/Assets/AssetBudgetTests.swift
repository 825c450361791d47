import Foundation
import KilnCore
import KilnPlatform
import KilnTestSupport
import Testing

/// Any image or Lottie file of up to 10 MB, and each SVG of the fuzz corpus (whole and as a
/// tree of layers, within 2 s), is loaded and drawn, or refused in one line, within 512 MB,
/// whatever it claims. Each file is loaded in a child process (this test bundle run
/// again for it) so that its peak memory is its own (its `VmHWM`). The figures are
/// printed; the time bound is a hang guard only (the loads take well under a second each).
@Suite("Asset budget", .serialized)
struct AssetBudgetTests {
    /// Set in the child: the file it loads.
    static let fileVariable = "KILN_TEST_BUDGET_FILE"
    /// Set in the child: where it writes its peak memory in bytes. `wait4`'s `ru_maxrss` would
    /// count the parent's too: Linux keeps it across `exec`, and a spawned child starts as the
    /// parent; the child's own `VmHWM` starts at its `exec`.
    static let reportVariable = "KILN_TEST_BUDGET_REPORT"
    /// The most memory a load may take, bytes.
    static let budget = 512 << 20
    /// Whether the tests run under AddressSanitizer or ThreadSanitizer, as scripts/test-sanitize runs them.
    static let isSanitized = ["ASAN_OPTIONS", "TSAN_OPTIONS"].contains { ProcessInfo.processInfo.environment[$0] != nil }

    @Test("Loads and draws the asset file the budget test names, when it runs this bundle again for it")
    func loadOne() throws {
        guard let path = ProcessInfo.processInfo.environment[Self.fileVariable] else { return }
        PlatformAssetReader.install()
        let url = URL(fileURLWithPath: path)
        var layers: [Layer] = []
        var size = Size(width: 64, height: 64)
        if url.pathExtension == "json" {
            let animation = try? LottieAnimation(contentsOf: url)
            size = animation?.size ?? size
            // Also in a small layer, centred: the whole animation is drawn, past the layer.
            let centred = LottieLayer(animation: animation)
            centred.contentsGravity = .center
            centred.frame = Rect(x: 0, y: 0, width: 64, height: 64)
            layers = [LottieLayer(animation: animation), centred]
        } else {
            let image = try? Image(contentsOf: url)
            size = image?.size ?? size
            layers = [ImageLayer(image: image)]
            // An SVG as a tree of layers too: split, measured, each part drawn.
            if url.pathExtension == "svg", let image, let tree = try? SVGLayer(image: image) {
                tree.frame = Rect(origin: .zero, size: size)
                layers.append(tree)
            }
        }
        layers[0].frame = Rect(origin: .zero, size: size)

        let frames = try layers.map { try AssetFixtures.render($0, canvas: Size(width: 64, height: 64), scale: 2) }

        #expect(frames.allSatisfy { $0.width == 128 })
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let peak = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }?.split(separator: " ").dropFirst().first
        if let report = ProcessInfo.processInfo.environment[Self.reportVariable], let peak, let kilobytes = Int(peak) {
            try Data(String(kilobytes * 1024).utf8).write(to: URL(fileURLWithPath: report))
        }
    }

    @Test("Every image, Lottie and SVG of the fuzz corpus, and each file claiming more than it holds, loads or is refused within 512 MB")
    func budgetHolds() throws {
        let folder = try AttackFiles.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        var files = try Self.corpus()
        files += try Self.attacks(in: folder)
        let bundle = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var environment = ProcessInfo.processInfo.environment

        var report: [String] = []
        let peakFile = folder.appendingPathComponent("peak")
        environment[Self.reportVariable] = peakFile.path
        for file in files {
            environment[Self.fileVariable] = file.path
            try? FileManager.default.removeItem(at: peakFile)
            let run = try ChildProcess.run(bundle, ["--testing-library", "swift-testing", "--filter", "AssetBudgetTests/loadOne"],
                                           environment: environment, timeout: 120)
            let peak = (try? String(contentsOf: peakFile, encoding: .utf8)).flatMap { Int($0) } ?? Int.max
            report.append(String(format: "%@: %.2f s, %d MB", file.lastPathComponent, run.seconds, peak >> 20))

            #expect(run.status == 0, "\(file.lastPathComponent): the child ended with \(run.status)")
            // A sanitizer's shadow memory and quarantine take several times the process's own:
            // there the figures are printed, not held (scripts/test-sanitize).
            #expect(peak <= Self.budget || Self.isSanitized, "\(file.lastPathComponent): \(peak >> 20) MB")
            // An SVG is split into layers as well as drawn whole: in time too (a hang guard,
            // the child's start included; not held under a sanitizer).
            #expect(file.pathExtension != "svg" || run.seconds <= Self.svgSeconds || Self.isSanitized,
                    "\(file.lastPathComponent): \(run.seconds) s")
        }
        print("asset budget:\n" + report.joined(separator: "\n"))
    }

    /// The most time a child may take to load, split and draw an SVG of the corpus, seconds.
    static let svgSeconds = 2.0

    /// The fuzz corpus's images, Lottie files and SVG files.
    static func corpus() throws -> [URL] {
        let corpus = ProjectFiles.root.appendingPathComponent("Fuzz/Corpus")
        return try ["image", "lottie", "svg"].flatMap { kind in
            let folder = corpus.appendingPathComponent(kind)
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0) }
        }
    }

    /// Files that claim more than they hold, written into `folder`.
    static func attacks(in folder: URL) throws -> [URL] {
        var files: [(String, Data)] = [
            ("claims-16384.png", AttackFiles.png(width: 16384, height: 16384, rows: 1)),
            ("canvas-16384.gif", AttackFiles.gif(width: 16384, height: 16384, frames: [AttackFiles.gifFrame()])),
            ("frames-100000.gif", AttackFiles.gif(width: 1, height: 1, frames: Array(repeating: AttackFiles.gifFrame(), count: 100_000))),
            ("frames-600000.gif", AttackFiles.gif(width: 1, height: 1, frames: Array(repeating: AttackFiles.gifFrame(), count: 600_000))),
            ("lottie-16384.json", Data((#"{"v":"5.7.4","fr":30,"ip":0,"op":30,"w":16384,"h":16384,"layers":[{"ddd":0,"ind":1,"ty":4,"#
                + #""ks":{},"shapes":[{"ty":"rc","p":{"a":0,"k":[8192,8192]},"s":{"a":0,"k":[16000,16000]},"r":{"a":0,"k":0}},"#
                + #"{"ty":"fl","c":{"a":0,"k":[0,1,0,1]},"o":{"a":0,"k":100}}],"ip":0,"op":30,"st":0}]}"#).utf8)),
        ]
        let huge = AttackFiles.png(width: 30000, height: 30000, rows: 0).base64EncodedString()
        let embedded = AttackFiles.imageAsset(#""u":"","p":"data:image/png;base64,\#(huge)","e":1"#)
        files.append(("embedded-30000.json", AttackFiles.lottie(assets: #""assets":[\#(embedded)],"#)))
        var urls = try files.map { name, data in
            let url = folder.appendingPathComponent(name)
            try data.write(to: url)
            return url
        }
        // A real image at the pixel limit: 4096 × 4096, decoded whole.
        let side = 4096
        let atLimit = folder.appendingPathComponent("at-limit-4096.png")
        try Bitmap(width: side, height: side, pixels: [UInt8](repeating: 200, count: side * side * 4)).writePNG(to: atLimit.path)
        urls.append(atLimit)
        return urls
    }
}

/// A child process run to its end or killed past a time limit.
enum ChildProcess {
    struct Run {
        var status: Int32
        var seconds: Double
    }

    static func run(_ path: String, _ arguments: [String], environment: [String: String], timeout: Double) throws -> Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let start = Date()
        let spawned = posix_spawn(&pid, path, &actions, nil, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date().timeIntervalSince(start) > timeout {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                break
            }
            usleep(10_000)
        }
        let exited = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Run(status: exited, seconds: Date().timeIntervalSince(start))
    }
}
