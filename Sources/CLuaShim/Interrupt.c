// Ctrl-C for the REPL, as lua.c does it: the signal handler only arms a hook; the hook
// raises from inside the Lua VM, where a pcall is there to catch it.
#include "CLuaShim.h"
#include <signal.h>

static lua_State *volatile nb_interrupt_state = NULL;

static void nb_stop(lua_State *L, lua_Debug *ar) {
    (void)ar;
    lua_sethook(L, NULL, 0, 0);
    luaL_error(L, "interrupted!");
}

static void nb_on_sigint(int sig) {
    (void)sig;
    lua_State *L = nb_interrupt_state;
    signal(SIGINT, SIG_DFL);            /* a second Ctrl-C ends the process */
    if (L) {
        /* the running coroutine, if one runs (a hook on L would not reach it); read
           without the lock, which this thread may be holding */
        lua_State *running = nb_getstate(L)->running;
        lua_sethook(running ? running : L, nb_stop, LUA_MASKCALL | LUA_MASKRET | LUA_MASKCOUNT, 1);
    }
}

void nb_interrupt_begin(lua_State *L) {
    nb_interrupt_state = L;
    signal(SIGINT, nb_on_sigint);
}

void nb_interrupt_end(void) {
    signal(SIGINT, SIG_DFL);
    if (nb_interrupt_state) lua_sethook(nb_interrupt_state, NULL, 0, 0);
    nb_interrupt_state = NULL;
}
