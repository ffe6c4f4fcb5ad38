#include "invoic_qpdf.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct invoic_qpdf_api api;
static const char *failure;
static char failure_text[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    /* The C API is stable across qpdf's sonames (which change for its C++ ABI). */
    const char *names[] = {"libqpdf.so.29", "libqpdf.so.30", "libqpdf.so"};
    void *library = NULL;
    for (size_t index = 0; index < sizeof names / sizeof *names && !library; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) {
        snprintf(failure_text, sizeof failure_text, "libqpdf is not installed (%s); install libqpdf29", dlerror());
        failure = failure_text;
        return;
    }
#define INVOIC_QPDF_LOAD(name) \
    api.name = (__typeof__(name) *)dlsym(library, #name); \
    if (!api.name) { \
        snprintf(failure_text, sizeof failure_text, "libqpdf lacks %s, which Factur-X needs", #name); \
        failure = failure_text; \
        return; \
    }
    INVOIC_QPDF_FUNCTIONS(INVOIC_QPDF_LOAD)
#undef INVOIC_QPDF_LOAD
}

const struct invoic_qpdf_api *invoic_qpdf_open(char *error, size_t error_size) {
    pthread_once(&once, load);
    if (failure) {
        snprintf(error, error_size, "%s", failure);
        return NULL;
    }
    return &api;
}
