import Containment
import Foundation
import Rendering
import Testing

/// The PNG back-end, decoded and read pixel by pixel at places the model fixes.
@Suite struct PixelTests {
    @Test func aRedViewIsRedAndTheScreenWhite() throws {
        let sim = try window { sim, w in try w.addSubview(view(sim, Rect(x: 10, y: 20, width: 50, height: 40), "red")) }
        let p = try png(sim)
        #expect(p.width == 393 && p.height == 852)
        #expect(p[x: 35, y: 40] == (255, 0, 0, 255))
        #expect(p[x: 5, y: 40] == (255, 255, 255, 255))
        #expect(p[x: 35, y: 61] == (255, 255, 255, 255))
    }

    @Test func scaleMultipliesThePixels() throws {
        let sim = try window { sim, w in try w.addSubview(view(sim, Rect(x: 10, y: 20, width: 50, height: 40), "#0000FF")) }
        let p = try png(sim, scale: 2)
        #expect(p.width == 786 && p.height == 1704)
        #expect(p[x: 21, y: 41] == (0, 0, 255, 255))
        #expect(p[x: 19, y: 41] == (255, 255, 255, 255))
        #expect(p[x: 119, y: 99] == (0, 0, 255, 255))
        #expect(p[x: 121, y: 99] == (255, 255, 255, 255))
    }

    @Test func alphaMultipliesDownTheTreeAndBlends() throws {
        let sim = try window { sim, w in
            let outer = view(sim, Rect(x: 0, y: 0, width: 200, height: 200))
            outer.alpha = 0.5
            let inner = view(sim, Rect(x: 0, y: 0, width: 100, height: 100), "black")
            inner.alpha = 0.5
            try w.addSubview(outer)
            try outer.addSubview(inner)
        }
        let p = try png(sim)
        // Black at 0.25 over white: 255 × 0.75.
        let (r, g, b, a) = p[x: 50, y: 50]
        #expect(a == 255 && abs(r - 191) <= 1 && r == g && g == b)
        #expect(p[x: 150, y: 150] == (255, 255, 255, 255))
    }

    @Test func hiddenAndTransparentViewsDrawNothing() throws {
        let sim = try window { sim, w in
            let hidden = view(sim, Rect(x: 0, y: 0, width: 100, height: 100), "red")
            hidden.isHidden = true
            let clear = view(sim, Rect(x: 100, y: 0, width: 100, height: 100), "red")
            clear.alpha = 0
            try w.addSubview(hidden)
            try w.addSubview(clear)
        }
        let p = try png(sim)
        #expect(p[x: 50, y: 50] == (255, 255, 255, 255))
        #expect(p[x: 150, y: 50] == (255, 255, 255, 255))
    }

    @Test func aRotatedViewTurnsAboutItsCentre() throws {
        let sim = try window { sim, w in
            // 200 × 20 centred at (150, 150), turned a quarter: 20 wide and 200 tall.
            let bar = view(sim, Rect(x: 50, y: 140, width: 200, height: 20), "green")
            bar.transform = .rotate(Double.pi / 2)
            try w.addSubview(bar)
        }
        let p = try png(sim)
        #expect(p[x: 150, y: 60] == (0, 255, 0, 255))
        #expect(p[x: 150, y: 240] == (0, 255, 0, 255))
        #expect(p[x: 60, y: 150] == (255, 255, 255, 255))
        #expect(p[x: 240, y: 150] == (255, 255, 255, 255))
    }

    @Test func clipsToBoundsAndTheBoundsOriginScroll() throws {
        let sim = try window { sim, w in
            let box = view(sim, Rect(x: 0, y: 0, width: 100, height: 100))
            box.clipsToBounds = true
            box.bounds = Rect(x: 0, y: 50, width: 100, height: 100)     // scrolled down 50
            try w.addSubview(box)
            try box.addSubview(view(sim, Rect(x: 0, y: 60, width: 200, height: 200), "blue"))
        }
        let p = try png(sim)
        #expect(p[x: 50, y: 5] == (255, 255, 255, 255))     // content y 55: above the blue
        #expect(p[x: 50, y: 15] == (0, 0, 255, 255))        // content y 65
        #expect(p[x: 150, y: 50] == (255, 255, 255, 255))   // clipped at x 100
    }

    @Test func aMidAnimationPictureShowsThePresentationValue() throws {
        let sim = try window { sim, w in try w.addSubview(view(sim, Rect(x: 0, y: 0, width: 100, height: 100), "red")) }
        let v = sim.window.subviews[0]
        sim.animator.animate(duration: 1, curve: .linear, animations: { v.setCenter(Point(x: 250, y: 50)) })
        sim.advance(by: 0.5)
        let p = try png(sim)
        // Halfway: the view spans x 100…200.
        #expect(p[x: 150, y: 50] == (255, 0, 0, 255))
        #expect(p[x: 95, y: 50] == (255, 255, 255, 255))
        #expect(p[x: 205, y: 50] == (255, 255, 255, 255))
    }

