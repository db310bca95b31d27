-- expect: 3
-- options: --max-memory 8 --report /tmp/nestbox-hostile-report-pages.html
-- message: nestbox: memory limit of 8 MiB exceeded in
-- message: nestbox: the report held 7 MiB of pages when the memory limit was hit
-- A report's pages count toward --max-memory, and the run says they were what held it.
-- The colour animates too, so every tick is a page of 300 labels taken whole (Q33).
require "lib.labels"(300, true)
ui.animate{ duration = 5, animations = function() ui.window.rootViewController.view.backgroundColor = "red" end }
