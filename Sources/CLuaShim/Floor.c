// `nestbox bench`'s floor for the containment cycle (docs/performance.md): the cycle's
// semantics written as lean C, driven by the same Lua calls the bench makes on the model
// (`parent:addChild(child); pv:addSubview(cv); child:didMove(parent)`, then the reverse).
// It keeps what the cycle needs and nothing else: a controller's parent and children, a
// view's superview, subviews and window, the appearance state, and the trace's events as
// 16-byte records of integer codes. It calls none of Nestbox's model, so the ratio of the
// model's cycle to this one is a ratio to a real floor.
//
// Memory: every object lives in one world (a userdata whose __gc frees them all), and
// each object's userdata holds the world in its user value, so no object outlives the
// arrays that point at it.
#include "CLuaShim.h"
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define NB_FLOOR_WORLD "nestbox.floor.world"

/* The cycle's events, as the model names them (the text trace of one cycle). */
enum {
    F_ADD_CHILD = 1, F_WILL_MOVE, F_ADD_SUBVIEW, F_WILL_APPEAR, F_MOVE_TO_WINDOW, F_SAFE_AREA,
    F_WILL_LAYOUT, F_DID_LAYOUT, F_IS_APPEARING, F_DID_APPEAR, F_DID_MOVE, F_REMOVE_FROM_SUPERVIEW,
    F_WILL_DISAPPEAR, F_DID_DISAPPEAR, F_REMOVE_FROM_PARENT, F_VIEW_DID_LOAD
};
enum { F_DISAPPEARED, F_APPEARING, F_APPEARED, F_DISAPPEARING };

typedef struct { double t; uint32_t object; uint16_t event; uint16_t argument; } nb_floor_record;
_Static_assert(sizeof(nb_floor_record) == 16, "a floor record is 16 bytes");

typedef struct nb_floor_obj {
    uint32_t id;
    int isView;
    /* controller */
    struct nb_floor_obj *parent, *view, **children;
    int nchildren, capChildren, state;
    /* view */
    struct nb_floor_obj *superview, *owner, **subviews;
    int nsubviews, capSubviews, inWindow;
} nb_floor_obj;

typedef struct {
    nb_floor_obj **objects;
    int nobjects, capObjects;
    nb_floor_record *trace;
    size_t ntrace, capTrace;
    double now;
    int closed;
} nb_floor_world;

static int nb_floor_grow(void **items, int *cap, int need, size_t size) {
    if (need <= *cap) return 1;
    int n = *cap ? *cap * 2 : 4;
    while (n < need) n *= 2;
    void *p = realloc(*items, (size_t)n * size);
    if (!p) return 0;
    *items = p;
    *cap = n;
    return 1;
}

static void nb_floor_event(lua_State *L, nb_floor_world *w, nb_floor_obj *o, int event, nb_floor_obj *arg) {
    if (w->ntrace == w->capTrace) {
        size_t n = w->capTrace ? w->capTrace * 2 : 1024;
        nb_floor_record *p = realloc(w->trace, n * sizeof *p);
        if (!p) luaL_error(L, "floor: out of memory");
        w->trace = p;
        w->capTrace = n;
    }
    w->trace[w->ntrace++] = (nb_floor_record){ w->now, o->id, (uint16_t)event, (uint16_t)(arg ? arg->id : 0) };
}

/* Every method and the __index are closures over the objects' metatable (upvalue 1) and
   the world (upvalue 2): an argument is checked by comparing its metatable with the
   upvalue, without luaL_checkudata's look-up of the type's name in the registry (a
   lean binding's check; half the floor's instructions with the look-up). */
#define NB_FLOOR_METATABLE lua_upvalueindex(1)
#define NB_FLOOR_WORLD_UP lua_upvalueindex(2)

static nb_floor_world *nb_floor_world_up(lua_State *L) {
    nb_floor_world *w = (nb_floor_world *)lua_touserdata(L, NB_FLOOR_WORLD_UP);
    /* A finalizer that kept an object past its world's collection gets an error, not
       freed memory. */
    if (w->closed) luaL_error(L, "floor: the world is closed");
    return w;
}

static nb_floor_obj *nb_floor_check(lua_State *L, int i) {
    nb_floor_obj **ud = (nb_floor_obj **)lua_touserdata(L, i);
    if (!ud || !lua_getmetatable(L, i)) luaL_typeerror(L, i, "floor object");
    int same = lua_rawequal(L, -1, NB_FLOOR_METATABLE);
    lua_pop(L, 1);
    if (!same) luaL_typeerror(L, i, "floor object");
    return *ud;
}

static nb_floor_obj *nb_floor_make(lua_State *L, nb_floor_world *w, int worldIndex, int isView) {
    if (!nb_floor_grow((void **)&w->objects, &w->capObjects, w->nobjects + 1, sizeof(nb_floor_obj *)))
        luaL_error(L, "floor: out of memory");
    nb_floor_obj *o = calloc(1, sizeof *o);
    if (!o) luaL_error(L, "floor: out of memory");
    w->objects[w->nobjects++] = o;
    o->id = (uint32_t)w->nobjects;
    o->isView = isView;
    nb_floor_obj **ud = (nb_floor_obj **)lua_newuserdatauv(L, sizeof *ud, 1);
    *ud = o;
    lua_pushvalue(L, worldIndex);
    lua_setiuservalue(L, -2, 1);
    lua_pushvalue(L, NB_FLOOR_METATABLE);
    lua_setmetatable(L, -2);
    return o;
}

