#ifndef COMPCTL_CLIBGIT2_SHIM_H
#define COMPCTL_CLIBGIT2_SHIM_H
#include <git2.h>

/* git_libgit2_opts() is C-variadic, which Swift cannot call; each option compctl
   needs gets a non-variadic wrapper here. */
static inline int compctl_git_set_search_path(git_config_level_t level, const char *path) {
    return git_libgit2_opts(GIT_OPT_SET_SEARCH_PATH, level, path);
}
static inline int compctl_git_enable_caching(int enabled) {
    return git_libgit2_opts(GIT_OPT_ENABLE_CACHING, enabled);
}
static inline int compctl_git_set_owner_validation(int enabled) {
    return git_libgit2_opts(GIT_OPT_SET_OWNER_VALIDATION, enabled);
}

/* The certificate callback receives a `git_cert *` that is the first member of a
   `git_cert_hostkey` when its type is GIT_CERT_HOSTKEY_LIBSSH2 (C-style
   inheritance); this cast keeps that layout knowledge on the C side. */
static inline const git_cert_hostkey *compctl_git_cert_as_hostkey(const git_cert *cert) {
    return cert->cert_type == GIT_CERT_HOSTKEY_LIBSSH2 ? (const git_cert_hostkey *)cert : NULL;
}
#endif
