import Testing
import NestboxLua
import InvariantChecking

/// docs/api-conventions.md: how the one bridge calls a table a script supplies (UIKit's
/// parameters, never the table), what its answers may be, what its errors are named, and
/// the spellings it refuses with their new names.
@Suite(.checksInvariants) struct ConventionTests {
    static let presenter = """
        local root = ui.ViewController{ name = "root" }
        ui.window.rootViewController = root
        ui.window:makeKeyAndVisible()

        """

    @Test("an error in a transitioning delegate's method is named after its field")
    func transitioningDelegateErrorName() throws {
        let (_, _, rt) = try runLua(Self.presenter + """
            local m = ui.ViewController{ name = "m", transitioningDelegate = {
              animationControllerForPresented = function() error("no animator") end } }
            root:present(m, false)
            """, keepGoing: true)
        let errors = rt.simulation.trace.events.filter { $0.kind == .error }.map { "\($0.object) \($0.event) \($0.text)" }
        #expect(errors == ["m transitioningDelegate.animationControllerForPresented [0.000] error: test:5: no animator"])
    }

    @Test("a transitionDuration function that answers nothing is no duration, and no error")
    func durationAnswersNothing() throws {
        let (outcome, out, _) = try runLua("""
            local p, a, b = ui.ViewController{}, ui.ViewController{}, ui.ViewController{}
            p:addChild(a); p:addChild(b)
            ui.window.rootViewController = p
            ui.window:makeKeyAndVisible()
            p.view:addSubview(a.view)
            p:transition{ from = a, to = b, animator = { transitionDuration = function(ctx) end,
              animateTransition = function(ctx) print("animating", ctx.isAnimated); ctx:completeTransition(true) end } }
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "animating\tfalse\n")
    }

    @Test("an animateTransition defined with ':' is refused where the animator is handed over")
    func animatorMethodWithColon() throws {
        let message = try errorMessage("""
            local p, a, b = ui.ViewController{}, ui.ViewController{}, ui.ViewController{}
            local slide = { transitionDuration = 0.3 }
            function slide:animateTransition(ctx) ctx:completeTransition(true) end
            p:transition{ from = a, to = b, animator = slide }
            """)
        #expect(message == "test:4: bad argument #1 to 'transition' (field 'animator' is an animator whose animateTransition's "
            + "first parameter is self: define it with '.', not ':' (docs/api-conventions.md))")
    }

    @Test("an overridden property given as a plain value is an error where it is set")
    func plainValueUpTheChain() throws {
        let (outcome, _, _) = try runLua(Self.presenter + """
            local Base = ui.PresentationController:extend("Base")
            Base.shouldRemovePresentersView = true
            local Cover = Base:extend("Cover")
            local m = ui.ViewController{ name = "m", modalPresentationStyle = "custom", transitioningDelegate = {
              presentationController = function() return Cover{} end } }
            root:present(m, false)
            """)
        guard case .scriptError(let message, _) = outcome else { Issue.record("\(outcome)"); return }
        #expect(message == "test:5: hook 'shouldRemovePresentersView' must be a function, got boolean (docs/api-conventions.md)")
    }

    @Test("a data source's answers of the wrong type are its errors; nil is no rows, an empty title")
    func dataSourceAnswers() throws {
        let message = try errorMessage("""
            local t = ui.TableView{ name = "t", frame = { 0, 0, 393, 440 },
              dataSource = { numberOfRows = function() return "three" end } }
            """)
        #expect(message == "test:2: numberOfRows(table) returned a string, not a count of rows or nil")
        let (outcome, out, _) = try runLua("""
            local t = ui.TableView{ name = "t", frame = { 0, 0, 393, 440 },
              dataSource = { numberOfRows = function() return 2 end, cellForRow = function(t, row) if row == 2 then return true end end } }
            print(t.numberOfRows)
            """, keepGoing: true)
        #expect(outcome == .ok)
        #expect(out == "2\n")
        let cell = try errorMessage("""
            local t = ui.TableView{ name = "t", frame = { 0, 0, 393, 440 },
              dataSource = { numberOfRows = function() return 1 end, cellForRow = function() return true end } }
            """)
        #expect(cell == "test:2: cellForRow(table, row) returned a boolean, not a title (a string or {text = ...}) or nil")
    }
}
