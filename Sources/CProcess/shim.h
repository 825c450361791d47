// Starting a child process that cannot outlive its parent. posix_spawn has no way to ask for
// PR_SET_PDEATHSIG, which the child must set on itself between fork and exec; so the child
// is started here with vfork, as posix_spawn itself does (a fork of a large process is slow,
// and a slow fork holds copies of every descriptor open longer). Until exec the child shares
// this process's memory: it calls only async-signal-safe functions, writes only its own
// locals, and runs with every signal blocked and every handler reset, so no handler of
// Kiln's runs in it. Limits: Linux.
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef NSIG
#define NSIG 65
#endif

/// Starts `path` with `argv` and `envp`; the child's descriptor i is `fds[i]` for i below
/// `count` (at least 3: standard input, output and error). The child gets SIGKILL when the
/// thread that started it ends, so the starting thread must wait for it. The child's pid, or
/// -1 with errno set, also when exec failed.
static inline pid_t kiln_spawn_tied(const char *path, char *const argv[], char *const envp[],
                                    const int *fds, int count) {
    int report[2];
    if (pipe(report) != 0) return -1;
    fcntl(report[0], F_SETFD, FD_CLOEXEC);
    fcntl(report[1], F_SETFD, FD_CLOEXEC);
    pid_t parent = getpid();
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_SETMASK, &all, &old);
    pid_t child = vfork();
    if (child < 0) {
        int failure = errno;
        pthread_sigmask(SIG_SETMASK, &old, NULL);
        close(report[0]);
        close(report[1]);
        errno = failure;
        return -1;
    }
    if (child == 0) {
        int failure = 0;
        prctl(PR_SET_PDEATHSIG, SIGKILL, 0, 0, 0);
        // The parent may have ended before the call: then no signal would come.
        if (getppid() != parent) _exit(127);
        // Every signal as a shell would start a program with: handled or ignored ones (an
        // ignored one survives exec) go back to the default, and none is blocked.
        struct sigaction fresh = {0}, current;
        fresh.sa_handler = SIG_DFL;
        for (int number = 1; number < NSIG; number++) {
            if (number == SIGKILL || number == SIGSTOP) continue;
            if (sigaction(number, NULL, &current) == 0 && current.sa_handler != SIG_DFL) {
                sigaction(number, &fresh, NULL);
            }
        }
        // Each descriptor is first copied above every target, so no move overwrites one still to come.
        int moved[16];
        if (count > 16) { failure = EINVAL; goto failed; }
        for (int i = 0; i < count; i++) {
            moved[i] = fcntl(fds[i], F_DUPFD_CLOEXEC, count);
            if (moved[i] < 0) { failure = errno; goto failed; }
        }
        for (int i = 0; i < count; i++) {
            if (dup2(moved[i], i) < 0) { failure = errno; goto failed; }
        }
        // Nothing else of this process's goes with the child, with or without close-on-exec: a
        // file another thread has open for writing (a script it is making) would stay open in
        // the program for its life, and running that file then fails as busy.
        // The pipe that reports a failed exec stays; it closes itself on exec.
        unsigned keep = (unsigned)report[1];
        int closed = -1;
#ifdef SYS_close_range
        if (keep >= (unsigned)count) {
            closed = (keep == (unsigned)count ? 0 : (int)syscall(SYS_close_range, (unsigned)count, keep - 1, 0))
                | (int)syscall(SYS_close_range, keep + 1, ~0U, 0);
        }
#endif
        if (closed != 0) {
            for (int fd = count; fd < 65536; fd++) {
                if (fd != report[1]) close(fd);
            }
        }
        sigset_t none;
        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        execve(path, argv, envp);
        failure = errno;
    failed:
        (void)!write(report[1], &failure, sizeof failure);
        _exit(127);
    }
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    close(report[1]);
    int failure = 0;
    ssize_t got;
    while ((got = read(report[0], &failure, sizeof failure)) < 0 && errno == EINTR) {}
    close(report[0]);
    if (got == (ssize_t)sizeof failure) {
        while (waitpid(child, NULL, 0) < 0 && errno == EINTR) {}
        errno = failure;
        return -1;
    }
    return child;
}

/// Lends the `count` bytes at `bytes` to the pipe whose write end is `fd` (vmsplice): the pipe
/// refers to the memory instead of copying it, so it must stay unchanged until the reader has
/// read it. The bytes lent, or -1 with errno set.
static inline ssize_t kiln_lend_to_pipe(int fd, const void *bytes, size_t count) {
    struct iovec span = { (void *)bytes, count };
    return (ssize_t)syscall(SYS_vmsplice, fd, &span, 1UL, 0U);
}
