import Foundation
import Testing
import NestboxCLI

/// `nestbox lint`, `run --lint` and the REPL's `:lint` (docs/lints.md): one test per
/// rule, each with its exact line and message.
@Suite struct LintTests {}

/// A container on screen, `c`; the rule's lines follow (line 5 on).
let lintPrefix = """
    local C = ui.ViewController:extend("Container")
    local c = C{ name = "c" }
    ui.window.rootViewController = c
    ui.window:makeKeyAndVisible()

    """

extension LintTests {
    static let rules: [(String, String)] = [
        ("local a = ui.ViewController{ name = 'a' }\nc:addChild(a)\nc.view:addSubview(a.view)",
         "6: L1 <ViewController: a> was added to <Container: c> without didMove(toParent:) by the end of the run-loop turn"),
        ("local b = ui.ViewController{ name = 'b' }\nc:addChild(b); c.view:addSubview(b.view); b:didMove(c)\nb.view:removeFromSuperview()\nb:removeFromParent()",
         "8: L2 <ViewController: b> was removed from <Container: c> without willMove(toParent: nil) first"),
        ("local d = ui.ViewController{ name = 'd' }\nc:addChild(d)\nd:didMove(c)",
         "6: L3 the view of <ViewController: d>, a child of <Container: c>, was never added to its view"),
        ("local e = ui.ViewController{ name = 'e' }\nc:addChild(e); c.view:addSubview(e.view); e:didMove(c)\ne.view:removeFromSuperview()",
         "7: L4 the view of <ViewController: e> was removed from <Container: c>'s view while it stays a child"),
        ("local f = ui.ViewController{ name = 'f' }\nc.view:addSubview(f.view)",
         "6: L5 <View: f.view> of <ViewController: f> was added to the view of <Container: c> without addChild: UIKit sends it no appearance callbacks"),
        ("function c:viewDidLayoutSubviews()\n  if not self.done then self.done = true; self.view:addSubview(ui.View{ name = 'late' }) end\nend\nc.view:setNeedsLayout()",
         "6: L6 a subview added to <View: c.view> inside a layout callback: layout should place views, not change the hierarchy"),
        ("local g = ui.ViewController{ name = 'g' }\nc:addChild(g); c.view:addSubview(g.view); g:didMove(c)\ng:beginAppearanceTransition(false, false)",
         "7: L7 beginAppearanceTransition on <ViewController: g> has no endAppearanceTransition"),
        ("local h = ui.ViewController{ name = 'h' }\nh:viewWillAppear(true)",
         "6: L8 [ViewController] Calling -viewWillAppear: directly on a view controller is not supported, and may result in out-of-order callbacks and other inconsistent behavior. Use the -beginAppearanceTransition:animated: and -endAppearanceTransition APIs on UIViewController to manually drive appearance callbacks instead. Make a symbolic breakpoint at UIViewControllerAlertForAppearanceCallbackMisuse to catch this in the debugger. View controller: <ViewController: h>"),
        ("local off = ui.ViewController{ name = 'off' }\noff:present(ui.ViewController{ name = 'p' }, false)",
         "6: L9 Attempt to present <ViewController: p> on <ViewController: off> whose view is not in the window hierarchy!"),
        ("local nav = ui.NavigationController{ name = 'nav', root = ui.TabBarController{ name = 'tbc' } }",
         "5: L10 <TabBarController: tbc> in a navigation controller: UIKit's documentation says a tab bar controller cannot be pushed"),
        ("local t = ui.ViewController{ name = 't', shouldAutomaticallyForwardAppearanceMethod = false, items = {} }",
         "5: L11 `shouldAutomaticallyForwardAppearanceMethod` in ViewController{...} is not a property or hook of ViewController: did you mean `shouldAutomaticallyForwardAppearanceMethods`?"),
        ("local P = ui.ViewController:extend('P')\nfunction P:viewWilAppear() end\nfunction P:viewDidAppear() end\nP.pages = {}",
         "6: L12 `viewWilAppear` set on class P is not a property or hook of ViewController: did you mean `viewWillAppear`?"),
        ("local v = ui.View{ name = 'v' }\nv.Frame = { 0, 0, 1, 1 }\nv.tabBarItems = {}\nv.current = 1",
         "6: L12 `Frame` set on <View: v> is not a property or hook of View: did you mean `frame`?"),
        ("local v = ui.View{ name = 'v' }\nfor _ = 1, 3 do v.hidden = not v.isHidden end\nv.isHidden = false",
         "6: L15 `hidden` is the Objective-C spelling of `isHidden`, which Nestbox uses (docs/api-conventions.md)"),
        ("local vc = ui.ViewController{ name = 'vc', editing = true }",
         "5: L15 `editing` is the Objective-C spelling of UIViewController.isEditing, which Nestbox does not model (docs/coverage.md) (in ViewController{...})"),
        ("local p = ui.ViewController{ name = 'p' }\nfor _ = 1, 2 do p.parentViewController = c end\np.done = true",
         "6: L15 `parentViewController` is the Objective-C spelling of `parent`, which Nestbox uses (docs/api-conventions.md) (set on <ViewController: p>)"),
        // L21: an animator that never completes leaves the navigation controller stuck.
        ("local nav = ui.NavigationController{ name = 'nav', root = ui.ViewController{ name = 'a' } }\nui.window.rootViewController = nav\nnav.delegate = { animationController = function() return { transitionDuration = function() return 0.3 end, animateTransition = function(ctx) end } end }\nnav:pushViewController(ui.ViewController{ name = 'b' }, true)",
         "8: L21 the navigation transition from <ViewController: a> to <ViewController: b> never ended: its animator never called completeTransition(_:)"),
        ("local nav = ui.NavigationController{ name = 'nav', root = ui.ViewController{ name = 'a' } }\nui.window.rootViewController = nav\nnav.delegate = { animationController = function() return { transitionDuration = function() return 0 end, animateTransition = function(ctx)\n  ctx:completeTransition(true)\n  ctx:completeTransition(true) end } end }\nnav:pushViewController(ui.ViewController{ name = 'b' }, true)",
         "9: L22 completeTransition(true) called again on the navigation transition from <ViewController: a> to <ViewController: b>, which already ended: it does nothing"),
        // L23: an alongside animation given after an animated push returned.
        ("local nav = ui.NavigationController{ name = 'nav', root = ui.ViewController{ name = 'a' } }\nui.window.rootViewController = nav\nnav:pushViewController(ui.ViewController{ name = 'b' }, true)\nnav.transitionCoordinator:animate(function() end, function() end)",
         "8: L23 animate(alongside:) once the navigation transition from <ViewController: a> to <ViewController: b> had started: the animation does not run (its completion does); give it from a will-callback or presentationTransitionWillBegin"),
        // L20 from the text: a field of a geometry value's copy; a local copy is fine.
        ("local v = ui.View{ name = 'v' }\nlocal f = v.frame\nf.x = 1\nv.frame = f\nv.frame.x = 50",
         "9: L20 `frame.x = …` sets a field of a copy: `frame` is a value (as a Swift struct), so nothing changes; set the whole value (`local v = x.frame; v.x = …; x.frame = v`)"),
        ("local C = ui.ViewController:extend('C')\nfunction C:willMoveToParentViewController(p) end",
         "6: L15 `willMoveToParentViewController` is the Objective-C spelling of `willMove`, which Nestbox uses (docs/api-conventions.md) (defined on class C)"),
        // Deprecated and unmodelled members under their Objective-C names.
        ("local C = ui.ViewController:extend('C')\nfunction C:willRotateToInterfaceOrientation(o, d) end",
         "6: L15 `willRotateToInterfaceOrientation` is the Objective-C spelling of `willRotate`: UIViewController.willRotate is not modelled by Nestbox: deprecated in iOS 8.0; implement viewWillTransition(to:with:) (docs/coverage.md) (defined on class C)"),
        ("local C = ui.ViewController:extend('C')\nfunction C:shouldAutorotateToInterfaceOrientation(o) return true end",
         "6: L15 `shouldAutorotateToInterfaceOrientation` is the Objective-C spelling of `shouldAutorotate`: UIViewController.shouldAutorotate is not modelled by Nestbox: deprecated in iOS 16.0; update supportedInterfaceOrientations and call setNeedsUpdateOfSupportedInterfaceOrientations() (docs/coverage.md) (defined on class C)"),
        // UIContentContainer's members as Nestbox spells a method's labels.
        ("local C = ui.ViewController:extend('C')\nfunction C:preferredContentSizeDidChangeForChildContentContainer(c) end",
         "6: L15 `preferredContentSizeDidChangeForChildContentContainer` is the Objective-C spelling of `preferredContentSizeDidChange`, which Nestbox uses (docs/api-conventions.md) (defined on class C)"),
        ("local C = ui.ViewController:extend('C')\nfunction C:childViewControllerForHomeIndicatorAutoHidden() end",
         "6: L15 `childViewControllerForHomeIndicatorAutoHidden` is the Objective-C spelling of UIViewController.childForHomeIndicatorAutoHidden, which Nestbox does not model (docs/coverage.md) (defined on class C)"),
        ("local V = ui.View:extend('V')\nfunction V:drawRect(r) end",
         "6: L15 `drawRect` is the Objective-C spelling of UIView.draw, which Nestbox does not model (docs/coverage.md) (defined on class V)"),
        ("local nav = ui.NavigationController{ name = 'nav' }\nnav.rootViewController = ui.ViewController()\nnav.pushed = 1",
         "6: L18 `rootViewController` set on <NavigationController: nav> is a field of the script's own, not a property of UINavigationController: it is a label of UINavigationController's init(rootViewController:), which is ui.NavigationController{ root = … } in Nestbox (docs/coverage.md)"),
        ("local b = ui.Button{ name = 'b' }\nfor _ = 1, 2 do b.type = 'system' end",
         "6: L18 `type` set on <Button: b> is a field of the script's own, not a property of UIButton: it is a label of UIButton's init(type:), which Button{…} does not take (docs/coverage.md)"),
        ("local vc = ui.ViewController{ name = 'vc' }\nfor _ = 1, 2 do vc.backgroundColor = 'red' end\nvc.view.backgroundColor = 'red'\nvc.title = 'T'\nvc.subviews = {}",
         "6: L19 `backgroundColor` set on <ViewController: vc> is a property of UIView, not of UIViewController: set it on the controller's view (`.view.backgroundColor`)"),
        ("local vc = ui.ViewController{ name = 'vc', alpha = 0.5, title = 'T' }",
         "5: L19 `alpha` in ViewController{...} is a property of UIView, not of UIViewController: set it on the controller's view (`.view.alpha`)"),
        ("local t = ui.TableView{ name = 't', delegate = { didSelectRwo = function() end, rows = 3 } }",
         "5: L12 `didSelectRwo` in the delegate table of <TableView: t> is not a method of TableViewDelegate: did you mean `didSelectRow`?"),
        // L16 would name UIResponder's `target`; the run knows a recognizer has none.
        ("local g = ui.TapGestureRecognizer{ name = 'g' }\ng.target = function() end",
         "6: L18 `target` set on <TapGestureRecognizer: g> is a field of the script's own, not a property of UITapGestureRecognizer: it is a label of UIGestureRecognizer's init(target:action:), which is the constructor's { action = function(recognizer) … end } in Nestbox (docs/coverage.md)"),
        // L16 and L17 come from the text, also where the run never goes.
        ("local function later(data)\n  c.isEditing = true\n  return data.layer, data.mode, data.prepare()\nend\nlocal t = { next = 1 }\nprint(t.next)",
         "6: L16 `isEditing` is UIViewController.isEditing, which Nestbox does not model (docs/coverage.md)"),
        ("function C:later(event)\n  return self.veiw, self.menu, event.sender, event.target\nend\nc.menu = 1\nprint(string.format('%d', #c.children), c.menu)",
         "6: L17 `veiw` is used but never set, and is no name of the API: did you mean `view`?"),
        // A label is no member; an escaped line break and `\z` count their lines.
        ("local s = 'a\\\nb' .. \"c\\z\n   d\"\ngoto next\n::next::\nfunction C:later() return self.tilte end",
         "10: L17 `tilte` is used but never set, and is no name of the API: did you mean `title`?"),
    ]

