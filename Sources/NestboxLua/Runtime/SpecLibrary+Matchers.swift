/// luassert's `mock` and `match` (README.md, `nestbox test`), and its modules for
/// `require "luassert.spy"` and the like. Part of the spec library's chunk, after
/// SpecLibrary+Spies.swift's piece, whose locals (`spy`, `stub`, `spyClass`, `show`,
/// `same`, `matcherClass`, `unique`, `close`, `found`, `badArgument`, `typed`) it uses.
extension SpecLibrary {
    static let matchers = #"""
-- luassert's mock: every function of a table, and of the tables in it, spied on (or
-- stubbed); `mock.revert(t)` and `mock.clear(t)` undo and clear them all.
local function eachSpy(t, fn, seen)
  seen = seen or {}
  if seen[t] then return end
  seen[t] = true
  for _, v in pairs(t) do
    if isSpy(v) then fn(v) elseif type(v) == "table" and getmetatable(v) == nil then eachSpy(v, fn, seen) end
  end
end
mock = setmetatable({
  -- luassert's: a function is spied on (stubbed, with `func` its answer), another
  -- value that is not a table comes back as it is.
  new = function(t, dostub, func, seen)
    if type(t) == "function" then
      if dostub then return func ~= nil and stub.new({ f = t }, "f", func) or stub.new({ f = t }, "f") end
      return spy.new(t)
    end
    if type(t) ~= "table" then return t end
    seen = seen or {}
    if seen[t] then return t end
    seen[t] = true
    local keys = {}
    for k in pairs(t) do keys[#keys + 1] = k end
    for _, k in ipairs(keys) do
      local v = rawget(t, k)
      if type(v) == "function" then
        if not dostub then spy.on(t, k) elseif func ~= nil then stub(t, k, func) else stub(t, k) end
      elseif type(v) == "table" and getmetatable(v) == nil then
        mock.new(v, dostub, func, seen)
      end
    end
    return t
  end,
  revert = function(t) eachSpy(t, function(s) s:revert() end); return t end,
  clear = function(t) eachSpy(t, function(s) s:clear() end); return t end,
}, { __call = function(self, t, dostub, func) return self.new(t, dostub, func) end })

-- luassert's matchers, for the arguments of `called_with` and `returned_with`: `match._`
-- (anything), `match.is_string()` and the other types, `is_true`, `is_false`,
-- `is_truthy`, `is_falsy`, `is_equal(x)`, `is_same(x)`, `is_ref(x)`, `is_near(x, d)`,
-- `matches(pattern, init, plain)`, `is_unique(deep)`, and `all_of`, `any_of`, `none_of`
-- of other matchers. The modifiers are assertions' (`is`/`are`/`has` read past,
-- `not`/`no` negate), in the name or as fields (`match.is_not_nil()`,
-- `match.is_not.ref(t)`). A matcher called with a value answers whether it matches;
-- `match.is_matcher(v)` whether `v` is one.
local function isMatcher(v) return getmetatable(v) == matcherClass end
-- luassert's errors, under its names for them (`all`, `any`, `none`).
local function matchers(list, name)
  atLeast(name, 1, list.n, 4)
  for i = 1, list.n do
    if not isMatcher(list[i]) then badArgument(i, name, "matcher", type(list[i]), 4) end
  end
  return list
