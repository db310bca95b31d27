import Foundation
import Testing
import NestboxCLI

/// `--trace chrome`: the Trace Event Format for Perfetto UI and chrome://tracing.
@Suite struct ChromeTraceTests {
    @Test("a push: appearance phases and the animation as slices, the rest as instants, in microseconds, a nanosecond apart within an instant")
    func push() throws {
        let file = try script("""
            local a = ui.ViewController{ name = "a" }
            local n = ui.NavigationController{ name = "n", root = a }
            ui.window.rootViewController = n
            ui.window:makeKeyAndVisible()
            ui.settle()
            ui.trace.clear()
            n:pushViewController(ui.ViewController{ name = "b" }, true)
            ui.advance(1)
            """)
        let r = nestbox(["run", file, "--trace", "chrome", "--kinds", "lifecycle,containment,animation"])
        #expect(r.code == 0 && r.err == "")
        #expect(r.out == #"""
            {"displayTimeUnit":"ms","traceEvents":[
            {"ph":"M","name":"process_name","ts":0,"pid":1,"tid":0,"args":{"name":"Nestbox (virtual time)"}},
            {"ph":"M","name":"thread_name","ts":0,"pid":1,"tid":1,"args":{"name":"b"}},
            {"ph":"M","name":"thread_sort_index","ts":0,"pid":1,"tid":1,"args":{"sort_index":1}},
            {"ph":"M","name":"thread_name","ts":0,"pid":1,"tid":2,"args":{"name":"a"}},
            {"ph":"M","name":"thread_sort_index","ts":0,"pid":1,"tid":2,"args":{"sort_index":2}},
            {"ph":"M","name":"thread_name","ts":0,"pid":1,"tid":3,"args":{"name":"animations 1"}},
            {"ph":"M","name":"thread_sort_index","ts":0,"pid":1,"tid":3,"args":{"sort_index":3}},
            {"ph":"M","name":"thread_name","ts":0,"pid":1,"tid":4,"args":{"name":"n"}},
            {"ph":"M","name":"thread_sort_index","ts":0,"pid":1,"tid":4,"args":{"sort_index":4}},
            {"ph":"i","s":"t","name":"willMove","cat":"containment","ts":0,"pid":1,"tid":1,"args":{"toParent":"n","text":"b.willMove(toParent: n)"}},
            {"ph":"i","s":"t","name":"loadView","cat":"lifecycle","ts":0.001,"pid":1,"tid":1,"args":{"text":"b.loadView()"}},
            {"ph":"i","s":"t","name":"viewDidLoad","cat":"lifecycle","ts":0.002,"pid":1,"tid":1,"args":{"text":"b.viewDidLoad()"}},
            {"ph":"i","s":"t","name":"viewSafeAreaInsetsDidChange","cat":"lifecycle","ts":0.005,"pid":1,"tid":1,"args":{"text":"b.viewSafeAreaInsetsDidChange()"}},
            {"ph":"i","s":"t","name":"viewWillLayoutSubviews","cat":"lifecycle","ts":0.006,"pid":1,"tid":1,"args":{"text":"b.viewWillLayoutSubviews()"}},
            {"ph":"i","s":"t","name":"viewDidLayoutSubviews","cat":"lifecycle","ts":0.007,"pid":1,"tid":1,"args":{"text":"b.viewDidLayoutSubviews()"}},
            {"ph":"i","s":"t","name":"viewIsAppearing","cat":"lifecycle","ts":0.008,"pid":1,"tid":1,"args":{"animated":true,"text":"b.viewIsAppearing(animated: true)"}},
            {"ph":"i","s":"t","name":"viewWillLayoutSubviews","cat":"lifecycle","ts":0.010,"pid":1,"tid":4,"args":{"text":"n.viewWillLayoutSubviews()"}},
            {"ph":"i","s":"t","name":"viewDidLayoutSubviews","cat":"lifecycle","ts":0.011,"pid":1,"tid":4,"args":{"text":"n.viewDidLayoutSubviews()"}},
            {"ph":"X","name":"animation#1","cat":"phase","ts":0.009,"dur":349999.991,"pid":1,"tid":3,"args":{"duration":0.35,"curve":"easeInOut","views":"b.view, a.view","text":"animation#1.begin(duration: 0.35, curve: \"easeInOut\", views: \"b.view, a.view\")"}},
            {"ph":"X","name":"disappearing","cat":"phase","ts":0.003,"dur":349999.998,"pid":1,"tid":2,"args":{"animated":true,"text":"a.viewWillDisappear(animated: true)"}},
            {"ph":"i","s":"t","name":"viewDidDisappear","cat":"lifecycle","ts":350000.001,"pid":1,"tid":2,"args":{"animated":true,"text":"a.viewDidDisappear(animated: true)"}},
            {"ph":"X","name":"appearing","cat":"phase","ts":0.004,"dur":349999.998,"pid":1,"tid":1,"args":{"animated":true,"text":"b.viewWillAppear(animated: true)"}},
            {"ph":"i","s":"t","name":"viewDidAppear","cat":"lifecycle","ts":350000.002,"pid":1,"tid":1,"args":{"animated":true,"text":"b.viewDidAppear(animated: true)"}},
            {"ph":"i","s":"t","name":"didMove","cat":"containment","ts":350000.003,"pid":1,"tid":1,"args":{"toParent":"n","text":"b.didMove(toParent: n)"}},
            {"ph":"i","s":"t","name":"viewWillLayoutSubviews","cat":"lifecycle","ts":350000.004,"pid":1,"tid":4,"args":{"text":"n.viewWillLayoutSubviews()"}},
            {"ph":"i","s":"t","name":"viewDidLayoutSubviews","cat":"lifecycle","ts":350000.005,"pid":1,"tid":4,"args":{"text":"n.viewDidLayoutSubviews()"}}
            ]}

            """#)
    }

    /// An animation's begin cleared from the trace: its end is an instant on its own
    /// track, as an appearance phase's close is without its open.
    @Test("an animation's end without its begin is an instant")
    func endWithoutBegin() throws {
        let file = try script("""
            local root = ui.ViewController{ name = "root" }
            ui.window.rootViewController = root
            local v = ui.View{ name = "box" }; root.view:addSubview(v)
            ui.animate{ duration = 0.5, animations = function() v.alpha = 0.3 end }
            ui.window:makeKeyAndVisible()
            ui.trace.clear()
            ui.advance(1)
            """)
        let r = nestbox(["run", file, "--trace", "chrome", "--kinds", "animation"])
        #expect(r.code == 0)
        #expect(r.out.split(separator: "\n").filter { !$0.contains(#""ph":"M""#) }.dropFirst().dropLast() == [
            #"{"ph":"i","s":"t","name":"end","cat":"animation","ts":500000,"pid":1,"tid":1,"args":{"finished":true,"text":"animation#1.end(finished: true)"}}"#,
        ])
    }

    @Test("--frames: each presentation frame is also a counter of x, y, width, height and alpha")
    func frameCounters() throws {
        let file = try script("""
            ui.window:makeKeyAndVisible()
            local v = ui.View{ name = "square", frame = { 0, 0, 10, 10 } }
            ui.window:addSubview(v)
            ui.animate{ duration = 0.1, options = { "curveLinear" }, animations = function() v.frame = { 60, 0, 10, 10 }; v.alpha = 0.5 end }
            """)
        let r = nestbox(["run", file, "--trace", "chrome", "--frames", "--kinds", "animation"])
        #expect(r.code == 0)
        let counters = r.out.split(separator: "\n").filter { $0.contains(#""ph":"C""#) }
        #expect(counters.count == 6, "\(r.out)")
        #expect(counters.first == #"{"ph":"C","name":"square frame","ts":16667,"pid":1,"args":{"x":10,"y":0,"width":10,"height":10,"alpha":0.916667}},"#)
    }

    @Test("the sliding menu's timeline: valid JSON, every event has ph, ts, pid and tid, slices on a track nest")
    func structure() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let r = nestbox(["run", root.appendingPathComponent("scripts/examples/sliding-menu.lua").path, "--trace", "chrome"])
        #expect(r.code == 0)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        let events = try #require(json["traceEvents"] as? [[String: Any]])
        #expect(events.count > 150)
        var slices: [Int: [(start: Int, end: Int)]] = [:]
        var instants = Set<Int>()
        // Times in whole nanoseconds (the file's are microseconds with three decimals).
        func ns(_ v: Any?) -> Int? { (v as? NSNumber).map { Int(($0.doubleValue * 1000).rounded()) } }
        for e in events {
            let ph = try #require(e["ph"] as? String)
            #expect(["M", "X", "i"].contains(ph))
            #expect(ns(e["ts"]) != nil && e["pid"] is Int && e["tid"] is Int, "\(e)")
            if ph == "X", let ts = ns(e["ts"]), let dur = ns(e["dur"]), let tid = e["tid"] as? Int {
                #expect(dur > 0)
                slices[tid, default: []].append((ts, ts + dur))
            }
            // Every event has an instant of its own, so Perfetto keeps their order.
            if ph == "i", let ts = ns(e["ts"]) { #expect(instants.insert(ts).inserted, "\(e)") }
        }
        #expect(slices.values.contains { $0.count > 1 }, "some track has several slices")
        for (tid, list) in slices {
            // Two slices on one track are disjoint or one holds the other.
            for (i, a) in list.enumerated() {
                for b in list[(i + 1)...] {
                    let disjoint = a.end <= b.start || b.end <= a.start
                    let nested = (a.start <= b.start && b.end <= a.end) || (b.start <= a.start && a.end <= b.end)
                    #expect(disjoint || nested, "track \(tid): \(a) and \(b) overlap")
                }
            }
        }
    }
}
