import Foundation
import Testing
import Containment
import NestboxLua
import InvariantChecking

/// The layout model from Lua (docs/layout.md; policies Q8, Q16, Q17, Q18).
@Suite(.checksInvariants) struct LayoutBindingTests {}

extension LayoutBindingTests {
    @Test("safe areas: the view's insets, the two change hooks, additionalSafeAreaInsets (Q16)")
    func safeArea() throws {
        let (outcome, out, _) = try runLua("""
            local function ins(e) return string.format("%g,%g,%g,%g", e.top, e.left, e.bottom, e.right) end
            local a = ui.ViewController{ name = "a",
              viewSafeAreaInsetsDidChange = function(self) print("vc", ins(self.view.safeAreaInsets)) end }
            local n = ui.NavigationController{ name = "n", root = a }
            ui.window.rootViewController = n
            ui.window:makeKeyAndVisible()
            a.view.safeAreaInsetsDidChange = function(v) print("view", ins(v.safeAreaInsets)) end
            a.additionalSafeAreaInsets = { top = 10, left = 0, bottom = 0, right = 0 }
            ui.settle()
            print(ins(a.additionalSafeAreaInsets), ins(n.view.safeAreaInsets), ins(ui.window.safeAreaInsets))
            assert(ui.View{}.safeAreaInsets.top == 0, "outside a window")
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "vc\t103,0,34,0\nview\t113,0,34,0\nvc\t113,0,34,0\n10,0,0,0\t59,0,34,0\t59,0,34,0\n")
    }

    @Test("extended layout from Lua: edges, translucent bars (Q18)")
    func extendedLayout() throws {
        let (outcome, out, _) = try runLua("""
            local a = ui.ViewController{ name = "a" }
            local n = ui.NavigationController{ name = "n", root = a }
            local t = ui.TabBarController{ name = "t", viewControllers = { n } }
            ui.window.rootViewController = t
            ui.window:makeKeyAndVisible()
            local function f(v) local r = v.frame; return string.format("%g+%g", r.y, r.height) end
            print(table.concat(a.edgesForExtendedLayout, " "), f(a.view), n.navigationBar.isTranslucent, t.tabBar.isTranslucent)
            a.edgesForExtendedLayout = { "left", "bottom" }
            ui.settle()
            print(table.concat(a.edgesForExtendedLayout, " "), f(a.view))
            a.edgesForExtendedLayout = "all"
            n.navigationBar.isTranslucent = false
            t.tabBar.isTranslucent = false
            ui.settle()
            print(f(a.view), f(n.view))
            a.extendedLayoutIncludesOpaqueBars = true
            ui.settle()
            print(f(a.view), a.extendedLayoutIncludesOpaqueBars)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "top left bottom right\t0+852\ttrue\ttrue\nleft bottom\t103+749\n103+666\t0+769\n0+769\ttrue\n")
        #expect(try errorMessage("""
            ui.ViewController{}.edgesForExtendedLayout = { "top", "middle" }
            """) == "test:1: bad value for property 'edgesForExtendedLayout' of ViewController (unknown edge 'middle' (top, left, bottom, right, all; {} for none))")
    }

    @Test("traits from Lua: traitCollection, willTransition with the new traits, after the sizes (Q8)")
    func traits() throws {
        let (outcome, out, _) = try runLua("""
            local a = ui.ViewController{ name = "a",
              viewWillTransition = function(self, size) print("size", size.width, size.height) end,
              willTransition = function(self, traits, coordinator)
                print("will", traits.verticalSizeClass, self.traitCollection.verticalSizeClass, coordinator ~= nil)
              end,
              traitCollectionDidChange = function(self, previous)
                print("did", previous.verticalSizeClass, self.traitCollection.verticalSizeClass)
              end }
            ui.window.rootViewController = a
            ui.window:makeKeyAndVisible()
            local t = a.view.traitCollection
            print(t.horizontalSizeClass, t.verticalSizeClass, t.idiom, t.displayScale)
            ui.rotate("landscapeLeft")
            ui.settle()
            ui.setDevice("iPad")
            ui.settle()
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            compact\tregular\tphone\t3.0
            size\t852.0\t393.0
            will\tcompact\tregular\ttrue
            did\tregular\tcompact
            size\t1180.0\t820.0
            will\tregular\tcompact\ttrue
            did\tcompact\tregular

            """)
    }

    @Test("devices by short id or name: sizes, safe areas, and the large phones regular wide in landscape")
    func deviceIds() throws {
        let (outcome, out, _) = try runLua("""
            local a = ui.ViewController{ name = "a" }
            ui.window.rootViewController = a
            ui.window:makeKeyAndVisible()
            for _, id in ipairs({ "iphone-16-pro-max", "iphone-16-pro", "ipad-13", "iPhone SE", "iphone-se" }) do
              ui.setDevice(id)
              ui.rotate("portrait"); ui.settle()
              local s, i = ui.screen, ui.screen.safeAreaInsets
              ui.rotate("landscapeLeft"); ui.settle()
              print(s.name, s.width, s.height, i.top, i.bottom, a.traitCollection.horizontalSizeClass)
            end
            print(select(2, pcall(ui.setDevice, "iphone-99")))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            iPhone 16 Pro Max\t956.0\t440.0\t62.0\t34.0\tregular
            iPhone 16 Pro\t874.0\t402.0\t62.0\t34.0\tcompact
            iPad Air 13-inch\t1366.0\t1024.0\t24.0\t20.0\tregular
            iPhone SE\t667.0\t375.0\t20.0\t0.0\tcompact
            iPhone SE\t667.0\t375.0\t20.0\t0.0\tcompact
            bad argument #1 to 'setDevice' (unknown device 'iphone-99' (iphone-se, iphone-15, iphone-16, iphone-16-plus, iphone-16-pro, iphone-16-pro-max, ipad-mini, ipad-11, ipad-13 (or iPhone SE, iPhone 15, iPad)))

            """)
    }

    @Test("a bare tab bar sized in viewDidLoad after its items lays its buttons out, and taps reach them")
    func bareTabBarLayout() throws {
        let (outcome, out, _) = try runLua("""
            local one, two = ui.TabBarItem{ title = "One" }, ui.TabBarItem{ title = "Two" }
            local vc = ui.ViewController{ name = "vc", viewDidLoad = function(self)
              self.bar = ui.TabBar{ name = "bar", items = { one, two },
                delegate = { didSelectItem = function(bar, item) print("selected", item.title) end } }
              self.bar.frame = { 0, 700, 300, 49 }
              self.view:addSubview(self.bar)
            end }
            ui.window.rootViewController = vc
            ui.window:makeKeyAndVisible()
            for _, b in ipairs(vc.bar.subviews) do local f = b.frame; print(b.name, f.x, f.width) end
            ui.tap("Two")
            vc.bar.frame = { 0, 700, 200, 49 }
            ui.settle()
            print(vc.bar.subviews[2].frame.x)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "bar.button1\t0.0\t150.0\nbar.button2\t150.0\t150.0\nselected\tTwo\n100.0\n")
    }
}

