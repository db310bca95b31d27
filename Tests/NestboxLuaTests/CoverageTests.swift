import Foundation
import Testing
import Containment
@testable import NestboxLua
import InvariantChecking

/// docs/coverage.md is the catalogue and the registry rendered (`Coverage.markdown()`);
/// `NESTBOX_RECORD=1 swift test --filter Coverage` rewrites it, and the test then fails
/// once. The catalogue itself is well formed.
@Suite(.checksInvariants) struct CoverageTests {
    static let file = repositoryRoot.appendingPathComponent("docs/coverage.md")

    @Test func docsCoverageIsCurrent() throws {
        let generated = Coverage.markdown()
        if ProcessInfo.processInfo.environment["NESTBOX_RECORD"] != nil {
            try generated.write(to: Self.file, atomically: true, encoding: .utf8)
            Issue.record("recorded docs/coverage.md; run again without NESTBOX_RECORD")
            return
        }
        let current = (try? String(contentsOf: Self.file, encoding: .utf8)) ?? ""
        if current != generated {
            let diff = unifiedDiff(diffLines(current), diffLines(generated))
                .filter { !$0.hasPrefix("  ") }.prefix(40).joined(separator: "\n")
            Issue.record("docs/coverage.md is stale (NESTBOX_RECORD=1 swift test --filter Coverage rewrites it):\n\(diff)")
        }
    }

