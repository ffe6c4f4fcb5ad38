#ifndef INVOIC_HTTP_H
#define INVOIC_HTTP_H

#include <stddef.h>

/* What came back from one HTTP request: the status, and the body in a buffer invoic_http_free releases. */
struct invoic_http_response {
    long status;
    unsigned char *body;
    size_t length;
    /* Which limit stopped a request that timed out: one of the INVOIC_HTTP_* below, else 0. */
    int timed_out;
};

/* How long a request may wait: to connect (name resolution included), with no byte moving
 * either way (a provider that went silent), and in all (a provider that trickles). Seconds. */
struct invoic_http_limits {
    long connect_seconds;
    long idle_seconds;
    long total_seconds;
};

#define INVOIC_HTTP_CONNECT_TIMEOUT 1
#define INVOIC_HTTP_IDLE_TIMEOUT 2
#define INVOIC_HTTP_TOTAL_TIMEOUT 3

/*
 * One HTTP(S) request through libcurl, opened on first use like the SMTP sender (so no command
 * that never talks to a server pays for loading it). `headers` are "Name: value" lines; `body`
 * may be NULL for a request without one. Redirects are not followed (an API that redirects a
 * POST is answered as it is). Returns 0 when a response came back (whatever its status), else
 * curl's error code with its text in `error`.
 */
int invoic_http_request(const char *method, const char *url, const char *const *headers, size_t header_count,
                        const unsigned char *body, size_t body_length, struct invoic_http_limits limits,
                        struct invoic_http_response *response, char *error, size_t error_size);

/*
 * TLS of a request that authenticates with a client certificate (the AEAT's VeriFactu service:
 * a PKCS#12 file, type "P12", and its password), and the CA bundle that verifies the server
 * (NULL: the system's). Any field may be NULL.
 */
struct invoic_http_tls {
    const char *certificate;
    const char *certificate_type;
    const char *password;
    const char *ca_file;
};

/* invoic_http_request with `tls` (may be NULL: no client certificate, the system's CAs). */
int invoic_http_request_tls(const char *method, const char *url, const char *const *headers, size_t header_count,
                            const unsigned char *body, size_t body_length, struct invoic_http_limits limits,
                            const struct invoic_http_tls *tls,
                            struct invoic_http_response *response, char *error, size_t error_size);

void invoic_http_free(struct invoic_http_response *response);

/*
 * One DNS query of `type` (35 for NAPTR) for `name` through libresolv's res_nquery, into `answer`.
 * `nameserver` (an IPv4 address, may be NULL) and `port` (0: 53) replace the system's resolvers,
 * for a test's local responder. Returns the answer's length, or -1 with the reason in `error`.
 */
int invoic_dns_query(const char *name, int type, const char *nameserver, int port,
                     unsigned char *answer, int answer_size, char *error, size_t error_size);

#endif
