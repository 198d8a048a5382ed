#include "ccurl.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <time.h>

// ---------------------------------------------------------------------------------------------
// The slice of libcurl's public ABI this file uses, declared here so that neither the build nor
// CI needs libcurl's development headers. The numbers are part of curl's stable ABI (curl/curl.h
// builds CURLoption values as type base + number: LONG 0, OBJECTPOINT 10000, FUNCTIONPOINT
// 20000, OFF_T 30000; CURLINFO values as type + number with CURLINFO_LONG 0x200000; CURLcode
// values are never renumbered). Each value was checked against curl 7.88.1's curl/curl.h.
// ---------------------------------------------------------------------------------------------

typedef void CURL;
typedef int CURLcode;   // enum CURLcode: int-sized
typedef int CURLoption; // enum CURLoption: int-sized
typedef int CURLINFO;   // enum CURLINFO: int-sized
typedef int64_t curl_off_t; // 64 bits on every platform kauth supports (curl/system.h)

struct curl_slist {
    char *data;
    struct curl_slist *next;
};

enum {
    CURL_GLOBAL_DEFAULT = 3, // CURL_GLOBAL_SSL | CURL_GLOBAL_WIN32
    CURL_ERROR_SIZE = 256,
};

enum {
    CURLOPT_WRITEDATA = 10001,
    CURLOPT_URL = 10002,
    CURLOPT_PROXY = 10004,
    CURLOPT_ERRORBUFFER = 10010,
    CURLOPT_POSTFIELDS = 10015,
    CURLOPT_USERAGENT = 10018,
    CURLOPT_HTTPHEADER = 10023,
    CURLOPT_SSLCERT = 10025,
    CURLOPT_CAINFO = 10065,
    CURLOPT_SSLKEY = 10087,
    CURLOPT_HEADERDATA = 10029,
    CURLOPT_CUSTOMREQUEST = 10036,
    CURLOPT_WRITEFUNCTION = 20011,
    CURLOPT_HEADERFUNCTION = 20079,
    CURLOPT_OPENSOCKETFUNCTION = 20163,
    CURLOPT_POSTFIELDSIZE_LARGE = 30120,
    CURLOPT_NOBODY = 44,
    CURLOPT_FOLLOWLOCATION = 52,
    CURLOPT_HTTPGET = 80,
    CURLOPT_NOSIGNAL = 99,
    CURLOPT_TIMEOUT_MS = 155,
};

enum {
    CURLINFO_RESPONSE_CODE = 0x200002, // CURLINFO_LONG + 2
};

enum {
    CURLE_OK = 0,
    CURLE_URL_MALFORMAT = 3,
    CURLE_COULDNT_RESOLVE_PROXY = 5,
    CURLE_COULDNT_RESOLVE_HOST = 6,
    CURLE_COULDNT_CONNECT = 7,
    CURLE_RECV_ERROR = 56,
    CURLE_OUT_OF_MEMORY = 27,
    CURLE_OPERATION_TIMEDOUT = 28,
    CURLE_SSL_CONNECT_ERROR = 35,
    CURLE_SSL_ENGINE_NOTFOUND = 53,
    CURLE_SSL_CERTPROBLEM = 58,
    CURLE_SSL_CIPHER = 59,
    CURLE_PEER_FAILED_VERIFICATION = 60,
    CURLE_SSL_CACERT_BADFILE = 77,
    CURLE_SSL_CRL_BADFILE = 82,
    CURLE_SSL_ISSUER_ERROR = 83,
    CURLE_SSL_PINNEDPUBKEYNOTMATCH = 90,
    CURLE_SSL_INVALIDCERTSTATUS = 91,
    CURLE_QUIC_CONNECT_ERROR = 96,
    CURLE_PROXY = 97,
};

typedef size_t (*curl_write_callback)(char *data, size_t size, size_t count, void *context);

