// The only C frames that raise Lua errors. See CLuaShim.h for the contract.
#include "CLuaShim.h"
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <ctype.h>

/* ---------- state, allocator, panic ---------- */

static void *nb_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    nb_state *st = (nb_state *)ud;
    size_t old = ptr ? osize : 0;
    if (nsize == 0) {
        free(ptr);
        st->used -= old;
        return NULL;
    }
    /* The cap applies while Lua code runs; host code may overshoot it (a refused
       allocation inside a Swift frame would longjmp over it). */
    if (st->limit != 0 && st->in_host == 0 && nsize > old &&
        st->used - old + nsize + nb_host_bytes(st) > st->limit) {
        if (!st->memory_error) {
            st->memory_error = 1;
#if LUA_VERSION_RELEASE_NUM <= 50404
            /* Where the script asked: the VM saved its pc before allocating. From 5.4.5
               on, a stack reallocation turns CallInfo pointers into offsets while it
               allocates, so reading the stack here is no longer safe. */
            if (st->running) nb_record_where(st, st->running);
#endif
        }
        nb_limit_fire(st, NB_LIMIT_MEMORY);
        return NULL;
    }
    void *p = realloc(ptr, nsize);
    if (p == NULL) { st->memory_error = 1; return NULL; }
    st->used = st->used - old + nsize;
    if (st->used > st->peak) st->peak = st->used;
    return p;
}

static int nb_panic(lua_State *L) {
    /* Reached only by an error outside any protected call: a host bug. */
    const char *msg = lua_tostring(L, -1);
    fprintf(stderr, "nestbox: unprotected Lua error: %s\n", msg ? msg : "(error object is not a string)");
    fflush(stderr);
    return 0;  /* Lua aborts */
}

static void nb_warnf(void *ud, const char *msg, int tocont) {
    (void)ud; (void)msg; (void)tocont;  /* warnings are routed by the host in a later issue */
}

lua_State *nb_newstate(nb_state *st) {
    lua_State *L = lua_newstate(nb_alloc, st);
    if (L == NULL) return NULL;
    *(nb_state **)lua_getextraspace(L) = st;
    lua_atpanic(L, nb_panic);
    lua_setwarnf(L, nb_warnf, st);
    nb_stop_watch(st);
    return L;
}

nb_state *nb_getstate(lua_State *L) { return *(nb_state **)lua_getextraspace(L); }

void nb_close(lua_State *L) {
    nb_state *st = nb_getstate(L);
    /* lua_close runs every finalizer without clearing the weak tables first, so the
       slots it would give back may still be filled: none are taken after this (the
       runtime is closing and pushes nothing), and none are kept. */
    st->slots_closing = 1;
    nb_stop_unwatch(st);
    lua_close(L);
    free(st->slots_free);
    st->slots_free = NULL;
    st->slots_nfree = st->slots_cap = st->slots_next = 0;
}

/* ---------- objects ---------- */

nb_object *nb_newobject(lua_State *L, uint32_t tag, void *object, uint32_t slot) {
    nb_object *o = (nb_object *)lua_newuserdatauv(L, sizeof(nb_object), 2);
    o->magic = NB_MAGIC;
    o->tag = tag;
    o->object = object;
    o->slot = slot;
    o->serial = ++nb_getstate(L)->serials;
    return o;
}

nb_object *nb_toobject(lua_State *L, int idx) {
    if (lua_type(L, idx) != LUA_TUSERDATA) return NULL;
    if (lua_rawlen(L, idx) != sizeof(nb_object)) return NULL;
    nb_object *o = (nb_object *)lua_touserdata(L, idx);
    return (o && o->magic == NB_MAGIC) ? o : NULL;
}

/* ---------- trampolines ---------- */

/* A binding is returning to Lua code: what it made while the cap was off (values
   pushed, objects, trace events) counts now, and over the limit the run ends with
   the memory limit at the line that called it. */
static int nb_host_over(lua_State *L, nb_state *st) {
    return st->in_host == 0 && st->limit != 0 &&
           st->used + nb_host_bytes(st) > st->limit && nb_memory_over(L);
}

/* luaL_argerror, but with the binding's own name when Lua cannot find one (a
   method passed to pcall, say): Lua would print '?'. */
static int nb_argerror(lua_State *L, int arg, const char *extramsg, const char *fname) {
    lua_Debug ar;
    if (!lua_getstack(L, 0, &ar))
        return luaL_error(L, "bad argument #%d (%s)", arg, extramsg);
    lua_getinfo(L, "n", &ar);
    if (ar.namewhat != NULL && strcmp(ar.namewhat, "method") == 0) {
        arg--;
        if (arg == 0)
            return luaL_error(L, "calling '%s' on bad self (%s)", ar.name, extramsg);
    }
    const char *name = ar.name != NULL ? ar.name : fname;
    return luaL_error(L, "bad argument #%d to '%s' (%s)", arg, name ? name : "?", extramsg);
}

static int nb_raise(lua_State *L, int n) {
    nb_state *st = nb_getstate(L);
    st->passing_frame = NULL;
    if (n == NB_PASSON) {
        lua_Debug ar;
        if (lua_getstack(L, 0, &ar) && lua_getinfo(L, "f", &ar)) {
            st->passing_frame = lua_topointer(L, -1);
            lua_pop(L, 1);
        }
        return lua_error(L);
    }
    if (n == NB_ARGERROR) {
        /* stack: ..., message, function name */
        const char *msg = lua_tostring(L, -2);
        const char *fname = lua_tostring(L, -1);
        return nb_argerror(L, st->errarg, msg ? msg : "?", fname);
    }
    if (n == NB_ERROR && lua_type(L, -1) == LUA_TSTRING) {
        luaL_where(L, 1);       /* position of the Lua line that made the call */
        lua_insert(L, -2);
        lua_concat(L, 2);
    }
    return lua_error(L);
}

