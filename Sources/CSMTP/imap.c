#include "invoic_imap.h"
#include "curl_loader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int invoic_imap_request(const char *url, const char *username, const char *password, const char *command,
                        size_t limit, long timeout_seconds, unsigned char **data, size_t *length,
                        char *error, size_t error_size) {
    struct curl_api api;
    *data = NULL;
    *length = 0;
    if (invoic_load_curl(&api, error, error_size) != 0) return -1;
    CURL *curl = api.easy_init();
    if (!curl) {
        snprintf(error, error_size, "libcurl could not start");
        return -1;
    }
    char curl_error[CURL_ERROR_SIZE] = "";
    struct invoic_sink sink = { NULL, 0, 0, 0, limit };
    api.easy_setopt(curl, CURLOPT_URL, url);
    api.easy_setopt(curl, CURLOPT_ERRORBUFFER, curl_error);
    /* IMAP over TLS from the start; a redirect or another protocol is never followed. */
    api.easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "imaps");
    api.easy_setopt(curl, CURLOPT_USE_SSL, (long)CURLUSESSL_ALL);
    if (username && *username) api.easy_setopt(curl, CURLOPT_USERNAME, username);
    if (password && *password) api.easy_setopt(curl, CURLOPT_PASSWORD, password);
    if (command) api.easy_setopt(curl, CURLOPT_CUSTOMREQUEST, command);
    api.easy_setopt(curl, CURLOPT_WRITEFUNCTION, invoic_collect);
    api.easy_setopt(curl, CURLOPT_WRITEDATA, &sink);
    api.easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, 30L);
    api.easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
    api.easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, timeout_seconds);
    api.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    CURLcode result = api.easy_perform(curl);
    if (result == CURLE_OK) {
        *data = sink.data;
        *length = sink.length;
    } else {
        if (sink.overflow) snprintf(error, error_size, "larger than %zu bytes", limit);
        else snprintf(error, error_size, "%s", curl_error[0] ? curl_error : api.easy_strerror(result));
        free(sink.data);
    }
    api.easy_cleanup(curl);
    return (int)result;
}
