// coroutine.resume, wrap and close in place of lcorolib's: they tell the limit watchdog
// which thread runs Lua (a hook set on the resumer does not reach a coroutine that is
// already running: a thread copies its creator's hook only when it is made) and
// refuse to go on once a limit is hit.
#include "CLuaShim.h"

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

/* lua_resetthread runs the coroutine's pending __close handlers in the coroutine. */
static int nb_resetthread(lua_State *L, lua_State *co) {
    nb_state *st = nb_getstate(L);
    lua_State *caller = nb_set_running(st, co);
    int status = lua_resetthread(co);
    nb_set_running(st, caller);
    return status;
}

static int nb_auxwrap(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int r = nb_auxresume(L, co, lua_gettop(L));
    if (r < 0) {
        int stat = lua_status(co);
        if (stat != LUA_OK && stat != LUA_YIELD) {     /* it died: close its tbc variables */
            stat = nb_resetthread(L, co);
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

/* coroutine.close: the state checks are lcorolib's, made before anything changes, so
   an error leaves the running thread as it was. */
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
    if (nb_limit_status(nb_getstate(L))) return nb_limit_raise(L);
    int status = nb_resetthread(L, co);
    if (nb_limit_status(nb_getstate(L))) return nb_limit_raise(L);
    if (status == LUA_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    lua_xmove(co, L, 1);    /* the error value */
    return 2;
}

void nb_wrap_coroutine_library(lua_State *L) {
    lua_pushcfunction(L, nb_coresume); lua_setfield(L, -2, "resume");
    lua_pushcfunction(L, nb_cowrap); lua_setfield(L, -2, "wrap");
    lua_pushcfunction(L, nb_coclose); lua_setfield(L, -2, "close");
}
