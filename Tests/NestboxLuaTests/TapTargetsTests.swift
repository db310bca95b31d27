import Testing
import Containment
import NestboxLua
import InvariantChecking

/// `ui.tapTargets()` (Input+Targets.swift) lists what `ui.tap` would reach, frontmost
/// first, and `ui.fireAction` calls a declared action in Lua.
@Suite(.checksInvariants) struct TapTargetsTests {
    @Test("buttons, tab bar buttons and recognizer views a tap reaches; hidden, disabled, covered and animating ones left out")
    func targets() throws {
        let (outcome, out, _) = try runLua("""
            local a = ui.ViewController{ name = "a", title = "A" }
            local b = ui.ViewController{ name = "b", title = "B" }
            local tabs = ui.TabBarController{ name = "tabs", viewControllers = { a, b } }
            ui.window.rootViewController = tabs
            ui.window:makeKeyAndVisible()
            ui.settle()
            local function button(name, frame)
              local v = ui.Button{ name = name, title = name, frame = frame }
              a.view:addSubview(v)
              return v
            end
            button("ok", { 20, 100, 100, 44 })
            button("disabled", { 20, 160, 100, 44 }).isEnabled = false
            button("hidden", { 20, 220, 100, 44 }).isHidden = true
            button("covered", { 20, 280, 100, 44 })
            a.view:addSubview(ui.View{ name = "cover", frame = { 0, 270, 300, 60 } })
            local tappable = ui.View{ name = "card", frame = { 150, 100, 100, 100 } }
            tappable:addGestureRecognizer(ui.TapGestureRecognizer{})
            a.view:addSubview(tappable)
            local function list()
              local names = {}
              for _, t in ipairs(ui.tapTargets()) do names[#names + 1] = string.format("%s@%g,%g", t.view.name, t.x, t.y) end
              return table.concat(names, " ")
            end
            print(list())
            collectgarbage(); collectgarbage()      -- the targets' views were pushed: collected between steps
            ui.animate{ duration = 1, animations = function() tappable.alpha = 0.5 end }
            print(list())
            ui.settle()
            local first = ui.tapTargets()[1]
            collectgarbage(); collectgarbage()
            ui.tap{ first.x, first.y }
            ui.settle()
            print(tabs.selectedViewController.name)
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
            tabs.tabBar.button2@294.75,793.5 tabs.tabBar.button1@98.25,793.5 card@200,150 ok@70,122
            tabs.tabBar.button2@294.75,793.5 tabs.tabBar.button1@98.25,793.5 ok@70,122
            b

            """)
    }

    @Test("ui.fireAction calls the action; an error in it is the caller's; an unknown name says what is declared")
    func fireAction() throws {
        let (outcome, out, _) = try runLua("""
            local fired = 0
            ui.action("notification", function() fired = fired + 1 end)
            ui.action("broken", function() error("no network") end)
            ui.fireAction("notification")
            print(fired, pcall(ui.fireAction, "broken"))
            print(pcall(ui.fireAction, "missing"))
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "1\tfalse\ttest:3: no network\nfalse\tui.fireAction: no action named 'missing' (declared: 'notification', 'broken')\n")
    }
}
