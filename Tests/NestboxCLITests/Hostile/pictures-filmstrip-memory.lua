-- expect: 3
-- options: --max-memory 24 --filmstrip /tmp/nestbox-hostile-strip.svg --every 0.1
-- message: nestbox: memory limit of 24 MiB exceeded in
-- message: nestbox: the pictures held
-- 51 frames of 2,000 labels are 46 MB of shapes: the frames count toward --max-memory,
-- so the run stops at the limit instead of holding 15 times it (README.md, Pictures).
require "lib.labels"(2000, true)
