-- paged-onboarding.lua: the onboarding pager of many apps, built on a paging scroll view
-- rather than a page view controller. The cards are plain views in one scroll view, so
-- nothing appears or disappears as they pass: the page indicator follows the scroll
-- view's delegate instead (docs/layout.md, Scroll views).

local titles = { "Welcome", "Sync", "Share" }

---@class OnboardingController: ViewController
local Onboarding = ui.ViewController:extend("OnboardingController")

function Onboarding:viewDidLoad()
  local w, h = self.view.bounds.width, self.view.bounds.height
  -- The pager pages by its own width; its content is the cards side by side. It fills
  -- the screen, and only its horizontal axis scrolls, so the safe area adds nothing to
  -- its inset: the cards keep their own margins.
  self.pager = ui.ScrollView{ name = "pager", frame = { 0, 0, w, h }, contentSize = { w * #titles, h },
    isPagingEnabled = true, delegate = {
      didEndDecelerating = function(s) self:showPage(s) end,
      didEndScrollingAnimation = function(s) self:showPage(s) end } }
  for i, title in ipairs(titles) do
    local card = ui.View{ name = "card" .. i, frame = { w * (i - 1), 0, w, h } }
    card:addSubview(ui.Label{ name = "card" .. i .. ".title", text = title, frame = { 20, 300, w - 40, 44 } })
    self.pager:addSubview(card)
  end
  self.view:addSubview(self.pager)
  self.indicator = ui.Label{ name = "indicator", text = "1 / " .. #titles, frame = { 0, h - 120, w, 20 } }
  self.view:addSubview(self.indicator)
  self.nextButton = ui.Button{ name = "next", title = "Next", frame = { w - 100, h - 80, 80, 44 } }
  self.nextButton:addTarget(function() self:goNext() end, "touchUpInside")
  self.view:addSubview(self.nextButton)
end

function Onboarding:page()
  return math.floor(self.pager.contentOffset.x / self.pager.bounds.width + 0.5) + 1
end

-- The indicator changes once the content rests, not while it moves.
function Onboarding:showPage()
  self.indicator.text = self:page() .. " / " .. #titles
end

-- The button scrolls by code: an animated offset change, which ends with
-- didEndScrollingAnimation rather than didEndDecelerating.
function Onboarding:goNext()
  local p = self:page()
  if p < #titles then self.pager:setContentOffset({ x = p * self.pager.bounds.width, y = 0 }, true) end
end

local onboarding = Onboarding{ name = "onboarding" }
ui.window.rootViewController = onboarding
ui.window:makeKeyAndVisible()
local pager, w = onboarding.pager, ui.screen.width
assert(pager.adjustedContentInset.top == 0 and pager.contentOffset.x == 0)

-- A quick swipe turns one page, however short: the release is faster than 300 points a
-- second. willEndDragging is not called for a paging scroll view (Apple's page).
ui.trace.mark("swipe")
ui.pan{ from = { 300, 400 }, to = { 200, 400 }, steps = 4, duration = 0.1 }
assert(pager.isDecelerating and onboarding.indicator.text == "1 / 3")
ui.settle()
assert(pager.contentOffset.x == w and onboarding.indicator.text == "2 / 3")
local heard = {}
for _, e in ipairs(ui.trace.events{ kinds = "delegate", since = "swipe" }) do
  if e.event ~= "didScroll" then heard[#heard + 1] = e.event end
end
assert(table.concat(heard, " ") == "willBeginDragging didEndDragging willBeginDecelerating didEndDecelerating", table.concat(heard, " "))

-- A slow drag that stops short of half a page settles back on the page it left.
local finger = ui.pan{ from = { 300, 400 }, to = { 200, 400 }, steps = 4, duration = 0.4, release = false }
ui.advance(0.5)
finger:release()
ui.settle()
assert(pager.contentOffset.x == w and onboarding.indicator.text == "2 / 3")

-- The button's animated scroll takes 0.3 s.
ui.tap("Next")
assert(pager.contentOffset.x == w)
ui.advance(0.3)
assert(pager.contentOffset.x == 2 * w and onboarding.indicator.text == "3 / 3")

-- A swipe past the last card pulls it by the rubber band and springs back.
ui.pan{ from = { 300, 400 }, to = { 100, 400 }, steps = 4, duration = 0.1 }
assert(pager.contentOffset.x > 2 * w and pager.contentOffset.x < 2 * w + 200)
ui.settle()
assert(pager.contentOffset.x == 2 * w)
print("OK")