    @Test("each rule: its line, its L-number and its message; exit 5", arguments: rules)
    func rule(_ body: String, _ expected: String) throws {
        let path = try script(lintPrefix + body)
        let r = nestbox(["lint", path])
        #expect(r.out == "\(path):\(expected)\n1 lint\n")
        #expect(r.code == 5, "\(r.err)")
    }

    /// L16 reads `self.menu = …` from the text as UIButton's `menu`; the run sets it on a
    /// controller, which has no such member, so it is a field of the script's own. On a
    /// button the same line is L16 (and the run's error).
    @Test("L16 is dropped where the run set the name as a field of the script's own")
    func ownFieldIsNoL16() throws {
        let own = try script("""
            local Root = ui.ViewController:extend("Root")
            function Root:viewDidLoad() self.menu = ui.ViewController{ name = "menu" } end
            ui.window.rootViewController = Root{ name = "root" }
            ui.window:makeKeyAndVisible()
            """)
        let r = nestbox(["lint", own])
        #expect(r.out == "no lints\n" && r.code == 0, "\(r.out)")
        let button = try script("local b = ui.Button{ title = 'x' }\nb.menu = 1\n")
        let b = nestbox(["lint", button])
        #expect(b.out.hasPrefix("\(button):2: L16 `menu` is UIButton.menu, which Nestbox does not model"), "\(b.out)")
    }

