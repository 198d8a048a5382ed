#include "ckeyring.h"

#include <stdio.h>

#if defined(__linux__)

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <string.h>
#include <time.h>

// ---------------------------------------------------------------------------------------------
// The slice of glib's and libsecret's ABI this file uses, declared here so that neither the build
// nor CI needs their development headers. Checked against glib 2.74 and libsecret 0.20
// (secret-schema.h: SecretSchema is a name, flags, 32 attributes and 8 reserved words; the search
// flags are SECRET_SEARCH_ALL 1<<1, UNLOCK 1<<2, LOAD_SECRETS 1<<3).
// ---------------------------------------------------------------------------------------------

typedef int gboolean;
typedef unsigned int guint;
typedef guint (*GHashFunc)(const void *key);
typedef gboolean (*GEqualFunc)(const void *a, const void *b);
typedef struct GHashTable GHashTable;
typedef struct GCancellable GCancellable;
typedef struct SecretItem SecretItem;
typedef struct SecretValue SecretValue;
typedef struct GError {
    guint domain;
    int code;
    char *message;
} GError;
typedef struct GList {
    void *data;
    struct GList *next;
    struct GList *prev;
} GList;
typedef struct SecretSchemaAttribute {
    const char *name;
    int type; // SECRET_SCHEMA_ATTRIBUTE_STRING = 0
} SecretSchemaAttribute;
typedef struct SecretSchema {
    const char *name;
    int flags; // SECRET_SCHEMA_NONE = 0: lookups also match the schema name
    SecretSchemaAttribute attributes[32];
    int reserved;
    void *reserved1, *reserved2, *reserved3, *reserved4, *reserved5, *reserved6, *reserved7;
} SecretSchema;

enum { SECRET_SEARCH_LOAD_SECRETS = 1 << 3 };

/// The items kauth keeps: one key per keystore folder, named by the folder and a random id that
/// the keystore file records.
static const SecretSchema schema = {
    .name = "io.github.kauth.KeystoreKey",
    .flags = 0,
    .attributes = {{"kauth_home", 0}, {"key_id", 0}, {NULL, 0}},
};

static struct {
    GHashTable *(*hash_table_new)(GHashFunc, GEqualFunc);
    gboolean (*hash_table_insert)(GHashTable *, void *, void *);
    void (*hash_table_unref)(GHashTable *);
    guint (*str_hash)(const void *);
    gboolean (*str_equal)(const void *, const void *);
    GCancellable *(*cancellable_new)(void);
    void (*cancellable_cancel)(GCancellable *);
    gboolean (*cancellable_is_cancelled)(GCancellable *);
    void (*object_unref)(void *);
    void (*error_free)(GError *);
    void (*list_free)(GList *);
    gboolean (*storev_sync)(const SecretSchema *, GHashTable *, const char *collection, const char *label,
                            const char *password, GCancellable *, GError **);
    gboolean (*clearv_sync)(const SecretSchema *, GHashTable *, GCancellable *, GError **);
    GList *(*searchv_sync)(const SecretSchema *, GHashTable *, int flags, GCancellable *, GError **);
    gboolean (*item_get_locked)(SecretItem *);
    SecretValue *(*item_get_secret)(SecretItem *);
    const char *(*value_get_text)(SecretValue *);
    void (*value_unref)(SecretValue *);
    int loaded;
    char load_error[200];
} lib;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load_libsecret(void) {
    // RTLD_LOCAL: glib's and libsecret's symbols stay out of the global namespace, as libcurl's do.
    void *library = dlopen("libsecret-1.so.0", RTLD_NOW | RTLD_LOCAL);
    if (library == NULL) {
        const char *reason = dlerror();
        snprintf(lib.load_error, sizeof lib.load_error, "%s", reason ? reason : "libsecret-1.so.0 not found");
        return;
    }
    // dlsym on libsecret's handle also searches the libraries it depends on (glib, gobject, gio).
    struct { void **slot; const char *name; } symbols[] = {
        {(void **)&lib.hash_table_new, "g_hash_table_new"},
        {(void **)&lib.hash_table_insert, "g_hash_table_insert"},
        {(void **)&lib.hash_table_unref, "g_hash_table_unref"},
        {(void **)&lib.str_hash, "g_str_hash"},
        {(void **)&lib.str_equal, "g_str_equal"},
        {(void **)&lib.cancellable_new, "g_cancellable_new"},
        {(void **)&lib.cancellable_cancel, "g_cancellable_cancel"},
        {(void **)&lib.cancellable_is_cancelled, "g_cancellable_is_cancelled"},
        {(void **)&lib.object_unref, "g_object_unref"},
        {(void **)&lib.error_free, "g_error_free"},
        {(void **)&lib.list_free, "g_list_free"},
        {(void **)&lib.storev_sync, "secret_password_storev_sync"},
        {(void **)&lib.clearv_sync, "secret_password_clearv_sync"},
        {(void **)&lib.searchv_sync, "secret_password_searchv_sync"},
        {(void **)&lib.item_get_locked, "secret_item_get_locked"},
        {(void **)&lib.item_get_secret, "secret_item_get_secret"},
        {(void **)&lib.value_get_text, "secret_value_get_text"},
        {(void **)&lib.value_unref, "secret_value_unref"},
    };
    for (size_t i = 0; i < sizeof symbols / sizeof symbols[0]; i++) {
        *symbols[i].slot = dlsym(library, symbols[i].name);
        if (*symbols[i].slot == NULL) {
            snprintf(lib.load_error, sizeof lib.load_error, "libsecret-1.so.0 has no %s (libsecret 0.19 or later is needed)", symbols[i].name);
            return;
        }
    }
    lib.loaded = 1;
}

