// The allow-listed standard libraries (DESIGN.md §5), opened in a protected call.
#include "CLuaShim.h"

/* coroutine.resume and coroutine.wrap, as lcorolib.c has them, but telling the limit
   watchdog which thread runs (a hook set on the resumer does not reach a coroutine
   that is already running), and refusing to resume once a limit is hit. */
static int nb_auxresume(lua_State *L, lua_State *co, int narg) {
    nb_state *st = nb_getstate(L);
    int nres;
    if (nb_limit_status(st)) return nb_limit_raise(L);
    if (!lua_checkstack(co, narg)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    lua_xmove(L, co, narg);
    lua_State *resumer = nb_set_running(st, co);
    int status = lua_resume(co, L, narg, &nres);
    nb_set_running(st, resumer);
    if (nb_limit_status(st)) return nb_limit_raise(L);
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            lua_pushliteral(L, "too many results to resume");
            return -1;
        }
        lua_xmove(co, L, nres);
        return nres;
    }
    lua_xmove(co, L, 1);    /* the error value */
    return -1;
}

static int nb_coresume(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "coroutine");
    int r = nb_auxresume(L, co, lua_gettop(L) - 1);
    if (r < 0) {
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -(r + 1));
    return r + 1;
}

static int nb_auxwrap(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int r = nb_auxresume(L, co, lua_gettop(L));
    if (r < 0) {
        int stat = lua_status(co);
        if (stat != LUA_OK && stat != LUA_YIELD) {     /* it died: close its tbc variables */
            nb_state *st = nb_getstate(L);
            lua_State *resumer = nb_set_running(st, co);
            stat = lua_resetthread(co);
            nb_set_running(st, resumer);
            lua_xmove(co, L, 1);
        }
        if (stat != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    return r;
}

static int nb_cowrap(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_State *co = lua_newthread(L);
    lua_pushvalue(L, 1);
    lua_xmove(L, co, 1);
    lua_pushcclosure(L, nb_auxwrap, 1);
    return 1;
}

/* coroutine.close runs the coroutine's pending __close handlers in that coroutine, so
   it too must be the running thread meanwhile. The state checks are lcorolib's,
   made before anything changes, so an error leaves the running thread as it was. */
static int nb_coclose(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co != NULL, 1, "coroutine");
    const char *state = NULL;
    if (co == L) state = "running";
    else if (lua_status(co) == LUA_OK) {
        lua_Debug ar;
        if (lua_getstack(co, 0, &ar)) state = "normal";   /* it has frames: it resumed us */
    }
    if (state) return luaL_error(L, "cannot close a %s coroutine", state);
    nb_state *st = nb_getstate(L);
    if (nb_limit_status(st)) return nb_limit_raise(L);
    lua_State *closer = nb_set_running(st, co);
    int status = lua_resetthread(co);
    nb_set_running(st, closer);
    if (nb_limit_status(st)) return nb_limit_raise(L);
    if (status == LUA_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    lua_xmove(co, L, 1);    /* the error value */
    return 2;
}

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

static int nb_openlibs_body(lua_State *L) {
    luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
    lua_pushnil(L); lua_setfield(L, -2, "dofile");     /* no file system */
    lua_pushnil(L); lua_setfield(L, -2, "loadfile");
    lua_pushcfunction(L, nb_setmetatable); lua_setfield(L, -2, "setmetatable");
    lua_pop(L, 1);
    luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
    lua_pushnil(L); lua_setfield(L, -2, "dump");        /* no bytecode */
    lua_pop(L, 1);
    luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1); lua_pop(L, 1);
    luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1); lua_pop(L, 1);
    luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1); lua_pop(L, 1);
    luaL_requiref(L, LUA_COLIBNAME, luaopen_coroutine, 1);
    lua_pushcfunction(L, nb_coresume); lua_setfield(L, -2, "resume");
    lua_pushcfunction(L, nb_cowrap); lua_setfield(L, -2, "wrap");
    lua_pushcfunction(L, nb_coclose); lua_setfield(L, -2, "close");
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

