import Foundation

/// Keeps the files a layer tree shows up to date: every `pollInterval` seconds it looks at
/// the stamps of the files shown by image, SVG and Lottie layers (a `stat` each, nothing
/// read), and where a file was saved again it reads the new version and hands it to the
/// layers that show it, in place. Positions, animations and gesture state stay as they are.
///
/// A new version that cannot be read (a half-written or broken file) shows the crossed box
/// on those layers and is said in one line; it is not read again until it changes, and a
/// later good save brings the picture back. A crossed box made by `named:` for a file that
/// was missing or bad from the start is looked at too: once the name stands for a file that
/// can be read, its layer shows it. The window polls once a frame with its own clock; tests
/// give `now` by hand. With `loads`, files are read off the polling thread (`AssetLoads`):
/// a layer keeps what it shows until its file's new version is read, and a read past the
/// budget is refused; without, each is read during the poll.
package final class AssetWatcher {
    /// What one changed file led to.
    package enum Outcome: Equatable, Sendable {
        /// The layers showing the file show its new version.
        case reloaded(URL)
        /// The new version cannot be read: its layers show the crossed box.
        case failed(AssetError)
    }

    /// How often `poll` looks at the files, in seconds.
    package var pollInterval = 0.2
    private var lastPoll = -Double.infinity
    /// The stamps of versions that could not be read, by path: each is tried once.
    private var refused: [String: [AssetStamp]] = [:]
    /// Where files are read, when not during the poll.
    package let loads: AssetLoads?

    /// A watcher that looks at the files at the first `poll`, reading them with `loads`
    /// (`nil`: during the poll).
    package init(loads: AssetLoads? = nil) {
        self.loads = loads
    }

    /// Reloads the stale files of `root`'s tree when `pollInterval` has passed since the
    /// last look; nothing otherwise.
    package func poll(_ root: Layer, now: Double) -> [Outcome] {
        guard now - lastPoll >= pollInterval else { return [] }
        lastPoll = now
        return reloadStale(in: root)
    }

    /// Reloads, now, every layer of `root`'s tree whose file changed since it was read.
    package func reloadStale(in root: Layer) -> [Outcome] {
        var pass = AssetReloadPass(refused: refused, loads: loads)
        pass.visit(root)
        refused = pass.refused
        return pass.outcomes
    }
}

/// One look at a layer tree: each file's stamp taken once and each changed file read once,
/// however many layers show it.
private struct AssetReloadPass {
    var refused: [String: [AssetStamp]]
    var outcomes: [AssetWatcher.Outcome] = []
    private var images: [String: Result<Image, AssetError>] = [:]
    private var animations: [String: Result<LottieAnimation, AssetError>] = [:]
    private var reloadedVectors = Set<ObjectIdentifier>()
    private var taken: [String: AssetStamp] = [:]
    /// What each name asked for by a crossed box stands for now, found once a pass.
    private var found: [AssetRequest.Kind: [String: [AssetRequest.FileVersion]]] = [:]
    private(set) var requestedImages: [String: Result<Image, AssetError>] = [:]
    private(set) var requestedAnimations: [String: Result<LottieAnimation, AssetError>] = [:]

    let loads: AssetLoads?

    init(refused: [String: [AssetStamp]], loads: AssetLoads?) {
        self.refused = refused
        self.loads = loads
    }

    /// What `load` gives for `version` of `name`: read now without `loads`, else as
    /// `loads` has it (`nil` while it reads).
    private func read<Asset>(_ name: String, version: Any,
                             _ load: @escaping @Sendable () throws(AssetError) -> Asset) -> Result<Asset, AssetError>? {
        guard let loads else { return Result { () throws(AssetError) -> Asset in try load() } }
        return loads.result(of: name, version: version, load: load)
    }

