-- expect: 3
-- options: --max-memory 13 --filmstrip /tmp/nestbox-hostile-strip-svg.svg --every 0.5
-- message: nestbox: cannot draw /tmp/nestbox-hostile-strip-svg.svg: the SVG would be over the
-- The frames fit under --max-memory, the SVG they make does not: it is refused before
-- it passes what the limit leaves, as the limit refuses a script (README.md, Pictures).
-- The same 2,000 labels as pictures-filmstrip-memory.lua.
require "pictures-filmstrip-memory"
