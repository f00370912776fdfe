// Process settings glibc offers but Swift's Glibc module does not import (malloc.h, gettid),
// and the one made before main runs (process_start.c).
#pragma once
#if defined(__linux__)
#include <malloc.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Whether the process start capped glibc's malloc arenas at two (process_start.c), which it
/// does unless MALLOC_ARENA_MAX is set: 1 when it did.
int examprep_malloc_arenas_capped(void);

/// Gives free heap memory back to the system (glibc: the top of each arena and unused pages
/// inside it); 1 when some was released.
static inline int examprep_release_free_memory(void) { return malloc_trim(0); }

/// Lowers the calling thread's scheduling priority by `niceness` (Linux schedules threads one by one).
static inline int examprep_lower_thread_priority(int niceness) {
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), niceness);
}

/// The calling thread's nice value (getpriority of its thread id).
static inline int examprep_thread_niceness(void) {
    return getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
}

/// Raises the soft limit of open files to `wanted` (at most the hard limit); the soft limit
/// in force afterwards, or -1 when it cannot be read.
static inline long examprep_raise_open_files(long wanted) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return -1;
    rlim_t target = (rlim_t)wanted;
    if (limit.rlim_max != RLIM_INFINITY && target > limit.rlim_max) target = limit.rlim_max;
    if (limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur >= target) return (long)limit.rlim_cur;
    limit.rlim_cur = target;
    if (setrlimit(RLIMIT_NOFILE, &limit) != 0 && getrlimit(RLIMIT_NOFILE, &limit) != 0) return -1;
    return (long)limit.rlim_cur;
}
#endif
