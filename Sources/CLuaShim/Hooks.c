// Finding a hook for a call from the model (docs/performance.md): the object's userdata by its
// slot in the identity table (Objects.c), then the hook in the instance's own fields, then
// along its Lua classes up to the bound class. Raw reads only: looking a hook up runs
// no script code. One call from Swift instead of a dozen, for the hot path
// (nb_prepare_hook, then nb_call_hook once the arguments are pushed); the binding's
// other look-ups use the same walk (nb_findhook).
#include "CLuaShim.h"

static void pushkey(lua_State *L, int ref, const char *name) {
    if (ref > 0) lua_rawgeti(L, LUA_REGISTRYINDEX, ref); else lua_pushstring(L, name);
}

int nb_classhook(lua_State *L, int key) {
    key = lua_absindex(L, key);
    nb_state *st = nb_getstate(L);
    /* Bounded like every walk a script can lengthen: a chain deeper than 64 classes
       is cut there (the same bound the Swift walk had). A script's class keeps its
       fields in the table behind its __index and its parent under __parent (extend);
       a class of ui has no __parent, and no hooks. */
    for (int depth = 0; depth < 64 && lua_type(L, -1) == LUA_TTABLE; depth++) {
        if (!lua_getmetatable(L, -1)) break;           /* class, meta */
        pushkey(L, st->parent_key_ref, "__parent");
        if (lua_rawget(L, -2) != LUA_TTABLE) { lua_pop(L, 2); break; }
        pushkey(L, st->index_key_ref, "__index");      /* class, meta, parent, fields */
        if (lua_rawget(L, -3) == LUA_TTABLE) {
            lua_pushvalue(L, key);
            if (lua_rawget(L, -2) == LUA_TFUNCTION) {  /* class, meta, parent, fields, f */
                lua_replace(L, -5);
                lua_pop(L, 3);
                return 1;
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);                                 /* class, meta, parent */
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

int nb_scriptmethod_lua(lua_State *L) {
    if (lua_type(L, 1) != LUA_TUSERDATA || lua_type(L, 2) != LUA_TSTRING) return 0;
    lua_settop(L, 2);
    if (lua_getiuservalue(L, 1, 1) == LUA_TTABLE) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, -2) == LUA_TFUNCTION) { lua_pushboolean(L, 1); return 2; }
    }
    lua_settop(L, 2);
    lua_getiuservalue(L, 1, 2);
    if (!nb_classhook(L, 2)) return 0;
    lua_pushboolean(L, 0);
    return 2;
}

int nb_prepare_hook(lua_State *L, int objects, uint32_t slot, const void *ptr, int names, int ordinal) {
    /* Ten slots at most here, and the caller's arguments after: a stack that cannot
       grow by them (a million slots in use) calls no hook rather than overflow. */
    if (!lua_checkstack(L, 16)) return 0;
    /* What the look-ups leave on the stack stays there, between the handler and the
       function, for the caller's settop: the handler, the identity table, the
       userdata, the names, the name. */
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

/* The hot path of nb_prepare_hook and nb_call_hook in one (LuaHost.run), with each
   value left where the next call wants it: no name pushed twice, no function moved.
   Stack from `h`: the handler, the identity table, the userdata, then (found on the
   instance) its fields and the function, or (found on a class) what nb_classhook leaves. */
int nb_run_hook(lua_State *L, int objects, uint32_t slot, const void *ptr, int name_ref,
                int arg, uint32_t arg_slot, const void *arg_ptr, int *handler) {
    if (slot == 0 || !lua_checkstack(L, 16)) return LUA_OK;    /* see nb_prepare_hook */
    int h = lua_gettop(L) + 1, table = h + 1, ud = h + 2;
    *handler = h;
    lua_pushcfunction(L, nb_msghandler);
    lua_rawgeti(L, LUA_REGISTRYINDEX, objects);
    if (!nb_slotholds(L, table, slot, ptr)) goto none;
    int found = 0;
    if (lua_getiuservalue(L, ud, 1) == LUA_TTABLE) {           /* ud + 1: the fields */
        lua_rawgeti(L, LUA_REGISTRYINDEX, name_ref);            /* ud + 2: the name */
        found = lua_rawget(L, ud + 1) == LUA_TFUNCTION;         /* ud + 2: the field */
    }
    if (!found) {
        lua_settop(L, ud + 1);
        lua_rawgeti(L, LUA_REGISTRYINDEX, name_ref);            /* ud + 2: the name */
        lua_getiuservalue(L, ud, 2);
        if (!nb_classhook(L, ud + 2)) goto none;
    }
    lua_pushvalue(L, ud);
    int nargs = 1;
    switch (arg) {
    case NB_HOOK_ARG_FALSE: case NB_HOOK_ARG_TRUE: lua_pushboolean(L, arg == NB_HOOK_ARG_TRUE); nargs++; break;
    case NB_HOOK_ARG_NIL: lua_pushnil(L); nargs++; break;
    case NB_HOOK_ARG_OBJECT:
        if (!nb_slotholds(L, table, arg_slot, arg_ptr)) { lua_settop(L, h - 1); return NB_HOOK_GENERAL; }
        nargs++;
        break;
    default: break;
    }
    return nb_call_hook(L, h, nargs);
none:
    lua_settop(L, h - 1);
    return LUA_OK;
}