    @Test func theReadmeStatesTheTotals() throws {
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains(Coverage.summary), "README.md should say: \(Coverage.summary)")
    }

    @Test func theCatalogueIsWellFormed() {
        #expect(UIKitCatalogue.problems.isEmpty, "\(UIKitCatalogue.problems)")
        #expect(UIKitCatalogue.all.count == 45)
        // Every bound type but UIScreen's and UITouch's has a list.
        let uncatalogued = LuaTypes.all.indices.filter { UIKitSurface.chain(ofBinding: $0).isEmpty }.map { LuaTypes.all[$0].name }
        #expect(uncatalogued == ["Screen", "Touch"])
    }

    /// A delegate table's key is a protocol member's short name; every method Nestbox
    /// calls is one of the protocol's members by that name or a recorded alias, and a
    /// key that is a member not modelled is refused where the table is set.
    @Test func delegateKeysAreTheProtocolsMembers() throws {
        let names: [(String, String)] = [("tableView(_:heightForRowAt:)", "heightForRow"), ("tableView(_:numberOfRowsInSection:)", "numberOfRows"),
                                         ("scrollViewDidScroll(_:)", "didScroll"), ("navigationController(_:animationControllerFor:from:to:)", "animationController"),
                                         ("splitViewController(_:topColumnForCollapsingToProposedTopColumn:)", "topColumnForCollapsing"),
                                         ("presentationCount(for:)", "presentationCount")]
        for (swift, key) in names {
            let m = try #require(UIKitClass.parse(Substring("func " + swift)))
            let owner = UIKitCatalogue.all.first { c in c.members.contains { $0.swiftName == m.swiftName } }
            let p = try #require(owner.flatMap(UIKitSurface.delegatePrefix(of:)), "\(swift)")
            #expect(UIKitSurface.delegateKey(m, prefix: p) == key)
        }
        for t in LuaTypes.all {
            for proto in t.delegates {
                guard let cls = UIKitCatalogue.entry("UI" + proto.name) else { continue }
                let keys = UIKitSurface.delegateMembers(cls.name).map(\.key)
                let aliases = UIKitCatalogue.modelledAs.map(\.as)
                for method in proto.methods {
                    #expect(keys.contains(method.name) || aliases.contains(method.name), "\(proto.name).\(method.name) is no member of \(cls.name)")
                }
            }
        }
        #expect(try errorMessage("ui.TableView{ delegate = { heightForRow = function() return 100 end } }")
                == "test:1: delegate key 'heightForRow' is UITableViewDelegate's tableView(_:heightForRowAt:), which Nestbox does not model (docs/coverage.md)")
        #expect(try errorMessage("local b = ui.TabBar{}\nb.delegate = { didSelect = function() end }")
                == "test:2: delegate key 'didSelect' is UITabBarDelegate's tabBar(_:didSelect:), which is `didSelectItem` in Nestbox (docs/coverage.md)")
        #expect(try errorMessage("ui.PageViewController{ dataSource = { viewControllerAfter = function() end, presentationCount = function() return 3 end } }")
                == "test:1: dataSource key 'presentationCount' is UIPageViewControllerDataSource's presentationCount(for:), which Nestbox does not model (docs/coverage.md)")
        let (ok, _, _) = try runLua("ui.TableView{ delegate = { didSelectRow = function() end, didScroll = function() end, count = 0, helper = function() end } }")
        #expect(ok == .ok)
    }

    /// Deprecated members are not counted but refused, with what replaced them: set, read,
    /// as a subclass's method; a navigation controller's toolbar refuses UIToolbar's.
    @Test func deprecatedAndToolbarMembersAreRefused() throws {
        #expect(try errorMessage("local vc = ui.ViewController{}\nvc.automaticallyAdjustsScrollViewInsets = false")
                == "test:2: UIViewController.automaticallyAdjustsScrollViewInsets is not modelled by Nestbox: deprecated in iOS 11.0; use UIScrollView.contentInsetAdjustmentBehavior (docs/coverage.md)")
        #expect(try errorMessage("local V = ui.View:extend('V')\nfunction V:traitCollectionDidChange() end")
                == "test:2: UIView.traitCollectionDidChange is not modelled by Nestbox: deprecated in iOS 17.0; use registerForTraitChanges (docs/coverage.md)")
        #expect(try errorMessage("local s = ui.ScrollView{}\nprint(s.scrollIndicatorInsets)")
                == "test:2: UIScrollView.scrollIndicatorInsets is not modelled by Nestbox: its getter deprecated in iOS 13.0; use verticalScrollIndicatorInsets and horizontalScrollIndicatorInsets (docs/coverage.md)")
        #expect(try errorMessage("local nav = ui.NavigationController{ root = ui.ViewController{} }\nnav.toolbar.barTintColor = 'red'")
                == "test:2: UIToolbar.barTintColor is not modelled by Nestbox (docs/coverage.md)")
        #expect(try errorMessage("local nav = ui.NavigationController{ root = ui.ViewController{} }\nnav.toolbar.items = {}")
                == "test:2: UIToolbar.items is the top controller's toolbarItems (Q71) in Nestbox (docs/coverage.md)")
        // A member modelled under other names says which; a deprecated one whose
        // replacement is not modelled says so, rather than sending the reader there.
        #expect(try errorMessage("local v = ui.View{}\nlocal f = v.animate")
                == "test:2: UIView.animate is ui.animate in Nestbox (docs/coverage.md)")
        #expect(try errorMessage("local c = ui.ViewController{}\nc:setOverrideTraitCollection(nil, c)")
                == "test:2: UIViewController.setOverrideTraitCollection is not modelled by Nestbox: deprecated in iOS 17.0; its replacement, the child's traitOverrides property, is not modelled either (docs/coverage.md)")
        // A modelled hook of the same name is untouched: a controller's traits still change.
        let (ok, _, _) = try runLua("local C = ui.ViewController:extend('C')\nfunction C:traitCollectionDidChange() end")
        #expect(ok == .ok)
    }

    /// A malformed line is named, not skipped in silence.
    @Test func malformedLinesAreNamed() {
        #expect(UIKitClass.parse("        var isHidden")?.luaName == "isHidden")
        #expect(UIKitClass.parse("        func present(_:animated:completion:)")?.luaName == "present")
        #expect(UIKitClass.parse("        class func animate(withDuration:animations:)")?.kind == .classMethod)
        #expect(UIKitClass.parse("        init(frame:)")?.kind == .initializer)
        #expect(UIKitClass.parse("        var present(_:)") == nil)
        #expect(UIKitClass.parse("        func present") == nil)
        #expect(UIKitClass.parse("        let x") == nil)
    }

    /// What each type refuses is exactly its catalogue's instance members less what it
    /// models (members, hooks, delegate fields), each named after its declaring class.
    @Test func eachTypeRefusesExactlyItsUnmodelledMembers() throws {
        let rt = try LuaRuntime()
        for i in LuaTypes.all.indices {
            var expected: [String: String] = [:]
            for cls in UIKitSurface.chain(ofBinding: i) {
                for m in cls.members where m.kind.isInstanceMember {
                    let name = String(m.luaName)
                    guard expected[name] == nil, !UIKitSurface.models(m.luaName, binding: i) else { continue }
                    if let alias = UIKitSurface.aliases(of: cls).first(where: { $0.swiftName == m.swiftName }) {
                        expected[name] = "\(cls.name).\(name) is \(alias.as) in Nestbox (docs/coverage.md)"
                    } else {
                        expected[name] = cls.name
                    }
                }
            }
            // Class members too, an overload modelled under another name naming them.
            let t = LuaRuntime.tables
            for cls in UIKitSurface.chain(ofBinding: i) {
                let classMembers = cls.members.filter { $0.kind == .classProperty || $0.kind == .classMethod }
                let aliases = UIKitSurface.aliases(of: cls)
                for m in classMembers {
                    let name = String(m.luaName)
                    guard expected[name] == nil, !t.methodIDs[i].contains(where: { $0.0 == name }),
                          !t.propertyIDs[i].contains(where: { $0.0 == name }) else { continue }
                    let alias = aliases.first { a in classMembers.contains { $0.luaName == m.luaName && $0.swiftName == a.swiftName } }
                    expected[name] = alias.map { "\(cls.name).\(name) is \($0.as) in Nestbox (docs/coverage.md)" } ?? cls.name
                }
            }
            let got = rt.unmodelled(typeID: i)
            #expect(got == expected.map { "\($0.key)=\($0.value)" }.sorted(), "\(LuaTypes.all[i].name)")
        }
    }
}

