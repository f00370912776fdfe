#include "CProcess.h"

#if defined(__linux__)
#include <stdlib.h>

static int arenas_capped = 0;

/// glibc gives every thread that allocates an arena of its own (up to eight per core) and fixes
/// that limit when threads first compete for one, which happens before the server's `main`
/// code runs (the concurrency runtime's threads allocate first). So the cap is set here, before
/// main and before any thread exists; `MALLOC_ARENA_MAX` in the environment, which glibc reads
/// itself, still wins.
__attribute__((constructor)) static void examprep_cap_malloc_arenas(void) {
    if (getenv("MALLOC_ARENA_MAX") == NULL) arenas_capped = mallopt(M_ARENA_MAX, 2);
}

int examprep_malloc_arenas_capped(void) { return arenas_capped; }
#else
int examprep_malloc_arenas_capped(void) { return 0; }
#endif