static int nb_dispatch_tramp(lua_State *L) {
    nb_dispatch_fn fn = (nb_dispatch_fn)lua_touserdata(L, lua_upvalueindex(1));
    int id = (int)lua_tointeger(L, lua_upvalueindex(2));
    nb_state *st = nb_getstate(L);
    st->in_host++;
    int n = fn(L, id);
    st->in_host--;
    if (nb_host_over(L, st)) return nb_limit_raise(L);
    if (n < 0) return nb_raise(L, n);
    return n;
}

void nb_pushdispatch(lua_State *L, nb_dispatch_fn fn, int id) {
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushinteger(L, id);
    lua_pushcclosure(L, nb_dispatch_tramp, 2);
}

/* __index: one raw probe of the type's member table (a function for a method, an
   integer for a property), then the object's own fields, then its Lua class (a chain
   of tables), then the type's refusals (nb_refusal: UIKit members Nestbox does not
   model). The closure is reachable only through our hidden metatable, so slot 1 is one
   of our userdata. */
static int nb_index(lua_State *L) {
    lua_settop(L, 2);
    lua_pushvalue(L, 2);
    int t = lua_rawget(L, lua_upvalueindex(1));
    if (t == LUA_TNUMBER) {
        int id = (int)lua_tointeger(L, -1);
        nb_object *o = (nb_object *)lua_touserdata(L, 1);
        if (o == NULL || o->object == NULL) {
            lua_pushliteral(L, "attempt to use a released object");
            return nb_raise(L, NB_ERROR);
        }
        lua_settop(L, 2);
        nb_property_fn get = (nb_property_fn)lua_touserdata(L, lua_upvalueindex(2));
        nb_state *st = nb_getstate(L);
        st->in_host++;
        int n = get(L, o->object, id);
        st->in_host--;
        if (nb_host_over(L, st)) return nb_limit_raise(L);
        if (n < 0) return nb_raise(L, n);
        return n;
    }
    if (t == LUA_TFUNCTION) {
        /* A method. A script's subclass may override the overridable ones
           (docs/api-conventions.md, Overrides): then the class chain has a function of
           its own under the name. Looked for only once some class has defined one, so a
           script without overrides pays one load. */
        nb_state *st = nb_getstate(L);
        if (st->overrides == 0) return 1;
        lua_rawgeti(L, LUA_REGISTRYINDEX, st->overridable);
        if (nb_ishook(L, -1, 2) && lua_getiuservalue(L, 1, 2) == LUA_TTABLE) {
            lua_pushvalue(L, 2);
            /* class tables and their parents, down to the bound class's methods: plain
               tables all the way (their metatables are ours and locked), at most 64 deep
               (extend) */
            if (lua_gettable(L, -2) == LUA_TFUNCTION) return 1;
        }
        lua_settop(L, 3);
        return 1;
    }
    lua_pop(L, 1);
    if (lua_getiuservalue(L, 1, 1) == LUA_TTABLE) {
        lua_pushvalue(L, 2);
        if (lua_rawget(L, -2) != LUA_TNIL) return 1;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    if (lua_getiuservalue(L, 1, 2) == LUA_TTABLE) {
        lua_pushvalue(L, 2);
        /* a Lua class: may walk its parents through __index */
        if (lua_gettable(L, -2) != LUA_TNIL) return 1;
    }
    /* Nothing has the key. The type's refusals may name it: the fields and classes
       cannot, as every way in checks them first. */
    if (nb_refusal(L, lua_upvalueindex(1), 2)) return nb_unmodelled(L, -1, 2);
    lua_pushnil(L);
    return 1;
}

/* The key under which a member table keeps its type ID until its refusals are in: a
   light userdata, which no script can make, so no script key can reach it. */
static const char nb_pending_key = 0;

void nb_setpending(lua_State *L, int members, int id) {
    members = lua_absindex(L, members);
    lua_pushinteger(L, id);
    lua_rawsetp(L, members, &nb_pending_key);
}



/* __index of a class's methods table (reached from `ui.T.x` and from an object's
   look-up through its classes): nil, or the error for a UIKit member Nestbox does not
   model. The refusals are those of the type's member table (upvalue 1 is a box: [1]
   the member table once the type's metatable is made, [2] the type ID), so a type's
   refusals are made once, whichever way a script first meets one. */
static int nb_class_index(lua_State *L) {
    lua_settop(L, 2);
    if (lua_rawgeti(L, lua_upvalueindex(1), 1) != LUA_TTABLE) {
        lua_pop(L, 1);
        nb_state *st = nb_getstate(L);
        lua_rawgeti(L, lua_upvalueindex(1), 2);
        int tid = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
        if (st->refusals == NULL) { lua_pushnil(L); return 1; }
        st->in_host++;
        st->refusals(L, -2 - tid);     /* makes the type's metatable, which fills the box */
        st->in_host--;
        if (lua_rawgeti(L, lua_upvalueindex(1), 1) != LUA_TTABLE) { lua_pushnil(L); return 1; }
    }
    if (nb_refusal(L, 3, 2)) return nb_unmodelled(L, -1, 2);
    lua_pushnil(L);
    return 1;
}

void nb_pushclassindex(lua_State *L, int box) {
    lua_pushvalue(L, box);
    lua_pushcclosure(L, nb_class_index, 1);
}

/* `pairs` of a script's class: its fields (extend keeps them behind __index), visited
   by `next` as of the class's making, with the fields' table kept in upvalues: handed
   to a script, it could be set past __classset's checks. */
static int nb_class_next(lua_State *L) {
    lua_settop(L, 2);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 2);
    lua_call(L, 2, 2);
    return 2;
}

