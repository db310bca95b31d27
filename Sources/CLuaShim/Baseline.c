// `nestbox bench`'s baseline: the measured operations written directly on the
// Lua C API, as a hand-written binding would (README.md, Development, Performance).
#include "CLuaShim.h"
#include <string.h>

/* A title is a string, as the binding's is: the getter pushes it, the setter copies
   the bytes (a hand-written binding owns its storage, as the Swift model does). */
typedef struct { uint32_t magic; int value; size_t len; char title[64]; } nb_bench_obj;

static int nb_bench_nop(lua_State *L) { (void)L; return 0; }

static int nb_bench_index(lua_State *L) {
    /* methods table first, then the one property, as a hand-written binding would */
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    nb_bench_obj *o = (nb_bench_obj *)lua_touserdata(L, 1);
    const char *k = lua_tostring(L, 2);
    if (o && k && strcmp(k, "title") == 0) { lua_pushlstring(L, o->title, o->len); return 1; }
    lua_pushnil(L);
    return 1;
}

static int nb_bench_newindex(lua_State *L) {
    nb_bench_obj *o = (nb_bench_obj *)lua_touserdata(L, 1);
    size_t len = 0;
    const char *s = lua_tolstring(L, 3, &len);
    if (o && s) {
        if (len >= sizeof o->title) len = sizeof o->title - 1;
        memcpy(o->title, s, len);
        o->title[len] = 0;
        o->len = len;
    }
    return 0;
}

static int nb_bench_method(lua_State *L) {
    nb_bench_obj *o = (nb_bench_obj *)lua_touserdata(L, 1);
    if (o) o->value++;
    return 0;
}

static int nb_bench_new(lua_State *L) {
    nb_bench_obj *o = (nb_bench_obj *)lua_newuserdatauv(L, sizeof(nb_bench_obj), 0);
    o->magic = 0; o->value = 0;
    memcpy(o->title, "Inbox", 6);
    o->len = 5;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_setmetatable(L, -2);
    return 1;
}

void nb_pushbaseline(lua_State *L) {
    lua_newtable(L);                       /* the module */
    lua_pushcfunction(L, nb_bench_nop);
    lua_setfield(L, -2, "nop");
    lua_newtable(L);                       /* metatable */
    lua_newtable(L);                       /* methods */
    lua_pushcfunction(L, nb_bench_method);
    lua_setfield(L, -2, "method");
    lua_pushcclosure(L, nb_bench_index, 1);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, nb_bench_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushcclosure(L, nb_bench_new, 1);
    lua_setfield(L, -2, "new");
}