// ---------------------------------------------------------------------------------------------
// A call with a deadline: libsecret's calls block for D-Bus's own timeout (25 s, and a Secret
// Service being started by D-Bus activation can add as much again). A watchdog thread cancels
// the call's GCancellable when the deadline passes, and the call returns at once.
// ---------------------------------------------------------------------------------------------

typedef struct call {
    GCancellable *cancellable;
    GHashTable *attributes;
    pthread_t watchdog;
    pthread_mutex_t mutex;
    pthread_cond_t finished_condition;
    int finished;
    int watching;
    struct timespec deadline;
} call;

static void *watch(void *argument) {
    call *c = argument;
    pthread_mutex_lock(&c->mutex);
    while (!c->finished) {
        if (pthread_cond_timedwait(&c->finished_condition, &c->mutex, &c->deadline) == ETIMEDOUT) {
            if (!c->finished) lib.cancellable_cancel(c->cancellable);
            break;
        }
    }
    pthread_mutex_unlock(&c->mutex);
    return NULL;
}

static int fail(char *message, size_t size, int status, const char *text) {
    if (message != NULL && size > 0) snprintf(message, size, "%s", text);
    return status;
}

/// Loads libsecret, builds the attributes and starts the watchdog.
static int begin(call *c, const char *home, const char *key_id, long timeout_ms, char *message, size_t size) {
    memset(c, 0, sizeof *c);
    pthread_once(&load_once, load_libsecret);
    if (!lib.loaded) return fail(message, size, KAUTH_SECRET_UNAVAILABLE, lib.load_error);
    c->attributes = lib.hash_table_new(lib.str_hash, lib.str_equal);
    lib.hash_table_insert(c->attributes, (void *)"kauth_home", (void *)home);
    lib.hash_table_insert(c->attributes, (void *)"key_id", (void *)key_id);
    c->cancellable = lib.cancellable_new();
    pthread_mutex_init(&c->mutex, NULL);
    pthread_condattr_t attributes;
    pthread_condattr_init(&attributes);
    pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC);
    pthread_cond_init(&c->finished_condition, &attributes);
    pthread_condattr_destroy(&attributes);
    clock_gettime(CLOCK_MONOTONIC, &c->deadline);
    c->deadline.tv_sec += timeout_ms / 1000;
    c->deadline.tv_nsec += (timeout_ms % 1000) * 1000000L;
    if (c->deadline.tv_nsec >= 1000000000L) {
        c->deadline.tv_sec += 1;
        c->deadline.tv_nsec -= 1000000000L;
    }
    c->watching = pthread_create(&c->watchdog, NULL, watch, c) == 0;
    return KAUTH_SECRET_OK;
}

/// Stops the watchdog and frees the call; returns whether the deadline passed.
static int end(call *c) {
    if (c->watching) {
        pthread_mutex_lock(&c->mutex);
        c->finished = 1;
        pthread_cond_signal(&c->finished_condition);
        pthread_mutex_unlock(&c->mutex);
        pthread_join(c->watchdog, NULL);
    }
    int cancelled = lib.cancellable_is_cancelled(c->cancellable);
    lib.object_unref(c->cancellable);
    lib.hash_table_unref(c->attributes);
    pthread_cond_destroy(&c->finished_condition);
    pthread_mutex_destroy(&c->mutex);
    return cancelled;
}

