#include "invoic_smtp.h"

#include <curl/curl.h>
#include <stdio.h>
#include <string.h>

struct upload {
    const char *data;
    size_t length;
    size_t sent;
};

static size_t read_message(char *buffer, size_t size, size_t count, void *context) {
    struct upload *upload = context;
    size_t room = size * count;
    size_t left = upload->length - upload->sent;
    size_t chunk = left < room ? left : room;
    memcpy(buffer, upload->data + upload->sent, chunk);
    upload->sent += chunk;
    return chunk;
}

int invoic_smtp_send(const char *host, int port, int security, const char *username, const char *password,
                     const char *from, const char *const *recipients, size_t recipient_count,
                     const char *message, size_t length, long timeout_seconds, char *error, size_t error_size) {
    char url[512];
    snprintf(url, sizeof url, "%s://%s:%d", security == INVOIC_SMTP_TLS ? "smtps" : "smtp", host, port);
    CURL *curl = curl_easy_init();
    if (!curl) {
        snprintf(error, error_size, "libcurl could not start");
        return -1;
    }
    char curl_error[CURL_ERROR_SIZE] = "";
    struct curl_slist *list = NULL;
    for (size_t index = 0; index < recipient_count; index++) list = curl_slist_append(list, recipients[index]);
    struct upload upload = { message, length, 0 };
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, curl_error);
    if (security == INVOIC_SMTP_STARTTLS) curl_easy_setopt(curl, CURLOPT_USE_SSL, (long)CURLUSESSL_ALL);
    if (username && *username) curl_easy_setopt(curl, CURLOPT_USERNAME, username);
    if (password && *password) curl_easy_setopt(curl, CURLOPT_PASSWORD, password);
    curl_easy_setopt(curl, CURLOPT_MAIL_FROM, from);
    curl_easy_setopt(curl, CURLOPT_MAIL_RCPT, list);
    curl_easy_setopt(curl, CURLOPT_READFUNCTION, read_message);
    curl_easy_setopt(curl, CURLOPT_READDATA, &upload);
    curl_easy_setopt(curl, CURLOPT_UPLOAD, 1L);
    curl_easy_setopt(curl, CURLOPT_INFILESIZE_LARGE, (curl_off_t)length);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, timeout_seconds);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, timeout_seconds < 30 ? timeout_seconds : 30L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    CURLcode result = curl_easy_perform(curl);
    if (result != CURLE_OK) {
        snprintf(error, error_size, "%s", curl_error[0] ? curl_error : curl_easy_strerror(result));
    }
    curl_slist_free_all(list);
    curl_easy_cleanup(curl);
    return (int)result;
}