    mutating func visit(_ layer: Layer) {
        switch layer {
        case let layer as ImageLayer: visitImage(layer)
        case let layer as SVGLayer: visitVector(layer)
        case let layer as LottieLayer: visitLottie(layer)
        default: break
        }
        for sublayer in layer.sublayers { visit(sublayer) }
    }

    private mutating func visitImage(_ layer: ImageLayer) {
        if layer.image == nil, let wanted = layer.wanted {
            return fill(wanted, in: \.requestedImages, load: { [name = wanted.name] () throws(AssetError) in try Image(named: name) }) { fresh in
                let sized = layer.bounds == wanted.placeholderBounds
                layer.image = fresh
                if sized { layer.bounds.size = fresh.size }
            } refuse: { error, now in
                layer.wanted?.versions = now
                layer.show(error)
            }
        }
        guard let image = layer.image, isStale(image) else { return }
        switch newImage(for: image) {
        case .success(let fresh)?: layer.image = fresh
        case .failure(let error)?: layer.show(error)
        case nil: break
        }
    }

    /// A whole tree of SVG layers shares one file: the topmost stale layer reloads every
    /// layer under it that shows the file.
    private mutating func visitVector(_ layer: SVGLayer) {
        if layer.image == nil, let wanted = layer.wanted {
            return fill(wanted, in: \.requestedImages, load: { [name = wanted.name] () throws(AssetError) in try Image(named: name) }) { fresh throws(AssetError) in
                try layer.adopt(fresh)
            } refuse: { error, now in
                layer.wanted?.versions = now
                layer.show(error)
            }
        }
        guard !reloadedVectors.contains(ObjectIdentifier(layer)), let image = layer.image, isStale(image) else { return }
        let tree = layer.allLayers.compactMap { $0 as? SVGLayer }.filter { $0.image?.url == image.url }
        switch newImage(for: image) {
        case .success(let fresh)?:
            do throws(AssetError) {
                try layer.reload(fresh)
            } catch {
                images[image.url.path] = .failure(error)
                refuse(image.url, stamps: stamps(of: image), error)
                for each in tree { each.show(error) }
            }
        case .failure(let error)?:
            for each in tree { each.show(error) }
        case nil:
            return
        }
        reloadedVectors.formUnion(tree.map(ObjectIdentifier.init))
    }

    private mutating func visitLottie(_ layer: LottieLayer) {
        if layer.animation == nil, let wanted = layer.wanted {
            return fill(wanted, in: \.requestedAnimations, load: { [name = wanted.name] () throws(AssetError) in try LottieAnimation(named: name) }) { fresh in
                let sized = layer.bounds == wanted.placeholderBounds
                layer.animation = fresh
                if sized { layer.bounds.size = fresh.size }
            } refuse: { error, now in
                layer.wanted?.versions = now
                layer.show(error)
            }
        }
        guard let animation = layer.animation, stamp(of: animation.url) != animation.stamp else { return }
        let path = animation.url.path
        if animations[path] == nil {
            let current = [stamp(of: animation.url)]
            guard refused[path] != current else { return }
            AssetProblems.forget(file: animation.url)
            let url = animation.url
            switch read(path, version: current, { () throws(AssetError) in try LottieAnimation(contentsOf: url) }) {
            case .success(let fresh)?:
                animations[path] = .success(fresh)
                refused[path] = nil
                outcomes.append(.reloaded(animation.url))
            case .failure(let error)?:
                animations[path] = .failure(error)
                refuse(animation.url, stamps: current, error)
            case nil:
                return
            }
        }
        switch animations[path] {
        // The progress and any running play stay: the play animates `progress`, not frames.
        case .success(let fresh)?: layer.animation = fresh
        case .failure(let error)?: layer.show(error)
        case nil: break
        }
    }

