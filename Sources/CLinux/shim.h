#ifndef CLINUX_SHIM_H
#define CLINUX_SHIM_H

// Linux APIs that Swift's Glibc module leaves out (<sys/epoll.h>, <sys/eventfd.h>, accept4,
// <malloc.h>'s malloc_trim), wrapped so Swift never depends on the layout of struct epoll_event (packed on x86_64 only),
// and atomic operations on memory that several processes map (Swift's Atomic lives only in Swift-owned storage).

#include <stdint.h>
#include <stddef.h>
#include <malloc.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>

// accept4(2) is declared only under _GNU_SOURCE, which the Glibc module is built without.
extern int accept4(int fd, struct sockaddr *address, socklen_t *length, int flags);

static const uint32_t clinux_epoll_in = EPOLLIN;
static const uint32_t clinux_epoll_out = EPOLLOUT;
static const uint32_t clinux_epoll_err = EPOLLERR;
static const uint32_t clinux_epoll_hup = EPOLLHUP;
static const uint32_t clinux_epoll_rdhup = EPOLLRDHUP;
static const uint32_t clinux_epoll_exclusive = EPOLLEXCLUSIVE;
static const int clinux_epoll_ctl_add = EPOLL_CTL_ADD;
static const int clinux_epoll_ctl_mod = EPOLL_CTL_MOD;
static const int clinux_epoll_ctl_del = EPOLL_CTL_DEL;
/// SOCK_NONBLOCK | SOCK_CLOEXEC, for socket(2) and accept4(2).
static const int clinux_sock_nonblock_cloexec = SOCK_NONBLOCK | SOCK_CLOEXEC;

/// epoll_create1(EPOLL_CLOEXEC).
static inline int clinux_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

/// epoll_ctl(2) with an event built from a mask and 64 bits of user data.
static inline int clinux_epoll_ctl(int epfd, int operation, int fd, uint32_t events, uint64_t data) {
    struct epoll_event event;
    event.events = events;
    event.data.u64 = data;
    return epoll_ctl(epfd, operation, fd, &event);
}

/// The size of one struct epoll_event, to allocate arrays for clinux_epoll_wait.
static inline size_t clinux_epoll_event_size(void) { return sizeof(struct epoll_event); }

/// epoll_wait(2) into `events`, an array of `capacity` struct epoll_event.
static inline int clinux_epoll_wait(int epfd, void *events, int capacity, int timeout_ms) {
    return epoll_wait(epfd, (struct epoll_event *)events, capacity, timeout_ms);
}

/// The ready-event mask of entry `index` of an array filled by clinux_epoll_wait.
static inline uint32_t clinux_epoll_event_mask(const void *events, int index) {
    return ((const struct epoll_event *)events)[index].events;
}

/// The user data of entry `index` of an array filled by clinux_epoll_wait.
static inline uint64_t clinux_epoll_event_data(const void *events, int index) {
    return ((const struct epoll_event *)events)[index].data.u64;
}

/// eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC).
static inline int clinux_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

/// accept4(fd, address, length, SOCK_NONBLOCK | SOCK_CLOEXEC).
static inline int clinux_accept(int fd, struct sockaddr *address, socklen_t *length) {
    return accept4(fd, address, length, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

/// malloc_trim(0): gives the pages glibc's allocator holds free back to the kernel, in every arena.
static inline void clinux_release_free_memory(void) { malloc_trim(0); }

/// The 64-bit counter at `counter` (in memory mapped MAP_SHARED by several processes), read with acquire
/// ordering: what its writer did before advancing it is seen after this read.
static inline uint64_t clinux_shared_counter_load(const uint64_t *counter) {
    return __atomic_load_n(counter, __ATOMIC_ACQUIRE);
}

/// Adds one to the 64-bit counter at `counter` atomically across processes, with release ordering.
static inline void clinux_shared_counter_advance(uint64_t *counter) {
    __atomic_add_fetch(counter, 1, __ATOMIC_RELEASE);
}

#endif
