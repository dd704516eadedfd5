#ifndef COMPCTL_CCURL_H
#define COMPCTL_CCURL_H
/* compctl's HTTP goes through libcurl, loaded with dlopen on first use rather than linked:
   linking it loads libcurl and the twenty-odd libraries it needs into every compctl run
   (about 7 ms of process start measured on Linux), although only commands that read a CDN
   source use it. curl.h gives the types and constants; every call goes through a function
   pointer resolved once. curl_easy_setopt and its kin are C-variadic, which Swift cannot
   call, so each argument type gets a wrapper of its own. */
#define CURL_DISABLE_DEPRECATION 1
#include <curl/curl.h>
#include <stddef.h>

/* Loads libcurl and calls curl_global_init, once per process (thread-safe). Returns 0 on
   success; otherwise copies why into `error` (at most `size` bytes, NUL-terminated). */
int ccurl_load(char *error, size_t size);

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, const void *value);
CURLcode ccurl_easy_setopt_off(CURL *handle, CURLoption option, curl_off_t value);
typedef size_t (*ccurl_data_callback)(char *data, size_t size, size_t count, void *context);
CURLcode ccurl_easy_setopt_callback(CURL *handle, CURLoption option, ccurl_data_callback callback);
CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode ccurl_easy_getinfo_pointer(CURL *handle, CURLINFO info, void **value);
const char *ccurl_easy_strerror(CURLcode code);

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text);
void ccurl_slist_free_all(struct curl_slist *list);

CURLM *ccurl_multi_init(void);
CURLMcode ccurl_multi_cleanup(CURLM *multi);
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_perform(CURLM *multi, int *running);
CURLMcode ccurl_multi_poll(CURLM *multi, int timeout_ms);
CURLMcode ccurl_multi_wakeup(CURLM *multi);
/* The next finished transfer, or NULL: its handle and result (CURLMsg's union, flattened). */
CURL *ccurl_multi_next_done(CURLM *multi, CURLcode *result);

/* The version of the loaded libcurl, such as "7.88.1", and whether it speaks HTTP/2. */
const char *ccurl_version(void);
int ccurl_supports_http2(void);
#endif
