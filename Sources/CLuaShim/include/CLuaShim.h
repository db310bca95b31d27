// The C side of the Lua binding.
//
// Swift must never be jumped over by a Lua error or yield (longjmp skips Swift's
// releases and defers). So Swift functions callable from Lua return a status to
// the trampolines here, and only these C frames call lua_error. Swift calls into
// Lua only through nb_pcall. Lua's macros are re-exported as functions because
// Swift cannot import macros.
#ifndef NESTBOX_CLUASHIM_H
#define NESTBOX_CLUASHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>
#include <stddef.h>
#include <stdint.h>

/// Results a Swift function returns to a trampoline: n >= 0 results, or one of these.
#define NB_ERROR (-1)     /* error value on top of the stack; raised with the caller's position */
#define NB_ARGERROR (-2)  /* message and function name on top, argument index in nb_state.errarg */
#define NB_RAWERROR (-3)  /* error value on top, raised as is (it already has a position) */
#define NB_PASSON (-4)    /* a hook's error on top, passed on as is to the code that called */

/// Per-state bookkeeping, reachable in O(1) through lua_getextraspace.
typedef struct nb_state {
    void *host;            /* the Swift runtime (unretained) */
    size_t used;           /* bytes allocated by this state */
    size_t peak;           /* high-water mark of `used` */
    size_t limit;          /* 0 = no limit; enforced only while Lua code runs */
    const long *host_bytes;  /* what the host holds for the script (its count), or NULL:
                                counted with `used` against `limit` */
    int in_host;           /* > 0 while Swift code runs: allocations may exceed the limit */
    int errarg;            /* argument index for NB_ARGERROR */
    int overrides;         /* a script's class has overridden a bound method (never reset) */
    int overridable;       /* registry ref: the set of method names a subclass may override */
    /* Answers whether the name on top (replaced by the answer: the refusal's text, or
       false) is one of type `typeid_`'s refusals; with `-2 - typeID` and nothing on top,
       makes the type's metatable instead (nb_class_index). Raises nothing. */
    int (*refusals)(lua_State *L, int typeid_);
    int memory_error;      /* set when the allocator refused a request */
    /* run limits (README.md, `nestbox run`). No hook runs until a limit needs one: the watchdog
       thread, the allocator or the instruction counter arms it on the running thread. */
    lua_State *running;          /* the thread executing Lua now (NULL outside Lua) */
    int running_lock;            /* spin lock between the VM thread and the watchdog */
    long long instructions;      /* executed so far, counted a hook's period at a time */
    long long max_instructions;  /* 0 = none */
    int limit_hit;               /* 0, or which limit ended the run (NB_LIMIT_*); atomic */
    int limit_seen;              /* the VM has raised the limit's error (atomic) */
    void *watchdog;              /* the timer thread, when a deadline is set */
    char where[192];             /* "file:line" where the limit stopped the script */
    /* Identity slots (Objects.c): indices into the identity table handed out to
       userdata and taken back by their __gc. */
    uint32_t *slots_free;
    uint32_t slots_nfree, slots_cap, slots_next;
    int slots_closing;           /* set by nb_close: finalizers give nothing back */
    uint32_t serials;            /* userdata made so far: each one's `serial` (Order.c) */
    /* What a hook's call from the model needs (nb_run_hook), kept here so the host's
       hot path reads them without touching the runtime object: the thread Swift talks
       to (the runtime's `L`) and the registry ref of the identity table (each hook's
       name has a ref of its own, which the host passes). `thread` may be a coroutine, which a script can let the collector
       take: it is read only while a call on that thread runs (the host sets it on the
       way into each call from Lua and puts the caller's back on the way out, and no
       Lua error unwinds past that), so it never names a collected thread when read. */
    lua_State *thread;
    int objects_ref;
    /* The strings "__parent" and "__index", interned once (0 before the host sets
       them): the class walk (nb_classhook) reads them at every level, where pushing
       a literal hashed and compared it each time. A script's class keeps its parent
       and its fields under them (extend). */
    int parent_key_ref;
    int index_key_ref;
    /* The constructor key an error is about (nb_set_where_key), for its line. */
    char where_key[64];
    /* A hook error passed on to the Lua code that called a binding (NB_PASSON) is
       the hook's error coming back, not a second one; an error of the same text that
       a hook raises itself (with `error`, after catching the first with `pcall`) is
       its own. `passing_frame` is the binding's function that raised the last one
       passed on (nb_raise); the message handler, which runs where the error is raised,
       sets `error_passed_on` when that function is what raised the error it sees. */
    const void *passing_frame;
    int error_passed_on;
    /* Where that error was raised ("file:line: "), for a message that names no line
       (`error(s, 0)` in a hook): the spec library's failures name it (passedOnWhere). */
    char passing_where[256];
} nb_state;

