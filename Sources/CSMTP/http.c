#include "invoic_http.h"
#include "curl_loader.h"

#include <arpa/inet.h>
#include <arpa/nameser.h>
#include <netdb.h>
#include <netinet/in.h>
#include <resolv.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* An API answer is JSON or one XML document; 64 MB is far more than any and bounds a hostile server. */
static const size_t max_response = 64u * 1024u * 1024u;

size_t invoic_collect(char *chunk, size_t size, size_t count, void *context) {
    struct invoic_sink *sink = context;
    size_t bytes = size * count;
    if (sink->length + bytes > sink->limit) {
        sink->overflow = 1;
        return 0;
    }
    if (sink->length + bytes > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity : 16384;
        while (capacity < sink->length + bytes) capacity *= 2;
        unsigned char *grown = realloc(sink->data, capacity);
        if (!grown) return 0;
        sink->data = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->data + sink->length, chunk, bytes);
    sink->length += bytes;
    return bytes;
}

int invoic_http_request(const char *method, const char *url, const char *const *headers, size_t header_count,
                        const unsigned char *body, size_t body_length, struct invoic_http_limits limits,
                        struct invoic_http_response *response, char *error, size_t error_size) {
    return invoic_http_request_tls(method, url, headers, header_count, body, body_length, limits, NULL, response, error, error_size);
}

int invoic_http_request_tls(const char *method, const char *url, const char *const *headers, size_t header_count,
                            const unsigned char *body, size_t body_length, struct invoic_http_limits limits,
                            const struct invoic_http_tls *tls,
                            struct invoic_http_response *response, char *error, size_t error_size) {
    struct curl_api api;
    response->status = 0;
    response->body = NULL;
    response->length = 0;
    response->timed_out = 0;
    if (invoic_load_curl(&api, error, error_size) != 0) return -1;
    CURL *curl = api.easy_init();
    if (!curl) {
        snprintf(error, error_size, "libcurl could not start");
        return -1;
    }
    char curl_error[CURL_ERROR_SIZE] = "";
    struct curl_slist *list = NULL;
    for (size_t index = 0; index < header_count; index++) list = api.slist_append(list, headers[index]);
    /* curl adds "Expect: 100-continue" to large POSTs, which some API gateways answer badly. */
    list = api.slist_append(list, "Expect:");
    struct invoic_sink sink = { NULL, 0, 0, 0, max_response };
    api.easy_setopt(curl, CURLOPT_URL, url);
    api.easy_setopt(curl, CURLOPT_ERRORBUFFER, curl_error);
    api.easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    api.easy_setopt(curl, CURLOPT_HTTPHEADER, list);
    if (body) {
        api.easy_setopt(curl, CURLOPT_POSTFIELDS, (const char *)body);
        api.easy_setopt(curl, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
    } else if (strcmp(method, "GET") == 0) {
        api.easy_setopt(curl, CURLOPT_HTTPGET, 1L);
    }
    api.easy_setopt(curl, CURLOPT_WRITEFUNCTION, invoic_collect);
    api.easy_setopt(curl, CURLOPT_WRITEDATA, &sink);
    api.easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, limits.connect_seconds);
    /* Idle: less than one byte a second, either way, for that long (a provider that went silent). */
    api.easy_setopt(curl, CURLOPT_LOW_SPEED_LIMIT, 1L);
    api.easy_setopt(curl, CURLOPT_LOW_SPEED_TIME, limits.idle_seconds);
    api.easy_setopt(curl, CURLOPT_TIMEOUT, limits.total_seconds);
    api.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    api.easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    api.easy_setopt(curl, CURLOPT_USERAGENT, "invoic");
    if (tls) {
        if (tls->certificate) api.easy_setopt(curl, CURLOPT_SSLCERT, tls->certificate);
        if (tls->certificate_type) api.easy_setopt(curl, CURLOPT_SSLCERTTYPE, tls->certificate_type);
        if (tls->password) api.easy_setopt(curl, CURLOPT_KEYPASSWD, tls->password);
        if (tls->ca_file) api.easy_setopt(curl, CURLOPT_CAINFO, tls->ca_file);
    }
    CURLcode result = api.easy_perform(curl);
    if (result == CURLE_OK) {
        api.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &response->status);
        response->body = sink.data;
        response->length = sink.length;
    } else {
        if (sink.overflow) snprintf(error, error_size, "the answer is larger than 64 MB");
        else snprintf(error, error_size, "%s", curl_error[0] ? curl_error : api.easy_strerror(result));
        if (result == CURLE_OPERATION_TIMEDOUT) {
            /* curl gives one code for the three limits: no connection yet is the connect limit;
             * a transfer as long as the total limit is that one; anything else stalled. */
            curl_off_t connected = 0, total = 0;
            api.easy_getinfo(curl, CURLINFO_CONNECT_TIME_T, &connected);
            api.easy_getinfo(curl, CURLINFO_TOTAL_TIME_T, &total);
            if (connected == 0) response->timed_out = INVOIC_HTTP_CONNECT_TIMEOUT;
            else if (total >= (curl_off_t)limits.total_seconds * 1000000 - 100000) response->timed_out = INVOIC_HTTP_TOTAL_TIMEOUT;
            else response->timed_out = INVOIC_HTTP_IDLE_TIMEOUT;
        }
        free(sink.data);
    }
    api.slist_free_all(list);
    api.easy_cleanup(curl);
    return (int)result;
}

void invoic_http_free(struct invoic_http_response *response) {
    free(response->body);
    response->body = NULL;
    response->length = 0;
}

int invoic_dns_query(const char *name, int type, const char *nameserver, int port,
                     unsigned char *answer, int answer_size, char *error, size_t error_size) {
    struct __res_state state;
    memset(&state, 0, sizeof state);
    if (res_ninit(&state) != 0) {
        snprintf(error, error_size, "the resolver could not start (no /etc/resolv.conf?)");
        return -1;
    }
    if (nameserver && *nameserver) {
        struct in_addr address;
        if (inet_pton(AF_INET, nameserver, &address) != 1) {
            snprintf(error, error_size, "`%s` is not an IPv4 address of a name server", nameserver);
            res_nclose(&state);
            return -1;
        }
        state.nscount = 1;
        state.nsaddr_list[0].sin_family = AF_INET;
        state.nsaddr_list[0].sin_addr = address;
        state.nsaddr_list[0].sin_port = htons((unsigned short)(port > 0 ? port : 53));
        state.retry = 2;
        state.retrans = 2;
    }
    int length = res_nquery(&state, name, ns_c_in, type, answer, answer_size);
    if (length < 0) {
        /* h_errno of the state: HOST_NOT_FOUND is the NXDOMAIN of a participant nobody registered. */
        switch (state.res_h_errno) {
        case HOST_NOT_FOUND: snprintf(error, error_size, "NXDOMAIN"); break;
        case NO_DATA: snprintf(error, error_size, "NODATA"); break;
        case TRY_AGAIN: snprintf(error, error_size, "no answer from the name server (try again)"); break;
        default: snprintf(error, error_size, "the name server refused the query"); break;
        }
    }
    res_nclose(&state);
    return length;
}
