-- expect: 1
-- message: presentation-controller-wrong-type.lua:10: presentationController(presented, presenting, source) returned a string, not a PresentationController or nil
-- A transitioningDelegate's presentationController must answer a ui.PresentationController
-- (or nil for UIKit's plain one); the error names the method where it is defined.
local root = ui.ViewController{ name = "root" }
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
local m = ui.ViewController{ name = "m", modalPresentationStyle = "custom" }
m.transitioningDelegate = {
  presentationController = function(presented, presenting, source)
    return "half"
  end }
root:present(m, true)
ui.settle()