// CURLOPT_OPENSOCKETFUNCTION's types. `addr` is as long as `addrlen` says.
typedef int curl_socket_t; // POSIX: a descriptor; CURL_SOCKET_BAD is -1
typedef int curlsocktype;  // enum curlsocktype: CURLSOCKTYPE_IPCXN 0, CURLSOCKTYPE_ACCEPT 1
struct curl_sockaddr {
    int family;
    int socktype;
    int protocol;
    unsigned int addrlen;
    struct sockaddr addr;
};
typedef curl_socket_t (*curl_opensocket_callback)(void *context, curlsocktype purpose, struct curl_sockaddr *address);

// ---------------------------------------------------------------------------------------------
// Loading
// ---------------------------------------------------------------------------------------------

static struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *handle, CURLoption option, ...);
    CURLcode (*easy_perform)(CURL *handle);
    CURLcode (*easy_getinfo)(CURL *handle, CURLINFO info, ...);
    void (*easy_cleanup)(CURL *handle);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *line);
    void (*slist_free_all)(struct curl_slist *list);
    int loaded;
    char load_error[200];
} curl;

// Written only inside pthread_once; pthread_once's return orders those writes before every
// later read, so no further locking is needed.
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_libcurl(void) {
    // Versioned names first: the unversioned one exists only where the dev package is
    // installed. libcurl-gnutls.so.4 is Debian's GnuTLS build (what git depends on), same ABI,
    // so a machine without libcurl4 still works. On macOS libcurl lives in the dyld shared
    // cache and is found by its install path.
    static const char *const candidates[] = {
#if defined(__APPLE__)
        "/usr/lib/libcurl.4.dylib", "libcurl.4.dylib", "libcurl.dylib",
#else
        "libcurl.so.4", "libcurl.so", "libcurl-gnutls.so.4",
#endif
    };
    void *library = NULL;
    const char *loaded_name = NULL;
    for (size_t i = 0; i < sizeof candidates / sizeof candidates[0] && library == NULL; i++) {
        // RTLD_LOCAL: libcurl's symbols (and OpenSSL's, which it pulls in) must not interpose
        // on the libcrypto kauth links for its own crypto.
        library = dlopen(candidates[i], RTLD_NOW | RTLD_LOCAL);
        loaded_name = candidates[i];
        // Keep the first failure: it names the library users should install, and if that one
        // exists but cannot load (a missing dependency), it is the error worth showing.
        const char *reason = library == NULL ? dlerror() : NULL;
        if (i == 0 && reason != NULL) snprintf(curl.load_error, sizeof curl.load_error, "%s", reason);
    }
    if (library == NULL) {
        if (curl.load_error[0] == '\0') snprintf(curl.load_error, sizeof curl.load_error, "libcurl not found");
        return;
    }

    struct { void **slot; const char *name; } symbols[] = {
        {(void **)&curl.global_init, "curl_global_init"},
        {(void **)&curl.easy_init, "curl_easy_init"},
        {(void **)&curl.easy_setopt, "curl_easy_setopt"},
        {(void **)&curl.easy_perform, "curl_easy_perform"},
        {(void **)&curl.easy_getinfo, "curl_easy_getinfo"},
        {(void **)&curl.easy_cleanup, "curl_easy_cleanup"},
        {(void **)&curl.easy_strerror, "curl_easy_strerror"},
        {(void **)&curl.slist_append, "curl_slist_append"},
        {(void **)&curl.slist_free_all, "curl_slist_free_all"},
    };
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        *symbols[i].slot = dlsym(library, symbols[i].name);
        if (*symbols[i].slot == NULL) {
            snprintf(curl.load_error, sizeof curl.load_error, "%s has no %s", loaded_name, symbols[i].name);
            return;
        }
    }
    // curl_global_init is not thread-safe in every libcurl version; pthread_once makes this the
    // process's only call, before any easy handle exists.
    CURLcode code = curl.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(curl.load_error, sizeof curl.load_error, "curl_global_init failed: %s", curl.easy_strerror(code));
        return;
    }
    curl.loaded = 1;
}

// ---------------------------------------------------------------------------------------------
// Typed setters: the only places the variadic functions are called, each with the exact
// argument type libcurl reads for that option class (long, pointer, function pointer, off_t).
// ---------------------------------------------------------------------------------------------

