// libxml2's tree API for reading SVG before librsvg draws it, behind a few plain calls:
// parsing from memory with no network, no DTD loaded, no entity substituted and Kiln's own
// limits on nesting and element count; writing the tree back; libxml2's own free, which
// Swift cannot call through its macro.
#include <stdlib.h>
#include <string.h>
#include <libxml/xmlversion.h>
// Nothing here converts encodings with ICU; left out, its headers would clash with the
// copy of ICU that Foundation brings. (The converter's fields are only ever pointed to.)
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/tree.h>
#include <libxml/entities.h>

/// Limits a parse keeps to, and which one stopped it: 1 nesting, 2 element count.
typedef struct {
    int maximum_depth, maximum_elements;
    int depth, elements, refused;
} kiln_xml_limits;

static void kiln_xml_start(void *context, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri,
                           int namespace_count, const xmlChar **namespaces, int attribute_count,
                           int defaulted_count, const xmlChar **attributes) {
    xmlParserCtxtPtr parser = (xmlParserCtxtPtr)context;
    kiln_xml_limits *limits = (kiln_xml_limits *)parser->_private;
    limits->depth += 1;
    limits->elements += 1;
    if (limits->depth > limits->maximum_depth || limits->elements > limits->maximum_elements) {
        if (!limits->refused) limits->refused = limits->depth > limits->maximum_depth ? 1 : 2;
        xmlStopParser(parser);
        return;
    }
    xmlSAX2StartElementNs(context, name, prefix, uri, namespace_count, namespaces, attribute_count,
                          defaulted_count, attributes);
}

static void kiln_xml_end(void *context, const xmlChar *name, const xmlChar *prefix, const xmlChar *uri) {
    xmlParserCtxtPtr parser = (xmlParserCtxtPtr)context;
    kiln_xml_limits *limits = (kiln_xml_limits *)parser->_private;
    limits->depth -= 1;
    xmlSAX2EndElementNs(context, name, prefix, uri);
}

/// Parses `length` bytes as XML into a tree: no network (XML_PARSE_NONET), no external DTD
/// or entity loaded, no entity substituted, no default attributes from the DTD, no huge
/// document allowance, nothing printed, and at most `limits`' nesting and elements. NULL on
/// failure, with `limits->refused` set or `*message` set to libxml2's error (a malloc'd
/// string for the caller to free) and `*line` to its line.
static inline xmlDocPtr kiln_xml_read(const char *bytes, int length, kiln_xml_limits *limits,
                                      char **message, int *line) {
    xmlParserCtxtPtr parser = xmlNewParserCtxt();
    if (!parser) { *message = strdup("out of memory"); return NULL; }
    parser->_private = limits;
    parser->sax->startElementNs = kiln_xml_start;
    parser->sax->endElementNs = kiln_xml_end;
    xmlDocPtr doc = xmlCtxtReadMemory(parser, length > 0 ? bytes : "", length, NULL, NULL,
                                      XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    if (doc && (limits->refused || !parser->wellFormed)) { xmlFreeDoc(doc); doc = NULL; }
    if (!doc && !limits->refused) {
        xmlErrorPtr error = xmlCtxtGetLastError(parser);
        *message = strdup(error && error->message ? error->message : "not well-formed XML");
        *line = error ? error->line : 0;
    }
    xmlFreeParserCtxt(parser);
    return doc;
}

/// The document written back as XML, in a buffer of `*length` bytes for the caller to free
/// with `kiln_xml_free`; NULL when it cannot be.
static inline xmlChar *kiln_xml_write(xmlDocPtr doc, int *length) {
    xmlChar *out = NULL;
    xmlDocDumpMemory(doc, &out, length);
    return out;
}

/// Frees what libxml2 allocated and handed over (a string, a written document).
static inline void kiln_xml_free(void *pointer) { if (pointer) xmlFree(pointer); }

/// The replacement text of the internal general entity that `node` declares (a child of the
/// document's internal subset); NULL for any other node or kind of entity.
static inline const xmlChar *kiln_xml_internal_entity_text(xmlNodePtr node) {
    if (!node || node->type != XML_ENTITY_DECL) return NULL;
    xmlEntityPtr entity = (xmlEntityPtr)node;
    return entity->etype == XML_INTERNAL_GENERAL_ENTITY ? entity->content : NULL;
}