/// Unmodelled members are refused wherever a script meets them, with the script's line;
/// names UIKit does not have stay the script's.
@Suite(.checksInvariants) struct RefusalTests {
    @Test(arguments: [
        ("local nav = ui.NavigationController{}\nnav.isEditing = true",
         "test:2: UIViewController.isEditing is not modelled by Nestbox (docs/coverage.md)"),
        ("local nav = ui.NavigationController{}\nlocal x = nav.isEditing",
         "test:2: UIViewController.isEditing is not modelled by Nestbox (docs/coverage.md)"),
        ("local v = ui.View{}\nv:setNeedsDisplay()",
         "test:2: UIView.setNeedsDisplay is not modelled by Nestbox (docs/coverage.md)"),
        ("\nlocal t = ui.TableView{ separatorStyle = 'none' }",
         "test:2: UITableView.separatorStyle is not modelled by Nestbox (docs/coverage.md)"),
        ("local s = ui.ScrollView{}\nlocal p = s.zoomScale",
         "test:2: UIScrollView.zoomScale is not modelled by Nestbox (docs/coverage.md)"),
        ("local s = ui.ScrollView{}\ns:flashScrollIndicators()",
         "test:2: UIScrollView.flashScrollIndicators is not modelled by Nestbox (docs/coverage.md)"),
        ("local l = ui.Label{}\nl.numberOfLines = 2",
         "test:2: UILabel.numberOfLines is not modelled by Nestbox (docs/coverage.md)"),
        ("local b = ui.Button{}\nlocal r = b:next()",
         "test:2: UIResponder.next is not modelled by Nestbox (docs/coverage.md)"),
        ("local M = ui.ViewController:extend('M')\nfunction M:viewWillTransitionToSize() end\nfunction M:setEditing(on) end",
         "test:3: UIViewController.setEditing is not modelled by Nestbox (docs/coverage.md)"),
        ("local V = ui.View:extend('V')\nfunction V:addSubview(v) end",
         "test:2: View.addSubview cannot be overridden in Nestbox: the model calls it without asking a subclass (docs/api-conventions.md)"),
        ("local V = ui.View:extend('V')\nV.backgroundColor = 'red'",
         "test:2: 'backgroundColor' is a property of View: set it on the object (in init), not on the class (docs/api-conventions.md)"),
        ("local N = ui.NavigationController:extend('N')\nN.pushViewController = 3",
         "test:2: 'pushViewController' overrides NavigationController.pushViewController and must be a function, not a number"),
        ("local vc = ui.ViewController{}\nvc.present = function() end",
         "test:2: 'present' is a method of ViewController: override it in a subclass (ui.ViewController:extend(name)), not on an object (docs/api-conventions.md)"),
        ("\nlocal vc = ui.ViewController{ addChild = function() end }",
         "test:2: 'addChild' is a method of ViewController: override it in a subclass (ui.ViewController:extend(name)), not on an object (docs/api-conventions.md)"),
        ("local t = ui.ViewController{}.traitCollection\nlocal s = t.userInterfaceStyle",
         "test:2: UITraitCollection.userInterfaceStyle is not modelled by Nestbox (docs/coverage.md)"),
        ("local S = ui.ViewController:extend('S')\nlocal s = S{ setEditing = function() end }",
         "test:2: UIViewController.setEditing is not modelled by Nestbox (docs/coverage.md)"),
        ("local t = ui.ViewController{}.traitCollection\nt.userInterfaceStyle = 'dark'",
         "test:2: UITraitCollection.userInterfaceStyle is not modelled by Nestbox (docs/coverage.md)"),
        ("local v = ui.View{}\nv.addSubview = 1",
         "test:2: 'addSubview' is a method of View, not a field (docs/api-conventions.md)"),
        ("local S = ui.ScrollView:extend('S')\nfunction S:scrollRectToVisible() end",
         "test:2: UIScrollView.scrollRectToVisible is not modelled by Nestbox (docs/coverage.md)"),
        // A flag is a boolean or nothing: Lua's truthiness would take "yes" or 0 for true.
        ("local nav = ui.NavigationController{ root = ui.ViewController{} }\nnav:pushViewController(ui.ViewController{}, 'yes')",
         "test:2: bad argument #2 to 'pushViewController' (boolean expected, got string)"),
        ("local x = 1\nlocal c = ui.ViewController{ name = 'a\\nb' }",
         "test:2: bad field 'name' in ViewController{...} (a name is printed within a line: no line break or other control character)"),
        ("local C = ui.ViewController:extend('C')\nfunction C:size(child, parentSize) return parentSize end",
         "test:2: UIViewController.size is the hook sizeForChildContentContainer in Nestbox (docs/coverage.md)"),
        // Another type's hook is no hook here: a view's class refuses UIView's willMove.
        ("local V = ui.View:extend('V')\nfunction V:willMove(superview) end",
         "test:2: UIView.willMove is not modelled by Nestbox (docs/coverage.md)"),
        // A hook's name takes a function (or nil), on a class, an object or as a key.
        ("local C = ui.ViewController:extend('C')\nC.viewWillAppear = 'oops'",
         "test:2: hook 'viewWillAppear' must be a function, got string (docs/api-conventions.md)"),
        ("local c = ui.ViewController{}\nc.viewDidLoad = 42",
         "test:2: hook 'viewDidLoad' must be a function, got number (docs/api-conventions.md)"),
        ("local x = 1\nlocal c = ui.ViewController{ viewDidAppear = true }",
         "test:2: hook 'viewDidAppear' must be a function, got boolean (docs/api-conventions.md)"),
        // Of two mistakes, the smaller key's, whatever order the table is walked in.
        ("local x = 1\nlocal c = ui.ViewController{ viewWillAppear = 'oops', viewDidAppear = 42, isEditing = true }",
         "test:2: UIViewController.isEditing is not modelled by Nestbox (docs/coverage.md)"),
        ("local x = 1\nlocal c = ui.ViewController{ viewWillAppear = 'oops', viewDidAppear = 42, zzz = 1 }",
         "test:2: hook 'viewDidAppear' must be a function, got number (docs/api-conventions.md)"),
        ("local x = 1\nlocal c = ui.ViewController{ viewDidLoad = setmetatable({}, { __call = function() end }) }",
         "test:2: hook 'viewDidLoad' must be a function, got table (docs/api-conventions.md)"),
        ("local c = ui.ViewController\nfor i = 1, 65 do c = c:extend('C' .. i) end",
         "test:2: classes nest at most 64 deep below the class from ui"),
        // Class members, read on the class or defined on a subclass; instance members read on a class.
        ("local x = 1\nui.View.animate{ duration = 1 }", "test:2: UIView.animate is ui.animate in Nestbox (docs/coverage.md)"),
        ("local x = 1\nlocal y = ui.ViewController.isEditing",
         "test:2: UIViewController.isEditing is not modelled by Nestbox (docs/coverage.md)"),
        ("local M = ui.View:extend('M')\nfunction M.performWithoutAnimation(fn) fn() end",
         "test:2: UIView.performWithoutAnimation is not modelled by Nestbox (docs/coverage.md)"),
        // Options tables name their keys: a misspelt one is refused, not dropped.
        ("local v = ui.View{}\nui.animate{ duration = 0.3, animation = function() v.alpha = 0 end }",
         "test:2: bad argument #1 to 'animate' (unknown option 'animation' (did you mean 'animations'?); the options are duration, delay, options, dampingRatio, velocity, animations, completion)"),
        ("local v = ui.View{}\nui.transition{ with = v, duration = 0.3, option = { 'transitionFlipFromLeft' } }",
         "test:2: bad argument #1 to 'transition' (unknown option 'option' (did you mean 'options'?); the options are with, from, to, duration, options, animations, completion)"),
        ("local t = ui.ViewController{}.traitCollection\nt.horizontalSizeClass = 'regular'",
         "test:2: cannot set 'horizontalSizeClass': a trait collection is read-only, as UITraitCollection's properties are"),
        // The transitioning protocols' tables: a key UIKit's protocol has that Nestbox does not call.
        ("local vc = ui.ViewController{}\nvc.transitioningDelegate = { animationController = function() end }",
         "test:2: UIViewControllerTransitioningDelegate.animationController is `animationControllerForPresented` or `animationControllerForDismissed` in Nestbox (docs/coverage.md)"),
        ("""
         local p = ui.ViewController{ name = "p" }
         ui.window.rootViewController = p; ui.window:makeKeyAndVisible()
         local a, b = ui.ViewController{ name = "a" }, ui.ViewController{ name = "b" }
         p:addChild(a); p.view:addSubview(a.view); a:didMove(p); p:addChild(b)
         p:transition{ from = a, to = b, animator = { transitionDuration = 0.1, interruptibleAnimator = function() end,
                       animateTransition = function(ctx) ctx:completeTransition(true) end } }
         """,
         "test:5: bad argument #1 to 'transition' (field 'animator' is an animator whose key is no part of Nestbox's: UIViewControllerAnimatedTransitioning.interruptibleAnimator is not modelled by Nestbox (docs/coverage.md))"),
        // A UIKit initializer's label in a constructor table: the name Nestbox uses, or none.
        ("local c = ui.ViewController{}\nlocal nav = ui.NavigationController{ rootViewController = c }",
         "test:2: `rootViewController` is a label of UINavigationController's init(rootViewController:), which is ui.NavigationController{ root = … } in Nestbox (docs/coverage.md)"),
        ("\nlocal g = ui.TapGestureRecognizer{ target = {}, action = function() end }",
         "test:2: `target` is a label of UIGestureRecognizer's init(target:action:), which is the constructor's { action = function(recognizer) … end } in Nestbox (docs/coverage.md)"),
        ("local N = ui.NavigationController:extend('N')\nlocal n = N{ name = 'n', bundle = 'main' }",
         "test:2: `bundle` is a label of UIViewController's init(nibName:bundle:), which NavigationController{…} does not take (docs/coverage.md)"),
    ])
    func refused(_ code: String, _ message: String) throws {
        let (outcome, _, _) = try runLua(code)
        guard case .scriptError(let got, _) = outcome else { Issue.record("ran: \(outcome)"); return }
        #expect(got == message)
    }

