// Run limits: one count hook samples the position, counts instructions, reads the
// clock and notices the allocator's refusals. Hooks reach coroutines because a new
// thread inherits the hook of the thread that created it (lua_newthread).
#include "CLuaShim.h"
#include <stdio.h>
#include <time.h>

double nb_monotonic_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static const char *nb_limit_name(int which) {
    switch (which) {
    case NB_LIMIT_MEMORY: return "memory limit exceeded";
    case NB_LIMIT_TIME: return "time limit exceeded";
    default: return "instruction limit exceeded";
    }
}

static void nb_limit_hook(lua_State *L, lua_Debug *ar) {
    nb_state *st = nb_getstate(L);
    if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
        snprintf(st->where, sizeof st->where, "%s:%d", ar->short_src, ar->currentline);
    if (!st->limit_hit) {
        st->instructions++;
        if (st->memory_error && st->limit != 0) st->limit_hit = NB_LIMIT_MEMORY;
        else if (st->max_instructions > 0 && st->instructions * NB_LIMIT_PERIOD > st->max_instructions)
            st->limit_hit = NB_LIMIT_INSTRUCTIONS;
        else if (st->deadline > 0 && nb_monotonic_now() > st->deadline) st->limit_hit = NB_LIMIT_TIME;
    }
    if (st->limit_hit) {
        lua_sethook(L, nb_limit_hook, LUA_MASKCOUNT, 1);   /* sticky: every instruction from now on */
        luaL_error(L, "%s", nb_limit_name(st->limit_hit));
    }
}

void nb_limits_install(lua_State *L) {
    lua_sethook(L, nb_limit_hook, LUA_MASKCOUNT, NB_LIMIT_PERIOD);
}
