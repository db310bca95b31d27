import Foundation
import Testing
import Containment
import NestboxLua
import InvariantChecking

@Suite(.checksInvariants) struct BindingTests {}

// MARK: - Identity and lifetime

extension BindingTests {
    @Test("one userdata per object: identity holds across the boundary")
    func identity() throws {
        let (outcome, _, _) = try runLua("""
            local p, c = ui.ViewController{ name = "p" }, ui.ViewController{ name = "c" }
            p:addChild(c)
            assert(c.parent == p and rawequal(c.parent, p))
            assert(p.children[1] == c)
            assert(p.view == p.view and rawequal(p.view, p.view))
            local t = { [p] = "parent" }
            assert(t[c.parent] == "parent")
            assert(ui.window == ui.window and p.view.window == nil)
            assert(tostring(p) == "<ViewController: p>")
            assert(getmetatable(p) == "locked", "host metatables are hidden")
            assert(not pcall(setmetatable, ui.ViewController, {}))
            """)
        #expect(outcome == .ok, "\(outcome)")
    }

    @Test("a controller dropped in Lua is freed after collectgarbage")
    func droppedIsFreed() throws {
        let (outcome, _, rt) = try runLua("keep = ui.ViewController{ name = 'gone' }")
        #expect(outcome == .ok)
        weak let weakVC = rt.object(global: "keep")
        #expect(weakVC != nil)
        #expect(rt.run(source: "keep = nil") == .ok)
        rt.collectGarbage()
        #expect(weakVC == nil)
    }

    @Test("objects still held by Lua are freed when the state closes")
    func freedOnClose() throws {
        weak var weakVC: SimObject?
        weak var weakView: SimObject?
        do {
            let (outcome, _, rt) = try runLua("keep = ui.ViewController{}; v = keep.view")
            #expect(outcome == .ok)
            weakVC = rt.object(global: "keep")
            weakView = rt.object(global: "v")
            #expect(weakVC != nil && weakView != nil)
        }
        #expect(weakVC == nil)
        #expect(weakView == nil)
    }

    @Test("work still pending when the state closes does not keep the world alive")
    func pendingWorkFreedOnClose() throws {
        // Found by fuzzing: a completion that never ran held the simulation in a cycle.
        weak var weakSim: Simulation?
        weak var weakView: SimObject?
        do {
            let rt = try LuaRuntime()
            let outcome = rt.run(source: """
                v = ui.View{}
                ui.animate{ duration = 1, animations = function() v.alpha = 0 end,
                            completion = function() print(v) end }
                ui.after(5, function() print(v) end)
                """, chunkName: "=test", settle: false)
            #expect(outcome == .ok)
            weakSim = rt.simulation
            weakView = rt.object(global: "v")
            #expect(rt.simulation.clock.hasPendingWork)
        }
        #expect(weakSim == nil)
        #expect(weakView == nil)
    }

    @Test("a timeout installs no hook until its deadline, then stops the coroutine that runs")
    func watchdogArmsAtTheDeadline() throws {
        let rt = try LuaRuntime()
        rt.setLimits(timeout: 10, maxInstructions: nil)
        #expect(!rt.hasLimitHook)
        rt.setLimits(timeout: nil, maxInstructions: 1_000_000)
        #expect(rt.hasLimitHook)

        let looping = try LuaRuntime()
        looping.setLimits(timeout: 0.1, maxInstructions: nil)
        #expect(!looping.hasLimitHook)
        let outcome = looping.run(source: """
            local co = coroutine.create(function()
              while true do pcall(function() while true do end end) end
            end)
            print(coroutine.resume(co))
            """, chunkName: "=test")
        #expect(outcome == .limitExceeded("time limit exceeded at test:2"))
        // once hit, no more Lua runs in this state
        #expect(looping.run(source: "x = 1", chunkName: "=again") == .limitExceeded("time limit exceeded at test:2"))
    }

