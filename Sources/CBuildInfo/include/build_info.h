#ifndef KAUTH_BUILD_INFO_H
#define KAUTH_BUILD_INFO_H

// What the build knows that the source does not: the commit kauth was built from.
//
// Why C: Swift has no way to take a string from the build's command line, and C does
// (`-DKAUTH_COMMIT="..."`, which Package.swift adds from the KAUTH_COMMIT the Makefile sets).

#ifdef __cplusplus
extern "C" {
#endif

/// The commit kauth was built from (`29833f6a1b2c`, `29833f6a1b2c-dirty` with uncommitted
/// changes), or "" when the build was not told (built outside a git checkout, or with a bare
/// `swift build`).
const char *kauth_build_commit(void);

#ifdef __cplusplus
}
#endif

#endif
