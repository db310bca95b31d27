// The allow-listed standard libraries (README.md, `nestbox run`), opened in a protected call.
#include "CLuaShim.h"
#include <stdio.h>

/* setmetatable as lbaselib.c has it, but refusing __gc: Lua runs finalizers with hooks
   switched off (and again inside lua_close), so neither the watchdog nor the
   instruction limit could stop an endless one. Luau's sandbox drops __gc too. Lua marks
   an object for finalization only when setmetatable sees __gc, so this check suffices. */
static int nb_setmetatable(lua_State *L) {
    int t = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL)
        return luaL_error(L, "cannot change a protected metatable");
    if (t == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        if (lua_rawget(L, 2) != LUA_TNIL)      /* raw, as Lua's own check for finalizers */
            return luaL_error(L, "setmetatable: __gc finalizers are not supported "
                             "(Lua runs them where no limit can stop them)");
    }
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

/* string.rep with a cap on its result (16 MiB). The arguments are read as rep reads
   them (a number for s or sep is its string, a numeric string for n is a number), and
   the size is computed in floating point, n * (#s + #sep) - #sep, so it cannot wrap.
   Copying nothing n times is answered at once: rep itself would loop n times in C,
   where no limit can stop it. Upvalue 1 is Lua's own rep. */
#define NB_REP_CAP (16.0 * 1024 * 1024)
static int nb_rep(lua_State *L) {
    size_t l, lsep;
    luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_optlstring(L, 3, "", &lsep);
    if (n > 0) {
        double size = ((double)l + (double)lsep) * (double)n - (double)lsep;
        if (size > NB_REP_CAP) {
            char bytes[64];
            snprintf(bytes, sizeof bytes, "%.0f", size);
            return luaL_error(L, "string.rep: result of %s bytes is over the 16 MiB cap", bytes);
        }
        if (size <= 0) {
            lua_pushliteral(L, "");
            return 1;
        }
    }
    lua_CFunction rep = (lua_CFunction)lua_touserdata(L, lua_upvalueindex(1));
    return rep(L);
}

static int nb_randomseed(lua_State *L) {
    int n = lua_gettop(L);
    lua_pushvalue(L, lua_upvalueindex(1));
    if (n == 0) lua_pushinteger(L, 0); else lua_insert(L, 1);
    lua_call(L, n == 0 ? 1 : n, LUA_MULTRET);
    return lua_gettop(L);
}

static int nb_openlibs_body(lua_State *L) {
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    lua_pushnil(L); lua_setfield(L, -2, "dofile");     /* no file system */
    lua_pushnil(L); lua_setfield(L, -2, "loadfile");
    lua_pushcfunction(L, nb_setmetatable); lua_setfield(L, -2, "setmetatable");
    lua_pop(L, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    lua_pushnil(L); lua_setfield(L, -2, "dump");        /* no bytecode */
    lua_getfield(L, -1, "rep");                          /* capped (also as ("x"):rep) */
    lua_pushlightuserdata(L, (void *)lua_tocfunction(L, -1));
    lua_pushcclosure(L, nb_rep, 1);
    lua_setfield(L, -3, "rep");
    lua_pop(L, 1);
    lua_pop(L, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1); lua_pop(L, 1);
    nb_openordered(L);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
    /* One sequence on every run (policy Q75): seeded here, and reseeded so by
       `math.randomseed()` with no argument, which Lua seeds from the clock. */
    lua_getfield(L, -1, "randomseed");
    lua_pushvalue(L, -1);
    lua_pushcclosure(L, nb_randomseed, 1);
    lua_setfield(L, -3, "randomseed");
    lua_pushinteger(L, 0);
    lua_call(L, 1, 0);
    lua_pop(L, 1);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1); lua_pop(L, 1);
    luaL_requiref(L, LUA_COLIBNAME, luaopen_coroutine, 1);
    nb_wrap_coroutine_library(L);
    lua_pop(L, 1);
    /* os: only the clock functions */
    luaopen_os(L);
    lua_createtable(L, 0, 3);
    lua_getfield(L, -2, "clock"); lua_setfield(L, -2, "clock");
    lua_getfield(L, -2, "time"); lua_setfield(L, -2, "time");
    lua_getfield(L, -2, "date"); lua_setfield(L, -2, "date");
    lua_setglobal(L, "os");
    lua_pop(L, 1);
    /* the shared string metatable stays out of scripts' reach */
    lua_pushliteral(L, "");
    if (lua_getmetatable(L, -1)) {
        lua_pushliteral(L, "locked");
        lua_setfield(L, -2, "__metatable");
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return 0;
}

int nb_openlibs(lua_State *L) {
    lua_pushcfunction(L, nb_openlibs_body);
    return lua_pcall(L, 0, 0, 0);
}

