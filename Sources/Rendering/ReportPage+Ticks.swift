/// The frames the `--report` page draws itself (ReportSegment.swift, policy Q33): the 60 Hz
/// ticks of an animation with nothing run between them. Each step mirrors the Swift it
/// names, in the same order of operations, so the page's elements, attributes and
/// numbers are those `SVG.encode` would have written for the tick (an attribute the look
/// lacked is added last, so the attributes' order may differ):
/// `Tests/Browser/report_test.py` compares every such frame with the same run's report
/// taken whole (`NESTBOX_REPORT_TICKS=whole`).
extension ReportPage {
    static let ticksScript = #"""
        // formatNumber (NumberFormatting.swift): at most three decimals, no trailing zeros;
        // from 1e12 on as its `general` writes them (C's "%.3f": every digit, exactly).
        function fmt(v) {
          if (Number.isNaN(v)) return "nan";
          if (!Number.isFinite(v)) return v < 0 ? "-inf" : "inf";
          const m = Math.round(Math.abs(v) * 1000);
          if (m >= 1e15) {
            const scaled = v * 1000;
            const r = Number.isFinite(scaled) ? Math.sign(scaled) * Math.round(Math.abs(scaled)) / 1000 : v;
            if (Number.isInteger(r)) return BigInt(r).toString();
            return fixed3(r).replace(/0+$/, "").replace(/\.$/, "");
          }
          const frac = m % 1000;
          let s = (v < 0 && m !== 0 ? "-" : "") + String((m - frac) / 1000);
          if (frac) s += "." + String(frac).padStart(3, "0").replace(/0+$/, "");
          return s;
        }
        // C's "%.3f" of a Double that is not an integer: its exact binary value written to
        // three decimals, a tie to the even digit (glibc; toFixed would round it up).
        function fixed3(r) {
          let n = Math.abs(r), k = 0;
          while (!Number.isInteger(n)) { n *= 2; k++; }
          const den = 1n << BigInt(k), num = BigInt(n) * 1000n, rem = num % den;
          let q = num / den;
          if (rem * 2n > den || (rem * 2n === den && q % 2n === 1n)) q += 1n;
          const digits = q.toString().padStart(4, "0");
          return (r < 0 ? "-" : "") + digits.slice(0, -3) + "." + digits.slice(-3);
        }
        // Transform.concatenating: s, then t.
        function concat(s, t) {
          return [s[0] * t[0] + s[1] * t[2], s[0] * t[1] + s[1] * t[3],
                  s[2] * t[0] + s[3] * t[2], s[2] * t[1] + s[3] * t[3],
                  s[4] * t[0] + s[5] * t[2] + t[4], s[4] * t[1] + s[5] * t[3] + t[5]];
        }
        // Renderer.isDrawable, of a matrix and of a rectangle.
        function drawable(m) {
          const det = m[0] * m[3] - m[1] * m[2];
          return m.every(Number.isFinite) && det !== 0 && Number.isFinite(det);
        }
        // Renderer.boundingBox, written as the page's places are (formatNumber).
        function boundingBox(r, m) {
          const xs = [], ys = [];
          for (const [px, py] of [[r[0], r[1]], [r[0] + r[2], r[1]], [r[0], r[1] + r[3]], [r[0] + r[2], r[1] + r[3]]]) {
            xs.push(m[0] * px + m[2] * py + m[4]); ys.push(m[1] * px + m[3] * py + m[5]);
          }
          const x = Math.min(...xs), y = Math.min(...ys);
          return [x, y, Math.max(...xs) - x, Math.max(...ys) - y].map(n => +fmt(n));
        }
        const isTick = f => data.frames[f].length > 7;
        // Each view drawn at the segment's look, at frame f: its presentation (the model
        // plus each animation's delta × (1 − its group's progress), View.presentationValue),
        // then its matrix, opacity and visibility down the tree (Renderer.render).
        let tickMemo = { frame: -1, views: null };
        function tickViews(f) {
          if (tickMemo.frame === f) return tickMemo.views;
          const fd = data.frames[f], seg = data.segments[fd[7]], progress = fd[8], V = seg.v;
          const count = V.length / 14, vals = [];
          for (let i = 0; i < count; i++) vals.push(V.slice(i * 14 + 1, i * 14 + 14));
          // center at 0, bounds at 2, transform at 6, alpha at 12 (ReportSegment.codes).
          const at = [0, 2, 6, 12], size = [2, 4, 6, 1];
          for (let k = 0; k < seg.n.length;) {
            const x = vals[seg.n[k]], p = seg.n[k + 1], q = 1 - progress[seg.n[k + 2]];
            for (let j = 0; j < size[p]; j++) x[at[p] + j] = x[at[p] + j] + seg.n[k + 3 + j] * q;
            k += 3 + size[p];
          }
          const views = [];
          for (let i = 0; i < count; i++) {
            const [cx, cy, bx, by, bw, bh, ta, tb, tc, td, ttx, tty, al] = vals[i], parent = V[i * 14];
            const up = parent < 0 ? null : views[parent];
            const alpha = (up ? up.alpha : 1) * Math.max(0, Math.min(1, Number.isNaN(al) ? 0 : al));
            let m;
            if (!up) m = [1, 0, 0, 1, -bx, -by];
            else {
              const mx = bx + bw / 2, my = by + bh / 2;
              m = concat(concat(concat([1, 0, 0, 1, -mx, -my], [ta, tb, tc, td, ttx, tty]), [1, 0, 0, 1, cx, cy]), up.m);
            }
            const visible = (!up || up.visible) && alpha > 0 && drawable(m) && [bx, by, bw, bh].every(Number.isFinite);
            views.push({ m: m, alpha: alpha, visible: visible, box: [bx, by, Math.abs(bw), Math.abs(bh)] });
          }
          tickMemo = { frame: f, views: views };
          return views;
        }
        // ReportSegment.Shape.rect: where a shape sits in its view's box.
        function shapeRect(shape, b) {
          switch (shape) {
            case 1: return [b[0], b[1] + b[3] - 0.5, b[2], 0.5];
            case 2: return [b[0], b[1], b[2], 0.5];
            case 3: return [b[0] + 16, b[1] + b[3] - 0.5, Math.max(0, b[2] - 16), 0.5];
            default: return b;
          }
        }
        // SVG.Writer.place: a translation folds into x and y, any other matrix is written.
        function place(el, x, y, m) {
          const plain = m[0] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 1;
          el.setAttribute("x", fmt(plain ? x + m[4] : x));
          el.setAttribute("y", fmt(plain ? y + m[5] : y));
          if (plain) el.removeAttribute("transform");
          else el.setAttribute("transform", "matrix(" + m.map(fmt).join(" ") + ")");
        }
        // The look's SVG moved to frame f: each shape's element (the SVG writes one per
        // shape, in order, after the window's background) placed and faded as
        // SVG.encode writes it. A view out of sight draws nothing (Renderer.render skips
        // it and what is inside it): its shapes go, a clip's group with them, and the
        // clips left are numbered again in order, as the SVG numbers them.
        function drawTick(svg, f) {
          const seg = data.segments[data.frames[f][7]], views = tickViews(f);
          const els = svg.querySelectorAll("rect, text"), gone = [];
          for (let k = 0, e = seg.bg; k < seg.o.length; k += 4, e++) {
            const el = els[e], v = views[seg.o[k]], shape = seg.o[k + 1];
            if (!v.visible) { gone.push(el); continue; }
            const a = seg.o[k + 2] * v.alpha, b = v.box;
            let paint = null;
            if (shape >= 4) {
              const x = shape === 4 ? Math.min(b[0], b[0] + b[2]) : shape === 5 ? b[0] + b[2] / 2 : Math.max(b[0], b[0] + b[2]);
              place(el, x, b[1] + b[3] / 2 + seg.o[k + 3] * 0.35, v.m);
              paint = "fill-opacity";
            } else {
              const r = shapeRect(shape, b);
              place(el, r[0], r[1], v.m);
              el.setAttribute("width", fmt(r[2])); el.setAttribute("height", fmt(r[3]));
              if (el.parentNode.nodeName !== "clipPath") paint = el.getAttribute("fill") === "none" ? "stroke-opacity" : "fill-opacity";
            }
            if (paint && a < 1) el.setAttribute(paint, fmt(a));
            else if (paint) el.removeAttribute(paint);
          }
          if (!gone.length) return;
          for (const el of gone) {
            const clip = el.parentNode.nodeName === "clipPath" ? el.parentNode : null;
            if (clip) { if (clip.nextElementSibling) clip.nextElementSibling.remove(); clip.remove(); }
            else el.remove();
          }
          svg.querySelectorAll("clipPath").forEach((clip, i) => {
            clip.setAttribute("id", "c" + (i + 1));
            clip.nextElementSibling.setAttribute("clip-path", "url(#c" + (i + 1) + ")");
          });
        }
        // The inspector's places and the controllers' boxes at frame f, of the views in
        // sight (placesJSON and boxesJSON of the look, at the tick).
        function tickPlaces(f) {
          return tickViews(f).map(v => v.visible ? boundingBox(v.box, v.m) : null);
        }
        function tickBoxes(f, look) {
          const seg = data.segments[data.frames[f][7]], views = tickViews(f);
          return look.map((b, i) => [b[0], views[seg.b[i]]]).filter(([, v]) => v.visible)
                     .map(([name, v]) => [name, ...boundingBox(v.box, v.m)]);
        }

        """#
}