/// The host's count for the memory limit (never negative; 0 without a counter).
static inline size_t nb_host_bytes(const nb_state *st) {
    long h = st->host_bytes ? *st->host_bytes : 0;
    return h > 0 ? (size_t)h : 0;
}

#define NB_LIMIT_PERIOD 1000
#define NB_LIMIT_MEMORY 1
#define NB_LIMIT_TIME 2
#define NB_LIMIT_INSTRUCTIONS 3
#define NB_LIMIT_STOPPED 4     /* SIGINT or SIGTERM (Stop.c) */

/// Counts instructions in periods of NB_LIMIT_PERIOD (or of the limit, when smaller)
/// when `max_instructions` is set
/// (coroutines created later inherit the hook). Without it no hook is installed.
void nb_limits_install(lua_State *L);
/// Takes back whatever limit or stop ended the last run on `L` (the REPL, which goes on
/// and gives each line limits of its own), and zeroes the instruction count.
void nb_limit_clear(lua_State *L);
/// Starts the watchdog: after `seconds`, it marks the time limit and hooks the running
/// thread. Once a limit is hit the hook fires on every call, return and instruction and
/// raises again, so `pcall` cannot swallow it (Redis's trick). With `grace` > 0, a run
/// whose hook has not fired `grace` seconds later (stuck in a C function) is ended with
/// exit 3 and a line naming `script`: for command-line runs only.
int nb_watchdog_start(nb_state *st, double seconds, double grace, const char *script);
/// Stops the watchdog without waiting for its thread (idempotent).
void nb_watchdog_stop(nb_state *st);
/// The limit that has been hit (NB_LIMIT_*), or 0. Safe from any thread.
int nb_limit_status(const nb_state *st);
/// "time limit exceeded" and so on: the error a limit raises.
const char *nb_limit_name(int which);
double nb_monotonic_now(void);
/// Makes `L` the running thread; returns the previous one. Internal to the shim, and
/// used by the coroutine wrappers.
lua_State *nb_set_running(nb_state *st, lua_State *L);
/// Marks limit `which` (if none is marked yet) and arms the raising hook on the running
/// thread. Called on the VM thread or the watchdog's.
void nb_limit_fire(nb_state *st, int which);
/// Raises the error of the limit that has been hit, arming the hook on `L` first.
int nb_limit_raise(lua_State *L);
/// Records in st->where the position of the innermost Lua function of `L`, once.
void nb_record_where(nb_state *st, lua_State *L);
/// "file:line" of the innermost script function of `L` (the prelude passed over, a
/// file's whole path) into `buf`; returns its length, 0 when no Lua function runs.
int nb_script_position(lua_State *L, char *buf, size_t size);
/// Whether what Lua and the host hold is over the memory limit after a full
/// collection (run only when over it); if so the memory limit is marked and armed.
/// For points where host code may let Lua collect: a binding returning to Lua, and
/// the host's long operations between steps.
int nb_memory_over(lua_State *L);
/// For the host's long operations, between steps: whether a limit ended the run (the
/// memory limit included, checked as nb_memory_over does). A true answer counts as
/// the run having stopped for it, so the watchdog does not end the process.
int nb_interrupted(lua_State *L);

