// A table's traversal in one order on every run (policy Q75). Lua draws the seed of its
// string hashes per state from the clock and from addresses, so the stock `next` visits
// `{ a = 1, b = 2 }` in an order that changes from run to run, and a script that builds
// its tabs with `pairs` would give a different trace each time. `next` and `pairs` here
// visit the keys sorted: numbers by value, then strings byte by byte, then false and
// true, then the objects Nestbox made (controllers, views) in the order they were made,
// then the rest (tables, functions: no order of their own) as Lua's traversal meets them.
//
// `next(t, nil)` finds the least key in one pass that allocates nothing (`next(t) == nil`
// is how a script asks whether a table is empty, and must not set the collector off).
// The traversal's second step sorts a snapshot of the keys once and keeps it (in a
// table with weak keys, so it never keeps `t` alive) with a cursor: the usual loop's
// next key is then found in O(1), another in O(n). A key removed meanwhile is skipped,
// as Lua skips it; a key added meanwhile is not visited (Lua leaves that undefined).
// Each pass a script can lengthen checks the run's limits every 65,536 keys.
#include "CLuaShim.h"
#include <stdlib.h>
#include <string.h>

typedef struct {
    int rank;               /* 0 number, 1 string, 2 boolean, 3 object, 4 anything else */
    int isint;
    lua_Integer i;
    lua_Number n;
    const char *s;          /* alive in the snapshot while sorting */
    size_t len;
    lua_Integer pos;        /* where Lua's traversal met it (the last tie-break) */
} nb_key;

static int compare(const void *pa, const void *pb) {
    const nb_key *a = pa, *b = pb;
    if (a->rank != b->rank) return a->rank < b->rank ? -1 : 1;
    switch (a->rank) {
    case 0:
        if (a->isint && b->isint) { if (a->i != b->i) return a->i < b->i ? -1 : 1; break; }
        {
            lua_Number x = a->isint ? (lua_Number)a->i : a->n, y = b->isint ? (lua_Number)b->i : b->n;
            if (x != y) return x < y ? -1 : 1;
        }
        break;
    case 1: {
        int c = memcmp(a->s, b->s, a->len < b->len ? a->len : b->len);
        if (c != 0) return c;
        if (a->len != b->len) return a->len < b->len ? -1 : 1;
        break;
    }
    case 2: case 3:
        if (a->i != b->i) return a->i < b->i ? -1 : 1;
        break;
    }
    return a->pos < b->pos ? -1 : a->pos > b->pos;
}

/* The value at `idx` as a sort key (its string, if any, alive while the value is). */
static void describe(lua_State *L, int idx, lua_Integer pos, nb_key *k) {
    memset(k, 0, sizeof *k);
    k->pos = pos;
    switch (lua_type(L, idx)) {
    case LUA_TNUMBER:
        k->isint = lua_isinteger(L, idx);
        if (k->isint) k->i = lua_tointeger(L, idx); else k->n = lua_tonumber(L, idx);
        break;
    case LUA_TSTRING:
        k->rank = 1;
        k->s = lua_tolstring(L, idx, &k->len);
        break;
    case LUA_TBOOLEAN:
        k->rank = 2;
        k->i = lua_toboolean(L, idx);
        break;
    case LUA_TUSERDATA: {
        nb_object *o = nb_toobject(L, idx);
        k->rank = o != NULL ? 3 : 4;
        if (o != NULL) k->i = o->serial;
        break;
    }
    default:
        k->rank = 4;
    }
}

/* A limit the watchdog or the memory count set ends a long pass, as the count hook would
   end a loop in Lua. */
static void check_limits(lua_State *L, lua_Integer step) {
    if ((step & 0xFFFF) == 0 && nb_interrupted(L)) nb_limit_raise(L);
}

/* With the table at 1: pushes its least key after `after` (any key when NULL) and its
   value, and returns 1; returns 0 when there is none. A pass that allocates nothing; past
   `most` keys it stops and returns -1 with nothing pushed. */