static int nb_class_pairs(lua_State *L) {
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

void nb_pushclasspairs(lua_State *L, int fields) {
    fields = lua_absindex(L, fields);
    lua_pushvalue(L, fields);
    lua_insert(L, -2);                        /* fields, next */
    lua_pushcclosure(L, nb_class_next, 2);
    lua_pushcclosure(L, nb_class_pairs, 1);
}

/* A type's answers so far, name -> the refusal's text or false, in a table under the
   member table's private key (made on the first miss). Past this many names a script
   has missed on (a million distinct field names), answers are no longer kept: each
   further miss asks the host again. */
#define NB_REFUSAL_CACHE 10000
static const char nb_count_key = 0;

int nb_refusal(lua_State *L, int members, int key) {
    members = lua_absindex(L, members);
    key = lua_absindex(L, key);
    if (lua_type(L, key) != LUA_TSTRING) return 0;
    int t = lua_rawgetp(L, members, &nb_pending_key);
    if (t == LUA_TNUMBER) {                     /* the type's first miss */
        lua_Integer tid = lua_tointeger(L, -1);
        lua_pop(L, 1);
        lua_createtable(L, 0, 8);
        lua_pushinteger(L, tid);
        lua_rawsetp(L, -2, &nb_pending_key);   /* the cache keeps the type ID */
        lua_pushvalue(L, -1);
        lua_rawsetp(L, members, &nb_pending_key);
    } else if (t != LUA_TTABLE) {
        lua_pop(L, 1);
        return 0;
    }
    int cache = lua_gettop(L);
    lua_pushvalue(L, key);
    t = lua_rawget(L, cache);
    if (t == LUA_TSTRING) { lua_replace(L, cache); return 1; }
    if (t != LUA_TNIL) { lua_settop(L, cache - 1); return 0; }     /* false: a free name */
    lua_pop(L, 1);
    nb_state *st = nb_getstate(L);
    if (st->refusals == NULL) { lua_settop(L, cache - 1); return 0; }
    lua_rawgetp(L, cache, &nb_pending_key);
    int tid = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    lua_pushvalue(L, key);
    st->in_host++;
    st->refusals(L, tid);       /* replaces the key on top with the text or false; raises nothing */
    st->in_host--;
    lua_rawgetp(L, cache, &nb_count_key);
    lua_Integer count = lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (count < NB_REFUSAL_CACHE) {
        lua_pushinteger(L, count + 1);
        lua_rawsetp(L, cache, &nb_count_key);
        lua_pushvalue(L, key);
        lua_pushvalue(L, -2);
        lua_rawset(L, cache);
    }
    if (lua_type(L, -1) == LUA_TSTRING) {
        lua_replace(L, cache);
        lua_settop(L, cache);
        return 1;
    }
    lua_settop(L, cache - 1);
    return 0;
}

/* Whether the key at `key` names a hook (the set at `hooks`): some hooks are also
   methods (a controller's viewWillAppear, for S44's direct calls), and a hook may be set
   on an object. */
int nb_ishook(lua_State *L, int hooks, int key) {
    hooks = lua_absindex(L, hooks);
    key = lua_absindex(L, key);
    lua_pushvalue(L, key);
    int found = lua_rawget(L, hooks) != LUA_TNIL;
    lua_pop(L, 1);
    return found;
}

/* Pushes "chunk:line: " of the innermost Lua function among the first few callers: a
   refusal can be raised from a class's __index that an object's __index reached (two C
   levels down), and its line is the script's. */
/* The line of a constructor's key: a table constructor over several lines is one call,
   at its first line, so the key a refusal is about is looked for in the script's file
   from there on (`key =`, 500 lines at most); not found, or no file (a string chunk,
   the REPL), the call's line. Read only when an error is raised. */
static int nb_keyline(const char *source, int from, const char *key) {
    if (source == NULL || source[0] != '@') return from;
    FILE *f = fopen(source + 1, "r");
    if (f == NULL) return from;
    char buf[4096];
    size_t klen = strlen(key);
    int line = 1, found = from;
    while (line < from + 500 && fgets(buf, sizeof buf, f) != NULL) {
        if (line >= from) {
            for (const char *p = strstr(buf, key); p != NULL; p = strstr(p + 1, key)) {
                char before = p == buf ? ' ' : p[-1];
                if (isalnum((unsigned char)before) || before == '_') continue;
                const char *q = p + klen;
                while (*q == ' ' || *q == '\t') q++;
                if (q[0] == '=' && q[1] != '=') { found = line; goto done; }
            }
        }
        if (strchr(buf, '\n') != NULL) line++;
    }
done:
    fclose(f);
    return found;
}

void nb_set_where_key(lua_State *L, const char *key) {
    nb_state *st = nb_getstate(L);
    size_t n = key ? strlen(key) : 0;
    if (n >= sizeof st->where_key) n = 0;            /* a key that long: the call's line */
    memcpy(st->where_key, key ? key : "", n);
    st->where_key[n] = 0;
}

/* `file:line: ` of the Lua code running, or of the constructor key `where_key` names
   (nb_set_where_key; used once, then cleared). */
static void nb_where(lua_State *L) {
    nb_state *st = nb_getstate(L);
    lua_Debug ar;
    for (int level = 1; level <= 4 && lua_getstack(L, level, &ar); level++) {
        lua_getinfo(L, "Sl", &ar);
        if (ar.currentline > 0) {
            int line = st->where_key[0] ? nb_keyline(ar.source, ar.currentline, st->where_key) : ar.currentline;
            st->where_key[0] = 0;
            lua_pushfstring(L, "%s:%d: ", ar.short_src, line);
            return;
        }
    }
    st->where_key[0] = 0;
    lua_pushliteral(L, "");
}

const char *nb_caller_file(lua_State *L) {
    lua_Debug ar;
    for (int level = 1; level <= 8 && lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "S", &ar) || strcmp(ar.what, "C") == 0) continue;
        if (strcmp(ar.source, "=prelude") == 0) continue;
        return ar.source[0] == '@' ? ar.source + 1 : NULL;
    }
    return NULL;
}

