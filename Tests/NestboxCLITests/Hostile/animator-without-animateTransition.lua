-- expect: 1
-- message: animator-without-animateTransition.lua:7: animationController(nav, operation, from, to) returned an animator without animateTransition
-- An animator with a duration but nothing to animate: no one called completeTransition,
-- and the push never ended (the next controller stayed "appearing"). The delegate
-- method's answer is an error instead.
local nav = ui.NavigationController{ root = ui.ViewController{}, delegate = {
  animationController = function(nav, operation, from, to)
    return { transitionDuration = 0.3 }
  end } }
ui.window.rootViewController = nav
ui.window:makeKeyAndVisible()
nav:pushViewController(ui.ViewController{}, true)
ui.settle()
