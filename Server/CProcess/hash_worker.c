// The password-hashing helper process: libcrypt runs here, outside the server, at the lowest
// CPU weight (see hash_worker.h).
#define _GNU_SOURCE
#include "CProcess.h"

#if defined(__linux__)
#include <crypt.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>

static const char worker_name[] = "examprep-hash";
static const char worker_flag[] = "EXAMPREP_HASH_WORKER=1";

// Each hashing thread owns at most one helper: its socket and process id, -1 without one.
static __thread int worker_socket = -1;
static __thread pid_t worker_pid = -1;

static int read_fully(int fd, void *buffer, size_t length) {
    char *at = buffer;
    while (length > 0) {
        ssize_t got = recv(fd, at, length, 0);
        if (got < 0 && errno == EINTR) continue;
        if (got <= 0) return -1;
        at += got;
        length -= (size_t)got;
    }
    return 0;
}

static int write_fully(int fd, const void *buffer, size_t length) {
    const char *at = buffer;
    while (length > 0) {
        // MSG_NOSIGNAL: a helper that died is an error to handle, not a SIGPIPE that stops the server.
        ssize_t sent = send(fd, at, length, MSG_NOSIGNAL);
        if (sent < 0 && errno == EINTR) continue;
        if (sent <= 0) return -1;
        at += sent;
        length -= (size_t)sent;
    }
    return 0;
}

// The helper's life: a request is the two lengths (setting, passphrase) and their bytes; the
// answer is a length and the hash (0: libcrypt refused). It ends when the server's end closes.
static void serve_hashes(int fd) {
    struct crypt_data *data = calloc(1, sizeof *data);
    if (data == NULL) _exit(3);
    char setting[CRYPT_OUTPUT_SIZE + 1];
    char phrase[CRYPT_MAX_PASSPHRASE_SIZE + 1];
    for (;;) {
        uint32_t lengths[2];
        if (read_fully(fd, lengths, sizeof lengths) != 0) _exit(0);
        if (lengths[0] > CRYPT_OUTPUT_SIZE || lengths[1] > CRYPT_MAX_PASSPHRASE_SIZE) _exit(2);
        if (read_fully(fd, setting, lengths[0]) != 0 || read_fully(fd, phrase, lengths[1]) != 0) _exit(0);
        setting[lengths[0]] = 0;
        phrase[lengths[1]] = 0;
        memset(data, 0, sizeof *data);
        const char *hash = crypt_rn(phrase, setting, data, (int)sizeof *data);
        explicit_bzero(phrase, sizeof phrase);
        uint32_t length = hash == NULL ? 0 : (uint32_t)strlen(hash);
        if (write_fully(fd, &length, sizeof length) != 0 || write_fully(fd, hash, length) != 0) _exit(0);
    }
}

// glibc runs constructors with main's arguments. A process started by
// examprep_hash_worker_start (argv[0] and the environment both say so) becomes the helper here,
// before any Swift code runs, and never reaches main.
__attribute__((constructor)) static void examprep_hash_worker_entry(int argc, char **argv, char **envp) {
    (void)envp;
    const char *flag = getenv("EXAMPREP_HASH_WORKER");
    if (argc < 1 || argv == NULL || argv[0] == NULL || strcmp(argv[0], worker_name) != 0) return;
    if (flag == NULL || strcmp(flag, "1") != 0) return;
    // Dies with the hashing thread that started it, and holds nothing else of the server's.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    prctl(PR_SET_NAME, worker_name);
    close_range(3, ~0U, 0);
    // The lowest weight, in its own session (so, where Linux groups by session, its own
    // scheduling group): it gets the cores only when the server, PostgreSQL and everything else
    // on the machine leave them idle. Failures leave it at the server's weight.
    setpriority(PRIO_PROCESS, 0, 19);
    int group = open("/proc/self/autogroup", O_WRONLY | O_CLOEXEC);
    if (group >= 0) {
        (void)!write(group, "19", 2);
        close(group);
    }
    serve_hashes(0);
}

int examprep_hash_worker_start(void) {
    if (worker_socket >= 0) return 0;
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) return errno;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pair[1], 0);
    posix_spawnattr_init(&attributes);
    sigset_t none, defaults;
    sigemptyset(&none);
    sigemptyset(&defaults);
    sigaddset(&defaults, SIGPIPE);
    sigaddset(&defaults, SIGTERM);
    sigaddset(&defaults, SIGINT);
    sigaddset(&defaults, SIGHUP);
    posix_spawnattr_setsigmask(&attributes, &none);
    posix_spawnattr_setsigdefault(&attributes, &defaults);
    posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    char *arguments[] = {(char *)worker_name, NULL};
    char *environment[] = {(char *)worker_flag, NULL};
    pid_t pid = -1;
    int failure = posix_spawn(&pid, "/proc/self/exe", &actions, &attributes, arguments, environment);
    posix_spawn_file_actions_destroy(&actions);
    posix_spawnattr_destroy(&attributes);
    close(pair[1]);
    if (failure != 0) {
        close(pair[0]);
        return failure;
    }
    worker_socket = pair[0];
    worker_pid = pid;
    return 0;
}

void examprep_hash_worker_stop(void) {
    if (worker_socket < 0) return;
    close(worker_socket);
    // The helper exits when it reads the end of its socket; SIGKILL in case it is mid-hash.
    kill(worker_pid, SIGKILL);
    while (waitpid(worker_pid, NULL, 0) < 0 && errno == EINTR) {}
    worker_socket = -1;
    worker_pid = -1;
}

int examprep_hash_worker_pid(void) { return worker_socket >= 0 ? (int)worker_pid : -1; }

int examprep_hash_in_worker(const char *phrase, const char *setting, char *output, int size) {
    if (worker_socket < 0 || size < 2) return 0;
    size_t phrase_length = strlen(phrase), setting_length = strlen(setting);
    // What the helper would refuse to read is hashed (refused) by libcrypt in the server instead.
    if (phrase_length > CRYPT_MAX_PASSPHRASE_SIZE || setting_length > CRYPT_OUTPUT_SIZE) return 0;
    uint32_t lengths[2] = {(uint32_t)setting_length, (uint32_t)phrase_length};
    uint32_t length = 0;
    if (write_fully(worker_socket, lengths, sizeof lengths) != 0 || write_fully(worker_socket, setting, setting_length) != 0
        || write_fully(worker_socket, phrase, phrase_length) != 0 || read_fully(worker_socket, &length, sizeof length) != 0
        || length >= (uint32_t)size || read_fully(worker_socket, output, length) != 0) {
        examprep_hash_worker_stop();
        return -1;
    }
    if (length == 0) {
        // libcrypt refused: answered as crypt_r answers, with a string that starts with '*'.
        output[0] = '*';
        output[1] = 0;
    } else {
        output[length] = 0;
    }
    return 1;
}
#else
int examprep_hash_worker_start(void) { return -1; }
void examprep_hash_worker_stop(void) {}
int examprep_hash_worker_pid(void) { return -1; }
int examprep_hash_in_worker(const char *phrase, const char *setting, char *output, int size) {
    (void)phrase; (void)setting; (void)output; (void)size;
    return 0;
}
#endif
