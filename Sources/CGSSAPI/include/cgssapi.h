#ifndef COMPCTL_CGSSAPI_H
#define COMPCTL_CGSSAPI_H

/*
 * The GSSAPI calls libgit2 makes for HTTP `Negotiate` (Kerberos) authentication, defined
 * here and forwarded to Kerberos' libgssapi_krb5.so.2, which is loaded with dlopen on the
 * first call instead of being linked: linking it loads seven shared libraries into every
 * compctl run, about a millisecond of start-up, for an authentication few servers ask for.
 * Without the library, each call fails as GSSAPI does (GSS_S_FAILURE), with a message that
 * says what to install, and libgit2 moves on to the other schemes the server offers.
 *
 * Linux only (a release build links libgit2 from its archive there); the definitions are
 * hidden, so that libgit2 linked in binds to them and nothing loaded later (libcurl, or
 * Kerberos itself) does.
 */

#if defined(__linux__)
#include <stddef.h>
#include <stdint.h>

typedef uint32_t cgss_uint32;
typedef struct { cgss_uint32 length; void *elements; } cgss_oid_desc;
typedef struct { size_t count; cgss_oid_desc *elements; } cgss_oid_set_desc;
typedef struct { size_t length; void *value; } cgss_buffer_desc;

#define CGSS_HIDDEN __attribute__((visibility("hidden")))

/* GSS_S_COMPLETE and GSS_S_FAILURE. */
#define CGSS_S_COMPLETE 0u
#define CGSS_S_FAILURE (13u << 16)

CGSS_HIDDEN extern cgss_oid_desc *GSS_C_NT_HOSTBASED_SERVICE;
/* The constant as libgit2 reads it, for Swift (which cannot read a mutable C global). */
static inline cgss_oid_desc *cgss_hostbased_service(void) { return GSS_C_NT_HOSTBASED_SERVICE; }

CGSS_HIDDEN cgss_uint32 gss_indicate_mechs(cgss_uint32 *minor, cgss_oid_set_desc **mechanisms);
CGSS_HIDDEN cgss_uint32 gss_release_oid_set(cgss_uint32 *minor, cgss_oid_set_desc **set);
CGSS_HIDDEN cgss_uint32 gss_import_name(cgss_uint32 *minor, cgss_buffer_desc *name, cgss_oid_desc *type, void **output);
CGSS_HIDDEN cgss_uint32 gss_release_name(cgss_uint32 *minor, void **name);
CGSS_HIDDEN cgss_uint32 gss_init_sec_context(cgss_uint32 *minor, void *credential, void **context, void *target,
                                 cgss_oid_desc *mechanism, cgss_uint32 flags, cgss_uint32 time,
                                 void *bindings, cgss_buffer_desc *input, cgss_oid_desc **actual_mechanism,
                                 cgss_buffer_desc *output, cgss_uint32 *returned_flags, cgss_uint32 *time_left);
CGSS_HIDDEN cgss_uint32 gss_delete_sec_context(cgss_uint32 *minor, void **context, cgss_buffer_desc *output);
CGSS_HIDDEN cgss_uint32 gss_display_status(cgss_uint32 *minor, cgss_uint32 status, int type, cgss_oid_desc *mechanism,
                               cgss_uint32 *message_context, cgss_buffer_desc *message);
CGSS_HIDDEN cgss_uint32 gss_release_buffer(cgss_uint32 *minor, cgss_buffer_desc *buffer);

/* For tests: loads `library` instead of libgssapi_krb5.so.2 on the first call. */
CGSS_HIDDEN void cgss_use_library(const char *library);
/* Whether the library is loaded, loading it now if no call has yet. */
CGSS_HIDDEN int cgss_is_loaded(void);
#endif

#endif