/* Appearance of a controller whose view enters or leaves the window (UIKit's rule: the
   view's owner is told before and after; layout runs between, as the model's does). */
static void nb_floor_set_window(lua_State *L, nb_floor_world *w, nb_floor_obj *v, int in) {
    nb_floor_obj *vc = v->owner;
    if (vc) {
        vc->state = in ? F_APPEARING : F_DISAPPEARING;
        nb_floor_event(L, w, vc, in ? F_WILL_APPEAR : F_WILL_DISAPPEAR, NULL);
    }
    v->inWindow = in;
    nb_floor_event(L, w, v, F_MOVE_TO_WINDOW, NULL);
    for (int i = 0; i < v->nsubviews; i++) v->subviews[i]->inWindow = in;
    if (vc && in) {
        nb_floor_event(L, w, vc, F_SAFE_AREA, NULL);
        nb_floor_event(L, w, vc, F_WILL_LAYOUT, NULL);
        nb_floor_event(L, w, vc, F_DID_LAYOUT, NULL);
        nb_floor_event(L, w, vc, F_IS_APPEARING, NULL);
    }
    if (vc) {
        vc->state = in ? F_APPEARED : F_DISAPPEARED;
        nb_floor_event(L, w, vc, in ? F_DID_APPEAR : F_DID_DISAPPEAR, NULL);
    }
}

static void nb_floor_remove_from(nb_floor_obj **items, int *n, nb_floor_obj *o) {
    for (int i = 0; i < *n; i++) {
        if (items[i] == o) { memmove(items + i, items + i + 1, (size_t)(*n - i - 1) * sizeof *items); (*n)--; return; }
    }
}

static int nb_floor_add_child(lua_State *L) {
    nb_floor_obj *p = nb_floor_check(L, 1), *c = nb_floor_check(L, 2);
    nb_floor_world *w = nb_floor_world_up(L);
    if (p->isView || c->isView) return luaL_error(L, "addChild: not a controller");
    if (c->parent == p) return 0;
    if (c->parent) nb_floor_remove_from(c->parent->children, &c->parent->nchildren, c);
    if (!nb_floor_grow((void **)&p->children, &p->capChildren, p->nchildren + 1, sizeof(nb_floor_obj *)))
        return luaL_error(L, "floor: out of memory");
    p->children[p->nchildren++] = c;
    c->parent = p;
    nb_floor_event(L, w, p, F_ADD_CHILD, c);
    nb_floor_event(L, w, c, F_WILL_MOVE, p);
    return 0;
}

static int nb_floor_add_subview(lua_State *L) {
    nb_floor_obj *s = nb_floor_check(L, 1), *v = nb_floor_check(L, 2);
    nb_floor_world *w = nb_floor_world_up(L);
    if (!s->isView || !v->isView) return luaL_error(L, "addSubview: not a view");
    if (v->superview) nb_floor_remove_from(v->superview->subviews, &v->superview->nsubviews, v);
    if (!nb_floor_grow((void **)&s->subviews, &s->capSubviews, s->nsubviews + 1, sizeof(nb_floor_obj *)))
        return luaL_error(L, "floor: out of memory");
    s->subviews[s->nsubviews++] = v;
    v->superview = s;
    nb_floor_event(L, w, s, F_ADD_SUBVIEW, v);
    if (s->inWindow && !v->inWindow) nb_floor_set_window(L, w, v, 1);
    return 0;
}

static int nb_floor_remove_from_superview(lua_State *L) {
    nb_floor_obj *v = nb_floor_check(L, 1);
    nb_floor_world *w = nb_floor_world_up(L);
    if (!v->isView || !v->superview) return 0;
    nb_floor_event(L, w, v, F_REMOVE_FROM_SUPERVIEW, NULL);
    nb_floor_remove_from(v->superview->subviews, &v->superview->nsubviews, v);
    v->superview = NULL;
    if (v->inWindow) nb_floor_set_window(L, w, v, 0);
    return 0;
}

static int nb_floor_will_move(lua_State *L) {
    nb_floor_obj *c = nb_floor_check(L, 1);
    nb_floor_obj *p = lua_isnil(L, 2) ? NULL : nb_floor_check(L, 2);
    nb_floor_event(L, nb_floor_world_up(L), c, F_WILL_MOVE, p);
    return 0;
}

static int nb_floor_did_move(lua_State *L) {
    nb_floor_obj *c = nb_floor_check(L, 1);
    nb_floor_obj *p = lua_isnil(L, 2) ? NULL : nb_floor_check(L, 2);
    nb_floor_event(L, nb_floor_world_up(L), c, F_DID_MOVE, p);
    return 0;
}

