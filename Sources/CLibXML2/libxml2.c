#include "invoic_libxml2.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>

#include <libxml/xmlversion.h>
/* Debian's libxml2 is built with ICU; its encoding handlers (the one struct ICU changes) are
   not used here, so libxml2 is seen without ICU's headers. */
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlschemas.h>

/* What the header restates, checked against libxml2's own headers. */
_Static_assert(offsetof(xmlError, message) == offsetof(struct invoic_xml_error, message), "xmlError.message moved");
_Static_assert(offsetof(xmlError, line) == offsetof(struct invoic_xml_error, line), "xmlError.line moved");
_Static_assert(INVOIC_XML_PARSE_NOERROR == XML_PARSE_NOERROR && INVOIC_XML_PARSE_NOWARNING == XML_PARSE_NOWARNING
               && INVOIC_XML_PARSE_NONET == XML_PARSE_NONET && INVOIC_XML_PARSE_NOCDATA == XML_PARSE_NOCDATA,
               "xmlParserOption values changed");

static struct invoic_libxml2_api api;
static const char *failure;
static char failure_text[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    /* libxml2.so.2 until 2.13, libxml2.so.16 since 2.14; the functions used here are in both. */
    const char *names[] = {"libxml2.so.2", "libxml2.so.16", "libxml2.so"};
    void *library = NULL;
    for (size_t index = 0; index < sizeof names / sizeof *names && !library; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) {
        snprintf(failure_text, sizeof failure_text, "libxml2 is not installed (%s); install libxml2", dlerror());
        failure = failure_text;
        return;
    }
    /* Each pointer gets the address of the function of the same name (named through libxml2's
       own declaration, so a misspelt or missing one fails to compile). */
#define INVOIC_XML_LOAD(name) \
    do { \
        __typeof__(&name) checked = (__typeof__(&name))dlsym(library, #name); \
        if (!checked) { \
            snprintf(failure_text, sizeof failure_text, "libxml2 lacks %s, which XML Schema validation needs", #name); \
            failure = failure_text; \
            return; \
        } \
        *(void **)&api.name = (void *)checked; \
    } while (0)
    INVOIC_XML_LOAD(xmlInitParser);
    INVOIC_XML_LOAD(xmlSchemaNewParserCtxt);
    INVOIC_XML_LOAD(xmlSchemaFreeParserCtxt);
    INVOIC_XML_LOAD(xmlSchemaParse);
    INVOIC_XML_LOAD(xmlSchemaFree);
    INVOIC_XML_LOAD(xmlReadMemory);
    INVOIC_XML_LOAD(xmlFreeDoc);
    INVOIC_XML_LOAD(xmlSchemaNewValidCtxt);
    INVOIC_XML_LOAD(xmlSchemaFreeValidCtxt);
    INVOIC_XML_LOAD(xmlSchemaValidateDoc);
    INVOIC_XML_LOAD(xmlSetExternalEntityLoader);
    INVOIC_XML_LOAD(xmlNewInputFromFile);
    INVOIC_XML_LOAD(xmlSetStructuredErrorFunc);
#undef INVOIC_XML_LOAD
}

const struct invoic_libxml2_api *invoic_libxml2_open(char *error, unsigned long error_size) {
    pthread_once(&once, load);
    if (failure) {
        snprintf(error, error_size, "%s", failure);
        return NULL;
    }
    return &api;
}
