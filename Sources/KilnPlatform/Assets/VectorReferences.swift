// Checks every file an SVG names before librsvg may open it. librsvg opens what an `href` or
// `xlink:href` names itself (an `<image>`, a `<use>` of another file, an XInclude), and what
// CSS names (`fill="url(other.svg#paint)"`, `@import`, an `xml-stylesheet`), by name
// and blocking, and decodes an image whole: a FIFO named there would stop Kiln for good, and
// an enormous image take all its memory. So each such reference is resolved against the
// SVG's folder here and must be a regular file inside it, by its name and after its links
// are followed, and not itself a link; an image's header must give a size within the limits;
// another SVG or XML file it names is checked in turn. A reference that fails is emptied in
// the tree librsvg is given, so librsvg never opens it and the rest of the document draws,
// and one line names the SVG and the reference; CSS that names one is emptied whole (the
// attribute, the `<style>`). Fragments (`#id`) open no file; a `data:` URI opens none
// either, but what it holds is checked as a file's bytes are: an embedded image's header
// within the limits before librsvg decodes it, an embedded SVG's references. `xml:base`, which would make librsvg resolve against another folder than the one
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
                    AssetProblems.report(AssetError(file: xml.name, reason: Self.notRead("the stylesheet \"\(reference)\"", reason)))
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
            guard Self.isReference(attribute, on: node) else {
                confineStyle(attribute, on: node, in: xml)
                continue
            }
            let reference = xml.value(of: attribute)
            guard let reason = problem(with: reference, image: Self.isImage(node)) else { continue }
            let what = Self.isImage(node) ? "the image" : "the reference"
            AssetProblems.report(AssetError(file: xml.name, reason: Self.notRead("\(what) \"\(DataURI.shown(reference))\"", reason)))
            xmlSetNsProp(node, attribute.pointee.ns, attribute.pointee.name, "")
        }
        if VectorXML.localName(node) == "style", let text = xmlNodeGetContent(node) {
            let css = VectorXML.string(text) ?? ""
            kiln_xml_free(text)
            if let (reference, reason) = firstProblem(inStyle: css) {
                AssetProblems.report(AssetError(file: xml.name, reason: Self.notRead("the stylesheet's reference \"\(reference)\"", reason)))
                xmlNodeSetContent(node, "")
            }
        }
        for child in VectorXML.elements(of: node) { confine(child, in: xml) }
    }

    /// Empties an attribute whose CSS (`fill="url(other.svg#paint)"`, a `style`) names a file
    /// librsvg must not open.
    private func confineStyle(_ attribute: xmlAttrPtr, on node: xmlNodePtr, in xml: VectorXML) {
        let value = xml.value(of: attribute)
        guard value.contains("(") || value.contains("\\"),
              let (reference, reason) = firstProblem(inStyle: value) else { return }
        let what = VectorXML.localName(attribute)
        AssetProblems.report(AssetError(file: xml.name, reason: Self.notRead("the \(what) reference \"\(reference)\"", reason)))
        xmlSetNsProp(node, attribute.pointee.ns, attribute.pointee.name, "")
    }

    /// The first file named in CSS (`url(…)`, `@import "…"`) that librsvg must not open, and why.
    private func firstProblem(inStyle css: String) -> (String, String)? {
        for reference in Self.cssReferences(css) {
            if let reason = problem(with: reference, image: false) { return (reference, reason) }
        }
        return nil
    }

    /// What CSS text names with `url(…)` and `@import "…"`, its escapes (`u\72 l(`) read as
    /// CSS reads them first.
    static func cssReferences(_ css: String) -> [String] {
        let text = Array(unescapedCSS(css).unicodeScalars)
        var found: [String] = []
        var index = 0
        func matches(_ word: String, at start: Int) -> Bool {
            let scalars = Array(word.unicodeScalars)
            guard start + scalars.count <= text.count else { return false }
            return zip(text[start..<(start + scalars.count)], scalars).allSatisfy {
                String($0.0).lowercased() == String($0.1)
            }
        }
        func skipSpace(_ at: inout Int) { while at < text.count, text[at].properties.isWhitespace { at += 1 } }
        /// A quoted string at `at`, or text up to `)` when `bare`.
        func argument(_ at: inout Int, bare: Bool) -> String? {
            skipSpace(&at)
            guard at < text.count else { return nil }
            var out = String.UnicodeScalarView()
            if text[at] == "\"" || text[at] == "'" {
                let quote = text[at]
                at += 1
                while at < text.count, text[at] != quote { out.append(text[at]); at += 1 }
            } else if bare {
                while at < text.count, text[at] != ")" { out.append(text[at]); at += 1 }
            } else {
                return nil
            }
            return String(out).trimmingCharacters(in: .whitespaces)
        }
        while index < text.count {
            if matches("url(", at: index) {
                var at = index + 4
                if let reference = argument(&at, bare: true) { found.append(reference) }
                index = at
            } else if matches("@import", at: index) {
                var at = index + 7
                if let reference = argument(&at, bare: false) { found.append(reference) }
                index = at
            } else {
                index += 1
            }
        }
        return found
    }

    /// `css` with its escapes replaced by what they stand for: `\` and up to six hex digits
    /// (and one space after) for a code point, `\` and any other character for it.
    static func unescapedCSS(_ css: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = css.unicodeScalars.makeIterator()
        var pending: Unicode.Scalar? = nil
        func next() -> Unicode.Scalar? {
            if let held = pending { pending = nil; return held }
            return scalars.next()
        }
        while let scalar = next() {
            guard scalar == "\\" else { out.append(scalar); continue }
            var hex = ""
            while hex.count < 6, let digit = next() {
                if digit.properties.isASCIIHexDigit { hex.unicodeScalars.append(digit); continue }
                if hex.isEmpty, digit != "\n" { out.append(digit) } else if !digit.properties.isWhitespace { pending = digit }
                break
            }
            if !hex.isEmpty, let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) { out.append(decoded) }
        }
        return String(out)
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
        if trimmed.isEmpty || trimmed.hasPrefix("#") { return nil }
        if DataURI.isDataURI(trimmed) {
            guard let bytes = DataURI.bytes(of: trimmed) else { return "is not a readable data: URI" }
            return contentProblem(bytes, name: "the embedded file", folder: folder, image: image)
        }
        if trimmed.range(of: "^[A-Za-z][A-Za-z0-9+.-]*:", options: .regularExpression) != nil { return "is a URL" }
        // librsvg reads the reference as a URL relative to the file: a fragment or a query
        // ends its path, and %-escapes stand for bytes.
        var path = String(trimmed.prefix { $0 != "#" && $0 != "?" }).replacingOccurrences(of: "\\", with: "/")
        path = path.removingPercentEncoding ?? path
        if path.isEmpty { return nil }
        let root = folder.standardizedFileURL.path
        let opened = path.hasPrefix("/") ? path : root + "/" + path
        let url = URL(fileURLWithPath: opened).standardizedFileURL
        guard FolderPath.isInside(url.path, root) else { return "leads outside the file's folder" }
        if let real = FolderPath.realPath(url.path), let realRoot = FolderPath.realPath(root), !FolderPath.isInside(real, realRoot) {
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
        return contentProblem(data, name: url.lastPathComponent, folder: url.deletingLastPathComponent(), image: image)
    }

    /// Why the bytes `data` of a file named (or embedded, a `data:` URI) must not be handed to
    /// librsvg: another SVG's references, or an image's header past the limits, checked before
    /// librsvg decodes it.
    private func contentProblem(_ data: Data, name: String, folder: URL, image: Bool) -> String? {
        if let first = data.first(where: { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }), first == 0x3C {
            return nestedProblem(data, name: name, folder: folder)
        }
        if data.starts(with: [0x1F, 0x8B]) { return "is compressed, which is not checked" }
        guard image else { return nil }
        do throws(AssetError) {
            _ = try ImageDecoder.size(of: data, name: name)
        } catch {
            return error.reason
        }
        return nil
    }

    /// Why an SVG (or other XML) that this one names must not be opened: librsvg reads its
    /// own references in turn.
    private func nestedProblem(_ data: Data, name: String, folder: URL) -> String? {
        guard depth < Self.maximumDepth else { return "names files \(Self.maximumDepth) deep, which is not followed" }
        let xml: VectorXML
        do throws(AssetError) {
            xml = try VectorXML(data, name: name)
        } catch {
            return error.reason
        }
        let inner = VectorReferences(folder: folder, depth: depth + 1, checked: checked)
        let found = inner.problems(in: xml)
        return found.isEmpty ? nil : "names \(found[0])"
    }

    /// What a refused reference's line says: the reference, why, and that it was not read
    /// (once: a file's own refusal may say so already).
    static func notRead(_ reference: String, _ reason: String) -> String {
        reference + " " + reason + (reason.hasSuffix("not read") ? "" : "; not read")
    }

    /// The value of the pseudo-attribute `name` in a processing instruction's text.
    static func pseudoAttribute(_ name: String, in text: String) -> String? {
        guard let match = text.range(of: "\\b\(name)\\s*=\\s*(\"[^\"]*\"|'[^']*')", options: .regularExpression) else { return nil }
        let pair = text[match]
        guard let equals = pair.firstIndex(of: "=") else { return nil }
        let quoted = pair[pair.index(after: equals)...].trimmingCharacters(in: .whitespaces)
        return String(quoted.dropFirst().dropLast())
    }
}
