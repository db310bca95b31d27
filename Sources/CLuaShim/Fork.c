// `nestbox test` runs each test of a file in a child process forked once the file has
// loaded (README.md, `nestbox test`; docs/policies.md, Q72). The child's memory is the
// loaded world, copied on write, so each test starts from the same fresh world without
// loading the file again: a file of 100,000 tests costs 100,000 forks, not 100,000
// loads of 100,000 registrations. Only a process that is single-threaded apart from the
// shim's own waiting threads forks (the command line, never an embedding), since a
// child has only the thread that forked and any lock another thread held stays held.
#define _GNU_SOURCE 1                   /* _Fork (glibc 2.34) */
#include "CLuaShim.h"
#include <fcntl.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <pthread.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <signal.h>
#include <string.h>
#ifdef __linux__
#include <sys/syscall.h>
#endif
#include <sys/time.h>
#include <sys/wait.h>
#include <errno.h>
#include <time.h>
#include <unistd.h>

/* The library functions only a child calls are bound by the dynamic loader on their
   first call, in every child again (the binding is written into the child's copy):
   about a tenth of a trivial test's page faults. The parent calls each once, to no
   effect, so the children inherit them bound. */
static void nb_bind_child_calls(void) {
    static int bound;
    if (bound) return;
    bound = 1;
    sigset_t set;
    pthread_sigmask(SIG_BLOCK, NULL, &set);
    struct sigaction sa;
    sigaction(SIGINT, NULL, &sa);
    struct itimerval off;
    memset(&off, 0, sizeof off);
    setitimer(ITIMER_REAL, &off, NULL);
    int fd = dup(2);
    if (fd >= 0) { dup2(fd, fd); close(fd); }
    (void)getppid();
    ssize_t none = write(-1, "", 0);        /* EBADF: only the binding is wanted */
    (void)none;
#ifdef __linux__
    int sig = 0;
    prctl(PR_GET_PDEATHSIG, &sig);
    (void)syscall(SYS_getpid);
#endif
}

void nb_child_exit(int code) {
#ifdef __linux__
    syscall(SYS_exit_group, code);
#endif
    _exit(code);
}

#ifdef __GLIBC__
#include <dirent.h>
/* Whether this process has no thread but its main one and the stop watcher (and the
   command's thread, when the main one only waits for it: nb_main_parked): counted once
   in /proc (a thread some library started would make _Fork unsafe), the answer kept,
   and inherited by the runner's workers, which have one thread. */
static int nb_parked = 0;
void nb_main_parked(int parked) { nb_parked = parked != 0; }

static int nb_threads_known(void) {
    static int known = -1;
    if (known >= 0) return known;
    int threads = 0;
    DIR *d = opendir("/proc/self/task");
    if (d == NULL) return known = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) if (e->d_name[0] != '.') threads++;
    closedir(d);
    return known = threads >= 1 && threads <= 2 + nb_parked;
}
#endif

int nb_fork_test(void) {
#ifdef __linux__
    pid_t parent = getpid();
#endif
    nb_bind_child_calls();
    /* fork() runs the atfork handlers: glibc's take every malloc arena's lock and
       stdio's, and each child and the parent then write to those pages (copy-on-write
       faults, a tenth of a trivial test's). They guard against another thread holding
       a lock at the fork. A process that never started a watchdog thread (the test
       runner uses the timer: nb_watchdog_use_timer) and, counted, no thread but the
       stop watcher besides (Stop.c), which waits in read() and never allocates, can
       use _Fork, which runs no handler. */
    pid_t pid;
#ifdef __GLIBC__
    if (!__atomic_load_n(&nb_watchdog_threads_made, __ATOMIC_ACQUIRE) && nb_threads_known()) pid = _Fork();
    else
#endif
    pid = fork();
    if (pid != 0) return (int)pid;
    /* the child: a signal ends it at once (the parent reports what finished), and
       what it would say on standard error (a stuck C function's line) is the parent's
       to say */
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGINT, &dfl, NULL);
    sigaction(SIGTERM, &dfl, NULL);
    nb_watchdog_use_timer();
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    /* the child talks through its pipe only: it holds none of the parent's output, so
       a reader of the parent's output sees its end when the parent ends */
    int null = open("/dev/null", O_WRONLY);
    if (null >= 0) { dup2(null, 1); dup2(null, 2); close(null); }
#ifdef __linux__
    /* a parent killed outright (SIGKILL) takes its test with it */
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(1);
#endif
    return 0;
}

/* Before forking from a loaded file: the garbage the load left (the compiled chunk,
   other slices' tests) is collected and glibc gives the freed pages back, since a
   fork copies the page table of every page the process holds. */
void nb_compact_for_fork(lua_State *L) {
    lua_gc(L, LUA_GCCOLLECT);
#ifdef __GLIBC__
    malloc_trim(0);
#endif
}

/* A worker killed from outside, or by the runner when a signal stops the run, leaves
   its test's process to die (PR_SET_PDEATHSIG) as an orphan. Orphans come to the
   runner instead of to init, which in a container (a first process that is not init)
   may never reap them, and the runner reaps them once its workers are gone. */
void nb_adopt_orphans(void) {
#ifdef __linux__
    prctl(PR_SET_CHILD_SUBREAPER, 1);
#endif
}

void nb_reap_orphans(void) {
#ifdef __linux__
    int status;
    for (;;) {
        if (waitpid(-1, &status, 0) > 0) continue;
        if (errno == EINTR) continue;
        break;                              /* ECHILD: none left */
    }
#endif
}

double nb_fork_floor(int n) {
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    for (int i = 0; i < n; i++) {
        pid_t pid = fork();
        if (pid == 0) _exit(0);
        if (pid < 0) return -1;
        int status;
        while (waitpid(pid, &status, 0) < 0) {}
    }
    clock_gettime(CLOCK_MONOTONIC, &b);
    return ((double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9) / n;
}