int nb_unmodelled(lua_State *L, int cls, int key) {
    cls = lua_absindex(L, cls);
    key = lua_absindex(L, key);
    nb_where(L);
    const char *owner = lua_tostring(L, cls);
    if (strchr(owner, ' ') != NULL)     /* a whole message: modelled under another name */
        lua_pushvalue(L, cls);
    else
        lua_pushfstring(L, "%s.%s is not modelled by Nestbox (docs/coverage.md)", owner, lua_tostring(L, key));
    lua_concat(L, 2);
    return lua_error(L);
}

/* A hook's name given a value the host does not call (a string, a number, a table, a
   callable one too: a hook is found as a function): refused, as a property given the
   wrong type is, rather than kept as a field no one calls. nil removes a hook. Returns
   0, or raises. */
static int nb_hookbad(lua_State *L, int hooks, int key, int value) {
    int t = lua_type(L, value);
    return t != LUA_TFUNCTION && t != LUA_TNIL && lua_type(L, key) == LUA_TSTRING && nb_ishook(L, hooks, key);
}

static int nb_hookvalue(lua_State *L, int hooks, int key, int value) {
    if (!nb_hookbad(L, hooks, key, value)) return 0;
    key = lua_absindex(L, key);
    value = lua_absindex(L, value);
    nb_where(L);
    lua_pushfstring(L, "hook '%s' must be a function, got %s (docs/api-conventions.md)", lua_tostring(L, key), luaL_typename(L, value));
    lua_concat(L, 2);
    return lua_error(L);
}

int nb_methodset(lua_State *L, int obj, int key) {
    obj = lua_absindex(L, obj);
    key = lua_absindex(L, key);
    const char *type = luaL_getmetafield(L, obj, "__name") == LUA_TSTRING ? lua_tostring(L, -1) : "object";
    lua_rawgeti(L, LUA_REGISTRYINDEX, nb_getstate(L)->overridable);
    int overridable = nb_ishook(L, -1, key);
    lua_pop(L, 1);
    nb_where(L);
    if (overridable)
        lua_pushfstring(L, "'%s' is a method of %s: override it in a subclass (ui.%s:extend(name)), not on an object "
                           "(docs/api-conventions.md)", lua_tostring(L, key), type, type);
    else
        lua_pushfstring(L, "'%s' is a method of %s, not a field (docs/api-conventions.md)", lua_tostring(L, key), type);
    lua_concat(L, 2);
    return lua_error(L);
}

void nb_pushindex(lua_State *L, int members, nb_property_fn getter) {
    members = lua_absindex(L, members);
    lua_pushvalue(L, members);
    lua_pushlightuserdata(L, (void *)getter);
    lua_pushcclosure(L, nb_index, 2);
}

static void nb_fields(lua_State *L, int obj) {
    /* pushes the fields table (user value 1), creating it on first use */
    if (lua_getiuservalue(L, obj, 1) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 0, 4);
        lua_pushvalue(L, -1);
        lua_setiuservalue(L, obj, 1);
    }
}

static int nb_newindex(lua_State *L) {
    lua_settop(L, 3);
    lua_pushvalue(L, 2);
    int t = lua_rawget(L, lua_upvalueindex(1));
    if (t == LUA_TNIL && nb_refusal(L, lua_upvalueindex(1), 2)) return nb_unmodelled(L, -1, 2);
    if (t == LUA_TFUNCTION && nb_ishook(L, lua_upvalueindex(4), 2) == 0) return nb_methodset(L, 1, 2);
    if (t == LUA_TNUMBER) {
        int id = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
        nb_object *o = (nb_object *)lua_touserdata(L, 1);   /* see nb_index */
        if (o == NULL || o->object == NULL) {
            lua_pushliteral(L, "attempt to use a released object");
            return nb_raise(L, NB_ERROR);
        }
        nb_property_fn set = (nb_property_fn)lua_touserdata(L, lua_upvalueindex(2));
        nb_state *st = nb_getstate(L);
        st->in_host++;
        int n = set(L, o->object, id);
        st->in_host--;
        if (nb_host_over(L, st)) return nb_limit_raise(L);
        if (n < 0) return nb_raise(L, n);
        return 0;
    }
    lua_pop(L, 1);
    nb_hookvalue(L, lua_upvalueindex(4), 2, 3);
    nb_fields(L, 1);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, 3);
    lua_rawset(L, -3);
    lua_settop(L, 3);
    /* tell the host a field changed (its hook cache and anchoring depend on it) */
    nb_object *o = nb_toobject(L, 1);
    if (o != NULL && o->object != NULL) {
        nb_property_fn changed = (nb_property_fn)lua_touserdata(L, lua_upvalueindex(3));
        nb_state *st = nb_getstate(L);
        st->in_host++;
        int n = changed(L, o->object, lua_type(L, 3));
        st->in_host--;
        /* the host refused the field (and took it out again): its message is on top */
        if (n < 0) return nb_raise(L, n);
    }
    return 0;
}

