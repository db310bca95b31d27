-- expect: 1
-- message: in didReceiveMemoryWarning
ui.window.rootViewController = ui.ViewController{ didReceiveMemoryWarning = function() error('in didReceiveMemoryWarning') end }
ui.memoryWarning()
