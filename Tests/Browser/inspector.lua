-- The design the browser tests open the report of (Tests/Browser/report_test.py): a
-- host, a child added at t = 1 with a label inside, then slid across at t = 2.
---@class Host: ViewController
local Host = ui.ViewController:extend("Host")
function Host:viewDidLoad() self.view.backgroundColor = "white" end

local host = Host{ name = "host" }
ui.window.rootViewController = host
ui.window:makeKeyAndVisible()
ui.settle()
ui.advance(1)

local card = ui.ViewController{ name = "card" }
host:addChild(card)
card.view.frame = { 40, 200, 300, 200 }
card.view.backgroundColor = "systemBlue"
host.view:addSubview(card.view)
card:didMove(host)
card.view:addSubview(ui.Label{ name = "badge", text = "Hi", frame = { 10, 10, 80, 30 }, backgroundColor = "yellow" })
ui.settle()
ui.advance(1)
ui.animate{ duration = 0.5, animations = function() card.view.frame = { 60, 300, 300, 200 } end }
ui.settle()