    @Test func anUnknownColourIsMagentaAndSystemColoursHaveUIKitsValues() throws {
        let sim = try window { sim, w in
            try w.addSubview(view(sim, Rect(x: 0, y: 0, width: 50, height: 50), "rouge"))
            try w.addSubview(view(sim, Rect(x: 50, y: 0, width: 50, height: 50), "systemBlue"))
        }
        let p = try png(sim)
        #expect(p[x: 25, y: 25] == (255, 0, 255, 255))
        #expect(p[x: 75, y: 25] == (0, 122, 255, 255))
    }

    @Test func tintColorResolvesToTheNearestTintAndOtherElementColoursHaveUIKitsValues() throws {
        let sim = try window { sim, w in
            let tinted = view(sim, Rect(x: 0, y: 0, width: 100, height: 50))
            tinted.tintColor = "systemRed"
            try w.addSubview(tinted)
            try tinted.addSubview(view(sim, Rect(x: 0, y: 0, width: 50, height: 50), "tintColor"))
            try w.addSubview(view(sim, Rect(x: 100, y: 0, width: 50, height: 50), "tintColor"))
            try w.addSubview(view(sim, Rect(x: 150, y: 0, width: 50, height: 50), "opaqueSeparator"))
            try w.addSubview(view(sim, Rect(x: 200, y: 0, width: 50, height: 50), "darkText"))
        }
        let p = try png(sim)
        #expect(p[x: 25, y: 25] == (255, 59, 48, 255))
        #expect(p[x: 125, y: 25] == (0, 122, 255, 255))
        #expect(p[x: 175, y: 25] == (198, 198, 200, 255))
        #expect(p[x: 225, y: 25] == (0, 0, 0, 255))
        // A label's text in UIColor.tintColor takes its tint, or its superview's.
        let sim2 = try window { sim, w in
            let tinted = view(sim, Rect(x: 0, y: 0, width: 300, height: 100))
            tinted.tintColor = "red"
            try w.addSubview(tinted)
            for (i, own) in [nil, "systemGreen"].enumerated() {
                let label = Label(simulation: sim, frame: Rect(x: 0, y: Double(i) * 50, width: 200, height: 40))
                label.text = "HHHH"
                label.textColor = "tintColor"
                label.tintColor = own
                try tinted.addSubview(label)
            }
        }
        let list = try #require(Renderer(overlays: []).render(sim2))
        let paints = list.ops.compactMap { if case .text(let run) = $0 { run.paint } else { nil } }
        #expect(paints == [Paint(r: 1, g: 0, b: 0, a: 1), Paint.named("systemGreen")!])
    }

    @Test func theSameWorldGivesTheSameBytes() throws {
        func picture() throws -> ([UInt8], [UInt8]) {
            let sim = try window { sim, w in
                let label = Label(simulation: sim, frame: Rect(x: 10, y: 100, width: 300, height: 40))
                label.text = "Hello, Nestbox"
                try w.addSubview(label)
                let v = view(sim, Rect(x: 20, y: 200, width: 100, height: 60), "orange")
                v.transform = .rotate(0.3)
                try w.addSubview(v)
            }
            let list = try #require(Renderer(overlays: [.controllers, .names, .safeArea]).render(sim))
            return (try PNG.encode(list).get(), try #require(SVG.encode(list)))
        }
        let (a, b) = try (picture(), picture())
        #expect(a.0 == b.0)
        #expect(a.1 == b.1)
    }

    @Test func aLabelsTextIsDrawnInsideTheLabelOnly() throws {
        let sim = try window { sim, w in
            let label = Label(simulation: sim, frame: Rect(x: 0, y: 0, width: 20, height: 40))
            label.text = "WWWWWWWWWW"
            label.fontSize = 30
            try w.addSubview(label)
        }
        let p = try png(sim)
        let inside = (0..<20).flatMap { x in (0..<40).map { y in p[x: x, y: y] } }
        #expect(inside.contains { $0.0 < 128 })
        let outside = (21..<300).flatMap { x in (0..<40).map { y in p[x: x, y: y] } }
        #expect(outside.allSatisfy { $0 == (255, 255, 255, 255) })
    }

    @Test func tooLargeAndEmptyPicturesAreRefused() throws {
        let sim = Simulation()
        let list = try #require(Renderer().render(sim))
        #expect(throws: RenderError("picture too large: 39300 × 85200 pixels (at most 16384 on a side and 16 million in all)")) {
            try PNG.encode(list, scale: 100).get()
        }
        let empty = try #require(Renderer().render(View(simulation: sim)))
        #expect(throws: RenderError("nothing to draw: the view is 0 × 0 points")) { try PNG.encode(empty).get() }
    }
}
