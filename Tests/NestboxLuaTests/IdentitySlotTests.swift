import Testing
import Containment
import NestboxLua
import InvariantChecking

/// Identity by slot (CLuaShim/Objects.c): an object keeps its userdata's index in
/// the identity table, the index comes back when the userdata is collected, and an
/// object whose old index now holds another object's userdata gets a userdata of its
/// own. Each case collects garbage between its steps.
@Suite(.checksInvariants) struct IdentitySlotTests {
    @Test("an object whose userdata was collected, its slot taken by another, gets its own again")
    func staleSlot() throws {
        let (outcome, out, rt) = try runLua("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            ui.window:makeKeyAndVisible()
            local function collect() collectgarbage(); collectgarbage() end
            -- views the model owns and the script does not hold: their userdata go
            for i = 1, 50 do root.view:addSubview(ui.View()) end
            local names = {}
            for i, v in ipairs(root.view.subviews) do names[i] = v.name end
            collect()
            -- new objects take the slots given back
            local kept = {}
            for i = 1, 200 do kept[i] = ui.Label{ name = "label" .. i } end
            collect()
            local ok = 0
            for i, v in ipairs(root.view.subviews) do
              if v.name == names[i] and v.superview == root.view and rawequal(v, root.view.subviews[i]) then ok = ok + 1 end
            end
            print(ok, #kept, kept[1].name, kept[200].name)
            collect()
            print(root.view.subviews[50].name == names[50], root.view.subviews[50] ~= kept[1])
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "50\t200\tlabel1\tlabel200\ntrue\ttrue\n")
        rt.collectGarbage()
    }

    @Test("creating and dropping objects reuses slots: the identity table stays small")
    func slotsReused() throws {
        let (outcome, out, rt) = try runLua("""
            for round = 1, 20 do
              for i = 1, 500 do local v = ui.ViewController{}; local _ = v.view end
              collectgarbage(); collectgarbage()
            end
            print("done")
            """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == "done\n")
        let slots = rt.identitySlots
        // 20,000 userdata were made; at most one round's (1,000) plus the window's
        // few are alive at once, so the slots handed out stay near that.
        #expect(slots.handedOut < 1_100, "\(slots)")
        #expect(slots.handedOut - slots.free < 20, "\(slots)")
    }
}
