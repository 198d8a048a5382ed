#include "ckeyring.h"

#if defined(__linux__)

#include <errno.h>
#include <sys/syscall.h>
#include <unistd.h>

// add_key(2) and keyctl(2) have no glibc wrappers (libkeyutils has them, but is not always
// installed), and syscall(2) is variadic, so Swift cannot call it: these are the typed calls.
// Constants from linux/keyctl.h.

enum {
    KEY_SPEC_USER_KEYRING = -4,
    KEYCTL_SETPERM = 5,
    KEYCTL_SEARCH = 10,
    KEYCTL_READ = 11,
    KEYCTL_SET_TIMEOUT = 15,
    KEYCTL_INVALIDATE = 21,
};

// The possessor may do anything; other processes of the same uid may find and read the key (the
// user keyring is not always in a process's session keyring, so "possessor" alone would hide it
// from the next kauth). Other users and root-less processes of other uids get nothing.
static const unsigned int permissions = 0x3f000000u /* KEY_POS_ALL */
    | 0x00010000u /* KEY_USR_VIEW */ | 0x00020000u /* KEY_USR_READ */ | 0x00080000u /* KEY_USR_SEARCH */;

static long find(const char *description) {
    return syscall(SYS_keyctl, KEYCTL_SEARCH, (long)KEY_SPEC_USER_KEYRING, "user", description, 0L);
}

int kauth_kernel_key_put(const char *description, const void *data, size_t length, unsigned timeout_seconds) {
    long key = syscall(SYS_add_key, "user", description, data, length, (long)KEY_SPEC_USER_KEYRING);
    if (key < 0) return errno;
    if (syscall(SYS_keyctl, KEYCTL_SETPERM, key, (long)permissions) < 0
        || syscall(SYS_keyctl, KEYCTL_SET_TIMEOUT, key, (long)timeout_seconds) < 0) {
        int error = errno;
        syscall(SYS_keyctl, KEYCTL_INVALIDATE, key);
        return error;
    }
    return 0;
}

long kauth_kernel_key_get(const char *description, void *buffer, size_t size) {
    long key = find(description);
    if (key < 0) return -1;
    long length = syscall(SYS_keyctl, KEYCTL_READ, key, buffer, (long)size);
    if (length < 0 || (size_t)length > size) return -1;
    return length;
}

void kauth_kernel_key_remove(const char *description) {
    long key = find(description);
    if (key >= 0) syscall(SYS_keyctl, KEYCTL_INVALIDATE, key);
}

#else

int kauth_kernel_key_put(const char *description, const void *data, size_t length, unsigned timeout_seconds) {
    return 38; // ENOSYS: no kernel keyring
}

long kauth_kernel_key_get(const char *description, void *buffer, size_t size) { return -1; }

void kauth_kernel_key_remove(const char *description) {}

#endif
