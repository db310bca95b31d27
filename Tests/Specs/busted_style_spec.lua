-- A spec as busted users write it: luassert's assertions with modifiers, spies and stubs,
-- setup and teardown. It runs unchanged under busted and under nestbox test.
describe("a cart", function()
  local cart, log

  setup(function() log = {} end)

  before_each(function()
    cart = { items = {}, add = function(self, item, price) self.items[#self.items + 1] = { item = item, price = price } end }
    cart.total = function(self)
      local sum = 0
      for _, i in ipairs(self.items) do sum = sum + i.price end
      return sum
    end
  end)

  teardown(function() log = nil end)

  it("compares values", function()
    cart:add("tea", 3)
    assert.are.equal(3, cart:total())
    assert.equals(3, cart:total())
    assert.is_not.equal(4, cart:total())
    assert.same({ { item = "tea", price = 3 } }, cart.items)
    assert.are_not.same({}, cart.items)
    assert.is_true(#cart.items == 1)
    assert.is_false(#cart.items == 0)
    assert.is_nil(cart.missing)
    assert.is_not_nil(cart.items)
    assert.truthy(cart.items[1])
    assert.falsy(cart.items[2])
    assert.is_number(cart:total())
    assert.is_string("x")
    assert.is_table(cart.items)
    assert.matches("^te", cart.items[1].item)
    assert.near(0.3, 0.1 + 0.2, 1e-9)
    assert(log, "setup ran")
    assert.is.truthy(log)
  end)

  it("checks errors", function()
    assert.has_error(function() error("boom") end, "boom")
    assert.has_error(function() error("boom") end)
    assert.error_matches(function() error("out of stock: tea") end, "stock")
    assert.has_no.errors(function() cart:add("jam", 2) end)
    assert.has_no_error(function() end)
  end)

  it("spies and stubs", function()
    local s = spy.on(cart, "add")
    cart:add("jam", 2)
    assert.spy(s).was.called()
    assert.spy(s).was.called(1)
    assert.spy(s).was.called_with(match._, "jam", 2)
    assert.spy(s).was_not.called_with(match._, "tea", 9)
    assert.are.equal(2, cart:total())
    s:revert()
    local f = spy.new(function(x) return x * 2 end)
    assert.are.equal(4, f(2))
    assert.spy(f).was.called_with(2)
    local t = stub(cart, "total")
    assert.is_nil(cart:total())
    assert.stub(t).was.called(1)
    t:revert()
    local never = spy.new(function() end)
    assert.spy(never).was_not.called()
  end)
end)
