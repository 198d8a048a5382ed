#ifndef KAUTH_CCRYPTO_SHIM_H
#define KAUTH_CCRYPTO_SHIM_H
// OpenSSL's libcrypto (Debian: libssl-dev). Only the digest, random, KDF and cipher APIs are used.
#include <openssl/evp.h>
#include <openssl/rand.h>
#include <openssl/sha.h>
#include <openssl/err.h>
#include <openssl/rsa.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>
#endif
