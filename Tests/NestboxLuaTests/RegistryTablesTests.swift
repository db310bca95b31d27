import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// Setup builds a child type's tables from copies of its parent's (docs/performance.md): every
/// type must still get exactly the members the registry's flattened IDs name.
@Suite(.checksInvariants) struct RegistryTablesTests {
    @Test func everyTypeHasExactlyItsRegistryMembers() throws {
        let rt = try LuaRuntime()
        let t = LuaRuntime.tables
        let extend = LuaTypes.namespaces.indices.filter { LuaTypes.namespaces[$0].path.isEmpty }
            .flatMap { t.functionIDs[$0] }.first { $0.0 == "__extend" }?.1
        for (i, binding) in LuaTypes.all.enumerated() {
            let methods = t.methodIDs[i].map { "\($0.0)=m\($0.1)" }
            let properties = t.propertyIDs[i].map { "\($0.0)=p\($0.1)" }
            let propertyNames = t.propertyIDs[i].map(\.0)
            // a property hides a method of the same name, as setup sets properties last
            let members = t.methodIDs[i].filter { !propertyNames.contains($0.0) }.map { "\($0.0)=m\($0.1)" } + properties
            let got = rt.registeredTables(typeID: i)
            #expect(got.members == members.sorted(), "\(binding.name)'s members")
            #expect(got.properties == properties.sorted(), "\(binding.name)'s properties")
            if binding.make != nil {
                #expect(got.classMethods == (methods + ["extend=m\(extend ?? -1)"]).sorted(), "ui.\(binding.name)'s methods")
            } else {
                #expect(got.classMethods == nil, "\(binding.name) has no class")
            }
        }
    }

    /// A type's tables and class are made when first needed (docs/performance.md): an
    /// empty run makes those of the window and the screen only; reading `ui.Label` makes
    /// Label's (and its parents'); `pairs(ui)` sees every class; a name a script put in
    /// `ui` first keeps its value; collecting between steps loses no class.
    @Test func classesAreMadeOnFirstRead() throws {
        let (outcome, out, rt) = try runLua("""
            local function collect() collectgarbage(); collectgarbage() end
            -- the window's class chain is made (Window, View), Label's is not
            print(rawget(ui, "Label") == nil, rawget(ui, "View") ~= nil)
            collect()
            local L = ui.Label
            print(rawget(ui, "Label") == L, rawequal(ui.Label, L), L{ text = "x" }.text)
            collect()
            ui.Button = "mine"
            local names = {}
            for k, v in pairs(ui) do if type(v) == "table" and getmetatable(v) == "locked" and k ~= "Transform" then names[#names + 1] = k end end
            table.sort(names)
            print(#names, ui.Button, ui.View:extend("V") ~= nil)
            -- set to nil before or after its first read, a class stays gone
            ui.Label = nil
            ui.TableView = nil
            local n = 0
            for k in pairs(ui) do if k == "Label" or k == "TableView" then n = n + 1 end end
            print(ui.Label, ui.TableView, n)
            -- ui's metatable is locked; keys Lua refuses are refused without unwinding the host
            print(getmetatable(ui), select(2, pcall(function() ui[nil] = 1 end)), select(2, pcall(function() ui[0/0] = 1 end)))
            print(pcall(rawset, ui, "Label", 1))
            co = coroutine.wrap(function() pcall(function() ui[0/0] = 1 end); coroutine.yield(1) end)
            co()
            local t = {} for i = 1, 1000 do t[i] = { i } end   -- allocations count again after it
            """)
        #expect(outcome == .ok)
        let classes = LuaTypes.all.filter { $0.make != nil }.count
        #expect(out == "true\ttrue\ntrue\ttrue\tx\n\(classes - 1)\tmine\ttrue\nnil\tnil\t0\n"
                + "locked\ttest:20: bad argument #2 to 'newindex' (table index is nil)\ttest:20: bad argument #2 to 'newindex' (table index is NaN)\n"
                + "false\trawset on a class or a table of ui's: set its fields with '=', which checks them (docs/api-conventions.md)\n")
        #expect(rt.typeTablesMade.allSatisfy { $0 })
        let empty = try LuaRuntime()
        #expect(empty.typeTablesMade.filter { $0 }.count <= 4, "\(empty.typeTablesMade)")
    }

    /// A subclass's instances carry its name (README.md, A short tour), whatever class from
    /// `ui` it extends.
    @Test func everySubclassNamesItsInstances() throws {
        let classes = LuaTypes.all.filter { $0.make != nil }.map(\.name)
        let lua = classes.map { "print(tostring(ui.\($0):extend('My\($0)'){}))" }.joined(separator: "\n")
        let (outcome, out, _) = try runLua(lua)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == classes.map { "<My\($0): My\($0)#1>\n" }.joined())
    }

    /// Inherited methods are the parent's closures; a child's class still finds them,
    /// and collecting between steps loses none.
    @Test func inheritedMethodsWorkOnChildrenAcrossCollections() throws {
        let (outcome, out, _) = try runLua("""
        local l = ui.Label{ name = "l", text = "hi" }
        collectgarbage()
        ui.window:addSubview(l)
        collectgarbage()
        print(ui.Label.removeFromSuperview == ui.View.removeFromSuperview, l.superview == ui.window)
        ui.View.removeFromSuperview(l)
        collectgarbage()
        local B = ui.Button:extend("B")
        print(type(B.addSubview), l.superview, ui.window.subviews[1])
        """)
        #expect(outcome == .ok)
        #expect(out == "true\ttrue\nfunction\tnil\tnil\n")
    }

    /// An object's metatable is made when the first object of its type is pushed
    /// (docs/performance.md): Swift-made objects of a type no script constructed, classes read
    /// after instances of a subclass, and getmetatable answer as before.
    @Test func metatablesMadeOnFirstPushAnswerAsBefore() throws {
        let (outcome, out, _) = try runLua("""
        print(getmetatable(ui.window), getmetatable(ui.View), tostring(ui.screen):match("^<Screen"))
        local tc = ui.TabBarController{ name = "tc" }
        collectgarbage()
        local bar = tc.tabBar                       -- a TabBar first pushed from Swift
        collectgarbage()
        print(bar, getmetatable(bar), type(bar.addSubview))
        local l = ui.Label{ name = "l" }
        collectgarbage()
        print(type(ui.View.addSubview), getmetatable(l), l.name, type(ui.TabBar{}.removeFromSuperview))
        local names = {}
        for k, v in pairs(ui) do if type(v) == "table" and getmetatable(v) == "locked" then names[#names + 1] = k end end
        print(#names)
        """)
        #expect(outcome == .ok, "\(outcome)")
        let constructible = LuaTypes.all.filter { $0.make != nil }.count
        #expect(out == """
        locked\tlocked\t<Screen
        <TabBar: tc.tabBar>\tlocked\tfunction
        function\tlocked\tl\tfunction
        \(constructible + 1)

        """)
    }
}