/// A Swift function reached through a dispatch trampoline: `id` selects the body.
typedef int (*nb_dispatch_fn)(lua_State *L, int id);
/// Property access: `object` is the retained Swift object, `id` the property.
typedef int (*nb_property_fn)(lua_State *L, void *object, int id);
/// Releases the Swift object held by a userdata (from __gc, on the collecting thread).
typedef void (*nb_release_fn)(lua_State *L, void *object);

/// The block of every userdata that stands for a Swift object.
typedef struct nb_object {
    uint32_t magic;
    uint32_t tag;          /* bit set of the Swift kinds this object is (fast is-a checks) */
    void *object;          /* retained Swift object, NULL once released */
    uint32_t slot;         /* its index in the identity table; given back by __gc */
    uint32_t serial;       /* the order it was made in: `pairs` visits objects by it (Q75) */
} nb_object;

#define NB_MAGIC 0x4E657374u  /* "Nest" */

lua_State *nb_newstate(nb_state *st);
nb_state *nb_getstate(lua_State *L);
void nb_close(lua_State *L);

/* Objects */
nb_object *nb_newobject(lua_State *L, uint32_t tag, void *object, uint32_t slot);
nb_object *nb_toobject(lua_State *L, int idx);
/* Identity by slot (Objects.c). A new userdata takes a slot, free or new; its __gc
   gives it back, once the collector has cleared the weak entry. */
uint32_t nb_slot_take(lua_State *L);
void nb_slot_give(lua_State *L, uint32_t slot);
/* Pushes the userdata in slot `slot` of the identity table (registry ref `objects`)
   when it is the one of `ptr` (a slot the object held may since belong to another),
   with the table below it when `leave_table`; returns 1, or 0 with nothing pushed. */
int nb_pushslot(lua_State *L, int objects, uint32_t slot, const void *ptr, int leave_table);
/* The same with the identity table at `table` on the stack: pushes the userdata and
   returns 1, or returns 0 with nothing pushed. */
int nb_slotholds(lua_State *L, int table, uint32_t slot, const void *ptr);

/* Closures around Swift functions */
void nb_pushdispatch(lua_State *L, nb_dispatch_fn fn, int id);
/// Pushes the __index closure: the member table (name -> method function, or name ->
/// property id; the type's refusals, docs/coverage.md, hang off it: nb_refusal), and
/// the property getter. A method a script's subclass overrides is the subclass's (once
/// `nb_state.overrides` is set).
void nb_pushindex(lua_State *L, int members, nb_property_fn getter);
/// Pushes the __newindex closure: the same member table, setter, a callback told when
/// a plain field is set (with the value's Lua type as `id`), and the set of hook names.
/// A method's name (unless a hook's too) or an unmodelled member's is refused.
void nb_pushnewindex(lua_State *L, int members, nb_property_fn setter, nb_property_fn fieldchanged, int hooks);
/// Whether the key at `key` is in the set at `hooks`.
int nb_ishook(lua_State *L, int hooks, int key);
/// Raises "file:line: <class>.<key> is not modelled by Nestbox (docs/coverage.md)",
/// the class name and the key at the given indices.
int nb_unmodelled(lua_State *L, int cls, int key);
/// Marks the member table at `members` as waiting for type `id`'s refusals.
/// (`nb_state.refusals` with `-2 - typeID` asks instead for the type's metatable, for a
/// class's __index.)
void nb_setpending(lua_State *L, int members, int id);

