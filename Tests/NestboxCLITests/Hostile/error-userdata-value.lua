-- expect: 1
-- message: <View: v>
error(ui.View{ name = 'v' })
