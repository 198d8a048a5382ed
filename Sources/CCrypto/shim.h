#ifndef KAUTH_CCRYPTO_SHIM_H
#define KAUTH_CCRYPTO_SHIM_H
// OpenSSL's libcrypto (Debian: libssl-dev): the digest, random, KDF, cipher, MAC and RSA, EC and
// Ed25519 key APIs, and PEM for the keys a client signs its assertions with.
#include <openssl/evp.h>
#include <openssl/ec.h>
#include <openssl/hmac.h>
#include <openssl/crypto.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/err.h>
#include <openssl/rsa.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <openssl/bio.h>

// EVP_PKEY_fromdata's selections are macros built from other macros, which Swift does not import.
static inline int kauth_evp_pkey_public_key_selection(void) { return EVP_PKEY_PUBLIC_KEY; }
static inline int kauth_evp_pkey_keypair_selection(void) { return EVP_PKEY_KEYPAIR; }
#endif
