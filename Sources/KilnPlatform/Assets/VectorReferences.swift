// Checks every file an SVG names before librsvg may open it. librsvg opens what an `href` or
// `xlink:href` names itself (an `<image>`, a `<use>` of another file, an XInclude), by name
// and blocking, and decodes an image whole: a FIFO named there would stop Kiln for good, and
// an enormous image take all its memory. So each such reference is resolved against the
// SVG's folder here and must be a regular file inside it, by its name and after its links
// are followed, and not itself a link; an image's header must give a size within the limits;
// another SVG or XML file it names is checked in turn. A reference that fails is emptied in
// the tree librsvg is given, so librsvg never opens it and the rest of the document draws,
// and one line names the SVG and the reference. Fragments (`#id`) and `data:` URIs open no
// file. `xml:base`, which would make librsvg resolve against another folder than the one
// checked, is removed, as are the DTD's attribute defaults, which librsvg would add to
// elements after this check.
import CLibXML2
import Foundation
import KilnCore

struct VectorReferences {
    /// The folder the SVG is in, which its references must stay inside.
    let folder: URL
    /// How many SVG files deep references are followed: an SVG naming one naming another.
    var depth = 0
    static let maximumDepth = 3
    /// What each file named so far was found to be, so that a file named many times, or
    /// naming itself, is read and checked once.
    private let checked: Checked

    private final class Checked {
        var problems: [String: String?] = [:]
    }

    init(folder: URL) {
        self.folder = folder
        checked = Checked()
    }

    private init(folder: URL, depth: Int, checked: Checked) {
        self.folder = folder
        self.depth = depth
        self.checked = checked
    }

    private static let xlink = "http://www.w3.org/1999/xlink"
    private static let xmlNamespace = "http://www.w3.org/XML/1998/namespace"

    /// Empties every reference in `xml` that librsvg must not open, saying each in one line.
    func confine(_ xml: VectorXML) {
        removeAttributeDefaults(xml)
        var node = xml.document.pointee.children
        while let current = node {
            node = current.pointee.next
            if current.pointee.type == XML_PI_NODE, VectorXML.localName(current) == "xml-stylesheet" {
                let text = VectorXML.string(current.pointee.content) ?? ""
                if let reference = Self.pseudoAttribute("href", in: text), let reason = problem(with: reference, image: false) {
                    AssetProblems.report(AssetError(file: xml.name, reason: "the stylesheet \"\(reference)\" \(reason); not read"))
                    xmlUnlinkNode(current)
                    xmlFreeNode(current)
                }
            }
        }
        if let root = xml.root { confine(root, in: xml) }
    }

    /// The problems `xml`'s references have, without changing it: for an SVG that another names.
    func problems(in xml: VectorXML) -> [String] {
        var found: [String] = []
        func visit(_ node: xmlNodePtr) {
            for attribute in VectorXML.attributes(of: node) where Self.isReference(attribute, on: node) {
                let reference = xml.value(of: attribute)
                if let reason = problem(with: reference, image: Self.isImage(node)) { found.append("\"\(reference)\" \(reason)") }
            }
            VectorXML.elements(of: node).forEach(visit)
        }
        if let root = xml.root { visit(root) }
        return found
    }

    private func confine(_ node: xmlNodePtr, in xml: VectorXML) {
        for attribute in VectorXML.attributes(of: node) {
            if VectorXML.localName(attribute) == "base", VectorXML.namespace(of: attribute) == Self.xmlNamespace {
                xmlRemoveProp(attribute)
                continue
            }
            guard Self.isReference(attribute, on: node) else { continue }
            let reference = xml.value(of: attribute)
            guard let reason = problem(with: reference, image: Self.isImage(node)) else { continue }
            let what = Self.isImage(node) ? "the image" : "the reference"
            AssetProblems.report(AssetError(file: xml.name, reason: "\(what) \"\(reference)\" \(reason); not read"))
            xmlSetNsProp(node, attribute.pointee.ns, attribute.pointee.name, "")
        }
        for child in VectorXML.elements(of: node) { confine(child, in: xml) }
    }

