// The release binary runs on glibc 2.34 (RHEL 9, Amazon Linux 2023; the Makefile's RELEASE_LINK
// says why), so it may ask for no symbol version newer than GLIBC_2.34, and `make dist-check`
// fails on one that does.
//
// Swift's Glibc module, linked statically, wraps hypotf. glibc 2.35 gave hypotf a new
// implementation under a new symbol version, so a link against glibc 2.35 or newer binds that
// reference to hypotf@GLIBC_2.35, and glibc 2.34's loader then refuses to start kauth (kauth
// itself never calls hypotf). The definition below takes the reference inside the binary and
// passes the call to the hypotf every glibc has, the architecture's first version, which 2.35
// keeps for programs linked before it.
#ifdef __linux__
#include <features.h>  // defines __GLIBC__ where the C library is glibc
#endif

#if defined(__linux__) && defined(__GLIBC__)
#if defined(__x86_64__)
__asm__(".symver kauth_glibc_hypotf, hypotf@GLIBC_2.2.5");
#define KAUTH_GLIBC_HYPOTF 1
#elif defined(__aarch64__)
__asm__(".symver kauth_glibc_hypotf, hypotf@GLIBC_2.17");
#define KAUTH_GLIBC_HYPOTF 1
#endif
#endif

#ifdef KAUTH_GLIBC_HYPOTF
float kauth_glibc_hypotf(float x, float y);

__attribute__((visibility("hidden"))) float hypotf(float x, float y) {
    return kauth_glibc_hypotf(x, y);
}
#endif
