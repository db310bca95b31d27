-- expect: 1
-- message: in completion
ui.animate{ duration = 0.1, animations = function() end, completion = function() error('in completion') end }
ui.settle()