void nb_pushnewindex(lua_State *L, int members, nb_property_fn setter, nb_property_fn fieldchanged, int hooks) {
    members = lua_absindex(L, members);
    hooks = lua_absindex(L, hooks);
    lua_pushvalue(L, members);
    lua_pushlightuserdata(L, (void *)setter);
    lua_pushlightuserdata(L, (void *)fieldchanged);
    lua_pushvalue(L, hooks);
    lua_pushcclosure(L, nb_newindex, 4);
}

static int nb_gc(lua_State *L) {
    nb_object *o = nb_toobject(L, 1);
    if (o != NULL && o->object != NULL) {
        void *obj = o->object;
        o->object = NULL;   /* idempotent: a second __gc finds nothing */
        nb_slot_give(L, o->slot);
        o->slot = 0;
        nb_release_fn release = (nb_release_fn)lua_touserdata(L, lua_upvalueindex(1));
        nb_state *st = nb_getstate(L);
        st->in_host++;
        release(L, obj);
        st->in_host--;
    }
    return 0;
}

void nb_pushgc(lua_State *L, nb_release_fn release) {
    lua_pushlightuserdata(L, (void *)release);
    lua_pushcclosure(L, nb_gc, 1);
}

/* What is wrong with constructor key `key` (its value at `value`): 0 for nothing; with
   `raise`, that error raised. The stack is left as it was. */
static int nb_keyproblem(lua_State *L, int obj, int members, int hooks, int key, int value, int raise) {
    key = lua_absindex(L, key);
    value = lua_absindex(L, value);
    int top = lua_gettop(L);
    lua_pushvalue(L, key);
    int t = lua_rawget(L, members);
    int bad = 0;
    if (t == LUA_TNIL && nb_refusal(L, members, key)) {
        if (raise) return nb_unmodelled(L, -1, key);
        bad = 1;
    } else if (t == LUA_TFUNCTION && nb_ishook(L, hooks, key) == 0) {
        if (raise) return nb_methodset(L, obj, key);
        bad = 1;
    } else if (t != LUA_TNUMBER && nb_hookbad(L, hooks, key, value)) {
        if (raise) return nb_hookvalue(L, hooks, key, value);
        bad = 1;
    }
    lua_settop(L, top);
    return bad;
}

/* Returns how many keys name properties, so the host can skip looking up the ones
   the table does not name (most constructors name none or few). `members` is the
   type's member table: a key naming a method or a UIKit member Nestbox does not model
   is refused as __newindex refuses it. */
static int nb_copyfields(lua_State *L, int src, int obj, int members, int hooks) {
    int named = 0;
    src = lua_absindex(L, src);
    obj = lua_absindex(L, obj);
    members = lua_absindex(L, members);
    hooks = lua_absindex(L, hooks);
    /* The checks first, and of two mistakes the one under the smaller key is said: the
       table's traversal order follows a hash seed Lua draws per state, and a run must
       say the same thing every time. (A key's string lives in `src` meanwhile.) */
    const char *first = NULL;
    lua_pushnil(L);
    while (lua_next(L, src) != 0) {          /* key at -2, value at -1 */
        if (nb_keyproblem(L, obj, members, hooks, -2, -1, 0)) {
            const char *k = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : NULL;
            if (k != NULL && (first == NULL || strcmp(k, first) < 0)) first = k;
        }
        lua_pop(L, 1);
    }
    if (first != NULL) {
        lua_pushstring(L, first);
        lua_pushvalue(L, -1);
        lua_rawget(L, src);
        nb_set_where_key(L, first);
        return nb_keyproblem(L, obj, members, hooks, -2, -1, 1);
    }
    lua_pushnil(L);
    while (lua_next(L, src) != 0) {          /* key at -2, value at -1 */
        lua_pushvalue(L, -2);
        int isprop = lua_rawget(L, members) == LUA_TNUMBER;
        lua_pop(L, 1);
        named += isprop;
        if (!isprop) {
            nb_fields(L, obj);               /* key value fields */
            lua_pushvalue(L, -3);
            lua_pushvalue(L, -3);
            lua_rawset(L, -3);
            lua_pop(L, 1);                   /* remove fields */
        }
        lua_pop(L, 1);                       /* remove value, keep key */
    }
    return named;
}

/* Class constructor, the __call of a class table: Class{ ... }.
   upvalues: create, apply, typeid. The member table is the new object's metatable's
   `__members`. */
