#include "build_info.h"

#ifndef KAUTH_COMMIT
#define KAUTH_COMMIT ""
#endif

const char *kauth_build_commit(void) {
    return KAUTH_COMMIT;
}
