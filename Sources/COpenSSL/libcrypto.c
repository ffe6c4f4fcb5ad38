#include "invoic_libcrypto.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

static struct invoic_libcrypto_api api;
static const char *failure;
static char failure_text[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void load(void) {
    /* OpenSSL 3's soname; the functions used here are all in 3.0. */
    const char *names[] = {"libcrypto.so.3", "libcrypto.so"};
    void *library = NULL;
    for (size_t index = 0; index < sizeof names / sizeof *names && !library; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (!library) {
        snprintf(failure_text, sizeof failure_text, "libcrypto is not installed (%s); install libssl3", dlerror());
        failure = failure_text;
        return;
    }
#define INVOIC_LIBCRYPTO_LOAD(name) \
    api.name = (__typeof__(name) *)dlsym(library, #name); \
    if (!api.name) { \
        snprintf(failure_text, sizeof failure_text, "libcrypto lacks %s: OpenSSL 3 is needed", #name); \
        failure = failure_text; \
        return; \
    }
    INVOIC_LIBCRYPTO_FUNCTIONS(INVOIC_LIBCRYPTO_LOAD)
#undef INVOIC_LIBCRYPTO_LOAD
}

const struct invoic_libcrypto_api *invoic_libcrypto_open(char *error, size_t error_size) {
    pthread_once(&once, load);
    if (failure) {
        snprintf(error, error_size, "%s", failure);
        return NULL;
    }
    return &api;
}
