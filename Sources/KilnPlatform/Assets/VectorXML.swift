// An SVG's XML read by libxml2 before librsvg sees it, from the bytes Kiln read once: no
// network, no DTD or external entity loaded, no entity substituted, no default attributes
// from a DTD, and Kiln's own limits on nesting and element count, each refused in one line
// naming the file. The tree is checked (references, entities), given what the layer tree
// needs, and written back: those bytes are what librsvg draws.
import CLibXML2
import Foundation
import KilnCore

/// An SVG document's XML tree, owned: libxml2 frees it with the value.
final class VectorXML {
    /// The deepest nesting of elements read; a Figma frame is seldom 30 deep.
    static let maximumDepth = 128
    /// The most elements a document may hold.
    static let maximumElements = 100_000

    /// libxml2's global state, set up once before any thread parses (it is not itself safe
    /// to set up from two threads at once).
    private static let initialized: Void = xmlInitParser()

    let document: xmlDocPtr
    /// The file's name, for messages.
    let name: String

    /// Parses `data`, the file `name`'s bytes; refused in one line when it is not well-formed
    /// XML, is past the limits, or declares an entity holding markup (which librsvg would
    /// expand into elements this check never saw).
    init(_ data: Data, name: String) throws(AssetError) {
        self.name = name
        _ = Self.initialized
        var limits = kiln_xml_limits(maximum_depth: Int32(Self.maximumDepth), maximum_elements: Int32(Self.maximumElements),
                                     depth: 0, elements: 0, refused: 0)
        var message: UnsafeMutablePointer<CChar>?
        var line: Int32 = 0
        let parsed = data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            kiln_xml_read(bytes.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(bytes.count), &limits, &message, &line)
        }
        switch limits.refused {
        case 1: throw AssetError(file: name, reason: "elements nested deeper than \(Self.maximumDepth); refused")
        case 2: throw AssetError(file: name, reason: "more than \(Self.maximumElements) elements; refused")
        default: break
        }
        guard let parsed else {
            throw AssetError(file: name, reason: "not well-formed XML (line \(line): \(LibraryMessage.take(message)))")
        }
        document = parsed
        // Thrown once the document is set, which deinit then frees.
        if let entity = Self.markupEntity(in: parsed) {
            throw AssetError(file: name, reason: "declares the entity \"\(entity)\" holding markup, which is not read; refused")
        }
    }

    deinit {
        xmlFreeDoc(document)
    }

    /// The root element.
    var root: xmlNodePtr? { xmlDocGetRootElement(document) }

    /// The tree written back as XML.
    func written() throws(AssetError) -> Data {
        var length: Int32 = 0
        guard let bytes = kiln_xml_write(document, &length) else {
            throw AssetError(file: name, reason: "cannot be written back for librsvg")
        }
        defer { kiln_xml_free(bytes) }
        return Data(bytes: bytes, count: Int(length))
    }

    /// The name of an internal entity whose text holds an element, if the document declares one.
    private static func markupEntity(in document: xmlDocPtr) -> String? {
        var node = document.pointee.intSubset?.pointee.children
        while let declaration = node {
            if let text = kiln_xml_internal_entity_text(declaration), strchr(UnsafeRawPointer(text).assumingMemoryBound(to: CChar.self), 0x3C) != nil {
                return string(declaration.pointee.name) ?? ""
            }
            node = declaration.pointee.next
        }
        return nil
    }

    /// `text` as a Swift string (invalid UTF-8 repaired), `nil` for none.
    static func string(_ text: UnsafePointer<xmlChar>?) -> String? {
        text.map { String(decoding: UnsafeBufferPointer(start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))), as: UTF8.self) }
    }

    /// The value of `attribute`, its entity references expanded as librsvg expands them.
    func value(of attribute: xmlAttrPtr) -> String {
        guard let text = xmlNodeListGetString(document, attribute.pointee.children, 1) else { return "" }
        defer { kiln_xml_free(text) }
        return Self.string(text) ?? ""
    }

    /// Element children of `node`, in order.
    static func elements(of node: xmlNodePtr) -> [xmlNodePtr] {
        var out: [xmlNodePtr] = []
        var child = node.pointee.children
        while let current = child {
            if current.pointee.type == XML_ELEMENT_NODE { out.append(current) }
            child = current.pointee.next
        }
        return out
    }

    /// Attributes of `node`, in order.
    static func attributes(of node: xmlNodePtr) -> [xmlAttrPtr] {
        var out: [xmlAttrPtr] = []
        var attribute = node.pointee.properties
        while let current = attribute {
            out.append(current)
            attribute = current.pointee.next
        }
        return out
    }

    /// The local name of an element or attribute.
    static func localName(_ node: xmlNodePtr) -> String { string(node.pointee.name) ?? "" }
    static func localName(_ attribute: xmlAttrPtr) -> String { string(attribute.pointee.name) ?? "" }

    /// The namespace of an attribute, `nil` for none.
    static func namespace(of attribute: xmlAttrPtr) -> String? { string(attribute.pointee.ns?.pointee.href) }

    /// The value of the attribute `name` in no namespace on `node`. (libxml2's own look-up
    /// would also find a DTD's default, which is no attribute of the tree.)
    func attribute(_ name: String, of node: xmlNodePtr) -> String? {
        var attribute = node.pointee.properties
        while let current = attribute {
            if current.pointee.ns == nil, Self.localName(current) == name { return value(of: current) }
            attribute = current.pointee.next
        }
        return nil
    }

    /// Sets the attribute `name` in no namespace on `node`.
    func set(_ name: String, _ value: String, on node: xmlNodePtr) {
        xmlSetNsProp(node, nil, name, value)
    }
}
