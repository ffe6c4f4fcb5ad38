#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, whose headers clash with the ICU Foundation carries; invoic
// never touches an encoding handler (the one struct ICU changes), so libxml2 is seen without it.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlschemas.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlIO.h>
#include <libxml/parserInternals.h>
