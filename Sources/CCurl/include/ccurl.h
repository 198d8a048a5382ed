#ifndef KAUTH_CCURL_H
#define KAUTH_CCURL_H

// Typed wrappers over libcurl, which is loaded with dlopen on first use (see ccurl.c).
//
// Why not link libcurl: a static kauth that only reads its credentials file starts in ~3 ms;
// linking libcurl (and the ~30 libraries it pulls in) costs every start ~8 ms more, including
// `kauth token` with a valid token, which never touches the network. Why a C shim rather than
// dlsym from Swift: curl_easy_setopt and curl_easy_getinfo are variadic, and Swift cannot call
// a C variadic function through a pointer with the argument types libcurl expects.
//
// Nothing here needs libcurl's headers, at build time or at run time.

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Why a request got no HTTP response (KAUTH_HTTP_OK: it got one, whatever its status).
typedef enum kauth_http_error {
    KAUTH_HTTP_OK = 0,
    /// libcurl could not be loaded or initialised; `message` says why.
    KAUTH_HTTP_UNAVAILABLE = 1,
    /// Name resolution, TCP connect, proxy or TLS handshake/verification failed.
    KAUTH_HTTP_CONNECT_FAILED = 2,
    /// No complete response within `timeout_ms`.
    KAUTH_HTTP_TIMED_OUT = 3,
    /// The URL is malformed or not http:// or https://.
    KAUTH_HTTP_INVALID_URL = 4,
    /// Anything else (connection reset mid-response, out of memory, response too large, ...).
    KAUTH_HTTP_OTHER = 5,
    /// The TLS handshake failed over certificates: the server's not trusted, a CA or client
    /// certificate file that cannot be used, a client certificate the server refused.
    KAUTH_HTTP_TLS_FAILED = 6,
} kauth_http_error;

/// PEM files for a request's TLS; each NULL: libcurl's default (the system's CA store, no
/// client certificate).
typedef struct kauth_http_tls {
    const char *ca_file;
    const char *client_cert;
    const char *client_key;
} kauth_http_tls;

/// A growable byte buffer owned by the result; `bytes` is malloc'ed (NULL while empty).
typedef struct kauth_http_buffer {
    unsigned char *bytes;
    size_t length;
    size_t capacity;
} kauth_http_buffer;

typedef struct kauth_http_result {
    /// The final response's status code (0 when there was no response).
    long status;
    /// Raw header bytes of the final response only, its status line first, lines as received
    /// (CRLF-terminated, folded lines not unfolded). Interim responses (100 Continue, a
    /// proxy's CONNECT answer) are dropped.
    kauth_http_buffer headers;
    /// Raw body bytes (never decoded: no Accept-Encoding is sent).
    kauth_http_buffer body;
    kauth_http_error error;
    /// libcurl's CURLcode, for diagnostics (0 when libcurl was never reached).
    int curl_code;
    /// NUL-terminated, human-readable reason when `error` is not KAUTH_HTTP_OK.
    char message[256];
} kauth_http_result;

/// Performs one HTTP request synchronously on the calling thread (it blocks: call it off any
/// thread pool that must not block). Thread-safe: each call uses its own easy handle.
///
/// - method: "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE" or any other token (sent as is).
/// - header_lines: `header_count` lines "Name: value" (libcurl's convention: "Name;" sends an
///   empty value, "Name:" suppresses a header libcurl would add).
/// - body: sent when `body_length` > 0; POST, PUT and PATCH always send a body, empty if
///   none, so they carry `Content-Length: 0` rather than none.
/// - timeout_ms: bound on the whole transfer; <= 0 means none.
///
/// Returns `result->error`. Always call `kauth_http_result_free` afterwards.
int kauth_http_perform(const char *method,
                       const char *url,
                       const char *const *header_lines,
                       size_t header_count,
                       const void *body,
                       size_t body_length,
                       long timeout_ms,
                       const kauth_http_tls *tls,
                       kauth_http_result *result);

/// Frees the buffers of a result filled by `kauth_http_perform` and zeroes it.
void kauth_http_result_free(kauth_http_result *result);

#ifdef __cplusplus
}
#endif

#endif
