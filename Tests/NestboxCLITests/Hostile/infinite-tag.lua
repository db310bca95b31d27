-- expect: 1
-- message: tag must be an integer
ui.View{}.tag = 1/0