    /// Hands what a crossed box asked for to `show` once the files it stands for changed and
    /// can be read; otherwise hands `refuse` the new problem and the files' versions, so that
    /// the same version is not tried, or said, again.
    private mutating func fill<Asset>(_ wanted: AssetRequest, in loaded: WritableKeyPath<Self, [String: Result<Asset, AssetError>]>,
                                      load: @escaping @Sendable () throws(AssetError) -> Asset,
                                      show: (Asset) throws(AssetError) -> Void,
                                      refuse: (AssetError, [AssetRequest.FileVersion]) -> Void) {
        do throws(AssetError) {
            switch retry(wanted, in: loaded, load: load) {
            case .success(let fresh)?: try show(fresh)
            case .failure(let error)?: refuse(error, versions(of: wanted))
            case nil: break
            }
        } catch {
            refuse(error, versions(of: wanted))
        }
    }

    /// What the name `wanted` asked for, read again once a pass when the files it stands for
    /// changed since it was refused; `nil` when they did not.
    private mutating func retry<Asset>(_ wanted: AssetRequest, in loaded: WritableKeyPath<Self, [String: Result<Asset, AssetError>]>,
                                       load: @escaping @Sendable () throws(AssetError) -> Asset) -> Result<Asset, AssetError>? {
        let now = versions(of: wanted)
        guard now != wanted.versions else { return nil }
        if let known = self[keyPath: loaded][wanted.name] { return known }
        AssetProblems.forget(file: URL(fileURLWithPath: wanted.name))
        for file in now { AssetProblems.forget(file: URL(fileURLWithPath: file.path)) }
        switch read(wanted.name, version: now, load) {
        case .success(let fresh)?:
            self[keyPath: loaded][wanted.name] = .success(fresh)
            outcomes.append(.reloaded(URL(fileURLWithPath: now.first?.path ?? wanted.name)))
        case .failure(let error)?:
            self[keyPath: loaded][wanted.name] = .failure(error)
            outcomes.append(.failed(error))
        case nil:
            return nil
        }
        return self[keyPath: loaded][wanted.name]
    }

    /// The files `wanted`'s name stands for now, found once a pass.
    private mutating func versions(of wanted: AssetRequest) -> [AssetRequest.FileVersion] {
        if let known = found[wanted.kind]?[wanted.name] { return known }
        let now = AssetRequest.versions(of: wanted.name, kind: wanted.kind)
        found[wanted.kind, default: [:]][wanted.name] = now
        return now
    }

    /// The new version of `image`'s files, read once per pass; `nil` when that version was
    /// refused before.
    private mutating func newImage(for image: Image) -> Result<Image, AssetError>? {
        let path = image.url.path
        if let known = images[path] { return known }
        let current = stamps(of: image)
        guard refused[path] != current else { return nil }
        AssetProblems.forget(file: image.url)
        let url = image.url
        switch read(path, version: current, { () throws(AssetError) in try Image(contentsOf: url) }) {
        case .success(let fresh)?:
            images[path] = .success(fresh)
            refused[path] = nil
            outcomes.append(.reloaded(image.url))
        case .failure(let error)?:
            images[path] = .failure(error)
            refuse(image.url, stamps: current, error)
        case nil:
            return nil
        }
        return images[path]
    }

    /// Whether a file of `image` changed since it was read (`Image.isStale`, each file's
    /// stamp taken once a pass).
    private mutating func isStale(_ image: Image) -> Bool {
        image.variants.contains { stamp(of: $0.url) != $0.stamp }
    }

    private mutating func stamps(of image: Image) -> [AssetStamp] {
        image.variants.map { stamp(of: $0.url) }
    }

    /// The file's stamp as it is now, taken once a pass: a tree of many layers showing one
    /// file looks at it once.
    private mutating func stamp(of url: URL) -> AssetStamp {
        if let known = taken[url.path] { return known }
        let stamp = AssetStamp(of: url)
        taken[url.path] = stamp
        return stamp
    }

    private mutating func refuse(_ url: URL, stamps: [AssetStamp], _ error: AssetError) {
        refused[url.path] = stamps
        outcomes.removeAll { $0 == .reloaded(url) }
        outcomes.append(.failed(error))
    }
}
