/// Lua-side sugar, run once per state: `ui.Transform`, the sandbox's `load` and
/// `require`. Returns the Transform metatable so Swift can tag transforms it makes.
enum Prelude {
    /// The functions below, as the API reference shows them (written in Lua, so not
    /// `LuaMethod`s).
    static let documented = LuaProtocol(
        name: "prelude", field: "",
        doc: "Written in Lua. Transforms are tables `{a, b, c, d, tx, ty}` that compare with `==`; `ui.Transform.identity` is a new identity each read.",
        methods: [
        LuaHook("ui.fireAction", "(name: string)", doc: "Calls the action declared with `ui.action` under that name, as exploring timings does; an error when there is none."),
        LuaHook("ui.Transform.scale", "(sx: number, sy: number?) -> Transform", doc: "A scale (`sy` defaults to `sx`)."),
        LuaHook("ui.Transform.translate", "(tx: number, ty: number) -> Transform", doc: "A translation."),
        LuaHook("ui.Transform.rotate", "(radians: number) -> Transform", doc: "A rotation."),
        LuaHook("Transform:concat", "(t: Transform) -> Transform", doc: "This transform, then `t` (CGAffineTransformConcat)."),
        LuaHook("Transform:isIdentity", "() -> boolean", doc: "Whether it is the identity."),
        LuaHook("require", "(name: string) -> any", doc: "`ui`, or the module `name` (dotted) from a `.lua` file beside the script."),
        LuaHook("load", "(chunk: string|function, name: string?, mode: string?, env: table?) -> function?, string?",
                doc: "Lua's `load`, for text chunks only (never bytecode)."),
        LuaHook("collectgarbage", "(opt: string?, ...: any) -> any",
                doc: "Lua's, limited to `collect`, `count`, `step` and `isrunning`."),
        LuaHook("rawset", "(t: table, k: any, v: any) -> table",
                doc: "Lua's, refused on a class (its fields are checked when set with `=`)."),
    ])