static int nb_construct(lua_State *L) {
    nb_dispatch_fn create = (nb_dispatch_fn)lua_touserdata(L, lua_upvalueindex(1));
    nb_dispatch_fn apply = (nb_dispatch_fn)lua_touserdata(L, lua_upvalueindex(2));
    int tid = (int)lua_tointeger(L, lua_upvalueindex(3));
    if (lua_isnoneornil(L, 2)) { lua_settop(L, 1); lua_newtable(L); }
    lua_settop(L, 2);
    if (lua_type(L, 2) != LUA_TTABLE) {
        return luaL_error(L, "bad argument #1 to constructor (table expected, got %s)", luaL_typename(L, 2));
    }
    nb_state *st = nb_getstate(L);
    st->in_host++;
    int n = create(L, tid);      /* pushes the new object at 3 */
    st->in_host--;
    if (nb_host_over(L, st)) return nb_limit_raise(L);
    if (n < 0) return nb_raise(L, n);
    lua_settop(L, 3);
    /* keys that are not properties become fields (hooks included) before any
       property is applied, so a property's side effects already see the hooks */
    if (!lua_getmetatable(L, 3) || lua_getfield(L, 4, "__members") != LUA_TTABLE
        || lua_getfield(L, 4, "__hooks") != LUA_TTABLE)
        return luaL_error(L, "%s has no member table", luaL_typename(L, 3));
    lua_pushinteger(L, nb_copyfields(L, 2, 3, 5, 6));
    lua_replace(L, 4);                                                   /* at 4, for apply */
    lua_settop(L, 4);
    st->where_key[0] = 0;
    st->in_host++;
    n = apply(L, tid);
    st->in_host--;
    if (nb_host_over(L, st)) return nb_limit_raise(L);
    /* a key's error (apply named it, nb_set_where_key): at the key's line */
    if (n == NB_ERROR && st->where_key[0] && lua_type(L, -1) == LUA_TSTRING) {
        nb_where(L);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    if (n < 0) return nb_raise(L, n);
    lua_settop(L, 3);
    /* `init`, if the instance's fields or its class define one, runs after base init:
       looked up there, not through __index, whose miss would look the type's refusals
       up for nothing (nb_refusal). */
    int hasinit = lua_getiuservalue(L, 3, 1) == LUA_TTABLE && lua_getfield(L, -1, "init") == LUA_TFUNCTION;
    if (!hasinit) {
        lua_settop(L, 3);
        hasinit = lua_getiuservalue(L, 3, 2) == LUA_TTABLE && lua_getfield(L, -1, "init") == LUA_TFUNCTION;
    }
    if (hasinit) {
        lua_pushvalue(L, 3);
        lua_pushvalue(L, 2);
        lua_call(L, 2, 0);
    }
    lua_settop(L, 3);
    return 1;
}

void nb_pushconstructor(lua_State *L, nb_dispatch_fn create, nb_dispatch_fn apply, int typeid_) {
    lua_pushlightuserdata(L, (void *)create);
    lua_pushlightuserdata(L, (void *)apply);
    lua_pushinteger(L, typeid_);
    lua_pushcclosure(L, nb_construct, 3);
}

/* ---------- calling Lua from Swift ---------- */

/* An error value that is not a string gets the position of the Lua line that raised it,
   as `nestbox test` names it (docs/policies.md, Other choices): `file:line: error value: `
   and the value as Lua writes a number, a boolean or nil, an object's __tostring text
   when it gives one, else its type (`a table`), never an address. */
/* `pan:translation()` for `pan.translation`: Lua says "attempt to call a table value
   (method 'translation')", which does not say that the name is a property. The message
   gets the hint; a method that is not there (a nil value) keeps Lua's words. */
static const char *with_hint(lua_State *L, const char *msg) {
    static const char marker[] = " value (method '";
    const char *call = strstr(msg, "attempt to call a ");
    const char *method = call ? strstr(call, marker) : NULL;
    size_t len = strlen(msg);
    if (method == NULL || len < 2 || strcmp(msg + len - 2, "')") != 0 || strncmp(call + 18, "nil ", 4) == 0) return msg;
    const char *name = method + sizeof marker - 1;
    int n = (int)(msg + len - 2 - name);
    if (n <= 0 || n > 80 || memchr(name, '\n', (size_t)n) != NULL) return msg;
    lua_pushstring(L, msg);
    lua_pushliteral(L, ": `");
    lua_pushlstring(L, name, (size_t)n);
    lua_pushliteral(L, "` is a value, not a method: read it without the call (`.");
    lua_pushlstring(L, name, (size_t)n);
    lua_pushliteral(L, "`)");
    lua_concat(L, 6);
    return lua_tostring(L, -1);
}

/* Whether the function `level` calls up is the binding that raised the hook error
   passed on last (nb_raise, NB_PASSON). */
static int nb_passing_at(lua_State *L, const nb_state *st, int level) {
    lua_Debug ar;
    if (st->passing_frame == NULL || !lua_getstack(L, level, &ar) || !lua_getinfo(L, "f", &ar)) return 0;
    int same = lua_topointer(L, -1) == st->passing_frame;
    lua_pop(L, 1);
    return same;
}

int nb_passedonwhere_lua(lua_State *L) {
    int level = (int)luaL_optinteger(L, 1, 1);
    nb_state *st = nb_getstate(L);
    if (level >= 1 && level <= 100 && nb_passing_at(L, st, level + 1)) lua_pushstring(L, st->passing_where);
    else lua_pushliteral(L, "");
    return 1;
}

/* Lua's own errors that carry no position when a C function is running (a hook's call,
   a timer's, a binding's): they get the innermost Lua line, as every error names one. */
static const char *with_position(lua_State *L, const char *msg) {
    static const char *const unplaced[] = {
        "C stack overflow", "attempt to yield across a C-call boundary",
        "attempt to yield from outside a coroutine", "error in error handling",
    };
    int known = 0;
    for (size_t i = 0; i < sizeof unplaced / sizeof unplaced[0]; i++)
        if (strcmp(msg, unplaced[i]) == 0) known = 1;
    if (!known) return msg;
    lua_Debug ar;
    /* The parser's own (nesting too deep) is placed by the loader, in the text it reads
       (`require`'s, `load`'s). */
    if (lua_getstack(L, 1, &ar) && lua_getinfo(L, "nf", &ar)) {
        int loading = lua_tocfunction(L, -1) == nb_loadscript_lua || (ar.name != NULL && strcmp(ar.name, "load") == 0);
        lua_pop(L, 1);
        if (loading) return msg;
    }
    for (int level = 1; level < 1000 && lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0)
            return lua_pushfstring(L, "%s:%d: %s", ar.short_src, ar.currentline, msg);
    }
    return msg;
}

/* The message as the traceback takes it, a C string: a NUL in a script's text is
   written `\0`, not the end of the message. */
