import Testing
import Containment
@testable import NestboxLua

/// currentContext and overCurrentContext (policy Q67): the presenter found up the
/// parents, the presented view over the context's view, which controllers disappear,
/// the transition style, and dismissal putting the context back.
@Suite(.checksInvariants) struct PresentationContextTests {
    static let tabs = """
        local a = ui.ViewController{ name = "a" }
        local nav = ui.NavigationController{ name = "nav", root = a }
        local b = ui.ViewController{ name = "b", title = "B" }
        local tabs = ui.TabBarController{ name = "tabs", viewControllers = { nav, b } }
        ui.window.rootViewController = tabs
        ui.window:makeKeyAndVisible()
        local function index(v) for i, s in ipairs(v.superview.subviews) do if s == v then return i end end end
        local function states() return nav.appearanceState .. " " .. a.appearanceState .. " " .. tabs.appearanceState end

        """

    @Test("viewDidDisappear comes after the view left the window: a full-screen presenter, a dismissed controller of every style, a custom animator's")
    func didDisappearAfterTheViewLeft() throws {
        let (outcome, out, _) = try runLua("""
            local function where(name) return function(self) print(name, self.view.window ~= nil, self.view.superview ~= nil) end end
            local a = ui.ViewController{ name = "a", viewDidDisappear = where("a") }
            ui.window.rootViewController = a
            ui.window:makeKeyAndVisible()
            for _, style in ipairs({ "fullScreen", "pageSheet", "overFullScreen" }) do
              local m = ui.ViewController{ name = style, modalPresentationStyle = style, viewDidDisappear = where(style) }
              a:present(m, true); ui.settle()
              m:dismiss(true); ui.settle()
            end
            local animator = { transitionDuration = 0.1, animateTransition = function(ctx)
              local to = ctx:view("to")
              if to then ctx.containerView:addSubview(to) end
              ui.animate{ duration = 0.1, animations = function() end, completion = function() ctx:completeTransition(true) end }
            end }
            local c = ui.ViewController{ name = "custom", modalPresentationStyle = "fullScreen", viewDidDisappear = where("custom"),
              transitioningDelegate = { animationControllerForPresented = function() return animator end,
                                        animationControllerForDismissed = function() return animator end } }
            a:present(c, true); ui.settle()
            c:dismiss(true); ui.settle()
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            a\tfalse\tfalse
            fullScreen\tfalse\tfalse
            pageSheet\tfalse\tfalse
            overFullScreen\tfalse\tfalse
            a\tfalse\tfalse
            custom\tfalse\tfalse

            """)
    }

    @Test("Q15: a full-screen dismissal's animator puts the presenting view back; one it leaves out comes back as it completes")
    func animatorPutsThePresenterBack() throws {
        let (outcome, out, rt) = try runLua("""
            local a = ui.ViewController{ name = "a",
              viewWillAppear = function(self) print("will", self.view.window ~= nil) end,
              viewIsAppearing = function(self) print("is", self.view.window ~= nil, self.view.superview == ui.window) end,
              viewDidAppear = function(self) print("did", self.view.superview == ui.window) end }
            ui.window.rootViewController = a
            ui.window:makeKeyAndVisible()
            local putsBack = true
            local animator = { transitionDuration = 0.1, animateTransition = function(ctx)
              local from, to = ctx:view("from"), ctx:view("to")
              if ctx.toViewController ~= a then ctx.containerView:addSubview(to)
              elseif putsBack then print("adding"); ctx.containerView:insertSubview(to, { below = from }); print("added") end
              ui.animate{ duration = 0.1, animations = function() end, completion = function() ctx:completeTransition(true) end }
            end }
            local delegate = { animationControllerForPresented = function() return animator end,
                               animationControllerForDismissed = function() return animator end }
            for _, style in ipairs{ "fullScreen", "custom" } do
              for _, adds in ipairs{ true, false } do
                putsBack = adds
                print(style, adds)
                local m = ui.ViewController{ name = "m", modalPresentationStyle = style, transitioningDelegate = delegate }
                if style == "custom" then
                  delegate.presentationController = function()
                    return ui.PresentationController{ name = "pc", shouldRemovePresentersView = function() return true end }
                  end
                end
                a:present(m, true); ui.settle()
                m:dismiss(true)
                print("during", a.view.window ~= nil)
                ui.settle()
                print("after", a.view.superview == ui.window, ui.window.subviews[1] == a.view, #ui.window.subviews)
              end
            end
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            will\tfalse
            is\ttrue\ttrue
            did\ttrue
            fullScreen\ttrue
            will\tfalse
            adding
            is\ttrue\ttrue
            added
            during\ttrue
            did\ttrue
            after\ttrue\ttrue\t1
            fullScreen\tfalse
            will\tfalse
            during\tfalse
            is\ttrue\ttrue
            did\ttrue
            after\ttrue\ttrue\t1
            custom\ttrue
            will\tfalse
            adding
            is\ttrue\tfalse
            added
            during\ttrue
            did\ttrue
            after\ttrue\ttrue\t1
            custom\tfalse
            will\tfalse
            during\tfalse
            is\ttrue\ttrue
            did\ttrue
            after\ttrue\ttrue\t1

            """, "\(out)")
        #expect(rt.simulation.trace.events.filter { $0.kind == .warning || $0.kind == .error }.isEmpty)
    }

