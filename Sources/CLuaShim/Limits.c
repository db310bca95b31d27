// Run limits (README.md, `nestbox run`). A count hook costs about 1.5 ns per VM
// instruction whatever its period (any hook makes the VM trap on every instruction:
// settraps in Lua's ldebug.c), so none is installed unless a limit
// needs one: the watchdog thread arms it at the deadline, the allocator when it
// refuses, and only `--max-instructions` keeps a counting hook on.
//
// A hook is per thread, and one set on the main state does not reach a coroutine that
// is already running. So the shim tracks the running thread (nb_pcall and the
// coroutine wrappers set it) and hooks that one. The watchdog calls lua_sethook from
// its own thread, the "benign race" lua.c relies on for SIGINT; the spin lock only
// guarantees that the thread it hooks is alive.
#include "CLuaShim.h"
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

double nb_monotonic_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

const char *nb_limit_name(int which) {
    switch (which) {
    case NB_LIMIT_MEMORY: return "memory limit exceeded";
    case NB_LIMIT_TIME: return "time limit exceeded";
    case NB_LIMIT_STOPPED: return "interrupted";
    default: return "instruction limit exceeded";
    }
}

int nb_limit_status(const nb_state *st) { return __atomic_load_n(&st->limit_hit, __ATOMIC_ACQUIRE); }

static void nb_lock(nb_state *st) {
    while (__atomic_exchange_n(&st->running_lock, 1, __ATOMIC_ACQUIRE)) { /* spin: held for a few stores */ }
}
static void nb_unlock(nb_state *st) { __atomic_store_n(&st->running_lock, 0, __ATOMIC_RELEASE); }

lua_State *nb_set_running(nb_state *st, lua_State *L) {
    nb_lock(st);
    lua_State *prev = st->running;
    st->running = L;
    nb_unlock(st);
    return prev;
}

/* "file:line" of the innermost script function on L's stack: the prelude's wrappers
   (require, load, collectgarbage) are Nestbox's code, not the script's, so they are
   passed over when a script frame calls them. Reads only CallInfo and prototypes, so it is safe
   wherever the VM has saved its pc (hooks, allocations). */
static int nb_where_into(lua_State *L, char *buf, size_t size, int fullpath) {
    lua_Debug ar;
    int fallback = 0, n = 0;
    for (int level = 0; level < 64 && lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) continue;
        int prelude = strcmp(ar.source, "=prelude") == 0;
        const char *src = fullpath && ar.source[0] == '@' ? ar.source + 1 : ar.short_src;
        if (!prelude || !fallback) n = snprintf(buf, size, "%s:%d", src, ar.currentline);
        if (!prelude) break;
        fallback = 1;
    }
    return n < 0 ? 0 : (n < (int)size ? n : (int)size - 1);
}

void nb_record_where(nb_state *st, lua_State *L) {
    if (st->where[0] != 0) return;      /* the first position is the one that matters */
    nb_where_into(L, st->where, sizeof st->where, 0);
}

/* The lints' position (docs/lints.md): as nb_record_where, with a file's whole path
   (short_src cuts a long one to 60 bytes with "..."). */
int nb_script_position(lua_State *L, char *buf, size_t size) {
    if (size == 0) return 0;
    buf[0] = 0;
    return nb_where_into(L, buf, size, 1);
}

static void nb_kill_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    if (nb_limit_status(nb_getstate(L)) == 0) {   /* a stop the REPL took back */
        lua_sethook(L, NULL, 0, 0);
        return;
    }
    nb_limit_raise(L);
}