static int least_after(lua_State *L, const nb_key *after, lua_Integer most) {
    int top = lua_gettop(L), found = 0;
    nb_key best, k;
    lua_Integer step = 0;
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {          /* best key and value, if any, below */
        if (++step > most) { lua_settop(L, top); return -1; }
        check_limits(L, step);
        describe(L, -2, step, &k);
        if ((after == NULL || compare(&k, after) > 0) && (!found || compare(&k, &best) < 0)) {
            best = k;
            if (found) { lua_rotate(L, top + 1, 2); lua_pop(L, 2); }   /* drop the old best */
            found = 1;
            lua_pushvalue(L, -2);          /* best key, best value, key: the traversal goes on */
            continue;
        }
        lua_pop(L, 1);
    }
    return found;
}

/* With the table at 1: pushes its sorted snapshot (keys at 1..n, n at 0, the cursor at
   -1). */
static void snapshot(lua_State *L) {
    lua_newtable(L);
    int raw = lua_gettop(L);
    lua_Integer n = 0;
    lua_pushnil(L);
    while (lua_next(L, 1) != 0) {
        check_limits(L, n + 1);
        lua_pop(L, 1);
        lua_pushvalue(L, -1);
        lua_rawseti(L, raw, ++n);
    }
    /* A userdata, so the allocator counts it against --max-memory. */
    nb_key *keys = n > 0 ? lua_newuserdatauv(L, (size_t)n * sizeof(nb_key), 0) : NULL;
    for (lua_Integer p = 1; p <= n; p++) {
        lua_rawgeti(L, raw, p);
        describe(L, -1, p, &keys[p - 1]);       /* a string lives on in `raw` */
        lua_pop(L, 1);
    }
    if (n > 1) qsort(keys, (size_t)n, sizeof(nb_key), compare);
    lua_createtable(L, (int)(n < 1 << 26 ? n : 0), 2);
    int sorted = lua_gettop(L);
    for (lua_Integer p = 1; p <= n; p++) {
        lua_rawgeti(L, raw, keys[p - 1].pos);
        lua_rawseti(L, sorted, p);
    }
    lua_pushinteger(L, n);
    lua_rawseti(L, sorted, 0);
    lua_pushinteger(L, 0);
    lua_rawseti(L, sorted, -1);
    lua_replace(L, raw);
    lua_settop(L, raw);
}

static lua_Integer count(lua_State *L, int s) {
    lua_rawgeti(L, s, 0);
    lua_Integer n = lua_tointeger(L, -1);
    lua_pop(L, 1);
    return n;
}

/* How many keys of the snapshot at `s` come up to the key at 2, that key included: a
   number, string, boolean or object by its place in the order, present or removed since; any
   other key where it is. -1 for another key that is not there. */
static lua_Integer find(lua_State *L, int s) {
    lua_rawgeti(L, s, -1);
    lua_Integer cursor = lua_tointeger(L, -1);
    lua_pop(L, 1);
    lua_rawgeti(L, s, cursor);
    int same = cursor > 0 && lua_rawequal(L, -1, 2);
    lua_pop(L, 1);
    if (same) return cursor;
    lua_Integer n = count(L, s);
    nb_key key, other;
    describe(L, 2, 0, &key);
    if (key.rank < 4) {
        lua_Integer lo = 0, hi = n;        /* the keys 1...lo come up to it, hi + 1... after */
        while (lo < hi) {
            lua_Integer mid = lo + (hi - lo + 1) / 2;
            lua_rawgeti(L, s, mid);
            describe(L, -1, 0, &other);
            int after = compare(&other, &key) > 0;
            lua_pop(L, 1);
            if (after) hi = mid - 1; else lo = mid;
        }
        return lo;
    }
    for (lua_Integer p = 1; p <= n; p++) {
        check_limits(L, p);
        lua_rawgeti(L, s, p);
        same = lua_rawequal(L, -1, 2);
        lua_pop(L, 1);
        if (same) return p;
    }
    return -1;
}

/* Returns the key and value at snapshot place `p` after the key at 2 went: the cursor
   moves there and the snapshot is kept for the next step. */
