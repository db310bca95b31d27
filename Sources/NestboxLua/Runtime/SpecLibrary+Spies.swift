/// busted's spies and stubs, and luassert's matchers (README.md, `nestbox test`): `spy.new`,
/// `spy.on` (on a bound object, behind the object's field, calling the script's own
/// function through), `stub`, `assert.spy(s)` with `called`, `called_with`,
/// `called_at_least`/`at_most`/`more_than`/`less_than` and `returned_with`, `mock`, and
/// `match`.
/// Part of the spec library's chunk, after SpecLibrary+Assertions.swift's piece, whose
/// locals (`show`, `same`, `fail`, `callable`, `matcherClass`, `spyAssertion`) it uses.
extension SpecLibrary {
    static let spies = #"""
-- Spies: a callable table that records its calls (and calls through, for spy.on).
local spyClass = {}
-- The spies on bound objects, by what reading their key gives (UIKit's method, the
-- same function for every object): `assert.spy(vc.viewDidLoad)` finds the one spy.
local spiesReading = setmetatable({}, { __mode = "k" })
spyClass.__index = spyClass
-- Each call keeps copies of its arguments and of what it returned (`returned_with`), as
-- luassert does: a table changed after the call is compared as it was at the call.
local function deepcopy(v, cache)
  if type(v) ~= "table" or getmetatable(v) == matcherClass or getmetatable(v) == spyClass then return v end
  cache = cache or {}
  if cache[v] then return cache[v] end
  local copy = {}
  cache[v] = copy
  for k, x in next, v do copy[k] = deepcopy(x, cache) end
  return setmetatable(copy, getmetatable(v))
end
local function copied(list)
  local copy = { n = list.n }
  for i = 1, list.n do copy[i] = deepcopy(list[i]) end
  return copy
end
-- The values themselves are kept too, for `match.is_ref` (luassert's refs).
local function returning(call, r) call.returns, call.returnRefs = copied(r), r; return table.unpack(r, 1, r.n) end
spyClass.__call = function(s, ...)
  local refs = table.pack(...)
  local call = { vals = copied(refs), refs = refs }
  s.calls[#s.calls + 1] = call
  local answer = s.answerFor and s.answerFor(call)
  if answer then return returning(call, table.pack(answer(...))) end
  if s.fn then return returning(call, table.pack(s.fn(...))) end
  return returning(call, s.returned or { n = 0 })
end
function spyClass:clear() self.calls = {}; return self end
function spyClass:revert()
  if self.target then
    -- On a bound object the hook is taken away: what was read there was UIKit's method.
    if type(self.target) == "userdata" then
      self.target[self.key] = self.own     -- the object's own function, or none
      local list = spiesReading[self.original]
      for i = #(list or {}), 1, -1 do if list[i] == self then table.remove(list, i) end end
    else
      self.target[self.key] = self.original
    end
  end
  return self.original
end

local function newSpy(fn) return setmetatable({ calls = {}, fn = fn }, spyClass) end

-- Whether a call's values (copies, and the values themselves) match `want`: a ref
-- matcher is asked about the value itself, anything else about the copy.
local function listMatches(vals, refs, want)
  if vals.n ~= (want.n or #want) then return false end
  for i = 1, vals.n do
    local w = want[i]
    local v = vals[i]
    if getmetatable(w) == matcherClass and w.byRef and refs then v = refs[i] end
    if not same(v, w) then return false end
  end
  return true
end

-- luassert's spy methods: s:called(times, compare), s:called_with(args) and
-- s:returned_with(args) (args a list), each answering whether, and what it found
-- (the count; the matching list, else the last).
function spyClass:called(times, compare)
  if times or compare then
    compare = compare or function(count, expected) return count == expected end
    return compare(#self.calls, times), #self.calls
  end
  return #self.calls > 0, #self.calls
end
local function matchingList(lists, refs, want)
  for i = #lists, 1, -1 do
    if listMatches(lists[i], refs[i], want) then return true, lists[i] end
  end
  return false, lists[#lists]
end
function spyClass:called_with(args)
  local lists, refs = {}, {}
  for i, call in ipairs(self.calls) do lists[i], refs[i] = call.vals, call.refs end
  return matchingList(lists, refs, args)
end
function spyClass:returned_with(args)
  local lists, refs = {}, {}
  for _, call in ipairs(self.calls) do
    if call.returns then lists[#lists + 1], refs[#lists + 1] = call.returns, call.returnRefs end
  end
  return matchingList(lists, refs, args)
end
-- The spy a function stands for on a bound object (spy.on), by the function.
local spyBehind = setmetatable({}, { __mode = "k" })
local function isSpy(s) return getmetatable(s) == spyClass end

-- A stub's answers, set as luassert sets them: `s.returns(1)`, `s.invokes(f)`, also
-- under `s.by_default`; `s:returns(1)` is taken too (its first argument is the stub).
local function answers(s)
  local function args(...) if select("#", ...) > 0 and select(1, ...) == s then return select(2, ...) end return ... end
  s.returns = function(...) s.fn = nil; s.returned = table.pack(args(...)); return s end
  s.invokes = function(...)
    local f = args(...)
    if not callable(f) then error("stub.invokes: a function expected, got " .. type(f), 2) end
    s.fn, s.returned = f, nil
    return s
  end
  s.by_default = { returns = s.returns, invokes = s.invokes }
  -- `s.on_call_with(args…).returns(…)` or `.invokes(f)`: the answer to a call with those
  -- arguments, the first such given that matches; other calls get the default.
  local oncalls = {}
  s.on_call_with = function(...)
    local want = copied(table.pack(...))
    local function add(answer) oncalls[#oncalls + 1] = { args = want, answer = answer }; return s end
    return {
      returns = function(...) local r = table.pack(...); return add(function() return table.unpack(r, 1, r.n) end) end,
      invokes = function(f) return add(function(...) return f(...) end) end,
    }
  end
  s.answerFor = function(call)
    for _, c in ipairs(oncalls) do if listMatches(call.refs, call.refs, c.args) then return c.answer end end
  end
  return s
end

-- spy.on and stub (`fname`): a spy installed on `target[key]`; a refusal is raised at
-- `level` above this function, the spec's line that called them.
local function spyOn(fname, level, target, key)
  local function at(ok, ...)
    if ok then return ... end
    local problem = tostring((...)):gsub("^spec:%d+: ", "")
    -- A property read from a class (ui.View.frame): no function to watch.
    local class = problem:match("^'[^']*' is a property of ([%w_]+): read it on an object")
    if class then
      error(fname .. ": '" .. tostring(key) .. "' is a property of " .. class .. ", not a method: a spy watches a function", level + 1)
    end
    error(problem, level + 1)
  end
  local original = at(pcall(function() return target[key] end))
  -- luassert's refusal of a value that is no function (an object's property, say).
  if original ~= nil and not callable(original) then
    error("Cannot spy on type '" .. type(original) .. "', only on functions or callable elements", level)
  end
  local s, value, through
  if type(target) == "userdata" then
    -- A bound object's hook must be a function (docs/api-conventions.md): it gets one
    -- that calls the spy, and `assert.spy(vc.viewDidLoad)` finds the spy behind it.
    -- Reading a hook's name gives UIKit's method, which would call the spy again, so
    -- the spy calls through to the script's own function (the object's, else its
    -- class's); with none, it records only (README.md, nestbox test).
    local own
    through, own = scriptMethod(target, key)
    s = newSpy(through)
    s.own = own and through or nil
    value = function(...) return s(...) end
    spyBehind[value] = s
    if type(original) == "function" then
      spiesReading[original] = spiesReading[original] or {}
      table.insert(spiesReading[original], s)
    end
  elseif getmetatable(target) ~= nil then
    -- A class (or any table with a metatable) may call only functions, as a class's
    -- hook is found: the spy goes behind one, as on an object, and calls through.
    s = newSpy(original)
    value = function(...) return s(...) end
    spyBehind[value] = s
  else
    s = newSpy(original)
    value = s
  end
  s.target, s.key, s.original = target, key, original
  local ok, problem = pcall(function() target[key] = value end)
  problem = tostring(problem)
  -- UIKit's method, which an object cannot replace (the model calls it too): a spy
  -- goes on a subclass's override of it, which every call reaches: the object's
  -- class's own, when it has one.
  local class = not ok and problem:match("is a method of ([^:]+): override it in a subclass")
  if class then
    local own = select(2, pcall(tostring, target)):match("^<([^:]+):")
    local verb = fname == "stub" and "stub " or "spy on "
    local where = through and own and own ~= class and own .. "'s override of it, " .. fname .. "(" .. own
      or "a subclass's override of it, " .. fname .. "(MyClass"
    error(fname .. ": '" .. tostring(key) .. "' is a method of " .. class .. ", which an object cannot replace: " .. verb
      .. where .. ", \"" .. tostring(key) .. "\") (docs/api-conventions.md)", level)
  end
  -- A class of ui's is read-only: a spy goes on a subclass's override, as above.
  class = not ok and problem:match("cannot set '[^']*' on (ui%.[%w_]+) %(classes from ui are read%-only")
  if class then
    error(fname .. ": " .. class .. " is read-only: " .. (fname == "stub" and "stub " or "spy on ")
      .. "a subclass's override of it, " .. fname .. "(MyClass, \"" .. tostring(key) .. "\") (docs/api-conventions.md)", level)
  end
  -- A method no subclass can override: the model calls it without asking anyone.
  class = not ok and (problem:match("is a method of ([^,]+), not a field")
    or problem:match("([%w_]+)%.[%w_]+ cannot be overridden in Nestbox"))
  if class then
    error(fname .. ": " .. class .. "." .. tostring(key) .. " cannot be overridden in Nestbox (the model calls it without "
      .. "asking a subclass), so no spy can watch it: check what it does in the trace (docs/api-conventions.md)", level)
  end
  -- A property (nil until set): no function to watch.
  class = not ok and (problem:match("bad value for property '[^']*' of ([^ ]+) %(")
    or problem:match("'[^']*' is a property of ([%w_]+): set it on the object"))
  if class then
    error(fname .. ": '" .. tostring(key) .. "' is a property of " .. class .. ", not a method: a spy watches a function", level)
  end
  -- Any other refusal of the name (a class of ui's, a method no subclass overrides).
  if not ok then error(fname .. ": " .. problem:gsub("^[^\n]-:%d+: ", ""), level) end
  return s
end

spy = setmetatable({
  new = function(fn)
    if fn == nil then return newSpy(function() end) end      -- luassert's blank spy
    if not callable(fn) then error("Cannot spy on type '" .. type(fn) .. "', only on functions or callable elements", 2) end
    return newSpy(fn)
  end,
  on = function(target, key)
    local s = spyOn("spy.on", 3, target, key)
    return s
  end,
  is_spy = isSpy,
}, { __call = function(_, fn) return newSpy(fn) end })

-- luassert's stub.new: what it returns, or the one function given is what it calls. The
-- spec's line is `level` above; stub(t, k) and stub.new(t, k) both call this one.
local function stubNew(level, target, key, ...)
  -- With no arguments, a blank stub: a function of its own that answers nothing.
  if target == nil and key == nil then target, key = { stub = function() end }, "stub" end
  if (type(target) ~= "table" and type(target) ~= "userdata") or key == nil then
    error("stub.new(): Can only create stub on a table key, call with 2 params; table, key", level)
  end
  local s = answers(spyOn("stub", level + 1, target, key))
  if select("#", ...) == 1 and callable((...)) then s.invokes((...)) else s.returns(...) end
  return s
end

stub = setmetatable({
  new = function(...) local s = stubNew(3, ...); return s end,
}, { __call = function(_, ...) local s = stubNew(3, ...); return s end })

-- What `assert.spy(x)` asserts on: a spy, the function standing for one, or UIKit's
-- method read from an object that one spy (spy.on) watches under that name.
local function spyFor(x)
  if spyBehind[x] then return spyBehind[x] end
  local list = spiesReading[x]
  if list == nil or #list == 0 then return x end
  if #list == 1 then return list[1] end
  local keys = {}
  for i, s in ipairs(list) do keys[i] = s.key end
  error("assert.spy: " .. #list .. " spies watch objects under '" .. keys[1] .. "', and reading it gives UIKit's method, the same for every object: assert on the spy that spy.on returned", 4)
end

spyAssertion = function(s, negated, message)
  s = spyFor(s)
  if not isSpy(s) then error("assert.spy: a spy or stub expected, got " .. type(s), 3) end
  local function argsOf(call) return call.vals end
  -- `other`: the list these values were told apart from, whose tables' first
  -- differences are marked, as `same`'s failure marks them.
  local function list(values, other)
    local shown = {}
    for i = 1, values.n do shown[i] = show(values[i], 0, other and differsAt(values[i], other[i]) or nil) end
    return "(" .. table.concat(shown, ", ") .. ")"
  end
  -- At least, at most: luassert's words and messages.
  -- Negated, luassert says the opposite bound (not at least 2 is less than 2).
  local function counted(name, word, opposite, holds)
    return function(times)
      if type(times) ~= "number" then badArgument(1, name, "number", type(times), 3) end
      local but = " " .. tostring(times) .. " time(s), but was called " .. #s.calls .. " time(s)"
      return holds(#s.calls, times), "Expected to be called " .. word .. but, "Expected to be called " .. opposite .. but
    end
  end
  -- Each check: whether it holds, and its message, positive or negated.
  local checks = {
    called_at_least = counted("called_at_least", "at least", "less than", function(n, t) return n >= t end),
    called_at_most = counted("called_at_most", "at most", "more than", function(n, t) return n <= t end),
    called_more_than = counted("called_more_than", "more than", "at most", function(n, t) return n > t end),
    called_less_than = counted("called_less_than", "less than", "at least", function(n, t) return n < t end),
    returned_with = function(...)
      local want = table.pack(...)
      local ok, last, matching = false, nil, nil
      for _, call in ipairs(s.calls) do
        local got = call.returns
        if got then
          last = got
          if listMatches(got, call.returnRefs, want) then ok, matching = true, got end
        end
      end
      return ok, "Function never returned matching arguments.\nReturned (last call if any):\n" .. (last and list(last, want) or "(nil)")
          .. "\nExpected:\n" .. list(want, last),
        "Function returned matching arguments at least once.\nReturned (last matching call):\n" .. (matching and list(matching) or "(nil)")
          .. "\nDid not expect:\n" .. list(want)
    end,
    -- luassert's: `was.called()` is more than 0 times; `was_not.called()` is 0 times
    -- (the negation taken by the count, so the message is the positive one).
    called = function(times)
      local ok = times == nil and #s.calls > 0 or #s.calls == times
      local says = "Expected to be called " .. (times or ">0") .. " time(s), but was called " .. #s.calls .. " time(s)"
      if times == nil then
        return ok, says, "Expected to be called 0 time(s), but was called " .. #s.calls .. " time(s)"
      end
      return ok, says, "Expected not to be called exactly " .. times .. " time(s), but it was."
    end,
    called_with = function(...)
      local want = table.pack(...)
      local ok, matching = false, nil
      for _, call in ipairs(s.calls) do
        local got = argsOf(call)
        if listMatches(got, call.refs, want) then ok, matching = true, got end
      end
      local last = s.calls[#s.calls]
      return ok, "Function was never called with matching arguments.\nCalled with (last call if any):\n"
          .. (last and list(argsOf(last), want) or "(nil)") .. "\nExpected:\n" .. list(want, last and argsOf(last)),
        "Function was called with matching arguments at least once.\nCalled with (last matching call):\n"
          .. (matching and list(matching) or "(nil)") .. "\nDid not expect:\n" .. list(want)
    end,
  }
  return setmetatable({}, {
    __index = function(_, key)
      local n = negated
      local words = {}
      for word in key:gmatch("[^_]+") do words[#words + 1] = word:lower() end
      local i = 1
      while i <= #words do
        local w = words[i]
        if negation[w] then n = not n
        elseif w == "called" or w == "returned" then
          local name = table.concat(words, "_", i)
          if not checks[name] then name = w == "called" and words[i + 1] == "with" and "called_with" or w end
          if not checks[name] then error("luassert: no spy assertion named '" .. key .. "'", 2) end
          return function(...)
            local ok, says, saysNot = checks[name](...)
            if n then ok = not ok end
            if not ok then
              says = n and saysNot or says
              fail(message == nil and says or note(message) .. "\n" .. says, 2)
            end
            return ...
          end
        elseif not filler[w] then error("luassert: no spy assertion named '" .. key .. "'", 2) end
        i = i + 1
      end
      return spyAssertion(s, n, message)
    end,
  })
end
"""#
}
