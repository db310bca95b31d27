// Identity by slot (docs/performance.md). Each userdata has an index in the weak-valued identity
// table, and its Swift object keeps the index (`SimObject.hostSlot`): finding an
// object's userdata is an array read, where a table keyed by the object's address
// hashed the pointer, probed a chain and, with 200,000 objects, missed the cache. A
// slot comes back to the free list when its userdata's __gc runs, which is after the
// collector cleared the weak entry (Lua 5.4 clears weak values before it finalizes),
// so a slot in the list is empty in the table. The object may still hold the old
// index and outlive its userdata: a lookup checks that the userdata in the slot is
// the object's own.
#include "CLuaShim.h"
#include <stdlib.h>

uint32_t nb_slot_take(lua_State *L) {
    nb_state *st = nb_getstate(L);
    if (st->slots_nfree > 0) return st->slots_free[--st->slots_nfree];
    /* 2^32 userdata alive at once cannot fit in memory before this wraps */
    return ++st->slots_next;
}

void nb_slot_give(lua_State *L, uint32_t slot) {
    nb_state *st = nb_getstate(L);
    if (slot == 0 || st->slots_closing) return;
    if (st->slots_nfree == st->slots_cap) {
        uint32_t cap = st->slots_cap ? st->slots_cap * 2 : 256;
        uint32_t *grown = (uint32_t *)realloc(st->slots_free, cap * sizeof *grown);
        if (grown == NULL) return;      /* not reused: the table keeps a nil there */
        st->slots_free = grown;
        st->slots_cap = cap;
    }
    st->slots_free[st->slots_nfree++] = slot;
}

int nb_slotholds(lua_State *L, int table, uint32_t slot, const void *ptr) {
    if (slot == 0) return 0;
    if (lua_rawgeti(L, table, (lua_Integer)slot) == LUA_TUSERDATA) {
        /* only nb_newobject's userdata are stored in the table (pushNew) */
        const nb_object *o = (const nb_object *)lua_touserdata(L, -1);
        if (o->magic == NB_MAGIC && o->object == ptr) return 1;
    }
    lua_pop(L, 1);
    return 0;
}

int nb_pushslot(lua_State *L, int objects, uint32_t slot, const void *ptr, int leave_table) {
    if (slot == 0) return 0;
    lua_rawgeti(L, LUA_REGISTRYINDEX, objects);
    if (nb_slotholds(L, -1, slot, ptr)) {
        if (!leave_table) lua_remove(L, -2);
        return 1;
    }
    lua_pop(L, 1);
    return 0;
}