/// Pushes the __index of a class's methods table: the error for one of the type's
/// refusals, or nil. `box` is [1] the type's member table (once made), [2] its ID.
void nb_pushclassindex(lua_State *L, int box);
/// Names the constructor key the next error is about: its position is then the key's
/// line in the script's file, where a constructor spans several lines.
void nb_set_where_key(lua_State *L, const char *key);
/// Pops `next` and pushes the __pairs of a script's class whose fields' table is at
/// `fields`: it visits the fields without handing out their table.
void nb_pushclasspairs(lua_State *L, int fields);
/// Whether the string key at `key` is one of the refusals of the type whose member
/// table is at `members` (docs/coverage.md); if so the refusal's text (the declaring
/// class, or a whole message) is pushed. Asks `nb_state.refusals` once per name and
/// type, and keeps the answer.
int nb_refusal(lua_State *L, int members, int key);
/// Pushes the metatable of trait collections (userdata with their traits' table as
/// user value 1): read-only, refusing the names in `refusals`, equal by value.
void nb_pushtraitmeta(lua_State *L, int refusals);
/// Raises the error for setting a method's name on an object (at `obj`).
int nb_methodset(lua_State *L, int obj, int key);
void nb_pushgc(lua_State *L, nb_release_fn release);
/// Pushes a class constructor: create(L, typeid) then apply(L, typeid), then `init`.
void nb_pushconstructor(lua_State *L, nb_dispatch_fn create, nb_dispatch_fn apply, int typeid_);

/* Calling Lua from Swift: always protected, with a traceback handler. */
int nb_pcall(lua_State *L, int nargs, int nresults);
/* nb_pcall with the message handler already pushed (nb_pushmsghandler) at `msgh`,
   below the function: a hot caller pushes it first and saves moving it in and out. */
void nb_pushmsghandler(lua_State *L);
int nb_pcall_handled(lua_State *L, int nargs, int nresults, int msgh);
/* The traceback message handler every call from Swift runs under. */
int nb_msghandler(lua_State *L);
/* With the class table on top (popped) and a hook's name at `key`: looks the name up
   along the Lua class chain up to the bound class, raw reads only; pushes the function
   and returns 1, or returns 0. */
int nb_classhook(lua_State *L, int key);
/* The hook named at `key` of the userdata at `ud` (both absolute indices): its own
   fields, then its classes (nb_classhook). Pushes the function and returns 1, or
   returns 0 with nothing pushed. */
int nb_findhook(lua_State *L, int ud, int key);
/* A hook's call made ready (Hooks.c): pushes the message handler, the userdata of
   the object at `ptr` (from the identity table `objects`), the hook named at index
   `ordinal` + 1 of the names table `names` (instance fields, then classes), and the
   userdata again as its first argument. Returns the handler's index, or 0 with the
   stack as it was when the object has no userdata or no such hook. */
int nb_prepare_hook(lua_State *L, int objects, uint32_t slot, const void *ptr, int names, int ordinal);
/// Calls the hook nb_prepare_hook readied, with the `nargs` arguments pushed since, for
/// no result. LUA_OK: the stack is back as it was before nb_prepare_hook. An error
/// status: the message is on top, and the caller sets the top to `handler - 1` once
/// it has read it. NB_HOOK_UNBALANCED: the call succeeded but left the stack at another
/// height (a host bug; the stack is restored all the same).
int nb_call_hook(lua_State *L, int handler, int nargs);
#define NB_HOOK_UNBALANCED 100
/// A hook's call from the model in one call into C: nb_prepare_hook, then the argument
/// `arg` says (NB_HOOK_ARG_*: none, a bool, nil, or the object at `arg_ptr`, found by its
/// slot in the identity table as the object is), then nb_call_hook. Returns what
/// nb_call_hook does, with `*handler` set for an error's caller, or LUA_OK when there
/// is nothing to call; NB_HOOK_GENERAL, with the stack as it was, when the argument
/// object has no userdata yet (the host's general path makes it and calls).
/// `name_ref`: the registry ref of the hook's name (one per hook, so that finding it is
/// one read, where the names' table and its entry were three calls).
int nb_run_hook(lua_State *L, int objects, uint32_t slot, const void *ptr, int name_ref,
                int arg, uint32_t arg_slot, const void *arg_ptr, int *handler);