    /// A container whose switch follows a finger: it adds the child and begins the
    /// appearance transitions when the pan begins, and balances them when it ends.
    /// While the finger is down the world is not at rest, so neither L1 nor L7 is due.
    static let fingerDriven = """
        local Swipe = ui.ViewController:extend("Swipe")
        function Swipe:init() self.shouldAutomaticallyForwardAppearanceMethods = false end
        function Swipe:viewDidLoad()
          self.current = ui.ViewController{ name = "first" }
          self:addChild(self.current); self.view:addSubview(self.current.view); self.current:didMove(self)
          self.view:addGestureRecognizer(ui.PanGestureRecognizer{ name = "drag", action = function(g) self:drag(g) end })
        end
        function Swipe:drag(g)
          if g.state == "began" then
            self.incoming = ui.ViewController{ name = "second" }
            self:addChild(self.incoming); self.view:addSubview(self.incoming.view)
            self.current:beginAppearanceTransition(false, true); self.incoming:beginAppearanceTransition(true, true)
          elseif g.state == "ended" and FINISH then
            self.current:endAppearanceTransition(); self.incoming:endAppearanceTransition()
            self.incoming:didMove(self)
          end
        end
        local s = Swipe{ name = "s" }
        ui.window.rootViewController = s
        ui.window:makeKeyAndVisible()
        ui.settle()
        local touch = ui.pan{ from = { 300, 400 }, to = { 100, 400 }, release = false }
        ui.advance(0.5)
        touch:release()
        ui.settle()

        """

