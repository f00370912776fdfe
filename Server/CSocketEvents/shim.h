// The kernel's socket readiness interfaces, which Swift's Glibc module does not import:
// epoll and eventfd on Linux, kqueue on the BSDs and Darwin.
#pragma once
#if defined(__linux__)
#include <sys/epoll.h>
#include <sys/eventfd.h>
#else
#include <sys/event.h>
#endif