static CURLcode set_long(CURL *handle, CURLoption option, long value) {
    return curl.easy_setopt(handle, option, value);
}

static CURLcode set_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl.easy_setopt(handle, option, value);
}

static CURLcode set_function(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl.easy_setopt(handle, option, value);
}

static CURLcode set_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl.easy_setopt(handle, option, value);
}

static CURLcode set_opensocket(CURL *handle, CURLoption option, curl_opensocket_callback value) {
    return curl.easy_setopt(handle, option, value);
}

// ---------------------------------------------------------------------------------------------
// Close-on-exec sockets
// ---------------------------------------------------------------------------------------------

// libcurl 7.x creates its connection sockets without FD_CLOEXEC (7.88.1 calls plain socket()), so
// a program kauth starts while a transfer runs would inherit the connection. libcurl lets the
// caller open the socket instead; this opens the same one, close-on-exec from its creation.
// (The socket pair a 7.x multi handle makes for curl_multi_wakeup has no such hook; it lives only
// during curl_easy_perform, and the browser launcher closes every descriptor above 2 anyway.)
static curl_socket_t open_cloexec_socket(void *context, curlsocktype purpose, struct curl_sockaddr *address) {
    (void)context;
    (void)purpose;
#if defined(SOCK_CLOEXEC)
    int fd = socket(address->family, address->socktype | SOCK_CLOEXEC, address->protocol);
    // EINVAL: a kernel older than the flag (Linux < 2.6.27); set it the old way below.
    if (fd >= 0 || errno != EINVAL) return fd;
#endif
    int plain = socket(address->family, address->socktype, address->protocol);
    if (plain >= 0) fcntl(plain, F_SETFD, FD_CLOEXEC);
    return plain;
}

// ---------------------------------------------------------------------------------------------
// Response collection
// ---------------------------------------------------------------------------------------------

// Token endpoints answer in kilobytes; these bounds only stop a hostile or broken server from
// exhausting memory.
#define MAX_BODY_BYTES ((size_t)64 * 1024 * 1024)
#define MAX_HEADER_BYTES ((size_t)1024 * 1024)

typedef struct {
    kauth_http_result *result;
    int overflowed; // 1: a limit was hit; 2: malloc failed
} collector;

static int buffer_append(kauth_http_buffer *buffer, const void *data, size_t length, size_t limit, int *overflowed) {
    if (length > limit - buffer->length) {
        *overflowed = 1;
        return 0;
    }
    size_t needed = buffer->length + length;
    if (needed > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < needed) capacity *= 2;
        unsigned char *bytes = realloc(buffer->bytes, capacity);
        if (bytes == NULL) {
            *overflowed = 2;
            return 0;
        }
        buffer->bytes = bytes;
        buffer->capacity = capacity;
    }
    if (length > 0) memcpy(buffer->bytes + buffer->length, data, length);
    buffer->length = needed;
    return 1;
}

// Returning fewer bytes than given makes libcurl abort the transfer (CURLE_WRITE_ERROR).
static size_t on_body(char *data, size_t size, size_t count, void *context) {
    collector *c = context;
    size_t length = size * count;
    return buffer_append(&c->result->body, data, length, MAX_BODY_BYTES, &c->overflowed) ? length : 0;
}

static size_t on_header(char *data, size_t size, size_t count, void *context) {
    collector *c = context;
    size_t length = size * count;
    // libcurl hands over the headers of every response it reads: interim 1xx ones and a
    // proxy's CONNECT answer come before the final one. A status line starts a new response,
    // so keep only what follows the last one. (A header line cannot start with "HTTP/": '/'
    // is not a token character, and folded lines start with whitespace.)
    if (length >= 5 && memcmp(data, "HTTP/", 5) == 0) c->result->headers.length = 0;
    return buffer_append(&c->result->headers, data, length, MAX_HEADER_BYTES, &c->overflowed) ? length : 0;
}

// ---------------------------------------------------------------------------------------------
// SIGPIPE
// ---------------------------------------------------------------------------------------------