static void nb_arm(lua_State *L) {
    /* sticky: every call (a C function included, so none starts), return and
       instruction from now on raises again */
    lua_sethook(L, nb_kill_hook, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
}

void nb_limit_fire(nb_state *st, int which) {
    int none = 0;
    __atomic_compare_exchange_n(&st->limit_hit, &none, which, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
    nb_lock(st);
    if (st->running) nb_arm(st->running);
    nb_unlock(st);
}

int nb_limit_raise(lua_State *L) {
    nb_state *st = nb_getstate(L);
    __atomic_store_n(&st->limit_seen, 1, __ATOMIC_RELEASE);
    nb_arm(L);
    nb_record_where(st, L);
    return luaL_error(L, "%s", nb_limit_name(nb_limit_status(st)));
}

int nb_memory_over(lua_State *L) {
    nb_state *st = nb_getstate(L);
    if (st->limit == 0 || nb_limit_status(st) == NB_LIMIT_MEMORY) return st->limit != 0;
    if (st->used + nb_host_bytes(st) <= st->limit) return 0;
    /* Garbage counts until collected, and Lua's allocator collects before it refuses:
       so do we. The host's objects behind collected userdata go with it. */
    lua_gc(L, LUA_GCCOLLECT);
    if (st->used + nb_host_bytes(st) <= st->limit) return 0;
    nb_limit_fire(st, NB_LIMIT_MEMORY);
    return 1;
}

int nb_interrupted(lua_State *L) {
    nb_state *st = nb_getstate(L);
    if (nb_limit_status(st) == 0 && !nb_memory_over(L)) return 0;
    __atomic_store_n(&st->limit_seen, 1, __ATOMIC_RELEASE);
    return 1;
}

/* The hook's period: NB_LIMIT_PERIOD, or fewer near the limit: up to the first
   instruction past it, so that the limit is kept to the instruction (a period of 1,000
   let `--max-instructions 10` run a loop of 800). A coroutine made later inherits its
   maker's period, and its count runs on from its own start: near the limit it can be
   off by a period. */
static int nb_count_period(const nb_state *st) {
    long long left = st->max_instructions - st->instructions + 1;
    return left < NB_LIMIT_PERIOD ? (int)(left > 0 ? left : 1) : NB_LIMIT_PERIOD;
}

static void nb_count_hook(lua_State *L, lua_Debug *ar) {
    (void)ar;
    nb_state *st = nb_getstate(L);
    int period = nb_count_period(st);
    st->instructions += period;
    if (st->instructions > st->max_instructions) {
        nb_limit_fire(st, NB_LIMIT_INSTRUCTIONS);
        nb_limit_raise(L);
    }
    int next = nb_count_period(st);
    if (next != period) lua_sethook(L, nb_count_hook, LUA_MASKCOUNT, next);
}

void nb_limits_install(lua_State *L) {
    nb_state *st = nb_getstate(L);
    if (st->max_instructions > 0 && nb_limit_status(st) == 0)
        lua_sethook(L, nb_count_hook, LUA_MASKCOUNT, nb_count_period(st));
}

/* The REPL goes on after a limit or a stop ended a line, and gives the next line limits
   of its own: whatever limit fired is taken back, with its position, the memory flag
   and the instruction count. A kill hook left on another thread removes itself (it
   finds no limit). */
void nb_limit_clear(lua_State *L) {
    nb_state *st = nb_getstate(L);
    __atomic_store_n(&st->limit_hit, 0, __ATOMIC_RELEASE);
    __atomic_store_n(&st->limit_seen, 0, __ATOMIC_RELEASE);
    st->where[0] = 0;
    st->memory_error = 0;
    st->instructions = 0;
    lua_sethook(L, NULL, 0, 0);
    nb_limits_install(L);               /* --max-instructions' counting hook, if set */
}

/* ---------- the watchdog ---------- */

typedef struct nb_watchdog {
    pthread_t thread;
    pthread_mutex_t mutex;
    pthread_cond_t cond;
    double deadline;            /* seconds of nb_monotonic_now */
    int stop;
    nb_state *st;
    double grace;               /* > 0: seconds to wait for the hook before exiting */
    char script[160];           /* named in the exit line */
} nb_watchdog;

static struct timespec nb_timespec(double at) {
    struct timespec ts;
    ts.tv_sec = (time_t)at;
    ts.tv_nsec = (long)((at - (double)ts.tv_sec) * 1e9);
    return ts;
}

/* The watchdog waits on the monotonic clock, which setting the wall clock does not
   move. Linux binds the condition variable to CLOCK_MONOTONIC; Darwin has no
   pthread_condattr_setclock, and its relative wait measures an interval instead. */
static void nb_cond_init_monotonic(pthread_cond_t *cond) {
#if defined(__APPLE__)
    pthread_cond_init(cond, NULL);
#else
    pthread_condattr_t cattr;
    pthread_condattr_init(&cattr);
    pthread_condattr_setclock(&cattr, CLOCK_MONOTONIC);
    pthread_cond_init(cond, &cattr);
    pthread_condattr_destroy(&cattr);
#endif
}

/* Waits until `deadline` (seconds of nb_monotonic_now) or a signal: 0, or ETIMEDOUT. */
static int nb_cond_wait_until(pthread_cond_t *cond, pthread_mutex_t *mutex, double deadline) {
#if defined(__APPLE__)
    double left = deadline - nb_monotonic_now();
    if (left <= 0) return ETIMEDOUT;
    struct timespec interval = nb_timespec(left);
    return pthread_cond_timedwait_relative_np(cond, mutex, &interval);
#else
    struct timespec until = nb_timespec(deadline);
    return pthread_cond_timedwait(cond, mutex, &until);
#endif
}

/* Hooks cannot interrupt a C function: a backtracking string.find can run for hours.
   When the hook has not fired `grace` seconds after the deadline, a command-line run
   ends the process itself, with the limit's one line and exit 3. */
static void nb_exit_stuck(nb_watchdog *w) {
    char line[320];
    int n = snprintf(line, sizeof line,
                     "nestbox: time limit exceeded in %s (inside a library function that cannot be interrupted)\n",
                     w->script[0] ? w->script : "the script");
    if (n > 0) {
        ssize_t unused = write(2, line, (size_t)(n < (int)sizeof line ? n : (int)sizeof line - 1));
        (void)unused;
    }
    _exit(3);
}

/* The thread owns its block and frees it: stopping never waits for it (a join cost
   a millisecond of every run's start-up). It touches the state only while holding
   the mutex and before `stop` is set, so a stopped watchdog never reaches a freed
   state. */
static void *nb_watchdog_main(void *arg) {
    nb_watchdog *w = (nb_watchdog *)arg;
    pthread_mutex_lock(&w->mutex);
    int rc = 0;
    while (!w->stop && rc != ETIMEDOUT)
        rc = nb_cond_wait_until(&w->cond, &w->mutex, w->deadline);
    if (!w->stop) {
        nb_limit_fire(w->st, NB_LIMIT_TIME);
        if (w->grace > 0) {
            double until = nb_monotonic_now() + w->grace;
            rc = 0;
            while (!w->stop && rc != ETIMEDOUT && !__atomic_load_n(&w->st->limit_seen, __ATOMIC_ACQUIRE))
                rc = nb_cond_wait_until(&w->cond, &w->mutex, until);
            if (!w->stop && !__atomic_load_n(&w->st->limit_seen, __ATOMIC_ACQUIRE)) nb_exit_stuck(w);
        }
    }
    while (!w->stop) pthread_cond_wait(&w->cond, &w->mutex);
    pthread_mutex_unlock(&w->mutex);
    pthread_cond_destroy(&w->cond);
    pthread_mutex_destroy(&w->mutex);
    free(w);
    return NULL;
}

/* ---------- the watchdog of a forked test: a timer signal, not a thread ----------
   A forked test (Fork.c, Q72) is a process of one thread that runs one test and
   exits. A thread there would be made for every test (a sixth of a trivial test's
   cost), so its watchdog is an interval timer whose SIGALRM does what the thread
   would: at the deadline it marks the limit and hooks the running Lua thread
   (lua_sethook may be called from a signal handler: lua.c does so for SIGINT), and
   `grace` seconds later, if the VM has not raised the limit, it ends the process with
   exit 3 (its standard error is /dev/null: the parent says which test and why). The handler runs on the VM's own thread, so `running` cannot
   change under it; it only waits for the spin lock it interrupted by trying again a
   millisecond later. */

static volatile sig_atomic_t nb_timer_mode;     /* set in a forked test's process */
int nb_watchdog_threads_made;                   /* a watchdog thread was ever started here (atomic) */
static struct {
    nb_state *st;
    double grace;
    int stage;                                  /* 0: before the deadline, 1: in its grace */
} nb_timer;

static void nb_timer_arm(double seconds) {
    struct itimerval t = {{0, 0}, {(time_t)seconds, (suseconds_t)((seconds - (double)(time_t)seconds) * 1e6)}};
    if (t.it_value.tv_sec == 0 && t.it_value.tv_usec == 0) t.it_value.tv_usec = 1;
    setitimer(ITIMER_REAL, &t, NULL);
}

static void nb_timer_fired(int sig) {
    (void)sig;
    nb_state *st = nb_timer.st;
    if (st == NULL) return;
    if (nb_timer.stage == 0) {
        if (__atomic_load_n(&st->running_lock, __ATOMIC_ACQUIRE)) { nb_timer_arm(0.001); return; }
        nb_limit_fire(st, NB_LIMIT_TIME);
        nb_timer.stage = 1;
        if (nb_timer.grace > 0) nb_timer_arm(nb_timer.grace);
    } else if (!__atomic_load_n(&st->limit_seen, __ATOMIC_ACQUIRE)) {
        _exit(3);
    }
}

void nb_watchdog_use_timer(void) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = nb_timer_fired;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGALRM, &sa, NULL);
    /* the mask is inherited across fork and exec: whoever started nestbox may block it */
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGALRM);
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
    nb_timer_mode = 1;
}

