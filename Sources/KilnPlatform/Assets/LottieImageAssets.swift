// Checks the image files a Lottie names before rlottie reads it. rlottie opens each image
// asset at its resource folder + `u` + `p`, so a reference can climb out of the file's folder
// (`"u": "/../"`) or name a link that leads out of it. As with an SVG's references, such an
// image is never read: its reference is emptied, so rlottie draws nothing in its place, the
// rest of the animation plays, and one line names the file and the reference. Images
// embedded as data: URIs are kept. The JSON is read with JSONSerialization; a file without
// image assets goes to rlottie as it is.
import Foundation
import KilnCore

enum LottieImageAssets {
    /// `data` with every image asset that would be read from outside `folder`, or from a
    /// URL, emptied; each such asset is said in one line about `name`.
    static func confined(_ data: Data, folder: URL, name: String) throws(AssetError) -> Data {
        guard var document = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let assets = document["assets"] as? [Any] else { return data }
        var refused = false
        let kept = assets.map { entry -> Any in
            guard var asset = entry as? [String: Any], let file = asset["p"] as? String else { return entry }
            let reference = (asset["u"] as? String ?? "") + file
            guard let reason = problem(with: reference, in: folder) else { return entry }
            AssetProblems.report(AssetError(file: name, reason: "the image \"\(reference)\" \(reason); not read"))
            asset["u"] = ""
            asset["p"] = ""
            asset["e"] = 1
            refused = true
            return asset
        }
        guard refused else { return data }
        document["assets"] = kept
        guard let confined = try? JSONSerialization.data(withJSONObject: document) else {
            throw AssetError(file: name, reason: "its image assets cannot be checked")
        }
        return confined
    }

    /// Why rlottie must not open `reference` in `folder`; `nil` when it may.
    static func problem(with reference: String, in folder: URL) -> String? {
        if reference.hasPrefix("data:") { return nil }
        if reference.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil {
            return "is a URL"
        }
        let root = folder.standardizedFileURL.path
        let opened = root + "/" + reference
        let lexical = URL(fileURLWithPath: opened).standardizedFileURL.path
        guard isInside(lexical, root) else { return "leads outside the file's folder" }
        if let real = realPath(opened), let realRoot = realPath(root), !isInside(real, realRoot) {
            return "leads outside the file's folder through a link"
        }
        return nil
    }

    private static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// `path` with every link followed, as the kernel follows them; `nil` when it leads nowhere.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
