// Stopping on a signal (README.md, `nestbox test` and the REPL). `nestbox test` stops at
// SIGINT or SIGTERM and still writes what finished; the REPL's Ctrl-C ends the line or
// command that runs and keeps the world. Both need every Lua state that runs to stop
// promptly, including host loops (a long ui.advance) that no hook reaches: so a signal
// is one more run limit, NB_LIMIT_STOPPED, marked on every open state as the watchdog
// marks the time limit, and seen by nb_pcall and nb_interrupted like the others.
//
// A signal handler may do almost nothing (no locks, no allocation): it writes the
// signal's number to a pipe. A watcher thread reads the pipe and marks the states under
// a mutex that nb_close also takes, so no state is reached after it was freed.
#include "CLuaShim.h"
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

#define NB_MAX_WATCHED 256

static pthread_mutex_t nb_watched_lock = PTHREAD_MUTEX_INITIALIZER;
static nb_state *nb_watched[NB_MAX_WATCHED];     /* open states; NULL slots are free */
static int nb_stop_received;                     /* the signal since nb_stop_begin (atomic) */
static int nb_stop_count;                        /* signals since nb_stop_begin (atomic) */
static double nb_stop_first;                     /* when the first one came (monotonic s) */
static int nb_pipe[2] = { -1, -1 };
static pthread_once_t nb_watcher_once = PTHREAD_ONCE_INIT;
static int nb_watcher_ok;
static struct sigaction nb_old_int, nb_old_term;
static int nb_handling;                          /* 2: SIGTERM caught too; 1: SIGINT only */
static int nb_depth;                             /* nested nb_stop_begin (the REPL's :test) */

static void nb_fire_all(void) {
    pthread_mutex_lock(&nb_watched_lock);
    for (int i = 0; i < NB_MAX_WATCHED; i++)
        if (nb_watched[i]) nb_limit_fire(nb_watched[i], NB_LIMIT_STOPPED);
    pthread_mutex_unlock(&nb_watched_lock);
}

static void *nb_watcher_main(void *arg) {
    (void)arg;
    for (;;) {
        unsigned char sig;
        ssize_t n = read(nb_pipe[0], &sig, 1);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return NULL;
        nb_fire_all();
    }
}

static void nb_start_watcher(void) {
    if (pipe(nb_pipe) != 0) return;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attr, 64 * 1024);
    sigset_t all, old;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, &old);      /* signals go to the threads that run Lua */
    pthread_t thread;
    nb_watcher_ok = pthread_create(&thread, &attr, nb_watcher_main, NULL) == 0;
    pthread_sigmask(SIG_SETMASK, &old, NULL);
    pthread_attr_destroy(&attr);
}

static void nb_on_stop_signal(int sig) {
    int saved = errno;
    /* a second signal before the first one's stop is done ends the process, as the
       shell expects of a second Ctrl-C (a C function can keep a stop from landing).
       One that comes within 0.1 s of the first is the same stop delivered twice:
       timeout(1) signals its child and then the child's process group, and so does a
       kill of the group from a harness; no hand presses Ctrl-C twice that fast.
       (clock_gettime is async-signal-safe.) */
    double now = nb_monotonic_now();
    int count = __atomic_add_fetch(&nb_stop_count, 1, __ATOMIC_ACQ_REL);
    if (count == 1) nb_stop_first = now;
    else if (now - nb_stop_first < 0.1) { errno = saved; return; }
    else {
        signal(sig, SIG_DFL);
        raise(sig);
    }
    int none = 0;
    __atomic_compare_exchange_n(&nb_stop_received, &none, sig, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    unsigned char byte = (unsigned char)sig;
    ssize_t unused = write(nb_pipe[1], &byte, 1);
    (void)unused;
    errno = saved;
}

void nb_stop_watch(nb_state *st) {
    pthread_mutex_lock(&nb_watched_lock);
    for (int i = 0; i < NB_MAX_WATCHED; i++)
        if (nb_watched[i] == NULL) { nb_watched[i] = st; break; }
    pthread_mutex_unlock(&nb_watched_lock);
    /* a state opened after the signal came stops at once */
    if (__atomic_load_n(&nb_stop_received, __ATOMIC_ACQUIRE)) nb_limit_fire(st, NB_LIMIT_STOPPED);
}

void nb_stop_unwatch(nb_state *st) {
    pthread_mutex_lock(&nb_watched_lock);
    for (int i = 0; i < NB_MAX_WATCHED; i++)
        if (nb_watched[i] == st) nb_watched[i] = NULL;
    pthread_mutex_unlock(&nb_watched_lock);
}

static void nb_catch(int sig, struct sigaction *old) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = nb_on_stop_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(sig, NULL, old);
    /* a SIGINT the shell ignores (a job started with &) stays ignored */
    if (sig == SIGINT && old->sa_handler == SIG_IGN) return;
    sigaction(sig, &sa, NULL);
}

int nb_stop_begin(int terminate) {
    pthread_once(&nb_watcher_once, nb_start_watcher);
    if (!nb_watcher_ok) return 0;
    if (nb_depth++ > 0) return 1;       /* the outermost scope owns the signals */
    __atomic_store_n(&nb_stop_received, 0, __ATOMIC_RELEASE);
    __atomic_store_n(&nb_stop_count, 0, __ATOMIC_RELEASE);
    nb_catch(SIGINT, &nb_old_int);
    if (terminate) nb_catch(SIGTERM, &nb_old_term);
    nb_handling = terminate ? 2 : 1;
    /* a process started with the signals blocked (some harnesses do) still hears them */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGINT);
    if (terminate) sigaddset(&set, SIGTERM);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    return 1;
}

int nb_stop_end(void) {
    if (nb_depth == 0) return 0;
    if (--nb_depth > 0) return nb_stop_signal();
    if (nb_handling) {
        sigaction(SIGINT, &nb_old_int, NULL);
        if (nb_handling == 2) sigaction(SIGTERM, &nb_old_term, NULL);
        nb_handling = 0;
    }
    return __atomic_exchange_n(&nb_stop_received, 0, __ATOMIC_ACQ_REL);
}

int nb_stop_signal(void) { return __atomic_load_n(&nb_stop_received, __ATOMIC_ACQUIRE); }

/* ---------- Ctrl-C at the REPL's prompt ---------- */

static volatile sig_atomic_t nb_prompt_interrupted;
static struct sigaction nb_prompt_old;

static void nb_on_prompt_sigint(int sig) { (void)sig; nb_prompt_interrupted = 1; }

void nb_prompt_begin(void) {
    nb_prompt_interrupted = 0;
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = nb_on_prompt_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &nb_prompt_old);
}

int nb_prompt_end(void) {
    sigaction(SIGINT, &nb_prompt_old, NULL);
    return nb_prompt_interrupted;
}