static const char *nb_tostring_nul_escaped(lua_State *L, int idx) {
    size_t len;
    const char *s = lua_tolstring(L, idx, &len);
    if (s == NULL || memchr(s, 0, len) == NULL) return s;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (size_t i = 0; i < len; i++) {
        if (s[i] == 0) luaL_addstring(&b, "\\0"); else luaL_addchar(&b, s[i]);
    }
    luaL_pushresult(&b);
    return lua_tostring(L, -1);
}

int nb_msghandler(lua_State *L) {
    nb_state *st = nb_getstate(L);
    st->error_passed_on = nb_passing_at(L, st, 1);     /* level 1: what raised the error */
    st->passing_frame = NULL;
    const char *msg = lua_type(L, 1) == LUA_TSTRING ? with_hint(L, with_position(L, nb_tostring_nul_escaped(L, 1))) : NULL;
    if (msg == NULL) {
        int t = lua_type(L, 1);
        const char *value;
        if (t == LUA_TNIL || t == LUA_TBOOLEAN || t == LUA_TNUMBER) value = luaL_tolstring(L, 1, NULL);
        else {
            /* A __tostring that fails (or yields) is the value's, not the script's error:
               called protected, and the value is then named by its type. */
            value = NULL;
            if (luaL_getmetafield(L, 1, "__tostring") != LUA_TNIL) {
                lua_pushvalue(L, 1);
                if (lua_pcall(L, 1, 1, 0) == LUA_OK && lua_type(L, -1) == LUA_TSTRING) value = lua_tostring(L, -1);
            }
            if (value == NULL) value = lua_pushfstring(L, "a %s", luaL_typename(L, 1));
        }
        lua_Debug ar;
        int level = 1;
        while (lua_getstack(L, level, &ar) && lua_getinfo(L, "Sl", &ar) && ar.currentline <= 0) level++;
        if (lua_getstack(L, level, &ar)) msg = lua_pushfstring(L, "%s:%d: error value: %s", ar.short_src, ar.currentline, value);
        else msg = lua_pushfstring(L, "error value: %s", value);
    }
    luaL_traceback(L, L, msg, 1);
    return 1;
}

/* The call itself, with the message handler already at `msgh` below the function.
   Only this thread writes `running` (the watchdog reads it under the lock), so it is
   read without the lock, and set only when a call changes it: a hook called from the
   script's own thread, the common case, leaves it as it is. */
static int nb_pcall_core(lua_State *L, nb_state *st, int nargs, int nresults, int msgh) {
    int saved = st->in_host;
    st->in_host = 0;                    /* Lua code runs under the memory cap */
    lua_State *caller = st->running;
    if (caller != L) nb_set_running(st, L);
    int status = lua_pcall(L, nargs, nresults, msgh);
    if (caller != L) nb_set_running(st, caller);
    st->in_host = saved;
    return status;
}

/* The run is over when a limit was hit: no more Lua code. Leaves the stack at
   `keep` with the limit's name pushed. */
static int nb_limit_refuse(lua_State *L, nb_state *st, int hit, int keep) {
    /* the host has seen the limit and is unwinding: the watchdog need not end
       the process */
    __atomic_store_n(&st->limit_seen, 1, __ATOMIC_RELEASE);
    lua_settop(L, keep);
    lua_pushstring(L, nb_limit_name(hit));
    return LUA_ERRRUN;
}

int nb_pcall(lua_State *L, int nargs, int nresults) {
    nb_state *st = nb_getstate(L);
    int base = lua_gettop(L) - nargs;   /* function index */
    int hit = nb_limit_status(st);
    if (hit) return nb_limit_refuse(L, st, hit, base - 1);
    lua_pushcfunction(L, nb_msghandler);
    lua_insert(L, base);
    int status = nb_pcall_core(L, st, nargs, nresults, base);
    lua_remove(L, base);
    return status;
}

void nb_pushmsghandler(lua_State *L) { lua_pushcfunction(L, nb_msghandler); }

int nb_pcall_handled(lua_State *L, int nargs, int nresults, int msgh) {
    nb_state *st = nb_getstate(L);
    int hit = nb_limit_status(st);
    if (hit) return nb_limit_refuse(L, st, hit, lua_gettop(L) - nargs - 1);
    return nb_pcall_core(L, st, nargs, nresults, msgh);
}

/* ---------- macros as functions ---------- */

int nb_registryindex(void) { return LUA_REGISTRYINDEX; }
void nb_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }
void nb_gc_collect(lua_State *L) { lua_gc(L, LUA_GCCOLLECT); }
void nb_gc_stop(lua_State *L) { lua_gc(L, LUA_GCSTOP); }

/* Q54: a large string the host hands back (a printed hierarchy of 300,000 lines is
   30 MB) would run the collector into debt by its size, and the incremental collector
   pays that debt at once by traversing the whole heap: 445 ms for nothing, as the
   string holds no references. Stopping the collector for the push and restarting it
   (which clears the debt) leaves the pacing where the script's own allocations put
   it; the string is freed with the next cycle, and the memory cap counts it as ever
   (a full collection before refusing). Scripts cannot stop the collector; while it is
   not running (a finalizer's call) the push is plain. */
void nb_pushlarge(lua_State *L, const char *s, size_t len) {
    int running = lua_gc(L, LUA_GCISRUNNING) == 1;
    if (running) lua_gc(L, LUA_GCSTOP);
    lua_pushlstring(L, s, len);
    if (running) lua_gc(L, LUA_GCRESTART);
}
/* The same for joining the top n strings into one (lua_concat): pieces of a large text. */
void nb_concatlarge(lua_State *L, int n) {
    int running = lua_gc(L, LUA_GCISRUNNING) == 1;
    if (running) lua_gc(L, LUA_GCSTOP);
    lua_concat(L, n);
    if (running) lua_gc(L, LUA_GCRESTART);
}
long long nb_tointeger(lua_State *L, int idx, int *isnum) { return (long long)lua_tointegerx(L, idx, isnum); }