#define NB_HOOK_GENERAL 101
enum { NB_HOOK_ARG_NONE, NB_HOOK_ARG_FALSE, NB_HOOK_ARG_TRUE, NB_HOOK_ARG_NIL, NB_HOOK_ARG_OBJECT };
/// Loads `sz` bytes of Lua text (never bytecode); a load error without a position
/// (deep nesting's "C stack overflow") gets "chunk:line:" like a syntax error.
int nb_loadbuffer(lua_State *L, const char *buff, size_t sz, const char *name);
/// Loads a script file's bytes as lua.c does: a UTF-8 byte-order mark and a first line
/// starting with '#' are skipped (the line still counts), then nb_loadbuffer.
int nb_loadscript(lua_State *L, const char *buff, size_t sz, const char *name);
/// Loads a chunk the host compiled at record time (Prelude, SpecLibrary): bytecode
/// only, never a script's text or bytes. A chunk dumped by another Lua (version,
/// format, sizes) fails with a message, and the caller compiles the source instead.
int nb_loadbinary(lua_State *L, const char *buff, size_t sz, const char *name);
/// The Lua release the shim was compiled against (LUA_VERSION_RELEASE_NUM, 50404 for
/// 5.4.4): precompiled chunks are used only with the release they were dumped by.
int nb_lua_release(void);
/// `loadscript(text, chunkname)` for the prelude's `require`: the function, or nil and
/// the message (as `load`).
int nb_loadscript_lua(lua_State *L);
/// The file of the nearest Lua function above the running C function that is not the
/// prelude's (`require`'s caller: a module, whose own requires may be found beside it,
/// Q73), without its `@`; NULL when there is none, or it was not loaded from a file.
/// Valid until the function's chunk is collected.
const char *nb_caller_file(lua_State *L);
/// `where([level])`: "file:line: " of the Lua function `level` calls above the caller
/// (1: the caller of the function that called `where`), as error() positions its
/// messages; "" where there is no line (the spec library's soft checks).
int nb_where_lua(lua_State *L);
/// `passedOnWhere([level])`: where the hook error that the function `level` calls above
/// the caller is passing on was raised ("file:line: "); "" when that function is not a
/// binding passing one on. A spec's failure names the hook's line, not the call's.
int nb_passedonwhere_lua(lua_State *L);
/// `scriptMethod(object, name)`: the script's own function that `object` runs for
/// `name` (its field, else its class chain's, as a hook is found), and whether it is the
/// object's own field; nothing when only UIKit's method answers. The spec library's
/// `spy.on` calls it through: reading the name gives UIKit's method, which dispatches
/// back to the spy.
int nb_scriptmethod_lua(lua_State *L);

/* Function versions of the Lua macros Swift uses (Swift cannot import macros) */
int nb_registryindex(void);
void nb_pushcfunction(lua_State *L, lua_CFunction f);
/// A full collection (lua_gc is variadic, so Swift cannot call it).
void nb_gc_collect(lua_State *L);
/// Stops the incremental collector (a forked test, Q72); the allocator still collects in full when over the limit.
void nb_gc_stop(lua_State *L);
/// Pushes a large host string without the collector's debt its allocation makes (Q54).
void nb_pushlarge(lua_State *L, const char *s, size_t len);
/// Joins the top `n` values (strings) into one the same way: a large text's pieces.
void nb_concatlarge(lua_State *L, int n);
long long nb_tointeger(lua_State *L, int idx, int *isnum);

/* Protected helpers: operations that may run metamethods, run inside lua_pcall. */
/// luaL_tolstring under pcall; the result string replaces nothing (pushed on top).
int nb_safetostring(lua_State *L, int idx);
/// Calls f(k, v) for every pair of the table at `t` in a protected call.
typedef int (*nb_pair_fn)(lua_State *L, void *ctx);
int nb_foreach(lua_State *L, int t, nb_pair_fn fn, void *ctx);