    /// Whether `attribute` names something librsvg loads: an `href` in no namespace or in
    /// XLink's, on any element but a hyperlink (`<a>`), which librsvg never follows.
    private static func isReference(_ attribute: xmlAttrPtr, on node: xmlNodePtr) -> Bool {
        guard VectorXML.localName(attribute) == "href", VectorXML.localName(node) != "a" else { return false }
        let namespace = VectorXML.namespace(of: attribute)
        return namespace == nil || namespace == xlink
    }

    private static func isImage(_ node: xmlNodePtr) -> Bool {
        ["image", "feImage"].contains(VectorXML.localName(node))
    }

    /// The DTD's attribute declarations taken out of what is written: librsvg would give
    /// their defaults (an `href`, say) to elements after they were checked. libxml2 still
    /// frees them with the DTD.
    private func removeAttributeDefaults(_ xml: VectorXML) {
        var node = xml.document.pointee.intSubset?.pointee.children
        while let current = node {
            node = current.pointee.next
            if current.pointee.type == XML_ATTRIBUTE_DECL { xmlUnlinkNode(current) }
        }
    }

    /// Why librsvg must not open `reference`; `nil` when it opens no file, or a file that passed.
    func problem(with reference: String, image: Bool) -> String? {
        let trimmed = reference.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.lowercased().hasPrefix("data:") { return nil }
        if trimmed.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil { return "is a URL" }
        // librsvg reads the reference as a URL relative to the file: a fragment or a query
        // ends its path, and %-escapes stand for bytes.
        var path = String(trimmed.prefix { $0 != "#" && $0 != "?" }).replacingOccurrences(of: "\\", with: "/")
        path = path.removingPercentEncoding ?? path
        if path.isEmpty { return nil }
        let root = folder.standardizedFileURL.path
        let opened = path.hasPrefix("/") ? path : root + "/" + path
        let url = URL(fileURLWithPath: opened).standardizedFileURL
        guard Self.isInside(url.path, root) else { return "leads outside the file's folder" }
        if let real = Self.realPath(url.path), let realRoot = Self.realPath(root), !Self.isInside(real, realRoot) {
            return "leads outside the file's folder through a link"
        }
        let key = url.path + (image ? " image" : "")
        if let known = checked.problems[key] { return known }
        // Until its check ends, a file that names itself is taken as it will be found.
        checked.problems[key] = .some(nil)
        let found = fileProblem(url, image: image)
        checked.problems[key] = .some(found)
        return found
    }

    /// Why the file at `url`, inside the folder, must not be opened.
    private func fileProblem(_ url: URL, image: Bool) -> String? {
        let data: Data
        do throws(AssetError) {
            data = try AssetFile.read(url, links: .refused)
        } catch {
            return error.reason
        }
        if let first = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }), first == 0x3C {
            return nestedProblem(data, url: url)
        }
        if data.starts(with: [0x1F, 0x8B]) { return "is compressed, which is not checked" }
        guard image else { return nil }
        do throws(AssetError) {
            _ = try ImageDecoder.size(of: url)
        } catch {
            return error.reason
        }
        return nil
    }

    /// Why an SVG (or other XML) that this one names must not be opened: librsvg reads its
    /// own references in turn.
    private func nestedProblem(_ data: Data, url: URL) -> String? {
        guard depth < Self.maximumDepth else { return "names files \(Self.maximumDepth) deep, which is not followed" }
        let xml: VectorXML
        do throws(AssetError) {
            xml = try VectorXML(data, name: url.lastPathComponent)
        } catch {
            return error.reason
        }
        let inner = VectorReferences(folder: url.deletingLastPathComponent(), depth: depth + 1, checked: checked)
        let found = inner.problems(in: xml)
        return found.isEmpty ? nil : "names \(found[0])"
    }

    /// The value of the pseudo-attribute `name` in a processing instruction's text.
    static func pseudoAttribute(_ name: String, in text: String) -> String? {
        guard let match = text.range(of: "\\b\(name)\\s*=\\s*(\"[^\"]*\"|'[^']*')", options: .regularExpression) else { return nil }
        let pair = text[match]
        guard let equals = pair.firstIndex(of: "=") else { return nil }
        let quoted = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        return String(quoted.dropFirst().dropLast())
    }

    private static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    /// `path` with every link followed; `nil` when it leads nowhere.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