// CURLOPT_NOSIGNAL is required with several threads (otherwise libcurl uses alarm() for DNS
// timeouts), but it also stops libcurl from ignoring SIGPIPE around its writes, and a TLS write
// to a peer that has gone away would then kill kauth. Blocking SIGPIPE for this thread only and
// discarding one raised meanwhile keeps the process's signal dispositions untouched. macOS needs
// none of this: libcurl sets SO_NOSIGPIPE on its sockets there.
typedef struct {
#if defined(__linux__)
    sigset_t previous_mask;
    int was_pending;
#endif
    int unused;
} sigpipe_guard;

static void sigpipe_block(sigpipe_guard *guard) {
#if defined(__linux__)
    sigset_t pipe_set, pending;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    sigpending(&pending);
    guard->was_pending = sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe_set, &guard->previous_mask);
#else
    (void)guard;
#endif
}

static void sigpipe_restore(sigpipe_guard *guard) {
#if defined(__linux__)
    sigset_t pipe_set, pending;
    sigemptyset(&pipe_set);
    sigaddset(&pipe_set, SIGPIPE);
    if (!guard->was_pending) {
        sigpending(&pending);
        if (sigismember(&pending, SIGPIPE)) {
            struct timespec zero = {0, 0};
            while (sigtimedwait(&pipe_set, NULL, &zero) == -1 && errno == EINTR) {
            }
        }
    }
    pthread_sigmask(SIG_SETMASK, &guard->previous_mask, NULL);
#else
    (void)guard;
#endif
}

// ---------------------------------------------------------------------------------------------
// The request
// ---------------------------------------------------------------------------------------------

static int fail(kauth_http_result *result, kauth_http_error error, int curl_code, const char *message) {
    result->error = error;
    result->curl_code = curl_code;
    snprintf(result->message, sizeof result->message, "%s", message);
    return error;
}

static int has_prefix_ignoring_case(const char *string, const char *prefix) {
    return strncasecmp(string, prefix, strlen(prefix)) == 0;
}

// True when a caller's header line ("Name: v", "Name;" or "Name:") sets header `name`.
static int line_names(const char *line, const char *name) {
    size_t length = strlen(name);
    return strncasecmp(line, name, length) == 0 && (line[length] == ':' || line[length] == ';');
}

// True for http(s)://localhost, 127.x.x.x and [::1] (any userinfo or port).
static int is_loopback_url(const char *url) {
    const char *authority = strstr(url, "://");
    if (authority == NULL) return 0;
    authority += 3;
    size_t length = strcspn(authority, "/?#");
    const char *host = authority;
    for (size_t i = 0; i < length; i++)
        if (authority[i] == '@') host = authority + i + 1;
    size_t host_length = (size_t)(authority + length - host);
    if (host_length >= 5 && strncmp(host, "[::1]", 5) == 0) return host_length == 5 || host[5] == ':';
    size_t name_length = strcspn(host, ":/?#");
    if (name_length > host_length) name_length = host_length;
    if (name_length == 9 && strncasecmp(host, "localhost", 9) == 0) return 1;
    if (name_length < 4 || strncmp(host, "127.", 4) != 0) return 0;
    for (size_t i = 4; i < name_length; i++)
        if (!((host[i] >= '0' && host[i] <= '9') || host[i] == '.')) return 0;
    return 1;
}

static kauth_http_error classify(CURLcode code) {
    switch (code) {
    case CURLE_OK:
        return KAUTH_HTTP_OK;
    case CURLE_OPERATION_TIMEDOUT:
        return KAUTH_HTTP_TIMED_OUT;
    case CURLE_URL_MALFORMAT:
        return KAUTH_HTTP_INVALID_URL;
    case CURLE_COULDNT_RESOLVE_PROXY:
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_CONNECT:
    case CURLE_SSL_CIPHER:
    case CURLE_QUIC_CONNECT_ERROR:
    case CURLE_PROXY:
        return KAUTH_HTTP_CONNECT_FAILED;
    // Certificates: a setting to fix, not a network to wait for.
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_SSL_ENGINE_NOTFOUND:
    case CURLE_SSL_CERTPROBLEM:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_SSL_CRL_BADFILE:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_INVALIDCERTSTATUS:
        return KAUTH_HTTP_TLS_FAILED;
    default:
        return KAUTH_HTTP_OTHER;
    }
}

