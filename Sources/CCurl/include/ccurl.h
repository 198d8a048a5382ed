#ifndef KAUTH_CCURL_H
#define KAUTH_CCURL_H
// Typed wrappers over libcurl, which is loaded with dlopen on first use (see ccurl.c).
#endif
