#ifndef INVOIC_LIBXML2_H
#define INVOIC_LIBXML2_H

/*
 * The part of libxml2 invoic uses: its XML Schema validator (InvoicXMLSchema). Opened with
 * dlopen on the first schema loaded rather than linked: libxml2 brings ICU 72, liblzma and
 * libstdc++ into the process, ~1.5 ms of the dynamic loader at every invoic command (issue 41
 * point 10), while only `check` of some books, `receive` and the national formats validate.
 *
 * libxml2's own headers are not seen by Swift (they sit in /usr/include/libxml2, outside the
 * compiler's search path, and Debian's pull in ICU's, which clash with Foundation's), so the
 * handles are opaque here and the few types and constants are restated; libxml2.c checks them
 * against the real headers at compile time.
 */

#pragma clang assume_nonnull begin

typedef struct invoic_xml_opaque *invoic_xml_ptr;

/* libxml2's xmlError, as far as invoic reads it. */
struct invoic_xml_error {
    int domain;
    int code;
    const char *_Nullable message;
    int level;
    const char *_Nullable file;
    int line;
};

/* xmlParserOption values invoic passes. */
enum {
    INVOIC_XML_PARSE_NOERROR = 1 << 5,
    INVOIC_XML_PARSE_NOWARNING = 1 << 6,
    INVOIC_XML_PARSE_NONET = 1 << 11,
    INVOIC_XML_PARSE_NOCDATA = 1 << 14,
};

typedef invoic_xml_ptr _Nullable (*invoic_xml_entity_loader)(const char *_Nullable url, const char *_Nullable identifier,
                                                             invoic_xml_ptr _Nullable context);
typedef void (*invoic_xml_error_handler)(void *_Nullable data, const struct invoic_xml_error *_Nullable error);

struct invoic_libxml2_api {
    void (*xmlInitParser)(void);
    invoic_xml_ptr _Nullable (*xmlSchemaNewParserCtxt)(const char *url);
    void (*xmlSchemaFreeParserCtxt)(invoic_xml_ptr context);
    invoic_xml_ptr _Nullable (*xmlSchemaParse)(invoic_xml_ptr context);
    void (*xmlSchemaFree)(invoic_xml_ptr schema);
    invoic_xml_ptr _Nullable (*xmlReadMemory)(const char *buffer, int size, const char *url, const char *_Nullable encoding, int options);
    void (*xmlFreeDoc)(invoic_xml_ptr document);
    invoic_xml_ptr _Nullable (*xmlSchemaNewValidCtxt)(invoic_xml_ptr schema);
    void (*xmlSchemaFreeValidCtxt)(invoic_xml_ptr context);
    int (*xmlSchemaValidateDoc)(invoic_xml_ptr context, invoic_xml_ptr document);
    void (*xmlSetExternalEntityLoader)(invoic_xml_entity_loader _Nullable loader);
    invoic_xml_ptr _Nullable (*xmlNewInputFromFile)(invoic_xml_ptr _Nullable context, const char *path);
    void (*xmlSetStructuredErrorFunc)(void *_Nullable data, invoic_xml_error_handler _Nullable handler);
};

/* libxml2's functions, loaded once; NULL when libxml2 cannot be opened, with why in `error`. */
const struct invoic_libxml2_api *_Nullable invoic_libxml2_open(char *error, unsigned long error_size);

#pragma clang assume_nonnull end

#endif
