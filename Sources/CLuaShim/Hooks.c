// Finding a hook for a call from the model (docs/performance.md): the object's userdata by its
// slot in the identity table (Objects.c), then the hook in the instance's own fields, then
// along its Lua classes up to the bound class. Raw reads only: looking a hook up runs
// no script code. One call from Swift instead of a dozen, for the hot path
// (nb_prepare_hook, then nb_call_hook once the arguments are pushed); the binding's
// other look-ups use the same walk (nb_findhook).
#include "CLuaShim.h"

int nb_classhook(lua_State *L, int key) {
    key = lua_absindex(L, key);
    /* Bounded like every walk a script can lengthen: a chain deeper than 64 classes
       is cut there (the same bound the Swift walk had). */
    for (int depth = 0; depth < 64 && lua_type(L, -1) == LUA_TTABLE; depth++) {
        if (!lua_getmetatable(L, -1)) break;
        lua_pushliteral(L, "__bound");
        int bound = lua_rawget(L, -2) == LUA_TBOOLEAN;
        lua_pop(L, 1);
        if (bound) { lua_pop(L, 1); break; }          /* the bound class: no hooks there */
        lua_pushvalue(L, key);
        if (lua_rawget(L, -3) == LUA_TFUNCTION) {      /* class, meta, f */
            lua_replace(L, -3);
            lua_pop(L, 1);
            return 1;
        }
        lua_pop(L, 1);
        lua_pushliteral(L, "__index");
        lua_rawget(L, -2);                             /* class, meta, parent */
        lua_replace(L, -3);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return 0;
}

/* The look-up itself: on success pushes the instance's fields (or nil) and then the
   function, so the hot path below need not move the function down; on failure pushes
   nothing. */
static int findhook(lua_State *L, int ud, int key) {
    if (lua_getiuservalue(L, ud, 1) == LUA_TTABLE) {
        lua_pushvalue(L, key);
        if (lua_rawget(L, -2) == LUA_TFUNCTION) return 1;
        lua_pop(L, 1);
    }
    lua_getiuservalue(L, ud, 2);
    if (nb_classhook(L, key)) return 1;
    lua_pop(L, 1);
    return 0;
}

int nb_findhook(lua_State *L, int ud, int key) {
    if (!findhook(L, ud, key)) return 0;
    lua_replace(L, -2);
    return 1;
}

int nb_prepare_hook(lua_State *L, int objects, uint32_t slot, const void *ptr, int names, int ordinal) {
    /* Ten slots at most here, and the caller's arguments after: a stack that cannot
       grow by them (a million slots in use) calls no hook rather than overflow. */
    if (!lua_checkstack(L, 16)) return 0;
    /* What the look-ups leave on the stack stays there, between the handler and the
       function, for the caller's settop. */
    int handler = lua_gettop(L) + 1;
    lua_pushcfunction(L, nb_msghandler);
    if (!nb_pushslot(L, objects, slot, ptr, 1)) { lua_settop(L, handler - 1); return 0; }
    int ud = handler + 2;
    lua_rawgeti(L, LUA_REGISTRYINDEX, names);
    lua_rawgeti(L, -1, ordinal + 1);                  /* the name, at ud + 2 */
    if (!findhook(L, ud, ud + 2)) { lua_settop(L, handler - 1); return 0; }
    lua_pushvalue(L, ud);                      /* the object, the hook's first argument */
    return handler;
}

int nb_call_hook(lua_State *L, int handler, int nargs) {
    int base = lua_gettop(L) - nargs - 1;       /* where the hook is */
    int status = nb_pcall_handled(L, nargs, 0, handler);
    if (status != LUA_OK) return status;        /* the message on top, for the caller */
    int balanced = lua_gettop(L) == base;
    lua_settop(L, handler - 1);
    return balanced ? LUA_OK : NB_HOOK_UNBALANCED;
}