end
local matcherTests = {
  ["true"] = function() return function(v) return v == true end end,
  ["false"] = function() return function(v) return v == false end end,
  truthy = function() return function(v) return v ~= nil and v ~= false end end,
  falsy = function() return function(v) return v == nil or v == false end end,
  equal = function(...) atLeast("equals", 1, select("#", ...), 3); local x = ...; return function(v) return v == x end end,
  same = function(...) atLeast("same", 1, select("#", ...), 3); local x = ...; return function(v) return same(v, x) end end,
  ref = function(...)
    atLeast("ref", 1, select("#", ...), 3)
    local x = ...
    local kind = type(x)
    if kind ~= "table" and kind ~= "function" and kind ~= "thread" and kind ~= "userdata" then badArgument(1, "ref", "object", kind, 3) end
    return function(v) return rawequal(v, x) end
  end,
  near = function(...)
    atLeast("near", 2, select("#", ...), 3)
    local x, d = ...
    if tonumber(x) == nil then badArgument(1, "near", "number or object convertible to a number", typed(x), 3) end
    if tonumber(d) == nil then badArgument(2, "near", "number or object convertible to a number", typed(d), 3) end
    return function(v) return close(x, v, d) end
  end,
  matches = function(...)
    atLeast("matches", 1, select("#", ...), 3)
    local p, init, plain = ...
    if type(p) ~= "string" then badArgument(1, "matches", "string", type(p), 3) end
    if init ~= nil and not tonumber(init) then badArgument(2, "matches", "number", type(init), 3) end
    init = init and math.floor(tonumber(init))
    return function(v) return found(p, v, init, plain == true) end
  end,
  unique = function(...) local how = table.pack(...); return function(v) return unique(v, table.unpack(how, 1, how.n)) end end,
  all_of = function(...)
    local list = matchers(table.pack(...), "all")
    return function(v) for i = 1, list.n do if not list[i].test(v) then return false end end return true end
  end,
  any_of = function(...)
    local list = matchers(table.pack(...), "any")
    return function(v) for i = 1, list.n do if list[i].test(v) then return true end end return false end
  end,
  none_of = function(...)
    local list = matchers(table.pack(...), "none")
    return function(v) for i = 1, list.n do if list[i].test(v) then return false end end return true end
  end,
}
matcherTests.equals, matcherTests.match = matcherTests.equal, matcherTests.matches
for _, t in ipairs{ "nil", "boolean", "number", "string", "table", "function", "userdata", "thread" } do
  matcherTests[t] = function() return function(v) return type(v) == t end end
end
local function matcher(name, test) return setmetatable({ name = name, test = test }, matcherClass) end
-- `path`: how the chain so far is written (`match.is_not.`), for the matcher's name.
local function matchChain(negated, path)
  return setmetatable({}, {
    __index = function(_, key)
      if type(key) ~= "string" then return nil end
      if key == "is_matcher" and path == "match." then return isMatcher end
      local n, words = negated, {}
      for w in key:gmatch("[^_]+") do words[#words + 1] = w:lower() end
      local i = 1
      while filler[words[i]] or negation[words[i]] do
        if negation[words[i]] then n = not n end
        i = i + 1
      end
      if i > #words then return matchChain(n, path .. key .. ".") end
      local make = matcherTests[table.concat(words, "_", i)]
      if not make then error("luassert: unknown modifier/matcher: '" .. (path:sub(7):gsub("%.", "_")) .. key .. "'", 2) end
      return function(...)
        local test, args = make(...), table.pack(...)
        local shown = {}
        for j = 1, args.n do shown[j] = show(args[j]) end
        local name = path .. key .. "(" .. table.concat(shown, ", ") .. ")"
        local m = matcher(name, n and function(v) return not test(v) end or test)
        m.byRef = make == matcherTests.ref or nil        -- asked about a call's value itself
        return m
      end
    end,
  })
end
match = matchChain(false, "match.")
rawset(match, "_", matcher("match._", function() return true end))

-- luassert's modules, for a spec that requires them as busted's specs may: the same
-- tables as the globals. Another name goes on to the script's require (a tail call, so
-- that its errors name the spec's line).
local luassertModules = { luassert = assert, ["luassert.assert"] = assert, ["luassert.spy"] = spy,
  ["luassert.stub"] = stub, ["luassert.mock"] = mock, ["luassert.match"] = match }
local scriptRequire = require
function require(name)
  if luassertModules[name] ~= nil then return luassertModules[name] end
  return scriptRequire(name)
end
"""#
}
