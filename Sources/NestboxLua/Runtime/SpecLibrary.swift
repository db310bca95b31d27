/// The test-writing functions `nestbox test` gives a spec file (README.md, `nestbox
/// test`), as busted spells them: `describe`, `it`, `pending`, `before_each`,
/// `after_each`, `setup`, `teardown`, `finally`, busted's assertions and spies
/// (SpecLibrary+Assertions.swift), plus `check` (a soft assertion), `expect_trace` and
/// `expect_golden`.
///
/// Loading a spec file only registers its tests: `describe` runs its body at once, `it`
/// records. The host then runs one test per fresh world, by its index, with the
/// `before_each` functions of its blocks outermost first and the `after_each` ones
/// innermost first, as busted does.
enum SpecLibrary {
    static let source = core + assertions + spies + matchers + "\nreturn spec\n"

    static let core = #"""
local where, ui, scriptMethod, passedOnWhere = ...
local root = { befores = {}, afters = {}, setups = {}, teardowns = {} }
local current = root
local tests = {}
local running            -- the result of the test being run, nil while loading

local function fullName(block, name)
  local parts = { name }
  while block and block.name do table.insert(parts, 1, block.name); block = block.parent end
  return table.concat(parts, " ")
end

-- Lua's argument error, at the line `level` above the caller.
local function badArgument(i, name, expected, got, level)
  error("bad argument #" .. i .. " to '" .. name .. "' (" .. expected .. " expected, got " .. got .. ")", level + 1)
end

-- luassert's error for a call with too few arguments, at the line `level` above the caller.
local function atLeast(name, n, got, level)
  if got < n then error("the '" .. name .. "' function requires a minimum of " .. n .. " arguments, got: " .. got, level + 1) end
end

local function needs(kind, value, position, fname)
  if type(value) ~= kind then badArgument(position, fname, kind, type(value), 3) end
end

-- A value a test raised or checked, as text: a string as it is; anything else described
-- without a heap address (a table or a function prints as its type), so the same spec
-- gives the same report on every run. A __tostring that fails, yields or answers no
-- string is not trusted.
-- A table with no text of its own shows its contents, as assertions show values
-- (`showTable`, set by SpecLibrary+Assertions.swift's piece).
local showTable
local function text(value)
  local kind = type(value)
  if kind == "string" then return value end
  if kind == "nil" or kind == "boolean" or kind == "number" then return tostring(value) end
  local ok, s = pcall(tostring, value)
  if ok and type(s) == "string" and not s:find("0x%x%x%x%x") then return s end
  if kind == "table" and showTable then
    local shown, contents = pcall(showTable, value)
    if shown and type(contents) == "string" then return contents end
  end
  return "a " .. kind
end

-- An assertion's failure, told apart from a runtime error (JUnit's <failure> and
-- <error>): the message an assertion last raised, and the kind of the step that failed.
local raised, kind
local function fail(message, level)
  raised = message
  error(message, level + 1)
end

-- What `pending(reason)` raises inside a test (busted's pending): it ends the step,
-- and the test is reported as skipped with the reason, unless something failed. The
-- reason is the value's; a `pcall` in the test that catches it keeps the test running.
local pendingMt = {}

-- The message handler of a test's steps: the error as text, at the line of the
-- script that raised it, unless it already names one (error("x") does).
local function failure(err)
  if getmetatable(err) == pendingMt then return err end
  -- An assertion, a failed expect_trace (its text is Nestbox's own), or a runtime error.
  -- (error() put the assertion's position before its message.)
  local assertion = err == raised or type(err) == "string"
    and (type(raised) == "string" and err:sub(-#raised) == raised or err:find("^[^\n]-:%d+: trace mismatch") ~= nil)
  kind = kind or (assertion and "failure" or "error")
  local message = text(err)
  if type(err) == "string" and message:find("^[^\n]-:%d+: ") then return message end
  if type(err) ~= "string" then message = "error value: " .. message end
  -- A hook's error(s, 0) passed on by the call that ran the hook: the hook's line.
  local hook = passedOnWhere(1)
  if hook ~= "" then return hook .. message end
  for level = 1, 30 do
    local w = where(level)
    if w ~= "" and not w:find("^spec:") and not w:find("^prelude:") then return w .. message end
  end
  return message
end

local function outside(fname)
  if running then error(fname .. " cannot be called inside a test", 3) end
end

-- Each block runs its body inside the one around it: Lua's C stack allows about 200
-- levels, so blocks nest at most 100 deep, said at the line that goes deeper.
local maxDepth = 100

-- The globals, as busted's insulate keeps them: by their keys, not the insides of their
-- values.
local function globalsNow()
  local g = {}
  for k, v in next, _G do g[k] = v end
  return g
end
-- What changed from `before` to `after`, key by key (`{ value }`, empty when cleared).
local function changes(before, after)
  local list = {}
  for k, v in next, after do if before[k] ~= v then list[k] = { v } end end
  for k in next, before do if after[k] == nil then list[k] = {} end end
  return list
end
local function apply(changed) for k, v in next, changed do rawset(_G, k, v[1]) end end

-- busted's curried form, `describe "name" (function() … end)`: the name alone answers a
-- function that takes the body. `insulated`: busted's insulate, whose body's globals
-- are its own: put back after it, and set again before each of its tests.
local function group(fname, name, body, insulated)
  if body == nil and type(name) == "string" and not running then
    return function(later) return group(fname, name, later, insulated) end
  end
  needs("string", name, 1, fname); needs("function", body, 2, fname); outside(fname)
  local depth = (current.depth or 0) + 1
  if depth > maxDepth then error("describe blocks nest at most " .. maxDepth .. " deep", 2) end
  local block = { name = name, parent = current, befores = {}, afters = {}, setups = {}, teardowns = {}, depth = depth }
  local before = insulated and globalsNow()
  current = block
  local ok, err = pcall(body)
  current = block.parent
  if insulated then
    block.globals = changes(before, globalsNow())
    apply(changes(globalsNow(), before))
  end
  if not ok then error(err, 0) end
end
function describe(name, body) return group("describe", name, body, false) end
function insulate(name, body) return group("insulate", name, body, true) end

-- The tests this load keeps, by their place in the file: the host loads a large file
-- once per slice of its tests (Q72), so a process holds one slice's functions.
local from, to, counted = 1, math.huge, 0
local function kept()
  counted = counted + 1
  return counted >= from and counted <= to
end

-- `it(name)` with no body is a test still to write, as `pending(name)` (busted drops it
-- unsaid; reported as skipped it is not forgotten), unless busted's curried form gives
-- the body after: `it "name" (function() … end)`.
function it(name, body)
  needs("string", name, 1, "it"); if body ~= nil then needs("function", body, 2, "it") end; outside("it")
  if not kept() then return function() end end
  local test = { name = fullName(current, name), body = body, pending = body == nil or nil, block = current, where = where(1) }
  tests[#tests + 1] = test
  if body == nil then
    return function(later)
      needs("function", later, 1, "it")
      test.body, test.pending = later, nil
    end
  end
end

function pending(name)
  if running then
    if name ~= nil then needs("string", name, 1, "pending") end
    error(setmetatable({ reason = name }, pendingMt), 0)
  end
  needs("string", name, 1, "pending")
  if not kept() then return end
  tests[#tests + 1] = { name = fullName(current, name), pending = true, where = where(1) }
end

-- busted's other names for the two: `context` and `expose` group (a block's globals
-- reach the blocks after it, as expose's do), `spec` and `test` are tests.
context, expose, spec, test = describe, describe, it, it
-- busted's `randomize()` shuffles a block's tests: where each test has a fresh world
-- (Q72), their order changes no outcome, and the report keeps the file's.
function randomize() outside("randomize") end

function before_each(fn) needs("function", fn, 1, "before_each"); outside("before_each"); table.insert(current.befores, fn) end
function after_each(fn) needs("function", fn, 1, "after_each"); outside("after_each"); table.insert(current.afters, fn) end

-- A soft assertion: a failure is recorded with its line and the test goes on. Outside a
-- test (a self-checking script run as one test) it is the file's.
local loose = {}
function check(condition, message)
  if not condition then
    local list = running and running.failures or loose
    list[#list + 1] = where(1) .. (message ~= nil and text(message) or "check failed")
  end
  return condition
end

expect_trace = ui.expectTrace

-- busted's `finally(fn)`: inside a test, `fn` runs when the test ends, whether it passed;
-- as in busted, a later call replaces an earlier one.
function finally(fn)
  if not running then error("finally() is for use inside it()", 2) end
  needs("function", fn, 1, "finally")
  running.finally = fn
end

-- The test's whole trace so far, compared by the host with a file beside the spec.
function expect_golden(name)
  if not running then error("expect_golden() is for use inside it()", 2) end
  needs("string", name, 1, "expect_golden")
  if not name:match("^[%w_%-%.]+$") or name:match("^%.") then
    error("bad argument #1 to 'expect_golden' (a golden's name uses letters, digits, '_', '-' and '.')", 2)
  end
  -- One name is one file: a second call would compare (or record) the same file again.
  for _, g in ipairs(running.goldens) do
    if g.name == name then error("expect_golden('" .. name .. "') was already called in this test, at " .. (g.where:gsub(":%s*$", "")) .. "; give each its own name", 2) end
  end
  running.goldens[#running.goldens + 1] = { name = name, text = ui.trace.text(), where = where(1) }
end

local spec = {}

function spec.slice(first, last) from, to = first, last end
function spec.count() return counted end
function spec.loose() return loose end

function spec.list()
  local out = {}
  for i, t in ipairs(tests) do out[i] = { name = t.name, pending = t.pending or false, where = t.where } end
  return out
end

-- Runs test `index`: befores outermost first, the body, then afters innermost first
-- (they run even when the body failed). An error ends the step it happens in.
function spec.run(index)
  local t = tests[index]
  local result = { failures = {}, goldens = {} }
  kind = nil
  running = result
  local chain = {}
  local block = t.block
  while block do table.insert(chain, 1, block); block = block.parent end
  local ok, err = true, nil
  -- The globals each insulate block around the test set, outermost first.
  for _, b in ipairs(chain) do if b.globals then apply(b.globals) end end
  -- Each block's setup, outermost first, then each block's before_each.
  for _, list in ipairs({ "setups", "befores" }) do
    for _, b in ipairs(chain) do
      for _, fn in ipairs(b[list]) do
        if ok then ok, err = xpcall(fn, failure) end
      end
    end
  end
  if ok then ok, err = xpcall(t.body, failure) end
  local function ended(err)
    if getmetatable(err) == pendingMt then result.pending = result.pending or err.reason or ""
    else result.failures[#result.failures + 1] = err end
  end
  if not ok then ended(err) end
  -- busted's `finally`: what the test registered, once it ended, failed or not, before
  -- the after_each functions.
  if result.finally then
    local fok, ferr = xpcall(result.finally, failure)
    if not fok then ended(ferr) end
  end
  for _, list in ipairs({ "afters", "teardowns" }) do
    for i = #chain, 1, -1 do
      for _, fn in ipairs(chain[i][list]) do
        local aok, aerr = xpcall(fn, failure)
        if not aok then ended(aerr) end
      end
    end
  end
  running = nil
  -- A soft check's failure alone is an assertion's.
  result.kind = kind or (#result.failures > 0 and "failure" or nil)
  return result
end
"""#
}
