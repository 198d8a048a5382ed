#ifndef KAUTH_CKEYRING_H
#define KAUTH_CKEYRING_H

// Where the keystore's key is kept on Linux: the Secret Service (gnome-keyring, KWallet,
// KeePassXC...) through libsecret, loaded with dlopen on first use like libcurl (see
// secret_service.c), and a short-lived copy in the kernel's per-user keyring (kernel_keyring.c).
//
// Why C: libsecret's convenient calls are variadic, and so is syscall(2), which add_key and keyctl
// need (glibc has no wrappers for them); Swift cannot call a C variadic function. The `*v_sync`
// calls used here take a GHashTable instead. Nothing here needs libsecret's or glib's headers.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum kauth_secret_status {
    KAUTH_SECRET_OK = 0,
    /// No item with these attributes (a keystore copied from another machine, a deleted key).
    KAUTH_SECRET_NOT_FOUND = 1,
    /// The item (or the collection a new one would go in) is locked; nothing was prompted.
    KAUTH_SECRET_LOCKED = 2,
    /// No answer within `timeout_ms`: the call was cancelled.
    KAUTH_SECRET_TIMED_OUT = 3,
    /// libsecret (or glib) could not be loaded; `message` says why.
    KAUTH_SECRET_UNAVAILABLE = 4,
    /// Any other error from libsecret or D-Bus; `message` says which.
    KAUTH_SECRET_FAILED = 5,
} kauth_secret_status;

/// Stores `secret` (text) under the attributes {kauth_home: home, key_id: key_id} in the
/// default collection, replacing an item with the same attributes. Never prompts.
int kauth_secret_store(const char *home, const char *key_id, const char *label, const char *secret,
                       long timeout_ms, char *message, size_t message_size);

/// Reads the secret stored by `kauth_secret_store` into `out` (NUL-terminated). Never prompts:
/// a locked item is KAUTH_SECRET_LOCKED.
int kauth_secret_lookup(const char *home, const char *key_id, long timeout_ms,
                        char *out, size_t out_size, char *message, size_t message_size);

/// Deletes the item; an item that is not there is KAUTH_SECRET_OK.
int kauth_secret_clear(const char *home, const char *key_id, long timeout_ms, char *message, size_t message_size);

/// Adds (or replaces) a "user" key named `description` in the calling user's keyring, readable by
/// this uid only, that the kernel removes after `timeout_seconds`. Returns 0, or an errno value.
int kauth_kernel_key_put(const char *description, const void *data, size_t length, unsigned timeout_seconds);

/// Reads the key named `description` into `buffer`; returns its length, or -1 when there is none
/// (or the kernel keyring cannot be used).
long kauth_kernel_key_get(const char *description, void *buffer, size_t size);

/// Removes the key named `description`, if any.
void kauth_kernel_key_remove(const char *description);

#ifdef __cplusplus
}
#endif

#endif
