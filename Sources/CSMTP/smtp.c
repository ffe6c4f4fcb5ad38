#include "invoic_smtp.h"
#include "curl_loader.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/*
 * libcurl is opened when a message is sent, not linked: with it (and OpenSSL, Kerberos, LDAP, ...
 * that it brings) linked, every invoic command spent ~10 ms more in the dynamic loader at start.
 */
int invoic_load_curl(struct curl_api *api, char *error, size_t error_size) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(error, error_size, "libcurl is not installed (%s); install libcurl4", dlerror());
        return -1;
    }
    api->easy_init = (CURL *(*)(void))dlsym(library, "curl_easy_init");
    api->easy_setopt = (CURLcode (*)(CURL *, CURLoption, ...))dlsym(library, "curl_easy_setopt");
    api->easy_perform = (CURLcode (*)(CURL *))dlsym(library, "curl_easy_perform");
    api->easy_getinfo = (CURLcode (*)(CURL *, CURLINFO, ...))dlsym(library, "curl_easy_getinfo");
    api->easy_cleanup = (void (*)(CURL *))dlsym(library, "curl_easy_cleanup");
    api->easy_strerror = (const char *(*)(CURLcode))dlsym(library, "curl_easy_strerror");
    api->slist_append = (struct curl_slist *(*)(struct curl_slist *, const char *))dlsym(library, "curl_slist_append");
    api->slist_free_all = (void (*)(struct curl_slist *))dlsym(library, "curl_slist_free_all");
    if (!api->easy_init || !api->easy_setopt || !api->easy_perform || !api->easy_getinfo || !api->easy_cleanup
        || !api->easy_strerror || !api->slist_append || !api->slist_free_all) {
        snprintf(error, error_size, "libcurl.so.4 lacks the functions invoic needs");
        return -1;
    }
    return 0;
}

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
    struct curl_api api;
    if (invoic_load_curl(&api, error, error_size) != 0) return -1;
    char url[512];
    snprintf(url, sizeof url, "%s://%s:%d", security == INVOIC_SMTP_TLS ? "smtps" : "smtp", host, port);
    CURL *curl = api.easy_init();
    if (!curl) {
        snprintf(error, error_size, "libcurl could not start");
        return -1;
    }
    char curl_error[CURL_ERROR_SIZE] = "";
    struct curl_slist *list = NULL;
    for (size_t index = 0; index < recipient_count; index++) list = api.slist_append(list, recipients[index]);
    struct upload upload = { message, length, 0 };
    api.easy_setopt(curl, CURLOPT_URL, url);
    api.easy_setopt(curl, CURLOPT_ERRORBUFFER, curl_error);
    if (security == INVOIC_SMTP_STARTTLS) api.easy_setopt(curl, CURLOPT_USE_SSL, (long)CURLUSESSL_ALL);
    if (username && *username) api.easy_setopt(curl, CURLOPT_USERNAME, username);
    if (password && *password) api.easy_setopt(curl, CURLOPT_PASSWORD, password);
    api.easy_setopt(curl, CURLOPT_MAIL_FROM, from);
    api.easy_setopt(curl, CURLOPT_MAIL_RCPT, list);
    api.easy_setopt(curl, CURLOPT_READFUNCTION, read_message);
    api.easy_setopt(curl, CURLOPT_READDATA, &upload);
    api.easy_setopt(curl, CURLOPT_UPLOAD, 1L);
    api.easy_setopt(curl, CURLOPT_INFILESIZE_LARGE, (curl_off_t)length);
    api.easy_setopt(curl, CURLOPT_TIMEOUT, timeout_seconds);
    api.easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, timeout_seconds < 30 ? timeout_seconds : 30L);
    api.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    CURLcode result = api.easy_perform(curl);
    if (result != CURLE_OK) {
        snprintf(error, error_size, "%s", curl_error[0] ? curl_error : api.easy_strerror(result));
    }
    api.slist_free_all(list);
    api.easy_cleanup(curl);
    return (int)result;
}
