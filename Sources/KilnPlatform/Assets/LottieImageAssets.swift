// Checks the images a Lottie names before rlottie reads it, on the document Kiln hands rlottie.
// rlottie (its parser's `parseAsset`) takes an asset with a `p` as an image; when its `e` is a
// non-zero integer and `p` starts with "data:", as base64 after the first comma; otherwise as the
// file at its resource folder + `u` + `p`, whatever `p` starts with. So a reference can climb out
// of the file's folder (`"u": "/../"`, or `"data:/../"` beside a folder named `data:`) or name
// a link that leads out of it. Each image is checked where rlottie would read it:
// - a file: `u` + `p` resolved, every link followed, to a regular file inside the Lottie's
//   folder, whose header is within Kiln's limits; it is handed to rlottie by that resolved
//   path, relative to the resolved folder;
// - an embedded image: its base64 decoded, the header within the limits; handed over written
//   again as plain base64.
// Any other image is emptied, so rlottie draws nothing in its place, the rest of the animation
// plays, and one line names the file and the reference.
import Foundation
import KilnCore

enum LottieImageAssets {
    /// `document` with each image asset rewritten as it was checked (`"e"` 0 or 1, `"u"` empty,
    /// `"p"` the resolved path or the checked data), or emptied with one line about `name`.
    /// rlottie is to read the files relative to `resolvedFolder(of:)`.
    static func confined(_ document: JSONNode, folder: URL, name: String) -> JSONNode {
        guard case .object(var members) = document.value,
              let index = members.firstIndex(where: { $0.key == "assets" }),
              case .array(var assets) = members[index].value.value else { return document }
        let root = resolvedFolder(of: folder)
        for position in assets.indices {
            guard case .object(var fields) = assets[position].value,
                  fields.contains(where: { $0.key == "p" }) else { continue }
            let asset = assets[position]
            let checked: (embedded: Bool, p: String)
            switch image(asset, in: root) {
            case .success(let image): checked = image
            case .failure(let refusal):
                if let problem = refusal.problem { AssetProblems.report(AssetError(file: name, reason: problem)) }
                checked = (true, "")
            }
            let line = asset.line
            fields.removeAll { ["e", "u", "p"].contains($0.key) }
            fields.append(JSONNode.Member(key: "e", line: line, value: JSONNode(value: .number(checked.embedded ? 1 : 0), line: line)))
            fields.append(JSONNode.Member(key: "u", line: line, value: JSONNode(value: .string(""), line: line)))
            fields.append(JSONNode.Member(key: "p", line: line, value: JSONNode(value: .string(checked.p), line: line)))
            assets[position].value = .object(fields)
        }
        members[index].value.value = .array(assets)
        return JSONNode(value: .object(members), line: document.line)
    }

    /// The Lottie's folder with every link followed: what rlottie is given as its resource
    /// folder, so that the checked paths are the paths opened.
    static func resolvedFolder(of folder: URL) -> String {
        FolderPath.realPath(folder.path) ?? folder.standardizedFileURL.path
    }

    private struct Refusal: Error {
        /// The line to say, or nil for an image rlottie would not read anyway.
        let problem: String?
    }

    /// The image `asset` names, checked: whether it is embedded, and the `p` to hand rlottie.
    private static func image(_ asset: JSONNode, in root: String) -> Result<(embedded: Bool, p: String), Refusal> {
        let file = asset["p"]?.string ?? ""
        let flag = asset["e"]?.number ?? 0
        // rlottie reads `e` as an integer: a non-zero one marks the image as embedded.
        if flag != 0, flag == flag.rounded(), abs(flag) <= Double(Int32.max) {
            guard file.hasPrefix("data:"), let comma = file.firstIndex(of: ",") else { return .failure(Refusal(problem: nil)) }
            let reference = DataURI.shown(file)
            guard let bytes = DataURI.base64Bytes(of: file) else {
                return .failure(Refusal(problem: "the embedded image \"\(reference)\" is not base64; not read"))
            }
            do {
                _ = try ImageDecoder.size(of: bytes, name: "the embedded image")
            } catch {
                return .failure(Refusal(problem: "the embedded image \"\(reference)\": \(error.reason); not read"))
            }
            return .success((true, String(file[...comma]) + bytes.base64EncodedString()))
        }
        let reference = (asset["u"]?.string ?? "") + file
        guard !file.isEmpty else { return .failure(Refusal(problem: nil)) }
        switch resolve(reference, in: root) {
        case .success(let relative): return .success((false, relative))
        case .failure(let problem): return .failure(Refusal(problem: "the image \"\(reference)\" \(problem.reason); not read"))
        }
    }

    /// The path of `reference` relative to `root` once every link is followed, when it is a
    /// regular file inside `root` whose header is within the limits.
    private static func resolve(_ reference: String, in root: String) -> Result<String, AssetError> {
        let opened = root + "/" + reference
        guard let real = FolderPath.realPath(opened) else {
            let lexical = URL(fileURLWithPath: opened).standardizedFileURL.path
            return .failure(AssetError(file: "", reason: FolderPath.isInside(lexical, root) ? "is no file" : "leads outside the file's folder"))
        }
        guard FolderPath.isInside(real, root), real != root else {
            let lexical = URL(fileURLWithPath: opened).standardizedFileURL.path
            return .failure(AssetError(file: "", reason: FolderPath.isInside(lexical, root)
                ? "leads outside the file's folder through a link" : "leads outside the file's folder"))
        }
        do {
            let bytes = try AssetFile.read(URL(fileURLWithPath: real), links: .refused)
            _ = try ImageDecoder.size(of: bytes, name: reference)
        } catch {
            return .failure(AssetError(file: "", reason: error.reason))
        }
        return .success(String(real.dropFirst(root.hasSuffix("/") ? root.count : root.count + 1)))
    }
}