extension LayoutBindingTests {
    /// The closures `coordinator:animate` gives the coordinator hold it weakly: strongly,
    /// every rotation whose hook animated alongside left its coordinator and the script's
    /// functions behind (a leak AddressSanitizer reported). Each rotation after the first
    /// leaves the counted memory where it found it, the trace cleared.
    @Test func aRotationsCoordinatorGoesWithIt() throws {
        let (outcome, out, rt) = try runLua("""
            local done = 0
            local a = ui.ViewController{ name = "a",
              viewWillTransition = function(self, size, coordinator)
                coordinator:animate(function(c) self.view.alpha = 0.5 end, function(c) done = done + 1 end)
              end }
            ui.window.rootViewController = a
            ui.window:makeKeyAndVisible()
            function turn(to) ui.rotate(to); ui.settle(); collectgarbage(); collectgarbage(); ui.trace.clear() end
            function completions() print(done) end
            turn("landscapeLeft")
            """)
        #expect(outcome == .ok && out.isEmpty, "\(outcome)")
        expectSteadyMemory(rt, step: "turn('portrait'); turn('landscapeLeft')")
        var printed = ""
        rt.output = { printed += $0 }
        _ = rt.evaluate("completions()")
        #expect(printed == "7\n")
    }

    /// UIKit's `animate(alongsideTransition:completion:)` answers whether it queued the
    /// blocks: true while the hooks run, false once the animation has begun. From an
    /// alongside block it runs no animation but keeps the completion ("The completions
    /// may be run even if the animations are not"); kept and called after the rotation,
    /// it keeps neither.
    @Test func aCoordinatorQueuesUntilTheAnimationBegins() throws {
        let (outcome, out, _) = try runLua("""
            local kept, runs = nil, {}
            local a = ui.ViewController{ name = "a",
              viewWillTransition = function(self, size, coordinator)
                kept = coordinator
                print("hook", coordinator:animate(function(c)
                  runs[#runs + 1] = "alongside"
                  print("inside", c:animate(function() runs[#runs + 1] = "late" end, function() runs[#runs + 1] = "late completion" end))
                end, function() runs[#runs + 1] = "completion" end))
              end }
            ui.window.rootViewController = a
            ui.window:makeKeyAndVisible()
            ui.rotate("landscapeLeft"); ui.settle()
            print("after", kept:animate(nil, function() runs[#runs + 1] = "never" end))
            ui.settle()
            print(table.concat(runs, " "))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "hook\ttrue\ninside\tfalse\nafter\tfalse\nalongside completion late completion\n")
    }
}
