-- expect: 1
-- message: rect field 'x' must be a finite number
ui.View{}.frame = { 0/0, 0, 1, 1 }
