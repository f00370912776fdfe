// Process settings glibc offers but Swift's Glibc module does not import (malloc.h, gettid).
#pragma once
#if defined(__linux__)
#include <malloc.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Caps glibc's malloc arenas (one per allocating thread by default); 1 on success.
static inline int examprep_limit_malloc_arenas(int count) { return mallopt(M_ARENA_MAX, count); }

/// Lowers the calling thread's scheduling priority by `niceness` (Linux schedules threads one by one).
static inline int examprep_lower_thread_priority(int niceness) {
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), niceness);
}
#endif