/// Opens the allow-listed standard libraries (base without dofile/loadfile, string
/// without dump, table, math, utf8, coroutine, os with clock/time/date only), in a
/// protected call. Returns a lua_pcall status.
int nb_openlibs(lua_State *L);
/// `next` and `pairs` in one order on every run (Order.c, policy Q75): sets both
/// globals. `nb_pushorderednext` pushes that `next` (a trait collection's `__pairs`).
void nb_openordered(lua_State *L);
void nb_pushorderednext(lua_State *L);
/// Replaces resume, wrap and close in the coroutine table on top of the stack.
void nb_wrap_coroutine_library(lua_State *L);

/// Stopping on a signal (Stop.c): between nb_stop_begin and nb_stop_end, SIGINT (and
/// SIGTERM when `terminate`) marks NB_LIMIT_STOPPED on every open state, so Lua code and
/// the host's long loops end as at a limit; a second signal ends the process. Returns
/// 0 when no watcher thread could start (the signals then keep their default action).
int nb_stop_begin(int terminate);
/// Restores the signals' previous actions; returns the signal that came, or 0.
int nb_stop_end(void);
/// The signal that came since nb_stop_begin, or 0. Safe from any thread.
int nb_stop_signal(void);
/// Every open state is watched (nb_newstate to nb_close).
void nb_stop_watch(nb_state *st);
void nb_stop_unwatch(nb_state *st);
/// fork() for `nestbox test` (Fork.c): in the child (0 returned) SIGINT and SIGTERM
/// have their default action, standard output and error go to /dev/null, and (Linux)
/// the parent's death kills it; -1 when it failed.
int nb_fork_test(void);
/// The main thread only waits for the command's thread (nestbox's main.swift): that
/// thread counts as the main one when nb_fork_test decides whether _Fork is safe.
void nb_main_parked(int parked);
/// Ends a forked test's process at once (no atexit handlers, no flushing).
void nb_child_exit(int code);
/// Makes this process the one orphans of its workers' tests come to (Linux); and reaps
/// every child left, waiting for each, once the workers are reaped.
void nb_adopt_orphans(void);
void nb_reap_orphans(void);

/// From now on this process's watchdog is a timer signal, not a thread (Limits.c): for
/// a process that runs Lua on one thread only (the test runner, a forked test).
void nb_watchdog_use_timer(void);
/// Nonzero once this process has started a watchdog thread (Fork.c chooses its fork).
extern int nb_watchdog_threads_made;
/// Collects in full and gives freed pages back to the system (glibc), before forking.
void nb_compact_for_fork(lua_State *L);
/// The bench's floor for a test's process: `n` children forked from this process, each
/// ending at once (`_exit`), each waited for; the mean seconds of one, or -1.
double nb_fork_floor(int n);
/// Around the REPL's line editor: Ctrl-C at the prompt is noted, not fatal (the editor
/// then returns no line); nb_prompt_end says whether it came.
void nb_prompt_begin(void);
int nb_prompt_end(void);

/* Benchmark baseline: the same operations written directly on the C API. */
/// The host's model work for the baseline's methods: `make(context)` returns a retained
/// model object, `release` releases one; `add(parent, child)` and `remove(child)` are the
/// model operations the binding's `addSubview`/`removeFromSuperview` run.
typedef struct nb_bench_model {
    void *context;
    void *(*make)(void *context);
    void (*release)(void *object);
    void (*add)(void *parent, void *child);
    void (*remove)(void *child);
} nb_bench_model;
/// Pushes the `baseline` module; `model` may be NULL (methods then do no model work).
void nb_pushbaseline(lua_State *L, const nb_bench_model *model);
/// Pushes the `floor` module (Floor.c): the containment cycle's semantics as lean C,
/// driven by the same Lua calls as the model, so the bench's cycle has a real floor.
void nb_pushfloor(lua_State *L);

#endif