int nb_watchdog_start(nb_state *st, double seconds, double grace, const char *script) {
    nb_watchdog_stop(st);
    if (nb_timer_mode) {
        if (!(seconds > 0)) seconds = 0;
        if (seconds > 1e8) seconds = 1e8;       /* setitimer's range */
        nb_timer.st = st;
        nb_timer.grace = grace;
        nb_timer.stage = 0;
        nb_timer_arm(seconds);
        st->watchdog = &nb_timer;
        return 1;
    }
    nb_watchdog *w = (nb_watchdog *)calloc(1, sizeof *w);
    if (w == NULL) return 0;
    w->st = st;
    w->grace = grace;
    if (script) snprintf(w->script, sizeof w->script, "%s", script);
    /* NaN counts as 0; a billion seconds keeps the timespec's tv_sec far from overflow */
    if (!(seconds > 0)) seconds = 0;
    if (seconds > 1e9) seconds = 1e9;
    w->deadline = nb_monotonic_now() + seconds;
    nb_cond_init_monotonic(&w->cond);
    pthread_mutex_init(&w->mutex, NULL);
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    pthread_attr_setstacksize(&attr, 64 * 1024);    /* it only waits and sets a hook */
    int ok = pthread_create(&w->thread, &attr, nb_watchdog_main, w) == 0;
    if (ok) __atomic_store_n(&nb_watchdog_threads_made, 1, __ATOMIC_RELEASE);
    pthread_attr_destroy(&attr);
    if (!ok) {
        pthread_cond_destroy(&w->cond);
        pthread_mutex_destroy(&w->mutex);
        free(w);
        return 0;
    }
    st->watchdog = w;
    return 1;
}

void nb_watchdog_stop(nb_state *st) {
    if (st->watchdog == NULL) return;
    if (st->watchdog == (void *)&nb_timer) {
        /* one timer a process: stopping a state's leaves another state's armed */
        if (nb_timer.st == st) {
            struct itimerval off;
            memset(&off, 0, sizeof off);
            setitimer(ITIMER_REAL, &off, NULL);
            nb_timer.st = NULL;
        }
        st->watchdog = NULL;
        return;
    }
    nb_watchdog *w = (nb_watchdog *)st->watchdog;
    st->watchdog = NULL;
    pthread_mutex_lock(&w->mutex);
    w->stop = 1;
    pthread_cond_signal(&w->cond);
    pthread_mutex_unlock(&w->mutex);     /* from here on the thread owns `w` */
}