/// The status for a failed call: timed out when the watchdog cancelled it.
static int failed(call *c, GError *error, char *message, size_t size) {
    int cancelled = end(c);
    int status = cancelled ? KAUTH_SECRET_TIMED_OUT : KAUTH_SECRET_FAILED;
    if (cancelled) fail(message, size, status, "no answer in time");
    else fail(message, size, status, error != NULL && error->message != NULL ? error->message : "unknown error");
    if (error != NULL) lib.error_free(error);
    return status;
}

/// The first item with these attributes, without unlocking anything (so without a prompt), its
/// secret loaded when it is unlocked. NULL with `*status` set when there is none or on error.
static SecretItem *find(call *c, int *status, char *message, size_t size) {
    GError *error = NULL;
    GList *items = lib.searchv_sync(&schema, c->attributes, SECRET_SEARCH_LOAD_SECRETS, c->cancellable, &error);
    if (error != NULL || lib.cancellable_is_cancelled(c->cancellable)) {
        for (GList *item = items; item != NULL; item = item->next) lib.object_unref(item->data);
        lib.list_free(items);
        *status = failed(c, error, message, size);
        return NULL;
    }
    SecretItem *first = items != NULL ? items->data : NULL;
    for (GList *item = items; item != NULL; item = item->next) {
        if (item->data != first) lib.object_unref(item->data);
    }
    lib.list_free(items);
    if (first == NULL) {
        end(c);
        *status = fail(message, size, KAUTH_SECRET_NOT_FOUND, "no such item");
    }
    return first;
}

int kauth_secret_lookup(const char *home, const char *key_id, long timeout_ms,
                        char *out, size_t out_size, char *message, size_t message_size) {
    call c;
    int status = begin(&c, home, key_id, timeout_ms, message, message_size);
    if (status != KAUTH_SECRET_OK) return status;
    SecretItem *item = find(&c, &status, message, message_size);
    if (item == NULL) return status;
    if (lib.item_get_locked(item)) {
        lib.object_unref(item);
        end(&c);
        return fail(message, message_size, KAUTH_SECRET_LOCKED, "the item is locked");
    }
    SecretValue *value = lib.item_get_secret(item);
    const char *text = value != NULL ? lib.value_get_text(value) : NULL;
    if (text == NULL || strlen(text) + 1 > out_size) {
        status = fail(message, message_size, KAUTH_SECRET_FAILED, text == NULL ? "the item has no readable secret" : "the secret is too long");
    } else {
        memcpy(out, text, strlen(text) + 1);
        status = KAUTH_SECRET_OK;
    }
    if (value != NULL) lib.value_unref(value);
    lib.object_unref(item);
    end(&c);
    return status;
}

int kauth_secret_store(const char *home, const char *key_id, const char *label, const char *secret,
                       long timeout_ms, char *message, size_t message_size) {
    call c;
    int status = begin(&c, home, key_id, timeout_ms, message, message_size);
    if (status != KAUTH_SECRET_OK) return status;
    GError *error = NULL;
    // NULL collection: the default one ("login" in gnome-keyring).
    if (!lib.storev_sync(&schema, c.attributes, NULL, label, secret, c.cancellable, &error) || error != NULL) {
        return failed(&c, error, message, message_size);
    }
    end(&c);
    return KAUTH_SECRET_OK;
}

int kauth_secret_clear(const char *home, const char *key_id, long timeout_ms, char *message, size_t message_size) {
    call c;
    int status = begin(&c, home, key_id, timeout_ms, message, message_size);
    if (status != KAUTH_SECRET_OK) return status;
    GError *error = NULL;
    lib.clearv_sync(&schema, c.attributes, c.cancellable, &error); // FALSE with no error: nothing to delete
    if (error != NULL) return failed(&c, error, message, message_size);
    end(&c);
    return KAUTH_SECRET_OK;
}

#else

int kauth_secret_store(const char *home, const char *key_id, const char *label, const char *secret,
                       long timeout_ms, char *message, size_t message_size) {
    if (message_size > 0) snprintf(message, message_size, "no Secret Service on this system");
    return KAUTH_SECRET_UNAVAILABLE;
}

int kauth_secret_lookup(const char *home, const char *key_id, long timeout_ms,
                        char *out, size_t out_size, char *message, size_t message_size) {
    if (message_size > 0) snprintf(message, message_size, "no Secret Service on this system");
    return KAUTH_SECRET_UNAVAILABLE;
}

int kauth_secret_clear(const char *home, const char *key_id, long timeout_ms, char *message, size_t message_size) {
    if (message_size > 0) snprintf(message, message_size, "no Secret Service on this system");
    return KAUTH_SECRET_UNAVAILABLE;
}

#endif
