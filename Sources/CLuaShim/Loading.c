// Loading Lua text: bytes with their length (a NUL or a byte such as 0xFF is part of
// the text), as lua.c loads a file.
#include "CLuaShim.h"
#include <string.h>

/* Where a script's text starts once a byte-order mark and a '#' line are skipped. */
static size_t nb_script_start(const char *buff, size_t sz) {
    size_t i = 0;
    if (sz >= 3 && memcmp(buff, "\xEF\xBB\xBF", 3) == 0) i = 3;    /* UTF-8 byte-order mark */
    /* luaL_loadfilex's skipcomment: a first line starting with '#' (#!/usr/bin/env …)
       is dropped up to its '\n', which stays, so the next line is still line 2. */
    if (i < sz && buff[i] == '#') {
        while (i < sz && buff[i] != '\n') i++;
    }
    return i;
}

typedef struct nb_lines {
    const char *p;
    size_t left;
    int line;      /* lines handed to the parser so far: the line it has reached */
} nb_lines;

/* A lua_Reader handing the text over one line at a time, lines ending as Lua's lexer
   ends them ("\n", "\r", "\r\n", "\n\r"), so a failed load knows its line. */
static const char *nb_readline(lua_State *L, void *ud, size_t *size) {
    nb_lines *r = (nb_lines *)ud;
    (void)L;
    if (r->left == 0) { *size = 0; return NULL; }
    size_t n = 0;
    while (n < r->left && r->p[n] != '\n' && r->p[n] != '\r') n++;
    if (n < r->left) {
        n++;
        if (n < r->left && (r->p[n] == '\n' || r->p[n] == '\r') && r->p[n] != r->p[n - 1]) n++;
    }
    const char *chunk = r->p;
    r->p += n;
    r->left -= n;
    r->line++;
    *size = n;
    return chunk;
}

/* The parser is not a Lua function, so Lua raises "C stack overflow" (300 nested '('
   or '{') without a position. The message gets the chunk's name and the line the
   parser had reached, as Lua's own syntax errors read. */
static void nb_position(lua_State *L, const char *name, int line) {
    const char *msg = lua_tostring(L, -1);
    lua_Debug ar;
    if (msg == NULL) return;
    if (luaL_loadbufferx(L, "", 0, name, "t") != LUA_OK) { lua_pop(L, 1); return; }
    lua_getinfo(L, ">S", &ar);       /* the chunk name as messages print it; pops */
    size_t n = strlen(ar.short_src);
    if (strncmp(msg, ar.short_src, n) == 0 && msg[n] == ':') return;
    lua_pushfstring(L, "%s:%d: %s", ar.short_src, line, msg);
    lua_replace(L, -2);
}

int nb_loadbuffer(lua_State *L, const char *buff, size_t sz, const char *name) {
    nb_lines r = { buff, sz, 0 };
    int status = lua_load(L, nb_readline, &r, name, "t");   /* text only: never bytecode */
    if (status != LUA_OK && status != LUA_ERRMEM) nb_position(L, name, r.line > 0 ? r.line : 1);
    return status;
}

int nb_loadscript(lua_State *L, const char *buff, size_t sz, const char *name) {
    size_t start = nb_script_start(buff, sz);
    return nb_loadbuffer(L, buff + start, sz - start, name);
}

int nb_loadbinary(lua_State *L, const char *buff, size_t sz, const char *name) {
    return luaL_loadbufferx(L, buff, sz, name, "b");
}

int nb_lua_release(void) { return LUA_VERSION_RELEASE_NUM; }

int nb_loadscript_lua(lua_State *L) {
    size_t sz;
    const char *text = luaL_checklstring(L, 1, &sz);
    const char *name = luaL_checkstring(L, 2);
    if (nb_loadscript(L, text, sz, name) == LUA_OK) return 1;
    lua_pushnil(L);
    lua_insert(L, -2);
    return 2;      /* nil, message: as load does */
}

int nb_where_lua(lua_State *L) {
    int level = (int)luaL_optinteger(L, 1, 1);
    if (level < 1 || level > 100) level = 1;
    luaL_where(L, level + 1);     /* level 1: the Lua function that called `where` */
    return 1;
}