    /// What a few types refuse, written out (the test above derives its expectation).
    @Test func refusalsSpelledOut() throws {
        let rt = try LuaRuntime()
        let label = try #require(LuaTypes.all.firstIndex { $0.name == "Label" })
        let got = rt.unmodelled(typeID: label)
        for entry in ["numberOfLines=UILabel", "tintAdjustmentMode=UIView", "next=UIResponder", "setNeedsDisplay=UIView"] {
            #expect(got.contains(entry), "\(entry)")
        }
        for free in ["text", "frame", "isHidden", "addSubview", "layoutSubviews", "items", "tintColor", "layoutIfNeeded"] {
            #expect(!got.contains { $0.hasPrefix(free + "=") }, "\(free)")
        }
    }

    /// The initializer labels refused in constructor tables, written out: each names
    /// nothing its type has, and a catalogue or binding change shows here.
    @Test func initializerLabelsSpelledOut() {
        var got: [String: [String]] = [:]
        for i in LuaTypes.all.indices {
            let labels = UIKitSurface.initializerLabels(ofBinding: i).map(\.label)
            if !labels.isEmpty { got[LuaTypes.all[i].name] = labels }
        }
        let vc = ["bundle"], recognizer = ["target"]
        #expect(got == [
            "ViewController": vc, "TabBarController": vc, "SplitViewController": vc,
            "NavigationController": ["navigationBarClass", "toolbarClass", "rootViewController", "bundle"],
            "PageViewController": ["options", "bundle"],
            "Button": ["primaryAction", "type"],
            "GestureRecognizer": recognizer, "TapGestureRecognizer": recognizer,
            "PanGestureRecognizer": recognizer, "ScreenEdgePanGestureRecognizer": recognizer,
            "TabBarItem": ["tabBarSystemItem"], "BarButtonItem": ["barButtonSystemItem", "systemItem"],
            "PresentationController": ["presenting"], "SheetPresentationController": ["presenting"],
        ])
    }

    /// The refused labels are recorded in UIKitSurface+Labels.swift (working them out
    /// at run time cost a script's first constructor 330M instructions); the record is
    /// what the catalogue and the registry give, and NESTBOX_RECORD=1 rewrites it.
    /// The delegate tables' refusals, as the catalogue gives them, recorded as a switch
    /// so a table's set reads no catalogue line.
    @Test func recordedDelegateRefusalsAreCurrent() throws {
        let file = repositoryRoot.appendingPathComponent("Sources/NestboxLua/Catalogue/UIKitSurface+DelegateKeys.swift")
        let computed = UIKitSurface.computedDelegateRefusals()
        func quoted(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }
        let cases = computed.keys.sorted().flatMap { uikit in
            computed[uikit]!.sorted { $0.key < $1.key }.map { "        case (\(quoted(uikit)), \(quoted($0.key))):\n            \(quoted($0.refusal))\n" }
        }.joined()
        let generated = """
        // Generated by `NESTBOX_RECORD=1 swift test --filter Coverage`; do not edit.
        // A delegate or data source table's keys that are members of UIKit's protocol
        // Nestbox does not call under them, with their refusals, by protocol (the
        // protocols a table view delegate's inherits included; UIKitSurface+Delegates.swift).
        extension UIKitSurface {
            static func recordedDelegateRefusal(_ uikit: String, _ key: String) -> String? {
                switch (uikit, key) {
        \(cases)        default: nil
                }
            }
        }

        """
        if ProcessInfo.processInfo.environment["NESTBOX_RECORD"] != nil {
            try generated.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded \(file.lastPathComponent); run again without NESTBOX_RECORD")
            return
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == generated, "run NESTBOX_RECORD=1 swift test --filter Coverage")
    }

    @Test func recordedInitializerLabelsAreCurrent() throws {
        let file = repositoryRoot.appendingPathComponent("Sources/NestboxLua/Catalogue/UIKitSurface+Labels.swift")
        let computed = UIKitSurface.computedInitializerLabels()
        func quoted(_ s: String) -> String {
            "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        let cases = computed.keys.sorted().map { name in
            "        case \(quoted(name)): [\n" + computed[name]!.map { "            .init(\(quoted($0.label)),\n                  \(quoted($0.refusal))),\n" }.joined() + "        ]\n"
        }.joined()
        let generated = """
        // Generated by `NESTBOX_RECORD=1 swift test --filter Coverage`; do not edit.
        // The initializer labels each binding refuses as constructor keys, with their
        // refusals (UIKitSurface.computedInitializerLabels, docs/coverage.md).
        extension UIKitSurface {
            static func recordedLabels(_ binding: String) -> [InitializerLabel] {
                switch binding {
        \(cases)        default: []
                }
            }
        }

        """
        if ProcessInfo.processInfo.environment["NESTBOX_RECORD"] != nil {
            try generated.write(to: file, atomically: true, encoding: .utf8)
            Issue.record("recorded \(file.lastPathComponent); run again without NESTBOX_RECORD")
            return
        }
        let current = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        #expect(current == generated, "\(file.lastPathComponent) is stale: NESTBOX_RECORD=1 swift test --filter Coverage")
        for binding in LuaTypes.all {
            #expect(UIKitSurface.recordedLabels(binding.name) == computed[binding.name] ?? [], "\(binding.name)")
        }
    }

    /// An override elsewhere leaves a hook-named method the bound one (S44's direct
    /// call, with W19); rawset cannot set a class's field past its checks.
    @Test func overridesReachOnlyOverridableMethods() throws {
        let (outcome, out, rt) = try runLua("""
        local N = ui.NavigationController:extend("N")
        function N:pushViewController(vc, animated) ui.NavigationController.pushViewController(self, vc, animated) end
        local H = ui.ViewController:extend("H")
        function H:viewWillAppear(animated) print("hook", animated) end
        local h = H{ name = "h" }
        h:viewWillAppear(true)
        local V = ui.View:extend("V")
        print(pcall(rawset, V, "addSubview", function() print("not UIKit's") end))
        local v, w = V{ name = "v" }, ui.View{ name = "w" }
        v:addSubview(w)
        print(w.superview == v)
        print(getmetatable(h.traitCollection), h.traitCollection == ui.ViewController{}.traitCollection)
        -- The check keeps the getmetatable it was made with; a view is no table.
        local saved = getmetatable
        getmetatable = function() end
        print(pcall(rawset, ui.View, "frame", 5))
        getmetatable = saved
        print(pcall(rawset, w, "x", 1))
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
        hook\ttrue
        false\trawset on a class or a table of ui's: set its fields with '=', which checks them (docs/api-conventions.md)
        true
        locked\ttrue
        false\trawset on a class or a table of ui's: set its fields with '=', which checks them (docs/api-conventions.md)
        false\tbad argument #1 to 'rawset' (table expected, got userdata)

        """)
        #expect(rt.simulation.trace.events.contains { $0.kind == .warning && $0.body.contains("viewWillAppear") })
    }

    /// The script's own names, and hooks set on an object or a class, are untouched; a
    /// collection between steps loses no refusal or field.
    @Test func ownNamesAndHooksStayFree() throws {
        let (outcome, out, _) = try runLua("""
        local vc = ui.ViewController{ name = "vc", items = { 1, 2 }, viewDidLoad = function(self) print("loaded", #self.items) end }
        collectgarbage()
        vc.model = "m"
        print(vc.model, vc.nothing, #vc.items)
        local _ = vc.view
        collectgarbage()
        print(pcall(function() return vc.isEditing end))
        local M = ui.View:extend("M")
        function M:layoutSubviews() end
        M.cache = {}
        print(M.cache ~= nil)
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
        m\tnil\t2
        loaded\t2
        false\ttest:7: UIViewController.isEditing is not modelled by Nestbox (docs/coverage.md)
        true

        """)
    }

    /// Every assignment to a class is checked, not only a key's first: a hook set again
    /// to a number, or a property set on a class after a hook of that class ran, is
    /// refused where it is set. The class's fields are kept behind its table; reading,
    /// `pairs`, a super call and a class's hook found after collections still work.
    @Test func aClassFieldSetAgainIsCheckedAgain() throws {
        let (outcome, out, _) = try runLua("""
        local D = ui.ViewController:extend("D")
        function D:viewDidLoad() print("D loaded") end
        print(pcall(function() D.viewDidLoad = 5 end))
        function D:viewDidLoad() print("D loaded again") end
        D.count = 1
        D.count = D.count + 1
        print(pcall(function() D.title = "x" end))
        local E = D:extend("E")
        function E:viewDidLoad() D.viewDidLoad(self); print("E loaded", self.count) end
        collectgarbage()
        for k, v in pairs(D) do print(k, type(v)) end
        print(rawget(D, "count"), next(D), pcall(rawset, D, "count", 3))
        local e = E{ name = "e" }
        collectgarbage()
        local _ = e.view
        D.viewDidLoad = nil
        E{ name = "e2" }.view.tag = 1
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
        false\ttest:3: hook 'viewDidLoad' must be a function, got number (docs/api-conventions.md)
        false\ttest:7: 'title' is a property of ViewController: set it on the object (in init), not on the class (docs/api-conventions.md)
        count\tnumber
        viewDidLoad\tfunction
        nil\tnil\tfalse\trawset on a class or a table of ui's: set its fields with '=', which checks them (docs/api-conventions.md)
        D loaded again
        E loaded\t2
        E loaded\t2

        """)
    }

    /// The two names every class has: `init`, which the constructor runs only when it is
    /// a function (a number there was never called), and `extend`, the host's.
    @Test func initAndExtendOnAClass() throws {
        let (outcome, out, _) = try runLua("""
        local D = ui.View:extend("D")
        print(pcall(function() D.init = 5 end))
        print(pcall(function() D.extend = function() end end))
        function D:init() self.tag = 7 end
        D.init = nil
        function D:init() self.tag = 8 end
        print(D{ name = "d" }.tag, D:extend("E"){ name = "e" }.tag)
        print(pcall(function() return D:extend() end))
        """)
        #expect(outcome == .ok, "\(outcome)")
        #expect(out == """
        false\ttest:2: 'init' must be a function, got number (docs/api-conventions.md)
        false\ttest:3: 'extend' makes a subclass and cannot be set on a class (docs/api-conventions.md)
        8\t8
        false\ttest:8: bad argument #1 to 'extend' (string expected, got no value)

        """)
    }
}
