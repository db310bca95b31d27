-- luacheck for the example designs and the test scripts (README.md, Development).
std = "lua54"
-- Nestbox's global and `nestbox test`'s functions.
-- `ui`'s classes are read-only; the objects in it (the window, the screen) take properties.
read_globals = { ui = { other_fields = true, fields = {
  window = { other_fields = true, read_only = false },
  screen = { other_fields = true, read_only = false },
} } }
globals = { "describe", "it", "pending", "before_each", "after_each", "check", "expect_trace", "expect_golden",
            "setup", "teardown", "lazy_setup", "lazy_teardown", "spy", "stub", "mock", "match", "assert", "finally",
            "context", "spec", "test", "insulate", "expose", "randomize" }
-- Hooks and delegate methods have UIKit's arguments whether a script uses them or not.
unused_args = false
-- Expected traces are quoted as they print.
max_line_length = false
exclude_files = { "scripts/examples/types/*.lua", ".build/**", "Fuzz/.build/**" }