    static let source = #"""
local ui, loadscript = ...
-- The globals the functions below call, as they are now: a script that replaces one
-- (`getmetatable = function() end`) changes neither what they check nor where they fail.
local type, getmetatable, setmetatable, error, tostring, rawget, rawequal, next = type, getmetatable, setmetatable, error, tostring, rawget, rawequal, next
local pairs, ipairs, select, string, table, math = pairs, ipairs, select, string, table, math

-- ui.Transform: affine transforms as plain tables {a, b, c, d, tx, ty}.
local Transform = {}
Transform.__index = Transform
Transform.__name = "Transform"
local function make(a, b, c, d, tx, ty)
  return setmetatable({ a = a, b = b, c = c, d = d, tx = tx, ty = ty }, Transform)
end
function Transform.scale(sx, sy) return make(sx, 0, 0, sy or sx, 0, 0) end
function Transform.translate(tx, ty) return make(1, 0, 0, 1, tx, ty) end
function Transform.rotate(r) local c, s = math.cos(r), math.sin(r); return make(c, s, -s, c, 0, 0) end
-- self, then t (CGAffineTransformConcat)
function Transform.concat(x, t)
  return make(x.a * t.a + x.b * t.c, x.a * t.b + x.b * t.d,
              x.c * t.a + x.d * t.c, x.c * t.b + x.d * t.d,
              x.tx * t.a + x.ty * t.c + t.tx, x.tx * t.b + x.ty * t.d + t.ty)
end
function Transform.isIdentity(x)
  return x.a == 1 and x.b == 0 and x.c == 0 and x.d == 1 and x.tx == 0 and x.ty == 0
end
Transform.__eq = function(x, y)
  return x.a == y.a and x.b == y.b and x.c == y.c and x.d == y.d and x.tx == y.tx and x.ty == y.ty
end
Transform.__tostring = function(x)
  return string.format("Transform(%g, %g, %g, %g, %g, %g)", x.a, x.b, x.c, x.d, x.tx, x.ty)
end
setmetatable(Transform, { __index = function(_, k) if k == "identity" then return make(1, 0, 0, 1, 0, 0) end end })
-- Scripts get a read-only view, and getmetatable(t) answers with it: with the real
-- metatable in reach, a script could give it a __gc, and every transform the host
-- makes (lua_setmetatable, past the sandbox's setmetatable) would get a finalizer.
local readOnly = setmetatable({}, {
  __index = Transform,
  __newindex = function(_, k)
    error("cannot set '" .. tostring(k) .. "' on ui.Transform (classes from ui are read-only)", 2)
  end,
  __metatable = "locked",
})
Transform.__metatable = readOnly
ui.Transform = readOnly

-- load: text chunks only (never bytecode).
local rawload = load
function load(chunk, name, mode, env)
  if env == nil then return rawload(chunk, name, "t") end
  return rawload(chunk, name, "t", env)
end

-- rawset: not on a table whose metatable is the host's and locked (a class, ui.Transform):
-- a class's fields are checked when set (docs/api-conventions.md, Overrides), which
-- rawset would skip.
local rawsetfn = rawset
function rawset(t, k, v)
  if type(t) ~= "table" then error("bad argument #1 to 'rawset' (table expected, got " .. type(t) .. ")", 2) end
  if getmetatable(t) == "locked" then
    error("rawset on a class or a table of ui's: set its fields with '=', which checks them (docs/api-conventions.md)", 2)
  end
  return rawsetfn(t, k, v)
end

-- collectgarbage: collecting and measuring only; a script cannot stop the collector or
-- change its mode.
local rawcollect = collectgarbage
local allowed = { collect = true, count = true, step = true, isrunning = true }
function collectgarbage(opt, ...)
  opt = opt or "collect"
  if not allowed[opt] then error("collectgarbage: option '" .. tostring(opt) .. "' is not allowed here", 2) end
  return rawcollect(opt, ...)
end

-- ui.fireAction: calls an action declared with ui.action, here in Lua.
local actionNamed = ui._action
ui._action = nil
local classFields = ui._classFields
ui._classFields = nil
function ui.fireAction(name)
  local fire, why = actionNamed(name)
  if not fire then error(why, 2) end
  return fire()
end

-- require: "ui", or a .lua file in the script's folder or a folder above it (Q73).
local readModule = ui._readModule
ui._readModule = nil
local loaded = { ui = ui }
function require(name)
  if loaded[name] ~= nil then return loaded[name] end
  if type(name) ~= "string" then error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2) end
  local source, where = readModule(name)
  if not source then error(where, 2) end
  local chunk, err = loadscript(source, where)      -- as the main script: BOM and '#' line skipped
  if not chunk then error(err, 2) end
  local result = chunk(name)
  if result == nil then result = true end
  loaded[name] = result
  return result
end

-- The REPL's printer: values as Lua shows them, objects by their description, tables
-- pretty-printed to a depth of 3 (raw traversal: no __index or __pairs runs).
local function quote(s) return string.format("%q", s) end
local function pretty(v, depth, indent)
  local t = type(v)
  if t == "string" then return quote(v) end
  if t ~= "table" then return tostring(v) end
  local mt = getmetatable(v)
  if type(mt) == "table" and rawget(mt, "__tostring") then return tostring(v) end
  local fields, class = classFields(v)      -- a class's own fields, kept behind it
  if class and (depth <= 0 or next(fields) == nil) then return "<class " .. class .. ">" end
  if depth <= 0 then return "{...}" end
  -- ui's classes are made when first read (docs/performance.md, start-up): the printer
  -- has the host make them all (`ui` here is the prelude's, whose __pairs and __index
  -- are the host's).
  if rawequal(v, ui) then for k in pairs(ui) do local _ = ui[k] end end
  v = fields
  local n = rawlen(v)
  local keys = {}
  for k in next, v do
    if not (math.type(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  table.sort(keys, function(a, b)
    local ta, tb = type(a), type(b)
    if ta ~= tb then return ta < tb end
    if ta == "number" or ta == "string" then return a < b end
    return tostring(a) < tostring(b)
  end)
  local parts = {}
  for i = 1, n do parts[#parts + 1] = pretty(rawget(v, i), depth - 1, indent .. "  ") end
  for _, k in ipairs(keys) do
    local key = (type(k) == "string" and k:match("^[%a_][%w_]*$")) and k or ("[" .. pretty(k, 1, "") .. "]")
    parts[#parts + 1] = key .. " = " .. pretty(rawget(v, k), depth - 1, indent .. "  ")
  end
  if #parts == 0 then return "{}" end
  local head = class and "<class " .. class .. "> " or ""
  local flat = head .. "{ " .. table.concat(parts, ", ") .. " }"
  if #flat <= 72 and not flat:find("\n") then return flat end
  return head .. "{\n" .. indent .. "  " .. table.concat(parts, ",\n" .. indent .. "  ") .. "\n" .. indent .. "}"
end

return Transform, function(...)
  local out = {}
  for i = 1, select("#", ...) do out[i] = pretty((select(i, ...)), 3, "") end
  return table.concat(out, "\t")
end
"""#
}