/* ---------- protected helpers ---------- */

static int nb_tostring_body(lua_State *L) {
    luaL_tolstring(L, 1, NULL);
    return 1;
}

int nb_safetostring(lua_State *L, int idx) {
    idx = lua_absindex(L, idx);
    lua_pushcfunction(L, nb_tostring_body);
    lua_pushvalue(L, idx);
    nb_state *st = nb_getstate(L);
    int saved = st->in_host;
    st->in_host = 0;
    int status = lua_pcall(L, 1, 1, 0);
    st->in_host = saved;
    return status;   /* either way one value (string or error) is on top */
}

static int nb_foreach_body(lua_State *L) {
    nb_pair_fn fn = (nb_pair_fn)lua_touserdata(L, 2);
    void *ctx = lua_touserdata(L, 3);
    lua_settop(L, 3);
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {      /* key at 4, value at 5 */
        int n = fn(L, ctx);
        if (n < 0) return lua_error(L);
        lua_settop(L, 4);
    }
    return 0;
}

int nb_foreach(lua_State *L, int t, nb_pair_fn fn, void *ctx) {
    t = lua_absindex(L, t);
    lua_pushcfunction(L, nb_foreach_body);
    lua_pushvalue(L, t);
    lua_pushlightuserdata(L, (void *)fn);
    lua_pushlightuserdata(L, ctx);
    return lua_pcall(L, 3, 0, 0);   /* host code: in_host stays as it is */
}

/* ---------- trait collections ---------- */

/* A trait collection is a value: a userdata whose one user value is a table of its
   traits, read-only as UITraitCollection's properties are, with UIKit's members Nestbox
   does not model refused by name (upvalue 1 of __index and __newindex), compared by
   value, iterated with pairs. Not one of the objects of Objects.c: no Swift object
   behind it. */
static int nb_trait_index(lua_State *L) {
    lua_settop(L, 2);
    lua_getiuservalue(L, 1, 1);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, 3) != LUA_TNIL) return 1;
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) == LUA_TSTRING) return nb_unmodelled(L, -1, 2);
    lua_pushnil(L);
    return 1;
}

static int nb_trait_newindex(lua_State *L) {
    lua_settop(L, 3);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(1)) == LUA_TSTRING) return nb_unmodelled(L, -1, 2);
    luaL_where(L, 1);
    lua_pushfstring(L, "cannot set '%s': a trait collection is read-only, as UITraitCollection's properties are",
                    lua_type(L, 2) == LUA_TSTRING ? lua_tostring(L, 2) : luaL_typename(L, 2));
    lua_concat(L, 2);
    return lua_error(L);
}

static int nb_trait_eq(lua_State *L) {
    if (lua_type(L, 1) != LUA_TUSERDATA || lua_type(L, 2) != LUA_TUSERDATA
        || lua_getiuservalue(L, 1, 1) != LUA_TTABLE || lua_getiuservalue(L, 2, 1) != LUA_TTABLE) {
        lua_pushboolean(L, 0);
        return 1;
    }
    /* the same keys with the same values (a handful: bounded by the host's table) */
    for (int side = 0; side < 2; side++) {
        int a = side == 0 ? 3 : 4, b = side == 0 ? 4 : 3;
        lua_pushnil(L);
        while (lua_next(L, a) != 0) {
            lua_pushvalue(L, -2);
            lua_rawget(L, b);
            int same = lua_rawequal(L, -1, -2);
            lua_pop(L, 2);
            if (!same) { lua_pushboolean(L, 0); return 1; }
        }
    }
    lua_pushboolean(L, 1);
    return 1;
}

static int nb_trait_pairs(lua_State *L) {
    nb_pushorderednext(L);
    lua_getiuservalue(L, 1, 1);
    lua_pushnil(L);
    return 3;
}

static int nb_trait_tostring(lua_State *L) {
    lua_getiuservalue(L, 1, 1);
    int values = lua_gettop(L);
    const char *part[4];
    static const char *const names[4] = { "horizontalSizeClass", "verticalSizeClass", "userInterfaceIdiom", "displayScale" };
    for (int i = 0; i < 4; i++) {
        lua_getfield(L, values, names[i]);
        part[i] = luaL_tolstring(L, -1, NULL);     /* kept on the stack until the format */
    }
    lua_pushfstring(L, "TraitCollection(horizontalSizeClass: %s, verticalSizeClass: %s, userInterfaceIdiom: %s, displayScale: %s)",
                    part[0], part[1], part[2], part[3]);
    return 1;
}

void nb_pushtraitmeta(lua_State *L, int refusals) {
    refusals = lua_absindex(L, refusals);
    lua_createtable(L, 0, 8);
    lua_pushvalue(L, refusals);
    lua_pushcclosure(L, nb_trait_index, 1);
    lua_setfield(L, -2, "__index");
    lua_pushvalue(L, refusals);
    lua_pushcclosure(L, nb_trait_newindex, 1);
    lua_setfield(L, -2, "__newindex");
    lua_pushcfunction(L, nb_trait_eq);
    lua_setfield(L, -2, "__eq");
    lua_pushcfunction(L, nb_trait_pairs);
    lua_setfield(L, -2, "__pairs");
    lua_pushcfunction(L, nb_trait_tostring);
    lua_setfield(L, -2, "__tostring");
    lua_pushliteral(L, "TraitCollection");
    lua_setfield(L, -2, "__name");
    lua_pushliteral(L, "locked");
    lua_setfield(L, -2, "__metatable");
}
