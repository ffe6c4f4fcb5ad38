#ifndef INVOIC_CURL_LOADER_H
#define INVOIC_CURL_LOADER_H

#include <curl/curl.h>
#include <stddef.h>

/* libcurl's functions, looked up in libcurl.so.4 when a message or a request is sent. */
struct curl_api {
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
};

int invoic_load_curl(struct curl_api *api, char *error, size_t error_size);

/* What a transfer received, up to `limit` bytes (then `overflow` is set and the transfer stops):
 * curl's write callback for HTTP answers and IMAP messages alike. */
struct invoic_sink {
    unsigned char *data;
    size_t length;
    size_t capacity;
    int overflow;
    size_t limit;
};

size_t invoic_collect(char *chunk, size_t size, size_t count, void *context);

#endif