    @Test("Q67: a context presentation's dismissal animates in the context's superview, and the context's presenter dismisses what it presented")
    func contextDismissals() throws {
        let (outcome, out, rt) = try runLua("""
            local animator = { transitionDuration = 0.1, animateTransition = function(ctx)
              local from, to = ctx:view("from"), ctx:view("to")
              print("container", ctx.containerView.name, to and to.superview)
              if to then ctx.containerView:insertSubview(to, { below = from }) end
              ui.animate{ duration = 0.1, animations = function() from.alpha = 0 end, completion = function() ctx:completeTransition(true) end }
            end }
            local a = ui.ViewController{ name = "a", title = "A", definesPresentationContext = true,
              viewIsAppearing = function(self) print("a is appearing in", self.view.superview.name) end }
            local tbc = ui.TabBarController{ name = "tbc", viewControllers = { a, ui.ViewController{ title = "B" } } }
            ui.window.rootViewController = tbc
            ui.window:makeKeyAndVisible()
            local m = ui.ViewController{ name = "m", modalPresentationStyle = "currentContext",
              transitioningDelegate = { animationControllerForDismissed = function() return animator end } }
            a:present(m, false); ui.settle()
            m:dismiss(true, function() print("dismissed") end); ui.settle()
            print(a.presentedViewController, a.view.superview.name)
            for _, style in ipairs{ "currentContext", "overCurrentContext" } do
              local n = ui.ViewController{ name = style, modalPresentationStyle = style }
              a:present(n, false); ui.settle()
              a:dismiss(false, function() print("the presenter dismissed", style) end); ui.settle()
              print(a.presentedViewController, n.presentingViewController)
            end
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            a is appearing in\ttbc.view
            container\ttbc.view\tnil
            a is appearing in\ttbc.view
            dismissed
            nil\ttbc.view
            a is appearing in\ttbc.view
            the presenter dismissed\tcurrentContext
            nil\tnil
            the presenter dismissed\toverCurrentContext
            nil\tnil

            """, "\(out)")
        #expect(rt.simulation.trace.events.filter { $0.kind == .warning || $0.kind == .error }.isEmpty)
    }

