// Process settings glibc offers but Swift's Glibc module does not import (malloc.h, gettid),
// and the one made before main runs (process_start.c).
#pragma once
#if defined(__linux__)
#include <malloc.h>
#include <sched.h>
#include <stdint.h>
#include <string.h>
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

/// sched_setattr's argument (the kernel's struct sched_attr, its first version: 48 bytes).
struct examprep_sched_attr {
    uint32_t size;
    uint32_t policy;
    uint64_t flags;
    int32_t nice;
    uint32_t priority;
    uint64_t runtime;
    uint64_t deadline;
    uint64_t period;
};

/// Gives the calling thread a time slice of its own under Linux's EEVDF scheduler (6.12 and
/// later read a normal thread's sched_runtime as its slice, 0.1-100 ms; older kernels ignore
/// it), keeping its policy (SCHED_OTHER) and nice value; threads it starts get the default
/// slice back (SCHED_FLAG_RESET_ON_FORK). 0 when set, -1 (errno) when refused.
static inline int examprep_set_thread_slice(uint64_t nanoseconds) {
    struct examprep_sched_attr attr;
    memset(&attr, 0, sizeof attr);
    attr.size = sizeof attr;
    attr.policy = SCHED_OTHER;
    attr.flags = 0x01; // SCHED_FLAG_RESET_ON_FORK
    attr.nice = getpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid));
    attr.runtime = nanoseconds;
    return (int)syscall(SYS_sched_setattr, 0, &attr, 0);
}

/// The calling thread's time slice as sched_getattr reports it, in nanoseconds (the default
/// slice unless one was set; 0 before Linux 6.12, which has no slice of a thread's own); -1
/// when it cannot be read.
static inline int64_t examprep_thread_slice(void) {
    struct examprep_sched_attr attr;
    memset(&attr, 0, sizeof attr);
    if (syscall(SYS_sched_getattr, 0, &attr, sizeof attr, 0) != 0) return -1;
    return (int64_t)attr.runtime;
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
