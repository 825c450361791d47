import Foundation
import KilnCore
import KilnPlatform
import KilnRuntime

/// Writing changes into a tuning file, for `kiln tuning --set` and the tweak panel's Ctrl+S:
/// only the changed values' text changes, and a file that is missing is made. The file is
/// replaced whole, keeping its mode, owner and UTF-8 byte-order mark; a read-only one is
/// refused and left as it was.
enum TuningSave {
    /// Applies `changes` to the file at `path` (made, with its folder, when missing, unless
    /// `mustExist`), written in one step; returns what changed, one phrase a value, or why
    /// nothing was written, in one line naming the file.
    static func write(_ changes: [TuningChange], profile: TuningProfile, to path: String,
                      mustExist: Bool) -> Result<[String], TuningSaveFailure> {
        let name = TuningFiles.displayName(path)
        var text = ""
        do {
            text = try TextFile.read(path)
        } catch .missing where !mustExist {
            // The file is made on the first change.
        } catch {
            return .failure(TuningSaveFailure(message: "\(name): \(error)"))
        }
        let rewrite: TuningWriter.Rewrite
        do {
            rewrite = try TuningWriter(profile: profile).apply(changes, to: text, file: name)
        } catch {
            return .failure(TuningSaveFailure(message: "\(error)"))
        }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        if let refusal = OutputFile.refusal(replacing: target) {
            return .failure(TuningSaveFailure(message: "\(name): cannot be written: \(refusal)"))
        }
        var bytes = Data(rewrite.text.utf8)
        // The text read has lost the mark, which some editors on other systems add and look for.
        if Self.startsWithByteOrderMark(target), !rewrite.text.hasPrefix("\u{FEFF}") {
            bytes = Data(Self.byteOrderMark) + bytes
        }
        do {
            try FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent,
                                                    withIntermediateDirectories: true)
            try OutputFile.write(bytes, to: target)
        } catch let error as PlatformError {
            return .failure(TuningSaveFailure(message: "\(name): \(error)"))
        } catch {
            return .failure(TuningSaveFailure(message: "\(name): cannot be written (\(error.localizedDescription))"))
        }
        return .success(rewrite.summary)
    }
}

extension TuningSave {
    /// UTF-8's byte-order mark, U+FEFF.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Whether the file at `path` starts with UTF-8's byte-order mark.
    static func startsWithByteOrderMark(_ path: String) -> Bool {
        guard let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        return (try? file.read(upToCount: 3)).map { [UInt8]($0) } == byteOrderMark
    }
}

/// Why a tuning file was not written, in one line.
struct TuningSaveFailure: Error {
    let message: String
}
