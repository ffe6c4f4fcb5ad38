#ifndef INVOIC_IMAP_H
#define INVOIC_IMAP_H

#include <stddef.h>

/*
 * One IMAP request through libcurl over TLS (imaps:// only: the password and the mail never
 * travel in clear), opened on first use like the SMTP sender. `url` names the mailbox
 * (imaps://host/INBOX) or a message (imaps://host/INBOX/;UID=7); `command`, when not NULL, is
 * sent instead of curl's default (e.g. "UID SEARCH ALL"). What the server returns (the search's
 * untagged lines, or the message) goes into `*data` (`*length` bytes, freed with free()), at
 * most `limit` bytes. Returns 0, else curl's error code with its text in `error`.
 */
int invoic_imap_request(const char *url, const char *username, const char *password, const char *command,
                        size_t limit, long timeout_seconds, unsigned char **data, size_t *length,
                        char *error, size_t error_size);

#endif
