#include "cgssapi.h"

#if defined(__linux__)
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The Kerberos name type 1.2.840.113554.1.2.1.4 (RFC 2743's GSS_C_NT_HOSTBASED_SERVICE),
 * which libgit2 names its server with. A name imported with it is imported with the
 * library's own copy of the constant, so that the library sees the pointer it knows. */
static cgss_oid_desc hostbased = {10, (void *)"\x2a\x86\x48\x86\xf7\x12\x01\x02\x01\x04"};
CGSS_HIDDEN cgss_oid_desc *GSS_C_NT_HOSTBASED_SERVICE = &hostbased;

static struct {
    cgss_uint32 (*indicate_mechs)(cgss_uint32 *, cgss_oid_set_desc **);
    cgss_uint32 (*release_oid_set)(cgss_uint32 *, cgss_oid_set_desc **);
    cgss_uint32 (*import_name)(cgss_uint32 *, cgss_buffer_desc *, cgss_oid_desc *, void **);
    cgss_uint32 (*release_name)(cgss_uint32 *, void **);
    cgss_uint32 (*init_sec_context)(cgss_uint32 *, void *, void **, void *, cgss_oid_desc *, cgss_uint32,
                                    cgss_uint32, void *, cgss_buffer_desc *, cgss_oid_desc **,
                                    cgss_buffer_desc *, cgss_uint32 *, cgss_uint32 *);
    cgss_uint32 (*delete_sec_context)(cgss_uint32 *, void **, cgss_buffer_desc *);
    cgss_uint32 (*display_status)(cgss_uint32 *, cgss_uint32, int, cgss_oid_desc *, cgss_uint32 *,
                                  cgss_buffer_desc *);
    cgss_uint32 (*release_buffer)(cgss_uint32 *, cgss_buffer_desc *);
    cgss_oid_desc **hostbased;
} api;

static pthread_mutex_t mutex = PTHREAD_MUTEX_INITIALIZER;
/* 0: not loaded yet; 1: loaded; -1: missing, for the reason in `missing`. */
static int state = 0;
static const char *library_name = "libgssapi_krb5.so.2";
static void *library = NULL;
static char missing[512];

#define RESOLVE(field, symbol)                                                                  \
    do {                                                                                        \
        *(void **)(&api.field) = dlsym(library, symbol);                                        \
        if (api.field == NULL) {                                                                \
            snprintf(missing, sizeof missing, "%s lacks %s", library_name, symbol);             \
            return -1;                                                                          \
        }                                                                                       \
    } while (0)

static int load_locked(void) {
    library = dlopen(library_name, RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *why = dlerror();
        snprintf(missing, sizeof missing, "%s", why ? why : library_name);
        return -1;
    }
    RESOLVE(indicate_mechs, "gss_indicate_mechs");
    RESOLVE(release_oid_set, "gss_release_oid_set");
    RESOLVE(import_name, "gss_import_name");
    RESOLVE(release_name, "gss_release_name");
    RESOLVE(init_sec_context, "gss_init_sec_context");
    RESOLVE(delete_sec_context, "gss_delete_sec_context");
    RESOLVE(display_status, "gss_display_status");
    RESOLVE(release_buffer, "gss_release_buffer");
    RESOLVE(hostbased, "GSS_C_NT_HOSTBASED_SERVICE");
    return 1;
}

/* Loads the library on the first call; whether it is there. */
static int loaded(void) {
    pthread_mutex_lock(&mutex);
    if (state == 0) {
        state = load_locked();
        if (state < 0 && library != NULL) {
            dlclose(library);
            library = NULL;
        }
    }
    int result = state > 0;
    pthread_mutex_unlock(&mutex);
    return result;
}

CGSS_HIDDEN void cgss_use_library(const char *name) {
    pthread_mutex_lock(&mutex);
    if (library != NULL) dlclose(library);
    library = NULL;
    memset(&api, 0, sizeof api);
    library_name = name;
    state = 0;
    pthread_mutex_unlock(&mutex);
}

CGSS_HIDDEN int cgss_is_loaded(void) {
    return loaded();
}

/* Without the library: what was asked for could not be done. */
static cgss_uint32 failure(cgss_uint32 *minor) {
    if (minor != NULL) *minor = 0;
    return CGSS_S_FAILURE;
}

/* Without the library there is nothing to release. */
static cgss_uint32 nothing(cgss_uint32 *minor) {
    if (minor != NULL) *minor = 0;
    return CGSS_S_COMPLETE;
}

CGSS_HIDDEN cgss_uint32 gss_indicate_mechs(cgss_uint32 *minor, cgss_oid_set_desc **mechanisms) {
    if (loaded()) return api.indicate_mechs(minor, mechanisms);
    if (mechanisms != NULL) *mechanisms = NULL;
    return failure(minor);
}

CGSS_HIDDEN cgss_uint32 gss_release_oid_set(cgss_uint32 *minor, cgss_oid_set_desc **set) {
    if (loaded()) return api.release_oid_set(minor, set);
    if (set != NULL) *set = NULL;
    return nothing(minor);
}

CGSS_HIDDEN cgss_uint32 gss_import_name(cgss_uint32 *minor, cgss_buffer_desc *name, cgss_oid_desc *type,
                                        void **output) {
    if (loaded()) return api.import_name(minor, name, type == &hostbased ? *api.hostbased : type, output);
    if (output != NULL) *output = NULL;
    return failure(minor);
}

CGSS_HIDDEN cgss_uint32 gss_release_name(cgss_uint32 *minor, void **name) {
    if (loaded()) return api.release_name(minor, name);
    if (name != NULL) *name = NULL;
    return nothing(minor);
}

CGSS_HIDDEN cgss_uint32 gss_init_sec_context(cgss_uint32 *minor, void *credential, void **context, void *target,
                                             cgss_oid_desc *mechanism, cgss_uint32 flags, cgss_uint32 time,
                                             void *bindings, cgss_buffer_desc *input,
                                             cgss_oid_desc **actual_mechanism, cgss_buffer_desc *output,
                                             cgss_uint32 *returned_flags, cgss_uint32 *time_left) {
    if (loaded()) {
        return api.init_sec_context(minor, credential, context, target, mechanism, flags, time, bindings, input,
                                    actual_mechanism, output, returned_flags, time_left);
    }
    if (output != NULL) {
        output->length = 0;
        output->value = NULL;
    }
    return failure(minor);
}

CGSS_HIDDEN cgss_uint32 gss_delete_sec_context(cgss_uint32 *minor, void **context, cgss_buffer_desc *output) {
    if (loaded()) return api.delete_sec_context(minor, context, output);
    if (context != NULL) *context = NULL;
    if (output != NULL) {
        output->length = 0;
        output->value = NULL;
    }
    return nothing(minor);
}

CGSS_HIDDEN cgss_uint32 gss_display_status(cgss_uint32 *minor, cgss_uint32 status, int type,
                                           cgss_oid_desc *mechanism, cgss_uint32 *message_context,
                                           cgss_buffer_desc *message) {
    if (loaded()) return api.display_status(minor, status, type, mechanism, message_context, message);
    if (message_context != NULL) *message_context = 0;
    if (message == NULL) return failure(minor);
    char text[640];
    int length = snprintf(text, sizeof text,
                          "Kerberos (Negotiate) authentication needs libgssapi-krb5-2 installed (%s)", missing);
    if (length < 0) length = 0;
    if ((size_t)length >= sizeof text) length = (int)sizeof text - 1;
    message->value = malloc((size_t)length + 1);
    if (message->value == NULL) {
        message->length = 0;
        return failure(minor);
    }
    memcpy(message->value, text, (size_t)length + 1);
    message->length = (size_t)length;
    return nothing(minor);
}

CGSS_HIDDEN cgss_uint32 gss_release_buffer(cgss_uint32 *minor, cgss_buffer_desc *buffer) {
    if (loaded()) return api.release_buffer(minor, buffer);
    if (buffer != NULL) {
        free(buffer->value);
        buffer->value = NULL;
        buffer->length = 0;
    }
    return nothing(minor);
}
#endif
