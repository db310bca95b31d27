#!/usr/bin/env nestbox run
-- expect: 1
-- message: bom-and-shebang.lua:5: the '#' line still counts as line 1
-- lua skips a UTF-8 byte-order mark and a first line starting with '#'; both were
error("the '#' line still counts as line 1")   -- syntax errors here
