-- expect: 1
-- message: presentation-controller-in-use.lua:10: presentationController(presented, presenting, source) returned <PresentationController: shared>, which is presenting <ViewController: m1>
-- One presentation controller returned for two presentations at once: the second
-- would take over the first's container view. UIKit makes one per presentation.
local root = ui.ViewController{ name = "root" }
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
local shared = ui.PresentationController{ name = "shared" }
local delegate = {
  presentationController = function(presented, presenting, source)
    return shared
  end }
local m1 = ui.ViewController{ name = "m1", modalPresentationStyle = "custom", transitioningDelegate = delegate }
local m2 = ui.ViewController{ name = "m2", modalPresentationStyle = "custom", transitioningDelegate = delegate }
root:present(m1, false)
ui.settle()
m1:present(m2, false)
ui.settle()