int kauth_http_perform(const char *method,
                       const char *url,
                       const char *const *header_lines,
                       size_t header_count,
                       const void *body,
                       size_t body_length,
                       long timeout_ms,
                       const kauth_http_tls *tls,
                       kauth_http_result *result) {
    memset(result, 0, sizeof *result);

    pthread_once(&load_once, load_libcurl);
    if (!curl.loaded) return fail(result, KAUTH_HTTP_UNAVAILABLE, 0, curl.load_error);

    // Checked here rather than left to libcurl: it would guess "http://" for a URL without a
    // scheme and would happily fetch file:// or other protocols it was built with.
    if (url == NULL || !(has_prefix_ignoring_case(url, "http://") || has_prefix_ignoring_case(url, "https://")))
        return fail(result, KAUTH_HTTP_INVALID_URL, 0, "only http:// and https:// URLs are supported");
    if (method == NULL || method[0] == '\0') method = "GET";

    int is_post = strcmp(method, "POST") == 0;
    int sends_body = body_length > 0 || is_post || strcmp(method, "PUT") == 0 || strcmp(method, "PATCH") == 0;

    CURL *handle = curl.easy_init();
    if (handle == NULL) return fail(result, KAUTH_HTTP_OTHER, 0, "curl_easy_init failed");

    char error_buffer[CURL_ERROR_SIZE];
    error_buffer[0] = '\0';
    collector collected = {result, 0};

    struct curl_slist *headers = NULL;
    int out_of_memory = 0;
    int has_user_agent = 0, has_expect = 0, has_content_type = 0;
    for (size_t i = 0; i < header_count && !out_of_memory; i++) {
        const char *line = header_lines[i];
        has_user_agent |= line_names(line, "User-Agent");
        has_expect |= line_names(line, "Expect");
        has_content_type |= line_names(line, "Content-Type");
        struct curl_slist *extended = curl.slist_append(headers, line);
        if (extended == NULL) out_of_memory = 1; else headers = extended;
    }
    if (sends_body && !out_of_memory) {
        // An empty "Expect:" stops libcurl from sending "Expect: 100-continue" and then
        // waiting up to a second for a 100 that many servers never send.
        if (!has_expect) {
            struct curl_slist *extended = curl.slist_append(headers, "Expect:");
            if (extended == NULL) out_of_memory = 1; else headers = extended;
        }
        // libcurl labels any body it posts application/x-www-form-urlencoded unless told
        // otherwise; the request goes out as the caller described it, so no Content-Type
        // unless the caller gave one.
        if (!has_content_type && !out_of_memory) {
            struct curl_slist *extended = curl.slist_append(headers, "Content-Type:");
            if (extended == NULL) out_of_memory = 1; else headers = extended;
        }
    }

    CURLcode code = out_of_memory ? CURLE_OUT_OF_MEMORY : CURLE_OK;
#define SET(call) \
    do { \
        if (code == CURLE_OK) code = (call); \
    } while (0)
    SET(set_pointer(handle, CURLOPT_ERRORBUFFER, error_buffer));
    // No SIGALRM-based DNS timeouts: they are not thread-safe (see sigpipe_block for SIGPIPE).
    SET(set_long(handle, CURLOPT_NOSIGNAL, 1L));
    SET(set_pointer(handle, CURLOPT_URL, url));
    // Redirects are the caller's business: an OAuth client must see a 3xx, not follow it with
    // credentials to wherever it points. (0 is libcurl's default; set to make it explicit.)
    SET(set_long(handle, CURLOPT_FOLLOWLOCATION, 0L));
    SET(set_function(handle, CURLOPT_WRITEFUNCTION, on_body));
    SET(set_pointer(handle, CURLOPT_WRITEDATA, &collected));
    SET(set_function(handle, CURLOPT_HEADERFUNCTION, on_header));
    SET(set_pointer(handle, CURLOPT_HEADERDATA, &collected));
    SET(set_opensocket(handle, CURLOPT_OPENSOCKETFUNCTION, open_cloexec_socket));
    if (timeout_ms > 0) SET(set_long(handle, CURLOPT_TIMEOUT_MS, timeout_ms));
    if (sends_body) {
        // POSTFIELDS with an explicit size: the body may contain NUL bytes, and an empty body
        // still produces "Content-Length: 0". libcurl does not copy it; it outlives the call.
        SET(set_pointer(handle, CURLOPT_POSTFIELDS, body_length > 0 ? body : ""));
        SET(set_offset(handle, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length));
        if (!is_post) SET(set_pointer(handle, CURLOPT_CUSTOMREQUEST, method));
    } else if (strcmp(method, "HEAD") == 0) {
        // A custom "HEAD" would make libcurl wait for a body that never comes.
        SET(set_long(handle, CURLOPT_NOBODY, 1L));
    } else if (strcmp(method, "GET") == 0) {
        SET(set_long(handle, CURLOPT_HTTPGET, 1L));
    } else {
        SET(set_pointer(handle, CURLOPT_CUSTOMREQUEST, method));
    }
    if (!has_user_agent) SET(set_pointer(handle, CURLOPT_USERAGENT, "kauth"));
    if (headers != NULL) SET(set_pointer(handle, CURLOPT_HTTPHEADER, headers));
    // Proxies: CURLOPT_PROXY stays unset, so libcurl reads http_proxy, HTTPS_PROXY/https_proxy,
    // ALL_PROXY and NO_PROXY from the environment itself, which is how users behind a proxy
    // expect a CLI to behave. (It ignores upper-case HTTP_PROXY on purpose: CGI sets that one
    // from a request header.) The exception is loopback: a proxy cannot reach this machine's
    // 127.0.0.1 (the loopback redirect, `kauth sandbox`), so "" (libcurl: no proxy, whatever
    // the environment says) is set for it, as Go's net/http does.
    if (is_loopback_url(url)) SET(set_pointer(handle, CURLOPT_PROXY, ""));
    // TLS peer and host verification stay at libcurl's default: on. A CA file replaces the
    // system's store for this request; a file that cannot be read fails it (CURLE 77), never
    // a fallback to no verification.
    if (tls != NULL) {
        if (tls->ca_file != NULL) SET(set_pointer(handle, CURLOPT_CAINFO, tls->ca_file));
        if (tls->client_cert != NULL) SET(set_pointer(handle, CURLOPT_SSLCERT, tls->client_cert));
        if (tls->client_key != NULL) SET(set_pointer(handle, CURLOPT_SSLKEY, tls->client_key));
    }
#undef SET

    if (code == CURLE_OK) {
        sigpipe_guard guard;
        sigpipe_block(&guard);
        code = curl.easy_perform(handle);
        sigpipe_restore(&guard);
    }
    long status = 0;
    if (curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &status) == CURLE_OK) result->status = status;

    curl.easy_cleanup(handle);
    // The header list must outlive the handle that points at it.
    curl.slist_free_all(headers);

    if (code == CURLE_OK) {
        result->error = KAUTH_HTTP_OK;
        return KAUTH_HTTP_OK;
    }
    if (collected.overflowed == 1)
        return fail(result, KAUTH_HTTP_OTHER, code, "response too large");
    if (collected.overflowed == 2 || code == CURLE_OUT_OF_MEMORY)
        return fail(result, KAUTH_HTTP_OTHER, code, "out of memory");
    kauth_http_error error = classify(code);
    // Under TLS 1.3 a client certificate the server wants and does not get is only heard of
    // once reading: "alert certificate required".
    if (code == CURLE_RECV_ERROR && strstr(error_buffer, "certificate") != NULL) error = KAUTH_HTTP_TLS_FAILED;
    return fail(result, error, code, error_buffer[0] ? error_buffer : curl.easy_strerror(code));
}

void kauth_http_result_free(kauth_http_result *result) {
    if (result == NULL) return;
    free(result->headers.bytes);
    free(result->body.bytes);
    memset(result, 0, sizeof *result);
}
