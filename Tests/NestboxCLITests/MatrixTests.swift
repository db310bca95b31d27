import Foundation
import Testing
import NestboxCLI

/// `nestbox run --matrix` (README.md, `nestbox run`): one fresh world per device and
/// orientation, one line per cell against the first, the cells' screens in a grid.
@Suite struct MatrixTests {
    static let design = """
        local home = ui.ViewController{ name = "home", title = "Home" }
        local nav = ui.NavigationController{ name = "nav", root = home }
        home.view:addSubview(ui.View{ name = "box", frame = { 20, 120, 200, 100 }, backgroundColor = "systemBlue" })
        ui.window.rootViewController = nav
        ui.window:makeKeyAndVisible()
        print(ui.screen.name, ui.screen.width, ui.screen.height, nav.navigationBar.frame.y)
        """

    @Test("a cell per device and orientation, each against the first; the same cell twice is the same")
    func cells() throws {
        let file = try script(Self.design)
        let r = nestbox(["run", file, "--matrix", "devices=iphone-se,iphone-16-pro-max,iphone-se", "--matrix", "orientations=portrait,landscape"])
        #expect(r.code == 0, "\(r.err)")
        #expect(r.out == """
            cell iphone-se portrait: the first cell (37 lines)
            cell iphone-se landscape: 16 lines differ
            cell iphone-16-pro-max portrait: 14 lines differ
            cell iphone-16-pro-max landscape: 15 lines differ
            cell iphone-se portrait: same trace as the first cell
            cell iphone-se landscape: 16 lines differ

            """)
        let verbose = nestbox(["run", file, "--matrix", "orientations=landscape,portrait", "--verbose"])
        #expect(verbose.out.contains("    - [0.000] log: iPhone 15\t852.0\t393.0\t0.0\n"), "\(verbose.out)")
        #expect(verbose.out.contains("    + [0.000] log: iPhone 15\t393.0\t852.0\t59.0\n"))
    }

    @Test("a failing cell says its exit and first line, and the run exits with it")
    func failingCell() throws {
        let file = try script("assert(ui.screen.width < 400, 'too wide')\n")
        let r = nestbox(["run", file, "--matrix", "devices=iphone-se,ipad-11"])
        #expect(r.code == 1)
        #expect(r.out == "cell iphone-se portrait: the first cell (4 lines)\ncell ipad-11 portrait: exit 1: \(file):1: too wide\n")
    }

    @Test("--snapshot draws the cells in a grid, a column per orientation, each labelled")
    func grid() throws {
        let file = try script(Self.design)
        let dir = (file as NSString).deletingLastPathComponent
        let r = nestbox(["run", file, "--matrix", "devices=iphone-se,ipad-11", "--matrix", "orientations=portrait,landscape",
                         "--snapshot", dir + "/grid.svg"])
        #expect(r.code == 0)
        let svg = try String(contentsOfFile: dir + "/grid.svg", encoding: .utf8)
        // Cells 1180 wide (the iPad's landscape), 2 columns; rows 24 + 1180 + 16.
        #expect(svg.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="2408" height="2440""#), "\(svg.prefix(100))")
        for label in ["iphone-se portrait", "iphone-se landscape", "ipad-11 portrait", "ipad-11 landscape"] {
            #expect(svg.contains(">\(label)</text>"))
        }
    }

    @Test("usage: unknown axes and values, options a matrix cannot take")
    func usage() throws {
        let file = try script(Self.design)
        for (args, message) in [
            (["--matrix", "devices=iphone-99"], "unknown device 'iphone-99'"),
            (["--matrix", "colours=red"], "unknown --matrix axis 'colours' (devices, orientations, directions)"),
            (["--matrix", "directions=ltr,up"], "unknown direction 'up' (ltr, rtl, leftToRight, rightToLeft)"),
            (["--matrix", "orientations=sideways"], "unknown orientation 'sideways'"),
            (["--matrix", "devices"], "--matrix takes AXIS=VALUE,VALUE"),
            (["--matrix", "devices=iphone-se", "--expect", "x.txt"], "--expect cannot be used with --matrix"),
            (["--verbose"], "--verbose needs --matrix"),
        ] {
            let r = nestbox(["run", file] + args)
            #expect(r.code == 2, "\(args)")
            #expect(r.err.contains(message), "\(args): \(r.err)")
        }
    }

    @Test("--report with a matrix: one page, a data block and a picker entry per cell")
    func reportOfCells() throws {
        let file = try script(Self.design)
        let page = (file as NSString).deletingLastPathComponent + "/cells.html"
        let r = nestbox(["run", file, "--trace", "none", "--matrix", "devices=iphone-se,ipad-11",
                         "--matrix", "orientations=portrait,landscape", "--report", page])
        #expect(r.code == 0, "\(r.err)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains(#"<select id="cell" aria-label="cell"><option value="0">iphone-se portrait</option><option value="1">iphone-se landscape</option><option value="2">ipad-11 portrait</option><option value="3">ipad-11 landscape</option></select>"#))
        for i in 0..<4 { #expect(html.contains("<script type=\"application/json\" id=\"data-\(i)\">\n{\"title\":")) }
        #expect(!html.contains("id=\"data-4\"") && !html.contains("id=\"data\">"))
        #expect(html.contains("— ipad-11 landscape\""))
        // Each cell's screen is its own device's size.
        #expect(html.contains(#"viewBox=\"0 0 375 667\""#) && html.contains(#"viewBox=\"0 0 1180 820\""#))
    }

    @Test("a directions axis: each cell starts left to right or right to left; the tab bar's buttons differ")
    func directions() throws {
        let file = try script("""
            local tabs = ui.TabBarController{ name = "tabs", viewControllers = { ui.ViewController{ name = "one", title = "One" },
              ui.ViewController{ name = "two", title = "Two" } } }
            ui.window.rootViewController = tabs
            ui.window:makeKeyAndVisible()
            """)
        let r = nestbox(["run", file, "--trace", "none", "--matrix", "directions=ltr,rtl", "--verbose"])
        #expect(r.code == 0, "\(r.err)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("cell iphone-15 portrait ltr: the first cell (") == true, "\(r.out)")
        #expect(lines.count > 2 && lines[1] == "cell iphone-15 portrait rtl: 4 lines differ", "\(r.out)")
        #expect(r.out.contains("    +    |    |    | <TabBarButton: tabs.tabBar.button1; frame = (196.5 0; 196.5 49)>"), "\(r.out)")
    }
}
