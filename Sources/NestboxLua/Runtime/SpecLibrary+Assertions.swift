/// busted's assertions and spies, as a spec written for busted uses them (README.md,
/// `nestbox test`): luassert's common assertions on `assert` with its modifiers
/// (`assert.are.equal`, `assert.is_not.same`, `assert.has_no.errors`), its failure
/// messages' shape (what was expected, what was passed in), `spy.new`, `spy.on`, `stub`
/// and `assert.spy(s).was.called_with(...)`, and `setup`/`teardown` (each test runs in a
/// fresh world, Q72, so a block's setup runs before each of its tests, which is what
/// running it once before them all leaves each test to see). `assert(v, message)` stays
/// Lua's own. Part of the spec library's chunk: `text` and `current` are its locals.
extension SpecLibrary {
    static let assertions = #"""
-- Values as luassert shows them: "(number) 1", "(string) "x"" (quoted as %q, where
-- luassert puts the text between single quotes unescaped), a table's contents sorted
-- by key to a depth of three (never its address, so a report is the same on every run).
-- A number with all its digits (%.20g), so two that differ past tostring's 14 show it.
local function number(v)
  if v ~= v then return "NaN" elseif v == math.huge then return "Inf" elseif v == -math.huge then return "-Inf" end
  local str = string.format("%.20g", v)
  if math.type(v) == "float" and not str:find("[%.,eEn]") then str = str:gsub("%d+", "%0.0", 1) end
  return str
end
-- luassert's matchers (`match._`, `match.is_string()`, made in SpecLibrary+Spies.swift):
-- a value `same` compares by the matcher's test, shown by its name.
local matcherClass = {}
matcherClass.__tostring = function(m) return m.name end
matcherClass.__call = function(m, v) return m.test(v) end

-- A table's keys, and another's it lacks, in the order values show them.
local function sortedKeys(t, other)
  local keys, seen = {}, {}
  for k in pairs(t) do keys[#keys + 1] = k; seen[k] = true end
  if other then for k in pairs(other) do if not seen[k] then keys[#keys + 1] = k end end end
  table.sort(keys, function(a, b)
    if type(a) == type(b) and (type(a) == "number" or type(a) == "string") then return a < b end
    return type(a) < type(b)
  end)
  return keys
end

-- `path`: the keys down to where `same` told two tables apart, marked `*` and followed
-- past the depth of three, as luassert marks them.
local function show(v, depth, path)
  depth = depth or 0
  if getmetatable(v) == matcherClass then return v.name end
  local kind = type(v)
  if kind == "string" then return string.format("%q", v) end
  if kind == "number" then return number(v) end
  if kind ~= "table" then return text(v) end
  local ok, own = pcall(tostring, v)
  if ok and type(own) == "string" and not own:find("0x%x%x%x%x") then return own end
  if depth >= 3 and not path then return "{ ... }" end
  local parts = {}
  for i, k in ipairs(sortedKeys(v)) do
    if i > 50 then parts[#parts + 1] = "..."; break end
    local on = path ~= nil and rawequal(path[1], k)
    parts[#parts + 1] = (on and "*[" or "[") .. (type(k) == "string" and string.format("%q", k) or text(k)) .. "] = "
      .. show(v[k], depth + 1, on and #path > 1 and { table.unpack(path, 2) } or nil)
  end
  if #parts == 0 then return "{ }" end
  return "{ " .. table.concat(parts, ", ") .. " }"
end
showTable = show
local function typed(v, path) if v == nil then return "(nil)" end return "(" .. type(v) .. ") " .. show(v, 0, path) end

local function same(a, b, seen)
  if getmetatable(b) == matcherClass then return b.test(a) end
  if getmetatable(a) == matcherClass then return a.test(b) end
  -- Tables by their contents, never by __eq (luassert's deepcompare ignores metatables).
  if rawequal(a, b) then return true end
  if type(a) ~= "table" or type(b) ~= "table" then return a == b end
  seen = seen or {}
  if seen[a] == b then return true end
  seen[a] = b
  for k, v in pairs(a) do if not same(v, b[k], seen) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end

-- The keys down to where `same` first tells two tables apart: a value that is not a
-- table pair first, else the first table pair that differs, each pair followed once (a
-- cycle is not walked around).
local function differsAt(a, b, seen)
  if type(a) ~= "table" or type(b) ~= "table" then return nil end
  if getmetatable(a) == matcherClass or getmetatable(b) == matcherClass then return nil end
  seen = seen or {}
  if seen[a] == b then return nil end
  seen[a] = b
  local keys = sortedKeys(a, b)
  for _, k in ipairs(keys) do
    local x, y = a[k], b[k]
    if not (type(x) == "table" and type(y) == "table") and not same(x, y) then return { k } end
  end
  for _, k in ipairs(keys) do
    if not same(a[k], b[k]) then
      local below = differsAt(a[k], b[k], seen) or {}
      table.insert(below, 1, k)
      return below
    end
  end
end

-- What `fn` raised (luassert's has_error and error_matches): whether it raised, and the
-- error, a string's position taken off.
local function callable(f)
  return type(f) == "function" or type((getmetatable(f) or {}).__call) == "function"
end
local function raisedBy(fn, name)
  if not callable(fn) then badArgument(1, name, "function or callable object", type(fn), 4) end
  local ok, err = pcall(fn)
  if ok then return false, err end          -- the function's first result (luassert's)
  if type(err) == "string" then err = err:gsub("^.-:%d+: ", "", 1) end
  return true, err
end
local function tostringable(v) return type(v) == "string" or type((getmetatable(v) or {}).__tostring) == "function" end

-- Each assertion: how many arguments it takes (one more is luassert's failure message;
-- or a function of the arguments that gives the message's place), how it decides, and
-- its message (positive, negated) with what it shows.
local assertions = {}
local function define(names, nargs, test, says, saysNot)
  for name in names:gmatch("%S+") do assertions[name] = { nargs = nargs, test = test, says = says, saysNot = saysNot } end
end
-- luassert's two shapes: what was passed in, then what was expected or, negated, what
-- was not (`shown`: the expectation as already written, for `near`'s "+/-").
local function passedExpected(passed, expected, shown, path)
  return "\nPassed in:\n" .. typed(passed, path) .. "\nExpected:\n" .. (shown or typed(expected, path))
end
local function passedNotExpected(passed, expected, shown)
  return "\nPassed in:\n" .. typed(passed) .. "\nDid not expect:\n" .. (shown or typed(expected))
end
define("equal equals", 2, function(a, b) return b == a end,
  function(a, b) return "Expected objects to be equal." .. passedExpected(b, a) end,
  function(a, b) return "Expected objects to not be equal." .. passedNotExpected(b, a) end)
define("same", 2, function(a, b) return same(a, b) end,
  function(a, b)
    local path = differsAt(b, a)
    return "Expected objects to be the same." .. passedExpected(b, a, nil, path)
  end,
  function(a, b) return "Expected objects to not be the same." .. passedNotExpected(b, a) end)
define("truthy", 1, function(v) return v ~= nil and v ~= false end,
  function(v) return "Expected to be truthy, but value was:\n" .. typed(v) end,
  function(v) return "Expected to not be truthy, but value was:\n" .. typed(v) end)
define("falsy", 1, function(v) return v == nil or v == false end,
  function(v) return "Expected to be falsy, but value was:\n" .. typed(v) end,
  function(v) return "Expected to not be falsy, but value was:\n" .. typed(v) end)
for _, literal in ipairs({ { "true", true }, { "false", false } }) do
  local name, value = literal[1], literal[2]
  define(name, 1, function(v) return v == value end,
    function(v) return "Expected objects to be the same." .. passedExpected(v, value) end,
    function(v) return "Expected objects to not be the same." .. passedNotExpected(v, value) end)
end
-- A type's check (is_nil among them) says what luassert says: "type number" expected.
for _, kind in ipairs({ "nil", "number", "string", "table", "function", "boolean", "userdata", "thread" }) do
  define(kind, 1, function(v) return type(v) == kind end,
    function(v) return "Expected objects to be the same." .. passedExpected(v, nil, "type " .. kind) end,
    function(v) return "Expected objects to not be the same." .. passedNotExpected(v, nil, "type " .. kind) end)
end
-- has_error(fn, expected): what fn raised, compared as luassert compares it; it answers
-- the error and the other arguments. error_matches(fn, pattern, init, plain) answers the
-- captures. Both fail with luassert's "Expected a different error."
local function different(caught, err, expected)
  return "Expected a different error.\nCaught:\n" .. (caught and typed(err) or "(no error)") .. "\nExpected:\n" .. expected
end
define("error errors", 2, function(...)
    local fn, expected = ...
    local raised, err = raisedBy(fn, "error")
    local result = table.pack(...)
    result[1] = err
    if not raised or expected == nil then return raised, result end
    if type(expected) == "string" then
      if tostringable(err) then err = tostring(err); result[1] = err end
      if type(err) == "string" then return err == expected, result end
    elseif type(expected) == "number" and type(err) == "string" then
      return tostring(expected) == tostring(tonumber(err)), result
    end
    return same(expected, err), result
  end,
  function(fn, expected)
    local raised, err = raisedBy(fn, "error")
    return different(raised, err, expected == nil and "(error)" or typed(expected))
  end,
  function(fn) return "Expected no error, but caught:\n" .. typed((select(2, raisedBy(fn, "error")))) end)
-- `matches(pattern, s, init, plain)`: a number (or a value with __tostring) is matched
-- as its text, and what it answers is the captures (with `plain`, the pattern).
local function hasText(v) return type(v) == "number" or tostringable(v) end
-- The matcher's test (match.matches): no match where an assertion would refuse.
local function found(pattern, s, init, plain)
  if hasText(s) then s = tostring(s) end
  return type(s) == "string" and type(pattern) == "string" and s:find(pattern, init, plain) ~= nil
end
-- The message is the first argument after the two that is neither a number (or a
-- numeric string) nor a boolean.
local function afterOptions(...)
  for i = 3, select("#", ...) do
    local v = select(i, ...)
    if v ~= nil and type(v) ~= "boolean" and not tonumber(v) then return i end
  end
end
define("matches match", afterOptions, function(...)
    local args = table.pack(...)
    local at = afterOptions(...)
    if at then table.remove(args, at) end
    local pattern, s, init, plain = args[1], args[2], args[3], args[4]
    if type(pattern) ~= "string" then badArgument(1, "matches", "string", type(pattern), 3) end
    if not hasText(s) then
      badArgument(2, "matches", "string or object convertible to a string", typed(s), 3)
    end
    s = tostring(s)
    if init ~= nil and not tonumber(init) then badArgument(at == 3 and 4 or 3, "matches", "number", type(init), 3) end
    init = init and math.floor(tonumber(init))      -- Lua 5.1's reading of 2.5, as busted's
    if plain then
      local ok = s:find(pattern, init, true) ~= nil
      return ok, ok and table.pack(pattern) or table.pack()
    end
    local captures = table.pack(s:match(pattern, init))
    if captures[1] == nil then return false, table.pack() end
    return true, captures
  end,
  function(pattern, s) return "Expected strings to match." .. passedExpected(s, pattern) end,
  function(pattern, s) return "Expected strings not to match." .. passedNotExpected(s, pattern) end)
define("errormatches", afterOptions, function(...)
    local args = table.pack(...)
    local at = afterOptions(...)
    if at then table.remove(args, at) end
    local fn, pattern, init, plain = args[1], args[2], args[3], args[4]
    if pattern ~= nil and type(pattern) ~= "string" then badArgument(2, "error", "string", type(pattern), 3) end
    if init ~= nil and not tonumber(init) then badArgument(at == 3 and 4 or 3, "matches", "number", type(init), 3) end
    local raised, err = raisedBy(fn, "error_matches")
    local result = table.pack(err, select(2, ...))
    if not raised then return false, result end
    if err == nil and pattern == nil then return true, table.pack() end
    if tostringable(err) or type(err) == "number" or type(err) == "boolean" then err = tostring(err); result[1] = err end
    if type(err) ~= "string" or pattern == nil then return false, result end
    init = init and math.floor(tonumber(init))
    if plain then
      local ok = err:find(pattern, init, true) ~= nil
      return ok, ok and table.pack(pattern) or result
    end
    local captures = table.pack(err:match(pattern, init))
    if captures[1] ~= nil then return true, captures end
    return false, result
  end,
  function(fn, pattern)
    local raised, err = raisedBy(fn, "error_matches")
    return different(raised, err, typed(pattern))
  end,
  function(fn) return "Expected no error, but caught:\n" .. typed((select(2, raisedBy(fn, "error_matches")))) end)
-- `near(expected, actual, tolerance)`: each a number or what tonumber reads as one.
-- The matcher (match.near) answers false where the assertion refuses.
local function close(a, b, tolerance)
  a, b, tolerance = tonumber(a), tonumber(b), tonumber(tolerance)
  return a ~= nil and b ~= nil and tolerance ~= nil and b >= a - tolerance and b <= a + tolerance
end
local function near(a, b, tolerance)
  local values = { a, b, tolerance }
  for i = 1, 3 do
    if tonumber(values[i]) == nil then badArgument(i, "near", "number or object convertible to a number", typed(values[i]), 3) end
  end
  return close(a, b, tolerance)
end
local function plusMinus(a, tolerance) return typed(a) .. " +/- " .. tostring(tolerance) end
define("near", 3, near,
  function(a, b, tolerance) return "Expected values to be near." .. passedExpected(b, a, plusMinus(a, tolerance)) end,
  function(a, b, tolerance) return "Expected values to not be near." .. passedNotExpected(b, a, plusMinus(a, tolerance)) end)
-- `unique(t, deep)`: no two of the table's values equal (with `deep`, the same).
local function unique(t, ...)
  if type(t) ~= "table" then return false end
  -- luassert's reading: `deep` second when it is a boolean, or nil with more after it.
  local a, b = ...
  local deep
  if type(a) == "boolean" or (a == nil and select("#", ...) > 1) then deep = a
  elseif type(b) == "boolean" then deep = b end
  local values = {}
  for _, v in pairs(t) do values[#values + 1] = v end
  for i = 1, #values do
    for j = i + 1, #values do
      if values[i] == values[j] or (deep and same(values[i], values[j])) then return false end
    end
  end
  return true
end
-- `deep` second and the message third, or the message second and `deep` third.
define("unique", function(_, a, ...)
    if type(a) == "boolean" or (a == nil and select("#", ...) > 0) then return 3 end
    return 2
  end, unique,
  function(t) return "Expected object to be unique:\n" .. typed(t) end,
  function(t) return "Expected object to not be unique:\n" .. typed(t) end)

-- `assert.array(t).has.no.holes(length)`: the first index up to `length` (the largest
-- integer key without it) that holds nil, returned; `.has.holes()` asserts there is one.
local function firstHole(t, length)
  if type(t) ~= "table" then badArgument(1, "holes", "table", type(t), 4) end
  if length == nil then
    length = 0
    for k in pairs(t) do if math.type(k) == "integer" and k > length then length = k end end
  end
  if type(length) ~= "number" then error("expected array length to be of type 'number', got: " .. tostring(length), 4) end
  for i = 1, length do if t[i] == nil then return i end end
end
-- luassert's texts end with a line break, and it takes no failure message.
define("holes", function() end, function(t, length)
    local hole = firstHole(t, length)
    if hole == nil then return false, table.pack() end
    return true, table.pack(hole)
  end,
  function() return "Expected array to have holes, but none was found.\n" end,
  function(t, length) return "Expected array to not have holes, hole found at position: " .. typed(firstHole(t, length)) .. "\n" end)
assertions.holes.array = true

-- luassert's fewest arguments, under its own names for them.
for names, least in pairs({ ["equal equals"] = { "equals", 2 }, same = { "same", 2 }, truthy = { "truthy", 1 },
                            falsy = { "falsy", 1 }, near = { "near", 3 }, ["matches match"] = { "matches", 2 },
                            errormatches = { "error_matches", 2 } }) do
  for name in names:gmatch("%S+") do assertions[name].least = least end
end

-- The words luassert reads past, and those that negate what follows.
local filler = { is = true, are = true, was = true, has = true, does = true, be = true, been = true, the = true, a = true, an = true, to = true, have = true }
local negation = { ["not"] = true, no = true }

-- The words of `key` after a chain so far; an unknown word is an error at the line that
-- wrote it (`level` counted from the __index that asks, as error's is). `message`: set
-- by luassert's `assert.message(m)` modifier.
local chain
-- `path`: the chain's words so far, which luassert names with an unknown one.
-- `longNames`: whether `assert:register` named an assertion of several words
-- (`has_property`), which is then found whole, the longest first, as luassert finds it.
local longNames = false
local function lookup(negated, build, message, key, level, path)
  local n = negated
  local words = {}
  -- error_matches and its aliases matches_error and match_error are one word here.
  local joined = key:gsub("error_matches", "errormatches"):gsub("matches_error", "errormatches"):gsub("match_error", "errormatches")
  for word in joined:gmatch("[^_]+") do words[#words + 1] = word end
  for i = 1, #words do
    local w = words[i]:lower()
    for j = longNames and #words or i, i + 1, -1 do
      local a = assertions[table.concat(words, "_", i, j):lower()]
      if a then return build(a, n, message) end
    end
    if negation[w] then n = not n
    elseif assertions[w] then return build(assertions[w], n, message)
    elseif w == "message" then return function(m) return chain(n, build, m, path) end
    elseif not filler[w] then
      local all = (path and path .. "_" or "") .. joined
      error("luassert: unknown modifier/assertion: '" .. all:gsub("errormatches", "error_matches") .. "'", level + 1)
    end
  end
  return chain(n, build, message, (path and path .. "_" or "") .. key)
end
chain = function(negated, build, message, path)
  return setmetatable({}, {
    __index = function(_, key)
      if type(key) ~= "string" then return nil end
      -- In parentheses: a tail call would take this frame, and `level` would miss by one.
      return (lookup(negated, build, message, key, 2, path))
    end,
  })
end

-- luassert's failure message: a string (or what has __tostring) as it is, another value
-- as it shows values, on its own line before the assertion's.
local function note(m)
  if type(m) == "string" or type((getmetatable(m) or {}).__tostring) == "function" then return tostring(m) end
  return typed(m)
end

-- `array`: the table `assert.array(t)` gave, which `holes` asserts on.
local customAsserting
local function asserting(a, negated, message, array)
  if a.callback then return customAsserting(a, negated, message) end
  return function(...)
    if a.array and array == nil then error("No array set, please use the array modifier to set the array to validate", 2) end
    if a.least then atLeast(a.least[1], a.least[2], select("#", ...), 2) end
    local ok, result
    if a.array then ok, result = a.test(array, ...) else ok, result = a.test(...) end
    if negated then ok = not ok end
    if not ok then
      -- The argument past the assertion's own, else the modifier's.
      local at
      if type(a.nargs) == "function" then at = a.nargs(...) else at = a.nargs + 1 end
      local m
      if at ~= nil and select("#", ...) >= at then m = (select(at, ...)) end
      if m == nil then m = message end
      local says
      if a.array then says = (negated and a.saysNot or a.says)(array, ...) else says = (negated and a.saysNot or a.says)(...) end
      fail(m == nil and says or note(m) .. "\n" .. says, 2)
    end
    -- matches and error_matches answer their captures, has_error the error, holes the hole.
    if type(result) == "table" and result.n then return table.unpack(result, 1, result.n) end
    return ...
  end
end

-- `assert.spy(s)` (SpecLibrary+Spies.swift, after this piece).
local spyAssertion

-- luassert's methods for its formatting and its snapshots, which Nestbox leaves out.
local luassertOwn = { add_formatter = true, remove_formatter = true, format = true, set_parameter = true,
  get_parameter = true, snapshot = true }

assert = setmetatable({}, {
  __call = function(_, v, message, ...)
    if not v then fail(message == nil and "assertion failed!" or message, 2) end
    return v, message, ...
  end,
  __index = function(_, key)
    if key == "spy" or key == "stub" then return function(s, message) return spyAssertion(s, false, message) end end
    if key == "array" then
      return function(t)
        if t == nil then error("No array provided to the array-modifier", 2) end
        return chain(false, function(a, negated, message) return asserting(a, negated, message, t) end)
      end
    end
    if type(key) ~= "string" then return nil end
    if luassertOwn[key] then
      error("assert:" .. key .. " is luassert's own, which Nestbox does not provide: values are shown as Nestbox shows "
        .. "them, and each test's world is fresh, spies and all (docs/api-conventions.md)", 2)
    end
    return (lookup(false, asserting, nil, key, 2))
  end,
})

-- busted's block-wide set-up and tear-down.
function setup(fn) needs("function", fn, 1, "setup"); outside("setup"); table.insert(current.setups, fn) end
function teardown(fn) needs("function", fn, 1, "teardown"); outside("teardown"); table.insert(current.teardowns, fn) end
lazy_setup, lazy_teardown, strict_setup, strict_teardown = setup, teardown, setup, teardown
"""#
}
