#ifndef INVOIC_SMTP_H
#define INVOIC_SMTP_H

#include <stddef.h>

/* How the connection is secured: none, STARTTLS required, or TLS from the start (smtps://, 465). */
enum invoic_smtp_security { INVOIC_SMTP_NONE = 0, INVOIC_SMTP_STARTTLS = 1, INVOIC_SMTP_TLS = 2 };

/*
 * Sends one RFC 5322 message through an SMTP server with libcurl (which does the dialogue,
 * AUTH, STARTTLS and dot-stuffing). A C wrapper because curl_easy_setopt is variadic, which
 * Swift cannot call. Returns 0 on success, else curl's error code with its text in `error`.
 */
int invoic_smtp_send(const char *host, int port, int security, const char *username, const char *password,
                     const char *from, const char *const *recipients, size_t recipient_count,
                     const char *message, size_t length, long timeout_seconds, char *error, size_t error_size);

#endif
