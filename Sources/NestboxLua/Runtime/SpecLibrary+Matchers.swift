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
      -- A name is the rest of the words, whole: a registered one may begin with a
      -- modifier's word (`has_property`).
      local i, make = 1, nil
      while i <= #words do
        make = matcherTests[table.concat(words, "_", i)]
        if make or not (filler[words[i]] or negation[words[i]]) then break end
        if negation[words[i]] then n = not n end
        i = i + 1
      end
      if i > #words then return matchChain(n, path .. key .. ".") end
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

-- busted's `say`: texts under keys, per language (`say:set_namespace`, English the
-- fallback); `say(key, values)` fills a text's `%s`es with the values, as `string.format`.
local sayTexts, sayLanguage = { en = {} }, "en"
local say = setmetatable({
  set_namespace = function(_, language) sayLanguage = language; sayTexts[language] = sayTexts[language] or {} end,
  get_namespace = function() return sayLanguage end,
  set = function(_, key, text) sayTexts[sayLanguage][key] = text end,
}, {
  __call = function(_, key, values)
    local text = sayTexts[sayLanguage][key] or sayTexts.en[key]
    if text == nil then return nil end
    values = values or {}
    local shown = {}
    for i = 1, math.max(values.n or 0, #values) do shown[i] = tostring(values[i]) end
    return #shown > 0 and tostring(text):format(table.unpack(shown)) or tostring(text)
  end,
})

-- luassert's `assert:register("assertion", name, fn, positive, negative)`: `fn(state,
-- arguments, level)` decides (`state.mod` is false under `not`; `arguments.n` counts
-- them), and a failure says `say(positive or negative, the arguments shown)` after
-- `state.failure_message` (`assert.message(m)`'s, or one `fn` set). `fn` may answer a
-- second value, a list that the assertion returns. `"matcher"`: `fn(state, arguments)`
-- answers the test of a value, for `match.name(...)`. Names of several words are found
-- whole (`assert.has_property`, `assert.is_not.has_property`).
customAsserting = function(a, negated, message)
  return function(...)
    local state, arguments = { mod = not negated, failure_message = message }, table.pack(...)
    local ok, answers = a.callback(state, arguments, 2)
    if (not ok) == state.mod then
      local shown = { n = arguments.n }
      for i = 1, arguments.n do
        local v = arguments[i]
        shown[i] = (arguments.nofmt and arguments.nofmt[i]) and tostring(v) or typed(v)
      end
      local says = say(state.mod and a.positive or a.negative, shown)
      local m = state.failure_message
      if m ~= nil then m = note(m) end
      fail((m and says) and m .. "\n" .. says or m or says or "assertion failed!", 2)
    end
    if type(answers) == "table" then return table.unpack(answers, 1, answers.n or #answers) end
    return ...
  end
end
rawset(assert, "register", function(self, kind, name, callback, positive, negative)
  if self ~= assert then error("assert:register: call it with a colon, assert:register(kind, name, fn, ...)", 2) end
  needs("string", name, 2, "assert:register")
  needs("function", callback, 3, "assert:register")
  local lower = name:lower()
  if kind == "assertion" then
    assertions[lower] = { callback = callback, positive = positive, negative = negative }
    if lower:find("_", 1, true) then longNames = true end
  elseif kind == "matcher" then
    matcherTests[lower] = function(...) return callback({ mod = true }, table.pack(...), 3) end
  else
    error("assert:register: Nestbox registers assertions and matchers, not a " .. tostring(kind)
      .. " (luassert's modifiers and formatters are its own: docs/api-conventions.md)", 2)
  end
end)

-- luassert's modules, for a spec that requires them as busted's specs may: the same
-- tables as the globals. Another name goes on to the script's require (a tail call, so
-- that its errors name the spec's line).
local luassertModules = { luassert = assert, ["luassert.assert"] = assert, ["luassert.spy"] = spy,
  ["luassert.stub"] = stub, ["luassert.mock"] = mock, ["luassert.match"] = match, say = say }
local scriptRequire = require
function require(name)
  if luassertModules[name] ~= nil then return luassertModules[name] end
  return scriptRequire(name)
end
"""#
}