static int nb_floor_remove_from_parent(lua_State *L) {
    nb_floor_obj *c = nb_floor_check(L, 1);
    nb_floor_world *w = nb_floor_world_up(L);
    if (!c->parent) return 0;
    nb_floor_remove_from(c->parent->children, &c->parent->nchildren, c);
    c->parent = NULL;
    nb_floor_event(L, w, c, F_REMOVE_FROM_PARENT, NULL);
    nb_floor_event(L, w, c, F_DID_MOVE, NULL);
    return 0;
}

/* `vc.view`: loaded on first read (viewDidLoad), then kept in the user value's table. */
static int nb_floor_index(lua_State *L) {
    nb_floor_world *w = nb_floor_world_up(L);
    nb_floor_obj *o = nb_floor_check(L, 1);
    lua_pushvalue(L, 2);
    if (lua_rawget(L, lua_upvalueindex(3)) != LUA_TNIL) return 1;     /* a method */
    lua_pop(L, 1);
    const char *k = lua_tostring(L, 2);
    if (!o->isView && k && strcmp(k, "view") == 0) {
        lua_pushvalue(L, NB_FLOOR_WORLD_UP);
        lua_getiuservalue(L, -1, 1);                /* its views, by controller id */
        if (lua_rawgeti(L, -1, o->id) != LUA_TNIL) return 1;
        lua_pop(L, 1);
        nb_floor_obj *v = nb_floor_make(L, w, lua_gettop(L) - 1, 1);
        v->owner = o;
        o->view = v;
        nb_floor_event(L, w, o, F_VIEW_DID_LOAD, NULL);
        lua_pushvalue(L, -1);
        lua_rawseti(L, -3, o->id);
        return 1;
    }
    return luaL_error(L, "floor: no member '%s'", k ? k : "?");
}

static int nb_floor_world_gc(lua_State *L) {
    nb_floor_world *w = (nb_floor_world *)luaL_checkudata(L, 1, NB_FLOOR_WORLD);
    for (int i = 0; i < w->nobjects; i++) {
        free(w->objects[i]->children);
        free(w->objects[i]->subviews);
        free(w->objects[i]);
    }
    free(w->objects);
    free(w->trace);
    memset(w, 0, sizeof *w);
    w->closed = 1;
    return 0;
}

/* floor.ViewController() -> a controller; floor.root() -> a controller on screen. */
static int nb_floor_controller(lua_State *L) {
    nb_floor_make(L, nb_floor_world_up(L), NB_FLOOR_WORLD_UP, 0);
    return 1;
}

static int nb_floor_root(lua_State *L) {
    nb_floor_obj *root = nb_floor_make(L, nb_floor_world_up(L), NB_FLOOR_WORLD_UP, 0);
    root->state = F_APPEARED;
    lua_getfield(L, -1, "view");
    nb_floor_check(L, -1)->inWindow = 1;
    lua_pop(L, 1);
    return 1;
}

static int nb_floor_events(lua_State *L) {
    nb_floor_world *w = nb_floor_world_up(L);
    lua_pushinteger(L, (lua_Integer)w->ntrace);
    return 1;
}

void nb_pushfloor(lua_State *L) {
    if (luaL_newmetatable(L, NB_FLOOR_WORLD)) {
        lua_pushcfunction(L, nb_floor_world_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_pop(L, 1);
    nb_floor_world *w = (nb_floor_world *)lua_newuserdatauv(L, sizeof *w, 1);
    memset(w, 0, sizeof *w);
    lua_newtable(L);                                /* views by controller id */
    lua_setiuservalue(L, -2, 1);
    luaL_setmetatable(L, NB_FLOOR_WORLD);
    int world = lua_gettop(L);
    /* The objects' metatable is this world's own: its closures hold the world. */
    lua_newtable(L);
    int mt = lua_gettop(L);
    static const luaL_Reg methods[] = {
        { "addChild", nb_floor_add_child }, { "addSubview", nb_floor_add_subview },
        { "removeFromSuperview", nb_floor_remove_from_superview }, { "willMove", nb_floor_will_move },
        { "didMove", nb_floor_did_move }, { "removeFromParent", nb_floor_remove_from_parent }, { NULL, NULL },
    };
    lua_newtable(L);
    lua_pushvalue(L, mt);
    lua_pushvalue(L, world);
    luaL_setfuncs(L, methods, 2);
    lua_pushvalue(L, mt);
    lua_pushvalue(L, world);
    lua_rotate(L, -3, 2);                           /* metatable, world, methods */
    lua_pushcclosure(L, nb_floor_index, 3);
    lua_setfield(L, mt, "__index");
    lua_newtable(L);
    static const luaL_Reg module[] = {
        { "ViewController", nb_floor_controller }, { "root", nb_floor_root }, { "events", nb_floor_events }, { NULL, NULL },
    };
    lua_pushvalue(L, mt);
    lua_pushvalue(L, world);
    luaL_setfuncs(L, module, 2);
    lua_rotate(L, world, 1);                        /* module, world, metatable */
    lua_settop(L, world);
}