static int step_to(lua_State *L, int s, lua_Integer p, int snapshots) {
    lua_pushinteger(L, p);
    lua_rawseti(L, s, -1);
    lua_pushvalue(L, 1);
    lua_pushvalue(L, s);
    lua_rawset(L, snapshots);
    return 2;
}

/* In a small table (SMALL keys at most), the key after the one at 2 is found by one pass
   (least_after), as the first is: a loop over a small table makes no snapshot. -1 for a
   larger table, or a key of no order of its own. */
#define SMALL 16
static int successor(lua_State *L) {
    nb_key key;
    describe(L, 2, LUA_MAXINTEGER, &key);      /* the same key compares as before it */
    return key.rank == 4 ? -1 : least_after(L, &key, SMALL);
}

/* `next(t [, k])`, in the sorted order; upvalue 1 is the table of snapshots. */
static int ordered_next(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 2);
    int snapshots = lua_upvalueindex(1);
    if (lua_isnil(L, 2)) {
        if (least_after(L, NULL, LUA_MAXINTEGER)) return 2;
        lua_pushnil(L);
        return 1;
    }
    const int s = 3;
    lua_pushvalue(L, 1);
    int kept = lua_rawget(L, snapshots) == LUA_TTABLE;
    if (!kept) {
        lua_settop(L, 2);
        int found = successor(L);
        if (found >= 0) {
            if (found) return 2;
            lua_pushnil(L);
            return 1;
        }
        lua_settop(L, 2);
        lua_pushnil(L);
    }
    lua_Integer after = kept ? find(L, s) : -1;
    if (after < 0) {
        lua_settop(L, 2);
        snapshot(L);
        after = find(L, s);
    }
    lua_Integer n = count(L, s);
    if (after < 0) {
        /* A table or function removed since: those come last, in Lua's own order,
           which goes on from a removed key as Lua's `next` does. */
        lua_pushvalue(L, 2);
        lua_Integer steps = 0;
        while (lua_next(L, 1) != 0) {
            check_limits(L, ++steps);
            nb_key k;
            describe(L, -2, 0, &k);
            if (k.rank == 4) {
                lua_insert(L, 2);          /* the value below; the key at 2 for find */
                lua_insert(L, 2);
                lua_Integer p = find(L, s + 2);
                lua_pushvalue(L, 2);
                lua_pushvalue(L, 3);
                return p > 0 ? step_to(L, s + 2, p, snapshots) : 2;
            }
            lua_pop(L, 1);
        }
        after = n;
    }
    for (lua_Integer p = after + 1; p <= n; p++) {
        check_limits(L, p);
        lua_rawgeti(L, s, p);
        lua_pushvalue(L, -1);
        if (lua_rawget(L, 1) != LUA_TNIL) return step_to(L, s, p, snapshots);
        lua_pop(L, 2);
    }
    /* The end: the snapshot goes. */
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    lua_rawset(L, snapshots);
    lua_pushnil(L);
    return 1;
}

/* `pairs(t)`: a `__pairs` metamethod first, as Lua's own; else the ordered `next`. */
static int ordered_pairs(lua_State *L) {
    luaL_checkany(L, 1);
    if (luaL_getmetafield(L, 1, "__pairs") == LUA_TNIL) {
        lua_pushvalue(L, lua_upvalueindex(1));
        lua_pushvalue(L, 1);
        lua_pushnil(L);
    } else {
        lua_pushvalue(L, 1);
        lua_call(L, 1, 3);
    }
    return 3;
}

static const char ordered_next_key = 0;

void nb_pushorderednext(lua_State *L) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &ordered_next_key);
}

void nb_openordered(lua_State *L) {
    lua_newtable(L);
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushcclosure(L, ordered_next, 1);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &ordered_next_key);
    lua_pushvalue(L, -1);
    lua_setglobal(L, "next");
    lua_pushcclosure(L, ordered_pairs, 1);
    lua_setglobal(L, "pairs");
}
