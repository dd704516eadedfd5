#include "ccurl.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

/* The libcurl functions compctl calls, resolved from the loaded library. */
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    CURLM *(*multi_init)(void);
    CURLMcode (*multi_cleanup)(CURLM *);
    CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
    CURLMcode (*multi_add_handle)(CURLM *, CURL *);
    CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
    CURLMcode (*multi_perform)(CURLM *, int *);
    CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd[], unsigned int, int, int *);
    CURLMcode (*multi_wakeup)(CURLM *);
    CURLMsg *(*multi_info_read)(CURLM *, int *);
    curl_version_info_data *(*version_info)(CURLversion);
} api;

static pthread_once_t once = PTHREAD_ONCE_INIT;
static char load_error[512];
static int loaded = 0;

#define RESOLVE(field, symbol)                                                              \
    do {                                                                                    \
        *(void **)(&api.field) = dlsym(library, symbol);                                    \
        if (api.field == NULL) {                                                            \
            snprintf(load_error, sizeof load_error, "%s lacks %s (libcurl 7.68 or later is needed)", name, symbol); \
            return;                                                                         \
        }                                                                                   \
    } while (0)

static void load(void) {
#if defined(__APPLE__)
    static const char *names[] = {"libcurl.4.dylib", "/usr/lib/libcurl.4.dylib", NULL};
#else
    static const char *names[] = {"libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so", NULL};
#endif
    void *library = NULL;
    const char *name = NULL;
    char tried[256] = "";
    for (int i = 0; names[i] != NULL && library == NULL; i++) {
        library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
        name = names[i];
        if (library == NULL && tried[0] == '\0') {
            const char *why = dlerror();
            snprintf(tried, sizeof tried, "%s", why ? why : names[i]);
        }
    }
    if (library == NULL) {
        snprintf(load_error, sizeof load_error, "cannot load libcurl (%s)", tried);
        return;
    }
    RESOLVE(global_init, "curl_global_init");
    RESOLVE(easy_init, "curl_easy_init");
    RESOLVE(easy_cleanup, "curl_easy_cleanup");
    RESOLVE(easy_setopt, "curl_easy_setopt");
    RESOLVE(easy_getinfo, "curl_easy_getinfo");
    RESOLVE(easy_strerror, "curl_easy_strerror");
    RESOLVE(slist_append, "curl_slist_append");
    RESOLVE(slist_free_all, "curl_slist_free_all");
    RESOLVE(multi_init, "curl_multi_init");
    RESOLVE(multi_cleanup, "curl_multi_cleanup");
    RESOLVE(multi_setopt, "curl_multi_setopt");
    RESOLVE(multi_add_handle, "curl_multi_add_handle");
    RESOLVE(multi_remove_handle, "curl_multi_remove_handle");
    RESOLVE(multi_perform, "curl_multi_perform");
    RESOLVE(multi_poll, "curl_multi_poll");
    RESOLVE(multi_wakeup, "curl_multi_wakeup");
    RESOLVE(multi_info_read, "curl_multi_info_read");
    RESOLVE(version_info, "curl_version_info");
    CURLcode code = api.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(load_error, sizeof load_error, "curl_global_init failed (%d)", (int)code);
        return;
    }
    loaded = 1;
}

int ccurl_load(char *error, size_t size) {
    pthread_once(&once, load);
    if (loaded) return 0;
    if (error != NULL && size > 0) snprintf(error, size, "%s", load_error);
    return -1;
}

CURL *ccurl_easy_init(void) { return api.easy_init(); }
void ccurl_easy_cleanup(CURL *handle) { api.easy_cleanup(handle); }
CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode ccurl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value) {
    return api.easy_setopt(handle, option, value);
}
CURLcode ccurl_easy_setopt_callback(CURL *handle, CURLoption option, ccurl_data_callback callback) {
    return api.easy_setopt(handle, option, callback);
}
CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return api.easy_getinfo(handle, info, value);
}
CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value) {
    return api.easy_getinfo(handle, info, value);
}
const char *ccurl_easy_strerror(CURLcode code) { return api.easy_strerror(code); }

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text) {
    return api.slist_append(list, text);
}
void ccurl_slist_free_all(struct curl_slist *list) { api.slist_free_all(list); }

CURLM *ccurl_multi_init(void) { return api.multi_init(); }
CURLMcode ccurl_multi_cleanup(CURLM *multi) { return api.multi_cleanup(multi); }
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return api.multi_setopt(multi, option, value);
}
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle) { return api.multi_add_handle(multi, handle); }
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle) { return api.multi_remove_handle(multi, handle); }
CURLMcode ccurl_multi_perform(CURLM *multi, int *running) { return api.multi_perform(multi, running); }
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms) { return api.multi_poll(multi, NULL, 0, timeout_ms, NULL); }
CURLMcode ccurl_multi_wakeup(CURLM *multi) { return api.multi_wakeup(multi); }

CURL *ccurl_multi_next_done(CURLM *multi, CURLcode *result) {
    int left = 0;
    CURLMsg *message;
    while ((message = api.multi_info_read(multi, &left)) != NULL) {
        if (message->msg == CURLMSG_DONE) {
            *result = message->data.result;
            return message->easy_handle;
        }
    }
    return NULL;
}

const char *ccurl_version(void) { return api.version_info(CURLVERSION_NOW)->version; }
int ccurl_supports_http2(void) {
    return (api.version_info(CURLVERSION_NOW)->features & CURL_VERSION_HTTP2) != 0;
}