    @Test("coroutine.resume, wrap and close (wrapped for the watchdog) behave as Lua's own")
    func coroutineWrappers() throws {
        let (outcome, out, _) = try runLua("""
            local co = coroutine.create(function(a, b)
              local x <close> = setmetatable({}, { __close = function() print("closed") end })
              local c = coroutine.yield(a + b)
              return c * 2
            end)
            print(coroutine.resume(co, 1, 2))
            print(coroutine.resume(co, 5))
            print(coroutine.resume(co))
            print(coroutine.status(co), coroutine.close(co))
            local gen = coroutine.wrap(function() for i = 1, 2 do coroutine.yield(i) end end)
            print(gen(), gen())
            print(pcall(coroutine.wrap(function() error("boom") end)))
            local ok, e = pcall(coroutine.wrap(function() error({}) end)); print(ok, type(e))
            local held = coroutine.create(function()
              local y <close> = setmetatable({}, { __close = function() print("closed early") end })
              coroutine.yield()
            end)
            coroutine.resume(held)
            print(coroutine.close(held), coroutine.status(held))
            print(pcall(coroutine.close, coroutine.running()))
            local outer
            outer = coroutine.create(function()
              return coroutine.resume(coroutine.create(function() return coroutine.close(outer) end))
            end)
            print(coroutine.resume(outer))
            print(pcall(coroutine.resume, 42))
            """)
        #expect(outcome == .ok)
        #expect(out == """
            true\t3
            closed
            true\t10
            false\tcannot resume dead coroutine
            dead\ttrue
            1\t2
            false\ttest:12: boom
            false\ttable
            closed early
            true\tdead
            false\tcannot close a running coroutine
            true\tfalse\ttest:23: cannot close a normal coroutine
            false\tbad argument #1 to 'coroutine.resume' (coroutine expected, got number)

            """)
    }

    @Test("an owned child keeps its Lua fields and hooks; dropped with its parent, it is freed")
    func ownedChildKeepsState() throws {
        let (outcome, out, rt) = try runLua("""
            p = ui.ViewController{ name = "p" }
            p:addChild(ui.ViewController{ name = "c", answer = 42,
              didMove = function(self, parent) print("didMove", parent) end })
            collectgarbage(); collectgarbage()
            local c = p.children[1]
            assert(c.answer == 42, "fields survive while the parent owns the child")
            c:didMove(p)
            child = c
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "didMove\t<ViewController: p>\n")
        weak let weakChild = rt.object(global: "child")
        #expect(weakChild != nil)
        #expect(rt.run(source: "p = nil; child = nil") == .ok)
        rt.collectGarbage()
        rt.collectGarbage()
        #expect(weakChild == nil)
    }

    @Test("reentrancy: a hook calls into Swift, which runs another hook")
    func reentrancy() throws {
        let (outcome, out, _) = try runLua("""
            local Child = ui.ViewController:extend("Child")
            function Child:viewDidLoad()
              print("child loads inside", self.parent.name)
              local grandchild = ui.ViewController{ name = "g", viewDidLoad = function(g) print("grandchild loads inside", g.parent.name) end }
              self:addChild(grandchild)
              self.view:addSubview(grandchild.view)
            end
            local P = ui.ViewController:extend("Parent")
            function P:viewDidLoad()
              local c = Child{ name = "c" }
              self:addChild(c)
              self.view:addSubview(c.view)
              print("parent done")
            end
            ui.window.rootViewController = P{ name = "p" }
            ui.window:makeKeyAndVisible()
            ui.expectTrace [[
              p.loadView()
              p.viewDidLoad()
              c.willMove(toParent: p)
              c.loadView()
              c.viewDidLoad()
              g.willMove(toParent: c)
              g.loadView()
              g.viewDidLoad()
              p.viewWillAppear(animated: false)
              c.viewWillAppear(animated: false)
              g.viewWillAppear(animated: false)
              p.viewIsAppearing(animated: false)
              c.viewIsAppearing(animated: false)
              g.viewIsAppearing(animated: false)
              p.viewDidAppear(animated: false)
              c.viewDidAppear(animated: false)
              g.viewDidAppear(animated: false)
            ]]
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "child loads inside\tp\ngrandchild loads inside\tc\nparent done\n")
    }
}

// MARK: - Classes and hooks

extension BindingTests {
    @Test("hooks from the class, the constructor table or a later assignment; most derived wins")
    func hookSources() throws {
        let (outcome, out, _) = try runLua("""
            local Base = ui.ViewController:extend("Base")
            function Base:viewDidLoad() print("base", self.name) end
            function Base:init(args) self.initialized = args.flag end
            local Derived = Base:extend("Derived")
            function Derived:viewDidLoad() print("derived", self.name); Base.viewDidLoad(self) end
            local d = Derived{ name = "d", flag = "yes" }
            assert(d.initialized == "yes" and d.className == "Derived" and d.flag == "yes")
            local _ = d.view
            local inline = ui.ViewController{ name = "i", viewDidLoad = function(self) print("inline") end }
            local _ = inline.view
            local later = ui.ViewController{ name = "l" }
            later.viewWillAppear = function(self, animated) print("later", animated) end
            later:beginAppearanceTransition(true, true)
            assert(tostring(Derived{}) == "<Derived: Derived#2>")
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "derived\td\nbase\td\ninline\nlater\ttrue\n")
    }

    /// The core skips callbacks no hook wants from the host's cached answer
    /// (`SimObject.handle`): a hook defined after the answer was given must still run,
    /// on the instance or on its class, with garbage collected between the steps.
    @Test("a hook defined after callbacks were skipped runs: on the instance, on the class")
    func hooksDefinedAfterSkips() throws {
        let (outcome, out, _) = try runLua("""
            local Card = ui.ViewController:extend("Card")
            local parent = ui.ViewController{ name = "parent" }
            ui.window.rootViewController = parent
            ui.window:makeKeyAndVisible()
            local a, b = Card{ name = "a" }, Card{ name = "b" }
            local function cycle(c)
              parent:addChild(c); parent.view:addSubview(c.view); c:didMove(parent)
              c:willMove(nil); c.view:removeFromSuperview(); c:removeFromParent()
            end
            cycle(a); cycle(b)                       -- answers cached: no hooks anywhere
            collectgarbage()
            a.viewDidAppear = function(self) print("instance", self.name) end
            cycle(a); cycle(b)
            collectgarbage()
            function Card:didMove(p) print("class", self.name, p and p.name) end
            cycle(a); cycle(b)
            collectgarbage()
            a.viewDidAppear = nil
            cycle(a)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            instance\ta
            instance\ta
            class\ta\tparent
            class\ta\tnil
            class\tb\tparent
            class\tb\tnil
            class\ta\tparent
            class\ta\tnil

            """)
    }

    @Test("a hook is found on the instance, then up the Lua classes")
    func hookLookupOrder() throws {
        let (outcome, out, _) = try runLua("""
            local Base = ui.ViewController:extend("Base")
            local Mid = Base:extend("Mid")
            local Leaf = Mid:extend("Leaf")
            function Base:viewWillAppear(animated) print("Base", self.name, animated) end
            function Mid:viewDidAppear() print("Mid", self.name) end
            local parent = ui.ViewController{ name = "parent" }
            ui.window.rootViewController = parent
            ui.window:makeKeyAndVisible()
            local function show(c)
              parent:addChild(c); parent.view:addSubview(c.view); c:didMove(parent)
              c:willMove(nil); c.view:removeFromSuperview(); c:removeFromParent()
            end
            local a = Leaf{ name = "a" }
            show(a)
            collectgarbage()
            a.viewWillAppear = function(self, animated) print("own", self.name, animated) end
            show(a)
            collectgarbage()
            show(Leaf{ name = "b" })
            collectgarbage()
            show(ui.ViewController{ name = "plain" })        -- no hooks at all
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            Base\ta\tfalse
            Mid\ta
            own\ta\tfalse
            Mid\ta
            Base\tb\tfalse
            Mid\tb

            """)
    }

    @Test("classes from ui are read-only; a subclass is the script's to change")
    func readOnlyClasses() throws {
        let (outcome, out, _) = try runLua("""
            local function refused(f) local ok, e = pcall(f); assert(not ok); print(e) end
            refused(function() ui.View.layoutSubviews = function() end end)
            refused(function() ui.ViewController[1] = true end)
            refused(function() ui.Transform.__index = {} end)
            local Sub = ui.View:extend("Sub")
            Sub.__note = "mine"                          -- reserved-looking names too
            local v = Sub{}
            function Sub:layoutSubviews() print("laid out", self.__note) end
            v:layoutIfNeeded()
            assert(Sub:extend("SubSub"){}.className == "SubSub")
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            test:2: cannot set 'layoutSubviews' on ui.View (classes from ui are read-only; make a subclass with ui.View:extend(name))
            test:3: cannot set a number key on ui.ViewController (classes from ui are read-only; make a subclass with ui.ViewController:extend(name))
            test:4: cannot set '__index' on ui.Transform (classes from ui are read-only)
            laid out\tmine

            """)
    }

    @Test("calling didMove from Lua runs the base, then the hook")
    func didMoveRunsBase() throws {
        let (outcome, out, rt) = try runLua("""
            local p = ui.ViewController{ name = "p" }
            local c = ui.ViewController{ name = "c", didMove = function(self, parent) print("hook", parent and parent.name) end }
            p:addChild(c)
            c:didMove(p)
            """)
        #expect(outcome == .ok)
        #expect(out == "hook\tp\n")
        #expect(rt.simulation.trace.events.map(\.body).contains("c.didMove(toParent: p)"))
    }

    @Test func viewsLabelsButtonsAndGeometry() throws {
        let (outcome, out, _) = try runLua("""
            local v = ui.View{ name = "box", frame = { 10, 20, 100, 50 }, backgroundColor = "red", tag = 7,
              autoresizingMask = { "flexibleWidth" } }
            local f = v.frame
            assert(f.x == 10 and f.y == 20 and f.width == 100 and f.height == 50 and f.maxX == 110 and f.midY == 45)
            v.frame = { x = 0, y = 0, width = 40, height = 40 }
            assert(v.center.x == 20 and v.bounds.width == 40)
            v.transform = ui.Transform.scale(2, 2)
            assert(v.frame.width == 80 and v.transform.a == 2)
            assert(v.transform:concat(ui.Transform.translate(5, 0)).tx == 5)
            v.transform = ui.Transform.identity
            local a, b, c = ui.Label{ name = "a", text = "A" }, ui.Button{ name = "b", title = "B", isSelected = true }, ui.View{ name = "c" }
            v:addSubview(a); v:addSubview(b)
            v:insertSubview(c, 1)
            assert(v.subviews[1] == c and v.subviews[2] == a and v.subviews[3] == b)
            v:insertSubview(c, { above = b })
            assert(v.subviews[3] == c)
            -- A sibling that is not a subview: at the front, as addSubview (Other choices).
            v:insertSubview(c, { below = ui.View{} })
            assert(v.subviews[3] == c)
            v:bringSubviewToFront(a)
            assert(v.subviews[3] == a and a.superview == v and a:isDescendant(v))
            local p = b:convert({ 1, 2 }, v)
            assert(p.x == 1 and p.y == 2)
            assert(a.text == "A" and b.title == "B" and b.isSelected and a.font.size == 17)
            assert(v.autoresizingMask[1] == "flexibleWidth" and v.tag == 7)
            print(ui.printViews(v) == ui.trace and "" or "printed")
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out.contains("<View: box; frame = (0 0; 40 40); tag = 7; autoresize = W; backgroundColor = red>"))
        #expect(out.contains("   | <Button: b; frame = (0 0; 0 0); title = 'B'; selected = YES>"))
    }

    @Test func traceFunctions() throws {
        let (outcome, _, _) = try runLua("""
            local p, c = ui.ViewController{ name = "p" }, ui.ViewController{ name = "c" }
            p:addChild(c)
            local e = ui.trace.events("containment")
            assert(#e == 1 and e[1].event == "willMove" and e[1].args.toParent == "p" and e[1].kind == "containment")
            assert(ui.trace.text("containment") == "[0.000] c.willMove(toParent: p)")
            ui.trace.mark("next")
            c:didMove(p)
            ui.expectTrace "c.didMove(toParent: p)"
            ui.expectTrace "[0.000] c.didMove(toParent: p)"
            -- A list of lines, as ui.trace.lines gives it, is the same expectation.
            ui.expectTrace(ui.trace.lines { since = "next" })
            ui.expectTrace { "c.didMove(toParent: p)" }
            local ok, e = pcall(ui.expectTrace, { "c.didMove(toParent: p)", 2 })
            assert(not ok and e:find("bad argument #1 to 'expectTrace' (line 2 of the list is not a string)", 1, true), e)
            ok, e = pcall(ui.expectTrace, { "c.willMove(toParent: p)" })
            assert(not ok and e:find("c.didMove(toParent: p)", 1, true), e)
            ui.trace.clear()
            assert(#ui.trace.events() == 0)
            local fired
            ui.after(0.5, function() fired = ui.now() end)
            ui.advance(1)
            assert(fired == 0.5 and ui.now() == 1)
            assert(require("ui") == ui)
            assert(not pcall(ui.trace.text, "nonsense"))
            """)
        #expect(outcome == .ok, "\(outcome)")
    }

    @Test("the environment is allow-listed")
    func sandboxBasics() throws {
        let (outcome, _, _) = try runLua("""
            assert(io == nil and debug == nil and package == nil and dofile == nil and loadfile == nil)
            assert(string.dump == nil and os.execute == nil and os.getenv == nil and os.clock ~= nil)
            local f, err = load("\\27Lua\\84\\0")
            assert(f == nil and err:find("binary chunk"), err)
            assert(load("return 1 + 1")() == 2)
            assert(getmetatable("") == "locked")
            assert(not pcall(string.rep, "x", 1e9) and not pcall(function() return ("x"):rep(1e9) end))
            assert(#("ab"):rep(3, ",") == 8)
            assert(not pcall(collectgarbage, "stop") and not pcall(collectgarbage, "generational"))
            assert(collectgarbage("count") > 0 and collectgarbage() == 0)
            """)
        #expect(outcome == .ok, "\(outcome)")
    }
}

// MARK: - Errors

extension BindingTests {
    @Test func argumentErrorsReadLikeLua() throws {
        #expect(try errorMessage("local vc = ui.ViewController{}\nvc:addChild(nil)")
                == "test:2: bad argument #1 to 'addChild' (ViewController expected, got nil)")
        #expect(try errorMessage("local vc = ui.ViewController{}\nvc:addChild(ui.View{})")
                == "test:2: bad argument #1 to 'addChild' (ViewController expected, got View)")
        #expect(try errorMessage("local vc = ui.ViewController{}\nlocal t = { addChild = vc.addChild }\nt:addChild(vc)")
                == "test:3: calling 'addChild' on bad self (ViewController expected, got table)")
        #expect(try errorMessage("local v = ui.View{}\nv:insertSubview(ui.View{}, 0)")
                == "test:2: bad argument #2 to 'insertSubview' (index must be a positive integer)")
        #expect(try errorMessage("local v, a = ui.View{}, ui.View{}\nv:addSubview(a)\nv:insertSubview(ui.View{}, { below = a, above = a })")
                == "test:3: bad argument #2 to 'insertSubview' ({below = view} or {above = view}, not both)")
        #expect(try errorMessage("local W = ui.View:extend('W')\nlocal f = W.frame")
                == "test:2: 'frame' is a property of View: read it on an object, not on the class (docs/api-conventions.md)")
        #expect(try errorMessage("local v = ui.View{}\nv:insertSubview(ui.View{}, { above = 's' })")
                == "test:2: bad argument #2 to 'insertSubview' ({above = view}: View expected, got string)")
        #expect(try errorMessage("local v = ui.View{}\nv.tag = 1 << 50")
                == "test:2: bad value for property 'tag' of View (tag must be an integer of at most 15 digits)")
        #expect(try errorMessage("local v = ui.View{}\nv.frame = 'wide'")
                == "test:2: bad value for property 'frame' of View (rect expected, got string)")
        #expect(try errorMessage("ui.View{ frame = { 1, 2, 'x', 4 } }")
                == "test:1: bad field 'frame' in View{...} (rect field 'width' must be a finite number)")
        #expect(try errorMessage("ui.View{ name = 3 }")
                == "test:1: bad field 'name' in View{...} (string expected, got number)")
        #expect(try errorMessage("local vc = ui.ViewController{}\nvc.parent = vc")
                == "test:2: property 'parent' of ViewController is read-only (use a parent's addChild)")
        // A read-only property given to a constructor is refused as its assignment is.
        #expect(try errorMessage("local a = ui.ViewController{}\nlocal p = ui.ViewController{ name = 'p', children = { a } }")
                == "test:2: bad field 'children' in ViewController{...} (property 'children' of ViewController is read-only (use a parent's addChild))")
        #expect(try errorMessage("ui.PageViewController{ viewControllers = {} }")
                == "test:1: bad field 'viewControllers' in PageViewController{...} (property 'viewControllers' of PageViewController is read-only (use setViewControllers))")
        #expect(try errorMessage("ui.SplitViewController{ viewControllers = {} }")
                == "test:1: bad field 'viewControllers' in SplitViewController{...} (property 'viewControllers' of SplitViewController is read-only (use setViewController(vc, column)))")
        #expect(try errorMessage("ui.SplitViewController{ isCollapsed = true }")
                == "test:1: bad field 'isCollapsed' in SplitViewController{...} (property 'isCollapsed' of SplitViewController is read-only)")
        #expect(try errorMessage("ui.ViewController:extend(42)")
                == "test:1: bad argument #1 to 'extend' (string expected, got number)")
        #expect(try errorMessage("print(pcall(ui.ViewController.addChild, 5))\nerror('stop')")
                == "test:2: stop")
    }

    @Test("UIKit exceptions are catchable errors with UIKit's text and the caller's position")
    func uikitExceptions() throws {
        let (outcome, out, _) = try runLua("""
            local v = ui.View{ name = "v" }
            local ok, err = pcall(function() v:addSubview(v) end)
            print(err)
            local a, b = ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
            local view = a.view
            ok, err = pcall(function() b.view = view end)
            print(err)
            assert(b.isViewLoaded == false)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            test:2: NSInvalidArgumentException: Can't add self as subview
            test:6: UIViewControllerHierarchyInconsistency: A view can only be associated with at most one view controller at a time! View <View: a.view> is associated with <ViewController: a>. Clear this association before associating this view with <ViewController: b>.

            """)
    }

    @Test("an error in a hook is reported with its traceback and stops the run")
    func hookError() throws {
        let (outcome, _, rt) = try runLua("""
            local c = ui.ViewController{ name = "c", viewDidLoad = function(self)
              error("boom")
            end }
            local v = c.view
            error("not reached")
            """)
        guard case .scriptError(let message, let traceback) = outcome else {
            Issue.record("expected a script error, got \(outcome)"); return
        }
        #expect(message == "test:2: boom")
        #expect(traceback.hasPrefix("stack traceback:"))
        #expect(traceback.contains("test:4: in main chunk"))
        let errors = rt.simulation.trace.events.filter { $0.kind == .error }
        #expect(errors.count == 1)
        #expect(errors.first?.object == "c" && errors.first?.event == "viewDidLoad")
        #expect(errors.first?.text == "[0.000] error: test:2: boom")
    }

    @Test("with keepGoing a hook's error is recorded and the run goes on")
    func keepGoing() throws {
        let (outcome, out, rt) = try runLua("""
            local c = ui.ViewController{ name = "c", viewDidLoad = function() error("boom") end }
            local v = c.view
            print("still here", c.isViewLoaded)
            """, keepGoing: true)
        #expect(outcome == .ok)
        #expect(out == "still here\ttrue\n")
        #expect(rt.hookErrors.count == 1)
    }

    /// At the line that raised them, as `nestbox test` says them (docs/policies.md, Other choices).
    @Test("error values that are not strings", arguments: [
        ("error({})", "error value: a table"),
        ("error(nil)", "error value: nil"),
        ("error(42)", "error value: 42"),
        ("error(false)", "error value: false"),
        ("error(setmetatable({}, { __tostring = function() return 'custom' end }))", "error value: custom"),
        ("error(ui.View{ name = 'v' })", "error value: <View: v>"),
        // A __tostring that fails or yields leaves the value named by its type.
        ("error(setmetatable({}, { __tostring = function() error('inner') end }))", "error value: a table"),
        ("error(setmetatable({}, { __tostring = function() coroutine.yield() end }))", "error value: a table"),
    ])
    func errorValues(_ code: String, _ expected: String) throws {
        let hook = try errorMessage("local c = ui.ViewController{ viewDidLoad = function() \(code) end }\nlocal v = c.view")
        #expect(hook == "test:1: " + expected)
        let main = try errorMessage(code)
        #expect(main == "test:1: " + expected)
    }

    @Test("Lua's position-less errors get the innermost Lua line; a NUL in a message is written \\0")
    func positionlessAndNul() throws {
        #expect(try errorMessage("local function f() ui.after(0.001, f); ui.advance(0.001) end\nf()") == "test:1: C stack overflow")
        #expect(try errorMessage("local c = ui.ViewController{ viewDidLoad = function() error('a\\0b') end }\nlocal v = c.view")
                == "test:1: a\\0b")
    }

    @Test func syntaxAndExpectationFailures() throws {
        let (syntax, _, _) = try runLua("local = 1")
        #expect(syntax == .scriptError(message: "test:1: <name> expected near '='", traceback: ""))
        let (expectation, _, _) = try runLua("""
            local p, c = ui.ViewController{ name = "p" }, ui.ViewController{ name = "c" }
            p:addChild(c)
            ui.expectTrace [[
              c.willMove(toParent: p)
              c.didMove(toParent: p)
            ]]
            """)
        #expect(expectation == .expectationFailed(message: """
            test:3: trace mismatch (- expected, + actual):
              c.willMove(toParent: p)
            - c.didMove(toParent: p)
            """))
    }
}

extension BindingTests {
    /// UIView's `convert(_:to:)` and `convert(_:from:)`, each for a CGPoint and a CGRect
    /// (a rect keeps its size: no transform), nil meaning the window.
    @Test("convert and convertFrom: points and rects, to and from a view or the window")
    func conversions() throws {
        let (outcome, out, _) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root; ui.window:makeKeyAndVisible()
            local a = ui.View{ name = "a", frame = { 10, 20, 100, 100 } }
            local b = ui.View{ name = "b", frame = { 5, 5, 50, 50 } }
            root.view:addSubview(a); a:addSubview(b)
            local r = b:convert({ 0, 0, 10, 10 }, nil); print(r.x, r.y, r.width, r.height)
            local p = b:convertFrom({ x = 15, y = 25 }, nil); print(p.x, p.y)
            local q = a:convertFrom({ x = 1, y = 1, width = 2, height = 2 }, b); print(q.x, q.y, q.width, q.height)
            local t = a:convert({ 1, 1 }, b); print(t.x, t.y)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "15.0\t25.0\t10.0\t10.0\n0.0\t0.0\n6.0\t6.0\t2.0\t2.0\n-4.0\t-4.0\n")
    }
}

extension BindingTests {
    /// UIKit's `viewWithTag(_:)`: the receiver first (its tag 0 by default), then depth
    /// first in subviews order; nil when none has the tag; a collection between steps
    /// leaves the views it returns whole.
    @Test func viewWithTag() throws {
        let (outcome, out, _) = try runLua("""
            local root = ui.View{ name = "root", tag = 1 }
            local a, b = ui.View{ name = "a" }, ui.View{ name = "b", tag = 5 }
            local a1 = ui.View{ name = "a1", tag = 5 }
            root:addSubview(a); root:addSubview(b); a:addSubview(a1)
            a = nil; a1 = nil
            collectgarbage()
            local function name(v) return v and v.name or "nil" end
            print(name(root:viewWithTag(1)), name(root:viewWithTag(5)), name(root:viewWithTag(0)), name(root:viewWithTag(9)))
            print(name(b:viewWithTag(0)), name(b:viewWithTag(5)))
            collectgarbage()
            print(name(root:viewWithTag(5).superview), pcall(root.viewWithTag, root, 1.5))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            root\ta1\ta\tnil
            nil\tb
            a\tfalse\tbad argument #2 to 'viewWithTag' (number has no integer representation)

            """)
    }
}