    @Test("a sheet uncovered by a full-screen dismissal comes back at its own frame, not the window's")
    func sheetUncovered() throws {
        let (outcome, out, _) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            local sheet = ui.ViewController{ name = "sheet" }
            root:present(sheet, false); ui.settle()
            local before = sheet.view.frame
            local full = ui.ViewController{ name = "full", modalPresentationStyle = "fullScreen" }
            sheet:present(full, false); ui.settle()
            print(sheet.view.window == nil)
            full:dismiss(false); ui.settle()
            local after = sheet.view.frame
            print(after.x == before.x and after.y == before.y and after.width == before.width and after.height == before.height, before.y > 0)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "true\ntrue\ttrue\n")
    }

    @Test("currentContext covers the view of the controller that defines the context, under the tab bar, and puts it back")
    func currentContext() throws {
        let (outcome, out, rt) = try runLua(Self.tabs + """
            nav.definesPresentationContext = true
            local frame = nav.view.frame
            local p = ui.ViewController{ name = "p", modalPresentationStyle = "currentContext" }
            a:present(p, true)
            print(p.presentingViewController == nav, nav.presentedViewController == p, a.presentedViewController == p,
              tabs.presentedViewController == nil)
            print(p.view.superview == tabs.view, index(p.view) == index(nav.view) + 1, index(tabs.tabBar) > index(p.view))
            ui.settle()
            local f = p.view.frame
            print(f.x == frame.x and f.y == frame.y and f.width == frame.width and f.height == frame.height, nav.view.superview == nil, states())
            p:dismiss(true)
            ui.settle()
            print(nav.view.superview == tabs.view, index(nav.view) < index(tabs.tabBar), p.view.superview == nil, states())
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            true\ttrue\ttrue\ttrue
            true\ttrue\ttrue
            true\ttrue\tdisappeared disappeared appeared
            true\ttrue\ttrue\tappeared appeared appeared

            """)
        #expect(rt.simulation.trace.events.filter { $0.kind == .warning }.isEmpty)
        let lifecycle = rt.simulation.trace.events.filter { $0.kind == .lifecycle && $0.t > 0 && ($0.event.hasSuffix("Appear") || $0.event.hasSuffix("Disappear")) }
            .map { "\($0.object).\($0.event)" }
        #expect(lifecycle == ["p.viewDidAppear", "nav.viewDidDisappear", "a.viewDidDisappear", "p.viewWillDisappear",
                              "nav.viewWillAppear", "a.viewWillAppear", "nav.viewDidAppear", "a.viewDidAppear", "p.viewDidDisappear"])
    }

    @Test("overCurrentContext leaves the context on screen; with no controller defining one, the root presents")
    func overCurrentContextAndFallback() throws {
        let (outcome, out, _) = try runLua(Self.tabs + """
            nav.definesPresentationContext = true
            local p = ui.ViewController{ name = "p", modalPresentationStyle = "overCurrentContext" }
            a:present(p, false)
            ui.settle()
            print(p.presentingViewController == nav, nav.view.superview == tabs.view, states())
            p:dismiss(false)
            ui.settle()
            nav.definesPresentationContext = false
            local q = ui.ViewController{ name = "q", modalPresentationStyle = "currentContext" }
            a:present(q, false)
            ui.settle()
            print(q.presentingViewController == tabs, q.view.superview == ui.window, q.view.frame.height, tabs.appearanceState)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "true\ttrue\tappeared appeared appeared\ntrue\ttrue\t852.0\tdisappeared\n")
    }

    @Test("a presented controller is dismissed as it was presented, whatever its style says since")
    func styleChangedAfterPresenting() throws {
        let (outcome, out, _) = try runLua(Self.tabs + """
            nav.definesPresentationContext = true
            local p = ui.ViewController{ name = "p", modalPresentationStyle = "currentContext" }
            a:present(p, false)
            ui.settle()
            p.modalPresentationStyle = "overFullScreen"
            print(nav.view.superview == nil, states())
            p:dismiss(false)
            ui.settle()
            print(nav.view.superview == tabs.view, p.view.superview == nil, states())
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "true\tdisappeared disappeared appeared\ntrue\ttrue\tappeared appeared appeared\n")
    }

    @Test("crossDissolve fades in and out; a context that provides its transition style lends it")
    func transitionStyles() throws {
        let (outcome, out, _) = try runLua(Self.tabs + """
            nav.definesPresentationContext = true
            nav.providesPresentationContextTransitionStyle = true
            nav.modalTransitionStyle = "crossDissolve"
            local p = ui.ViewController{ name = "p", modalPresentationStyle = "overCurrentContext" }
            print(p.modalTransitionStyle)
            a:present(p, true)
            ui.advance(0.1)
            local mid = p.view.presentation
            print(mid.alpha > 0 and mid.alpha < 1, mid.frame.y == p.view.frame.y)
            ui.settle()
            print(p.view.alpha)
            p:dismiss(true)
            ui.advance(0.1)
            print(p.view.presentation.alpha < 1)
            ui.settle()
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "coverVertical\ntrue\ttrue\n1.0\ntrue\n")
    }

    /// Every colour of UIColor's "UI element colors" and "Standard colors" is accepted.
    @Test func everyUIColorNameIsAColour() throws {
        let names = ["label", "secondaryLabel", "tertiaryLabel", "quaternaryLabel", "systemFill",
                     "secondarySystemFill", "tertiarySystemFill", "quaternarySystemFill", "placeholderText",
                     "tintColor", "systemBackground", "secondarySystemBackground", "tertiarySystemBackground",
                     "systemGroupedBackground", "secondarySystemGroupedBackground",
                     "tertiarySystemGroupedBackground", "separator", "opaqueSeparator", "link", "darkText",
                     "lightText", "systemRed", "systemOrange", "systemYellow", "systemGreen", "systemMint",
                     "systemTeal", "systemCyan", "systemBlue", "systemIndigo", "systemPurple", "systemPink",
                     "systemBrown", "systemGray", "systemGray2", "systemGray3", "systemGray4", "systemGray5",
                     "systemGray6", "black", "darkGray", "lightGray", "white", "gray", "red", "green", "blue",
                     "cyan", "yellow", "magenta", "orange", "purple", "brown", "clear"]
        let list = names.map { "'\($0)'" }.joined(separator: ", ")
        let (outcome, out, _) = try runLua("""
            local n = 0
            for _, c in ipairs{ \(list) } do
              local v = ui.View{ backgroundColor = c, tintColor = c }
              local l = ui.Label{ textColor = c }
              if v.backgroundColor == c and l.textColor == c then n = n + 1 end
            end
            print(n)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "\(names.count)\n")
    }

    @Test(arguments: [
        ("local vc = ui.ViewController{}\nvc.modalTransitionStyle = 'flipHorizontal'",
         "test:2: bad value for property 'modalTransitionStyle' of ViewController (the transition style 'flipHorizontal' is not modelled by Nestbox (coverVertical, crossDissolve))"),
        ("local vc = ui.ViewController{}\nvc.modalPresentationStyle = 'popover'",
         "test:2: bad value for property 'modalPresentationStyle' of ViewController (the presentation style 'popover' is not modelled by Nestbox (automatic, fullScreen, pageSheet, overFullScreen, currentContext, overCurrentContext, custom))"),
        ("local vc = ui.ViewController{}\nvc.modalPresentationStyle = 'sheet'",
         "test:2: bad value for property 'modalPresentationStyle' of ViewController (unknown presentation style 'sheet' (automatic, fullScreen, pageSheet, overFullScreen, currentContext, overCurrentContext, custom))"),
        ("ui.animate{ duration = 1, options = { 'repeat' }, animations = function() end }",
         "test:1: bad argument #1 to 'animate' (the animation option 'repeat' is not modelled by Nestbox (docs/coverage.md))"),
        ("local v = ui.View{ backgroundColor = 'notacolor' }",
         "test:1: bad field 'backgroundColor' in View{...} (unknown colour 'notacolor' (a UIColor name such as systemBlue, red or label, or #RRGGBB[AA]; Q30))"),
        ("local l = ui.Label{ textAlignment = 'middle' }",
         "test:1: bad field 'textAlignment' in Label{...} (unknown text alignment 'middle' (natural, left, center, right, justified))"),
        ("local root = ui.ViewController{}\nroot:present(ui.ViewController{}, true, 'done')",
         "test:2: bad argument #3 to 'present' (function expected, got string)"),
        ("local root = ui.ViewController{}\nroot:dismiss(true, {})",
         "test:2: bad argument #2 to 'dismiss' (function expected, got table)"),
        ("local x = ui.ImageView", "test:1: ui.ImageView: UIImageView is not modelled by Nestbox (docs/coverage.md)"),
        ("ui.animate{ duration = 1, options = { 'bogus' }, animations = function() end }",
         "test:1: bad argument #1 to 'animate' (unknown animation option 'bogus' (curveEaseInOut, curveEaseIn, curveEaseOut, curveLinear, allowUserInteraction, beginFromCurrentState))"),
        ("local vc = ui.ViewController{}\nvc.edgesForExtendedLayout = { 'none' }",
         "test:2: bad value for property 'edgesForExtendedLayout' of ViewController (unknown edge 'none' (top, left, bottom, right, all; {} for none))"),
        // A property called as a method says so; a missing method keeps Lua's words.
        ("local v = ui.View{}\nprint(v:frame())",
         "test:2: attempt to call a table value (method 'frame'): `frame` is a value, not a method: read it without the call (`.frame`)"),
        ("local v = ui.View{}\nv:nothing()", "test:2: attempt to call a nil value (method 'nothing')"),
        ("local c = ui.Color", "test:1: ui.Color: UIColor is not modelled by Nestbox (docs/coverage.md; a colour is a UIColor name or #RRGGBB[AA] string (Q30))"),
        // A delegate key spelled as Swift's whole label, and a method that is no function.
        ("local t = ui.TableView{}\nt.dataSource = { titleForHeaderInSection = function() end }",
         "test:2: dataSource key 'titleForHeaderInSection' is UITableViewDataSource's tableView(_:titleForHeaderInSection:), which Nestbox does not model (docs/coverage.md)"),
        ("local t = ui.TableView{}\nt.delegate = { didSelectRowAt = function() end }",
         "test:2: delegate key 'didSelectRowAt' is UITableViewDelegate's tableView(_:didSelectRowAt:), whose key is `didSelectRow` (docs/api-conventions.md)"),
        ("local s = ui.ScrollView{}\ns.delegate = { scrollViewDidScroll = function() end }",
         "test:2: delegate key 'scrollViewDidScroll' is UIScrollViewDelegate's scrollViewDidScroll(_:), whose key is `didScroll` (docs/api-conventions.md)"),
        ("local vc = ui.ViewController{}\nvc.transitioningDelegate = { animationControllerForPresented = 1 }",
         "test:2: transitioningDelegate key 'animationControllerForPresented' must be a function (got number)"),
        ("local t = ui.TableView{}\nt.delegate = { didSelectRow = true }",
         "test:2: delegate key 'didSelectRow' must be a function (got boolean)"),
        ("""
         local root = ui.ViewController{ name = "root" }
         ui.window.rootViewController = root; ui.window:makeKeyAndVisible()
         root:present(ui.ViewController{ name = "m", transitioningDelegate = {
           animationControllerForPresented = function() return { transitionDuration = 0,
             animateTransition = function(ctx) ctx:view("toView"); ctx:completeTransition(true) end } end } }, true)
         """, "test:5: bad argument #1 to 'view' (unknown view key 'toView' (from, to))"),
    ])
    func refused(_ source: String, _ message: String) throws {
        #expect(try errorMessage(source) == message)
    }

    /// `.automatic`, UIKit's default since iOS 13, reads as itself and presents as a page
    /// sheet; `{ "all" }` is UIRectEdge's `.all` in a list too.
    @Test("automatic is the default style and presents a page sheet; edges { 'all' }")
    func automaticStyle() throws {
        let (outcome, out, _) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root; ui.window:makeKeyAndVisible()
            local m = ui.ViewController{ name = "m", edgesForExtendedLayout = { "all" } }
            print(m.modalPresentationStyle)
            root:present(m, false); ui.settle()
            print(m.modalPresentationStyle, m.view.frame.y, root.appearanceState)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "automatic\nautomatic\t69.0\tappeared\n")
    }

    @Test("a sheet rotated while it slides in lands at its style's frame for the new size (Q17)")
    func sheetRotatedWhileSliding() throws {
        let (outcome, out, _) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root; ui.window:makeKeyAndVisible()
            local sh = ui.ViewController{ name = "sh" }
            root:present(sh, true); ui.advance(0.1)
            ui.rotate("landscapeLeft"); ui.settle()
            local f = sh.view.frame; print(f.x, f.y, f.width, f.height)
            ui.rotate("portrait"); ui.settle()
            f = sh.view.frame; print(f.x, f.y, f.width, f.height)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "0.0\t0.0\t852.0\t393.0\n0.0\t69.0\t393.0\t783.0\n")
    }

    @Test("isBeingDismissed holds for an intermediate controller through its did-disappear (Q15b)")
    func intermediateIsBeingDismissed() throws {
        let (outcome, out, _) = try runLua("""
            local function log(self) print(self.name, self.isBeingDismissed) end
            local root = ui.ViewController{ name = "root" }
            local a = ui.ViewController{ name = "a", viewWillDisappear = log, viewDidDisappear = log }
            ui.window.rootViewController = root; ui.window:makeKeyAndVisible()
            root:present(a, false); a:present(ui.ViewController{ name = "b", viewWillDisappear = log, viewDidDisappear = log }, false)
            ui.settle()
            root:dismiss(true); ui.settle()
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "b\ttrue\na\ttrue\nb\ttrue\na\ttrue\n")
    }
}
