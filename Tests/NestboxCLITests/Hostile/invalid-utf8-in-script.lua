-- expect: 1
-- message: invalid-utf8-in-script.lua:6: the literal is 1 byte, 255
-- The script was decoded as UTF-8, which "repaired" a lone 0xFF into U+FFFD (3 bytes,
-- EF BF BD). Lua strings are bytes: it stays one byte.
local s = "ÿ"
error("the literal is " .. #s .. " byte, " .. s:byte())