    @Test("no L1 or L7 while a finger drives a transition; what is still unbalanced at rest is reported")
    func fingerDrivenTransition() throws {
        let balanced = nestbox(["lint", try script("FINISH = true\n" + Self.fingerDriven)])
        #expect(balanced.out == "no lints\n", "\(balanced.out)")
        #expect(balanced.code == 0)
        let path = try script("FINISH = false\n" + Self.fingerDriven)
        let unbalanced = nestbox(["lint", path])
        #expect(unbalanced.out == """
            \(path):12: L1 <ViewController: second> was added to <Swipe: s> without didMove(toParent:) by the end of the run-loop turn
            \(path):13: L7 beginAppearanceTransition on <ViewController: first> has no endAppearanceTransition
            \(path):13: L7 beginAppearanceTransition on <ViewController: second> has no endAppearanceTransition
            3 lints

            """, "\(unbalanced.out)")
    }

    /// L4 is about the script's own containers: a split view inside one hiding and
    /// showing its primary column, and collapsing on an iPhone, is no mistake of the script's.
    @Test("a built-in split view hiding a column inside a script's container: no L4")
    func builtInColumnsHide() throws {
        let path = try script("""
            local Box = ui.ViewController:extend("Box")
            function Box:viewDidLoad()
              self.inner = ui.ViewController{ name = self.name .. ".inner" }
              self:addChild(self.inner); self.view:addSubview(self.inner.view); self.inner:didMove(self)
            end
            local outer = Box{ name = "outer" }
            ui.setDevice("ipad-11")
            ui.rotate("landscapeLeft")
            local svc = ui.SplitViewController{ name = "svc", style = "doubleColumn" }
            svc:setViewController(Box{ name = "prim" }, "primary")
            svc:setViewController(Box{ name = "sec" }, "secondary")
            ui.window.rootViewController = outer
            ui.settle()
            outer:addChild(svc); outer.view:addSubview(svc.view); svc:didMove(outer)
            ui.settle()
            svc:hide("primary"); ui.settle()
            svc:show("primary"); ui.settle()
            svc:hide("primary"); ui.settle()
            ui.setDevice("iphone-16"); ui.settle()
            """)
        let r = nestbox(["lint", path])
        #expect(r.out == "no lints\n", "\(r.out)")
    }

    @Test("the README's container lints clean: exit 0, `no lints`")
    func clean() throws {
        let r = nestbox(["lint", try script(lintPrefix + """
            local Container = ui.ViewController:extend("Container2")
            function Container:embed(child)
              self:addChild(child)
              child.view.frame = self.view.bounds
              self.view:addSubview(child.view)
              child:didMove(self)
            end
            function Container:unembed(child)
              child:willMove(nil)
              child.view:removeFromSuperview()
              child:removeFromParent()
            end
            function Container:swap(from, to)
              from:willMove(nil)
              self:addChild(to)
              self:transition{ from = from, to = to, duration = 0.3, options = { "curveEaseOut" },
                animations = function() to.view.alpha = 1; from.view.alpha = 0 end,
                completion = function() from:removeFromParent(); to:didMove(self) end }
            end
            local k = Container{ name = "k", items = {} }
            c:addChild(k); c.view:addSubview(k.view); k:didMove(c)
            local one, two = ui.ViewController{ name = "one" }, ui.ViewController{ name = "two" }
            k:embed(one)
            ui.settle()
            k:swap(one, two)
            ui.advance(0.1)
            ui.advance(1)
            k:unembed(two)
            print("done")
            """)])
        #expect(r.out == "no lints\n")
        #expect(r.err == "done\n")
        #expect(r.code == 0)
    }

    @Test("--json: one object per lint with id, file, line, message and object")
    func json() throws {
        let path = try script(lintPrefix + "local t = ui.ViewController{ name = 't' }\nt.titel = 'x'\nc.view:addSubview(t.view)")
        let r = nestbox(["lint", path, "--json"])
        #expect(r.out == """
            {"id":"L12","file":"\(path)","line":6,"message":"`titel` set on <ViewController: t> is not a property or hook of ViewController: did you mean `title`?","object":"t"}
            {"id":"L5","file":"\(path)","line":7,"message":"<View: t.view> of <ViewController: t> was added to the view of <Container: c> without addChild: UIKit sends it no appearance callbacks","object":"t"}

            """)
        #expect(r.code == 5)
    }

    @Test("a script error keeps exit 1, after the lints made before it")
    func scriptError() throws {
        let path = try script(lintPrefix + "local h = ui.ViewController{ name = 'h', tilte = 'x' }\nerror('boom')")
        let r = nestbox(["lint", path])
        #expect(r.out == "\(path):5: L11 `tilte` in ViewController{...} is not a property or hook of ViewController: did you mean `title`?\n1 lint before the script stopped\n")
        #expect(r.err.hasPrefix("\(path):6: boom\n"))
        #expect(r.code == 1)
    }

    @Test("a normal run records none of the new lints and keeps its trace")
    func offByDefault() throws {
        let path = try script(lintPrefix + "local a = ui.ViewController{ name = 'a', titel = 1 }\nc:addChild(a)")
        let r = nestbox(["run", path, "--kinds", "lint,warning"])
        #expect(r.out == "<Container: c>, state: appeared, view: <View: c.view>\n   | <ViewController: a>, state: disappeared, view: (view not loaded)\n")
        #expect(r.code == 0)
    }

    @Test("run --lint: the report on standard output, the lints on standard error, exit 5")
    func runLint() throws {
        let path = try script(lintPrefix + "local a = ui.ViewController{ name = 'a' }\nc:addChild(a)\nc.view:addSubview(a.view)")
        let r = nestbox(["run", path, "--lint", "--kinds", "lint", "--trace", "jsonl"])
        #expect(r.out.hasPrefix("""
            {"seq":26,"t":0,"kind":"lint","object":"a","event":"lint","args":{},"message":"<ViewController: a> was added to <Container: c> without didMove(toParent:) by the end of the run-loop turn","location":"\(path):6"}
            {"hierarchy":
            """))
        #expect(r.err == "\(path):6: L1 <ViewController: a> was added to <Container: c> without didMove(toParent:) by the end of the run-loop turn\n1 lint\n")
        #expect(r.code == 5)
        let clean = nestbox(["run", try script(twoControllers), "--lint", "--trace", "none"])
        #expect(clean.err == "no lints\n")
        #expect(clean.code == 0)
    }

    @Test("REPL :lint lists the lints so far in the session")
    func replLint() throws {
        let (r, _, _) = try repl([":lint", "p = ui.ViewController{ name = 'p', titel = 'x' }", ":lint"])
        #expect(r.out == "no lints\nstdin:1: L11 `titel` in ViewController{...} is not a property or hook of ViewController: did you mean `title`?\n1 lint\n")
    }

    @Test("a hundred thousand lints: the first 1,000 and a count of the rest")
    func bounded() throws {
        let path = try script("local v = ui.View{}\nfor i = 1, 100000 do v.Alpha = i end")
        let r = nestbox(["lint", path])
        let lines = r.out.split(separator: "\n")
        #expect(lines.count == 1_002)
        #expect(lines.suffix(2) == ["… and 99000 more", "100000 lints"])
        #expect(r.code == 5)
    }

    /// What each example deliberately shows (and the article designs' own habits).
    @Test("the examples lint clean but for what they show")
    func examples() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let expected: [String: [String]] = [
            "android-tabs": [], "demo": [], "sliding-container": [], "tab-bar-wheel-icon": [], "page-book": [], "split-mail": [], "paged-onboarding": [],
            "seven-tabs": ["L5", "L5"], "sliding-menu": ["L10"], "vertical-tab-bar": ["L4"],
        ]
        for (name, ids) in expected {
            let r = nestbox(["lint", root.appendingPathComponent("scripts/examples/\(name).lua").path, "--json"])
            let found = r.out.split(separator: "\n").compactMap { line -> String? in
                let parts = String(line).components(separatedBy: "\"id\":\"")
                return parts.count > 1 ? String(parts[1].prefix { $0 != "\"" }) : nil
            }
            #expect(found == ids, "\(name): \(r.out)")
            #expect(r.code == (ids.isEmpty ? 0 : 5), "\(name)")
        }
    }
}

extension LintTests {
    @Test("a script that stops: its lints so far, a count that says so, and with --json why and where")
    func stopped() throws {
        let failing = try script(lintPrefix + "local a = ui.ViewController{ name = 'a' }\nerror('boom')")
        let r = nestbox(["lint", failing])
        #expect(r.out == "no lints before the script stopped\n", "\(r.out)")
        #expect(r.err.hasPrefix("\(failing):6: boom\n"), "\(r.err)")
        #expect(r.code == 1)
        let j = nestbox(["lint", failing, "--json"])
        #expect(j.out == "{\"stopped\":{\"kind\":\"error\",\"file\":\"\(failing)\",\"line\":6,\"message\":\"boom\",\"exit\":1}}\n", "\(j.out)")
        #expect(j.code == 1)
        // A lint made before a limit ends the run, then the limit, with its line.
        let looping = try script(lintPrefix + "local a = ui.ViewController{ name = 'a' }\nc.view:addSubview(a.view)\nwhile true do end")
        let l = nestbox(["lint", looping, "--json", "--timeout", "0.2"])
        let lines = l.out.split(separator: "\n")
        #expect(lines.count == 2 && lines[0].hasPrefix("{\"id\":\"L5\""), "\(l.out)")
        #expect(lines.last == "{\"stopped\":{\"kind\":\"limit\",\"file\":\"\(looping)\",\"line\":7,\"message\":\"time limit exceeded\",\"exit\":3}}")
        #expect(l.code == 3)
        let t = nestbox(["lint", looping, "--timeout", "0.2"])
        #expect(t.out.hasSuffix("\n1 lint before the script stopped\n"), "\(t.out)")
        let missing = nestbox(["lint", "/nonexistent/x.lua", "--json"])
        #expect(missing.out.hasPrefix("{\"stopped\":{\"kind\":\"unreadable\",\"file\":\"/nonexistent/x.lua\",\"line\":null,\"message\":\"cannot open /nonexistent/x.lua"), "\(missing.out)")
        #expect(missing.code == 2)
        let syntax = try script("local v = ui.View{}\nlocal = 3")
        #expect(nestbox(["lint", syntax, "--json"]).out
                == "{\"stopped\":{\"kind\":\"error\",\"file\":\"\(syntax)\",\"line\":2,\"message\":\"<name> expected near '='\",\"exit\":1}}\n")
        // A hook's error the script caught fails the run after the script's end: its
        // lints are all there, and the count says the run failed, not that it stopped.
        let caught = try script("local C = ui.ViewController:extend('C')\nfunction C:viewDidLoad() error('boom') end\n"
            + "local c = C{ tilte = 'x' }\npcall(function() return c.view end)")
        let k = nestbox(["lint", caught])
        #expect(k.out.hasSuffix("did you mean `title`?\n1 lint; the run failed\n"), "\(k.out)")
        #expect(k.err.hasPrefix("\(caught):2: boom\n") && k.code == 1, "\(k.err)")
    }
}

extension LintTests {
    @Test("a module's text is linted when require loads it, with its own file and line")
    func requiredModules() throws {
        let main = try script("local menu = require 'menu'\nmenu.make()")
        let module = (main as NSString).deletingLastPathComponent + "/menu.lua"
        try """
            local M = {}
            function M.make() return ui.ViewController{ name = "m" } end
            function M.never()
              local v = ui.View{}
              v:setNeedsDisplay()
            end
            return M
            """.write(toFile: module, atomically: true, encoding: .utf8)
        let r = nestbox(["lint", main])
        #expect(r.out == "\(module):5: L16 `setNeedsDisplay` is UIView.setNeedsDisplay, which Nestbox does not model (docs/coverage.md)\n1 lint\n", "\(r.out)")
        #expect(r.code == 5)
        // Without the linter nothing reads it: the run never calls `never`.
        #expect(nestbox(["run", main, "--trace", "none"]).code == 0)
        // A module that fails to load is read once, however often the script retries it.
        let retry = try script("for i = 1, 3 do print(pcall(require, 'broken')) end")
        try "local v = ui.View{}\nv:setNeedsDisplay()\n".write(toFile: (retry as NSString).deletingLastPathComponent + "/broken.lua", atomically: true, encoding: .utf8)
        let again = nestbox(["lint", retry])
        #expect(again.out.hasSuffix("broken.lua:2: L16 `setNeedsDisplay` is UIView.setNeedsDisplay, which Nestbox does not model (docs/coverage.md)\n1 lint\n"), "\(again.out)")
    }
}

extension LintTests {
    @Test("L12: every near miss in a delegate table is reported, not only the first")
    func everyDelegateTypo() throws {
        let path = try script(lintPrefix + """
            local sheet = ui.ViewController{ name = "sheet" }
            sheet.presentationController.delegate = {
              shouldDismis = function() return true end,
              willDismis = function() end,
            }
            """)
        let r = nestbox(["lint", path])
        #expect(r.out == """
            \(path):9: L12 `shouldDismis` in the delegate table of <SheetPresentationController: SheetPresentationController#1> is not a method of SheetPresentationControllerDelegate: did you mean `shouldDismiss`?
            \(path):9: L12 `willDismis` in the delegate table of <SheetPresentationController: SheetPresentationController#1> is not a method of SheetPresentationControllerDelegate: did you mean `willDismiss`?
            2 lints

            """, "\(r.out)")
        #expect(r.code == 5)
    }
}
