-- expect: 3
-- options: --max-memory 16 --snapshot /tmp/nestbox-hostile-drawing.svg
-- message: nestbox: memory limit of 16 MiB exceeded in
-- message: nestbox: the pictures were being drawn when the memory limit was hit
-- 20,000 labels fit under the limit; the shapes of their picture do not: drawing counts
-- as it goes and stops at the limit, instead of holding the whole list first.
require "lib.labels"(20000, false)
