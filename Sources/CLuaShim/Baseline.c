// `nestbox bench`'s baseline: the measured operations written directly on the
// Lua C API, as a conventional hand-written binding would (docs/performance.md):
// a typed userdata checked with luaL_checkudata, an __index and a
// __newindex that dispatch on the key (methods first, then a property table), a
// setter that checks its value and copies the string into the object, and methods
// that check their receiver and argument and then do the same model work as the
// binding's, through the host's functions.
#include "CLuaShim.h"
#include <stdlib.h>
#include <string.h>

#define NB_BENCH_TYPE "nestbox.baseline"

/* The properties a hand-written binding would switch on once it found the key. */
enum { NB_BENCH_TITLE = 1, NB_BENCH_VALUE = 2, NB_BENCH_HIDDEN = 3 };

typedef struct {
    int value;
    int hidden;
    char *title;        /* owned, NUL-terminated; NULL = nil */
    size_t len, cap;
    void *model;        /* the host's model object (retained), or NULL */
    nb_bench_model host;  /* its functions (per object: no global state) */
} nb_bench_obj;

static int nb_bench_nop(lua_State *L) { (void)L; return 0; }

static nb_bench_obj *nb_bench_check(lua_State *L, int i) {
    return (nb_bench_obj *)luaL_checkudata(L, i, NB_BENCH_TYPE);
}

/* upvalue 1: methods (name -> function); upvalue 2: properties (name -> id) */
static int nb_bench_index(lua_State *L) {
    nb_bench_obj *o = nb_bench_check(L, 1);
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(2));
    switch ((int)lua_tointeger(L, -1)) {
    case NB_BENCH_TITLE:
        if (o->title) lua_pushlstring(L, o->title, o->len); else lua_pushnil(L);
        return 1;
    case NB_BENCH_VALUE: lua_pushinteger(L, o->value); return 1;
    case NB_BENCH_HIDDEN: lua_pushboolean(L, o->hidden); return 1;
    default: lua_pushnil(L); return 1;
    }
}

static void nb_bench_settitle(nb_bench_obj *o, const char *s, size_t len) {
    if (len + 1 > o->cap) {
        char *p = (char *)realloc(o->title, len + 1);
        if (p == NULL) return;
        o->title = p;
        o->cap = len + 1;
    }
    memcpy(o->title, s, len);
    o->title[len] = 0;
    o->len = len;
}

/* upvalue 1: properties (name -> id) */
static int nb_bench_newindex(lua_State *L) {
    nb_bench_obj *o = nb_bench_check(L, 1);
    lua_settop(L, 3);
    lua_pushvalue(L, 2);
    lua_rawget(L, lua_upvalueindex(1));
    switch ((int)lua_tointeger(L, -1)) {
    case NB_BENCH_TITLE:
        if (lua_isnil(L, 3)) { o->len = 0; free(o->title); o->title = NULL; o->cap = 0; return 0; }
        if (lua_type(L, 3) != LUA_TSTRING) return luaL_error(L, "bad value for property 'title' (string expected)");
        {
            size_t len = 0;
            const char *s = lua_tolstring(L, 3, &len);
            nb_bench_settitle(o, s, len);
        }
        return 0;
    case NB_BENCH_VALUE: o->value = (int)luaL_checkinteger(L, 3); return 0;
    case NB_BENCH_HIDDEN: o->hidden = lua_toboolean(L, 3); return 0;
    default: return luaL_error(L, "no property '%s'", lua_tostring(L, 2));
    }
}

static int nb_bench_method(lua_State *L) {
    nb_bench_obj *o = nb_bench_check(L, 1);
    o->value++;
    return 0;
}

static int nb_bench_addsubview(lua_State *L) {
    nb_bench_obj *o = nb_bench_check(L, 1);
    nb_bench_obj *child = nb_bench_check(L, 2);
    if (o->model && child->model) o->host.add(o->model, child->model);
    return 0;
}

static int nb_bench_removefromsuperview(lua_State *L) {
    nb_bench_obj *o = nb_bench_check(L, 1);
    if (o->model) o->host.remove(o->model);
    return 0;
}

static int nb_bench_gc(lua_State *L) {
    nb_bench_obj *o = (nb_bench_obj *)luaL_testudata(L, 1, NB_BENCH_TYPE);
    if (o == NULL) return 0;
    free(o->title);
    o->title = NULL;
    if (o->model) o->host.release(o->model);
    o->model = NULL;
    return 0;
}

static int nb_bench_new(lua_State *L) {
    nb_bench_obj *o = (nb_bench_obj *)lua_newuserdatauv(L, sizeof(nb_bench_obj), 0);
    memset(o, 0, sizeof *o);
    luaL_setmetatable(L, NB_BENCH_TYPE);
    nb_bench_settitle(o, "Inbox", 5);
    /* upvalue 1: the host's functions, or a light NULL */
    const nb_bench_model *host = (const nb_bench_model *)lua_touserdata(L, lua_upvalueindex(1));
    if (host && host->make && host->add && host->remove && host->release) {
        o->host = *host;
        o->model = host->make(host->context);
    }
    return 1;
}

void nb_pushbaseline(lua_State *L, const nb_bench_model *model) {
    lua_newtable(L);                       /* the module */
    lua_pushcfunction(L, nb_bench_nop);
    lua_setfield(L, -2, "nop");
    luaL_newmetatable(L, NB_BENCH_TYPE);   /* metatable */
    lua_newtable(L);                       /* methods */
    lua_pushcfunction(L, nb_bench_method);
    lua_setfield(L, -2, "method");
    lua_pushcfunction(L, nb_bench_addsubview);
    lua_setfield(L, -2, "addSubview");
    lua_pushcfunction(L, nb_bench_removefromsuperview);
    lua_setfield(L, -2, "removeFromSuperview");
    lua_newtable(L);                       /* properties */
    lua_pushinteger(L, NB_BENCH_TITLE);
    lua_setfield(L, -2, "title");
    lua_pushinteger(L, NB_BENCH_VALUE);
    lua_setfield(L, -2, "value");
    lua_pushinteger(L, NB_BENCH_HIDDEN);
    lua_setfield(L, -2, "hidden");
    lua_pushvalue(L, -1);                  /* metatable, methods, properties, properties */
    lua_pushcclosure(L, nb_bench_newindex, 1);
    lua_setfield(L, -4, "__newindex");
    lua_pushcclosure(L, nb_bench_index, 2);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, nb_bench_gc);
    lua_setfield(L, -2, "__gc");
    lua_pop(L, 1);                         /* the metatable stays in the registry */
    if (model) {
        nb_bench_model *copy = (nb_bench_model *)lua_newuserdatauv(L, sizeof *copy, 0);
        *copy = *model;
    } else {
        lua_pushlightuserdata(L, NULL);
    }
    lua_pushcclosure(L, nb_bench_new, 1);
    lua_setfield(L, -2, "new");
}
