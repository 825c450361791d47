import Foundation
import KilnEndToEndSupport
import Testing

/// What the README and `--help` say about the command line is what it does.
@Suite("Honest help")
struct HonestHelpTests {
    let kiln: URL

    init() throws {
        kiln = try KilnBinary.locate()
    }

    /// The subcommand a `kiln …` line runs, as words (`["bench", "scenes"]`; `["open"]` for
    /// a scene or none).
    static func subcommand(of words: [String]) -> [String] {
        guard let first = words.first, !first.hasPrefix("-") else { return ["open"] }
        switch first {
        case "render", "layers", "play", "soak", "tuning", "devices", "icon", "recover", "docs": return [first]
        case "bench": return words.count > 1 && !words[1].hasPrefix("-") ? ["bench", words[1]] : ["bench"]
        default: return ["open"]
        }
    }

    /// Every `kiln …` command line in the README's code blocks, as words after `kiln`,
    /// comments left out.
    static func readmeCommandLines() throws -> [[String]] {
        let readme = try String(contentsOf: ProjectFiles.root.appendingPathComponent("README.md"), encoding: .utf8)
        var lines: [[String]] = []
        var inCode = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inCode.toggle(); continue }
            guard inCode else { continue }
            let command = line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
            let words = command.split(separator: " ").map(String.init)
            guard words.first == "kiln" else { continue }
            lines.append(Array(words.dropFirst()))
        }
        return lines
    }

    @Test("Every flag a kiln command line in the README uses is one that subcommand takes")
    func readmeFlagsExist() throws {
        let lines = try Self.readmeCommandLines()
        var helps: [[String]: String] = [:]

        #expect(lines.count > 20, "the README shows its command lines in code blocks")
        for words in lines {
            let subcommand = Self.subcommand(of: words)
            if helps[subcommand] == nil {
                helps[subcommand] = try ExternalCommand.run(kiln, subcommand + ["--help"], timeout: 30).text
            }
            for flag in words where flag.hasPrefix("--") {
                let name = String(flag.split(separator: "=").first ?? "")
                let pattern = try Regex("(^|[\\s,\\[])\(name)([\\s,\\]]|$)")
                #expect(helps[subcommand]?.contains(pattern) == true,
                        "kiln \(words.joined(separator: " ")): \(subcommand.joined(separator: " ")) takes no \(name)")
            }
        }
    }

    @Test("Every flag the README names anywhere, in prose too, is one some kiln command takes")
    func readmeProseFlagsExist() throws {
        let readme = try String(contentsOf: ProjectFiles.root.appendingPathComponent("README.md"), encoding: .utf8)
        let commands = [["open"], ["play"], ["render"], ["bench", "scenes"], ["bench", "particles"], ["bench", "assets"], ["bench", "render"],
                        ["bench", "scrub"], ["soak"], ["tuning"], ["devices"], ["icon"], ["recover"], ["dev"], ["new"],
                        ["layers"], ["docs"]]
        let helps = try commands.map { try ExternalCommand.run(kiln, $0 + ["--help"], timeout: 30).text }
            .joined(separator: "\n")
        // Lines about other tools (swift test's own flags) are not kiln's.
        let kilnLines = readme.split(separator: "\n").filter { !$0.contains("swift test") && !$0.contains("swift build") }
        let flags = Set(kilnLines.flatMap { $0.matches(of: /--[a-z][a-z0-9-]*/).map { String($0.output) } })

        #expect(flags.count > 20)
        for flag in flags.sorted() {
            #expect(helps.contains(try Regex("(^|[\\s,\\[])\(flag)([\\s,\\]]|$)")), "the README names \(flag), which no kiln command takes")
        }
    }

    @Test("Each command shows only options that mean something there", arguments: [
        // render's --mute leaves a video's sound track out; the window's "No sound" is not its help.
        (["render"], ["No sound", "--quit-after", "reloaded", "reloads"]),
        (["play"], ["--evemu", "--capture", "--tablet"]),
        (["open"], ["--out", "--script"]),
    ])
    func noStrayOptions(subcommand: [String], absent: [String]) throws {
        let help = try ExternalCommand.run(kiln, subcommand + ["--help"], timeout: 30).text

        #expect(help.contains("--device"))
        for word in absent {
            #expect(!help.contains(word), "kiln \(subcommand.joined(separator: " ")) --help mentions \(word)")
        }
    }
}
