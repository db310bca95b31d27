#!/usr/bin/env python3
"""The HTML report in a real browser, driven by WebDriver (Debian's chromium and
chromium-driver, selenium from PyPI): scripts/test runs it with the release binary.

    python3 Tests/Browser/report_test.py NESTBOX_BINARY

Each check drives the page as a user does (clicks, keys, the slider, the filter box)
and reads the DOM and the geometry the browser laid out. Exit 0 when all pass.
"""
import os
import re
import subprocess
import sys
import tempfile

os.environ.setdefault("SE_AVOID_STATS", "true")      # no network from selenium
from selenium import webdriver                      # noqa: E402
from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
failures = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what)
    if not condition:
        failures.append(what)


def browser(width, height):
    o = Options()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--force-device-scale-factor=1",
              f"--window-size={width},{height}"):
        o.add_argument(a)
    o.binary_location = next(p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if os.path.exists(p))
    driver = next(p for p in ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver") if os.path.exists(p))
    return webdriver.Chrome(options=o, service=Service(executable_path=driver))


def event_index(d, text):
    return d.execute_script("return data.events.findIndex(e => e[4] === arguments[0])", text)


def click_event(d, text):
    i = event_index(d, text)
    row = d.find_elements(By.CSS_SELECTOR, ".event")[i]
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", row)
    row.click()
    return i


def tree_line(d, pane, name):
    for n in d.find_elements(By.CSS_SELECTOR, f"#{pane} .node"):
        if n.get_attribute("data-name") == name:
            return n
    return None


def screen_point(d, x, y):
    """A point of the model's window, in the browser's CSS pixels."""
    return d.execute_script("""
        const svg = document.querySelector('#screen svg');
        const p = svg.createSVGPoint(); p.x = arguments[0]; p.y = arguments[1];
        const q = p.matrixTransform(svg.getScreenCTM());
        return [q.x, q.y];""", x, y)


def click_screen(d, x, y):
    """Clicks the model's window point (x, y): the offset from the screen's centre, both
    measured in the viewport, as WebDriver moves from an element's centre."""
    dx, dy = d.execute_script("""
        const svg = document.querySelector('#screen svg'), r = svg.getBoundingClientRect();
        const p = svg.createSVGPoint(); p.x = arguments[0]; p.y = arguments[1];
        const q = p.matrixTransform(svg.getScreenCTM());
        return [q.x - (r.left + r.width / 2), q.y - (r.top + r.height / 2)];""", x, y)
    svg = d.find_element(By.CSS_SELECTOR, "#screen svg")
    ActionChains(d).move_to_element_with_offset(svg, round(dx), round(dy)).click().perform()


def inspector(d):
    rows = d.find_elements(By.CSS_SELECTOR, "#inspected tr")
    return {r.find_elements(By.TAG_NAME, "td")[0].text: r.find_elements(By.TAG_NAME, "td")[1].text for r in rows}


def report_checks(page, width, height):
    d = browser(width, height)
    try:
        d.get("file://" + page)
        where = d.find_element(By.ID, "where").text
        check(where.startswith("frame 1 of "), f"{width}x{height}: the page opens at the first frame ({where})")

        # Each event shows the world right after it: the child appearing, then appeared.
        i = click_event(d, "card.viewWillAppear(animated: false)")
        seq = d.execute_script("return data.events[arguments[0]][0]", i)
        check(d.current_url.endswith(f"#event={seq}"), f"the URL's hash follows the selected event ({d.current_url})")
        card = tree_line(d, "controllers", "card")
        check(card is not None and "state: appearing" in card.text, f"after viewWillAppear the card is appearing ({card.text if card else None})")
        host = tree_line(d, "controllers", "host")
        check(host is not None and "state: appeared" in host.text, "and the host appeared")
        click_event(d, "card.viewDidAppear(animated: false)")
        card = tree_line(d, "controllers", "card")
        check(card is not None and "state: appeared" in card.text, "after viewDidAppear the card has appeared")
        badge_before = tree_line(d, "views", "badge")
        check(badge_before is None, "the badge is not in the views tree before it is added")
        click_event(d, "card.view.addSubview(badge)")
        check(tree_line(d, "views", "badge") is not None, "right after addSubview(badge) it is in the tree")

        # A click on the screen picks the topmost view under the pointer.
        click_screen(d, 200, 350)
        info = inspector(d)
        check(info.get("view") == "card.view" and info.get("class") == "View", f"a click in the card picks card.view ({info})")
        check(info.get("frame") == "(40, 200, 300, 200)", f"with its frame ({info.get('frame')})")
        check(info.get("bounds") == "(0, 0, 300, 200)", "and its bounds")
        check(info.get("alpha") == "1" and info.get("controller") == "card", "its alpha and owning controller")
        check(info.get("appearance") == "appeared", "and that controller's appearance state")
        check(info.get("safe area", "").startswith("top "), "and its safe-area insets")
        # The outline is where the view is drawn, at any window size.
        box = d.find_element(By.CSS_SELECTOR, "#screen rect.picked").rect
        x0, y0 = screen_point(d, 40, 200)
        x1, y1 = screen_point(d, 340, 400)
        near = lambda a, b: abs(a - b) <= 1.5   # noqa: E731
        check(near(box["x"], x0) and near(box["y"], y0) and near(box["x"] + box["width"], x1) and near(box["y"] + box["height"], y1),
              f"{width}x{height}: the outline's box {box} is the view's frame on screen ({x0:.1f}, {y0:.1f}, {x1:.1f}, {y1:.1f})")
        node = tree_line(d, "views", "card.view")
        check(node is not None and "selected" in node.get_attribute("class"), "the picked view is selected in the views tree")
        click_screen(d, 60, 220)
        check(inspector(d).get("class") == "Label" and inspector(d).get("view") == "badge", "a click on the label picks the label, on top")

        # The picked view stays picked while stepping through events (the keys).
        tree_line(d, "views", "card.view").click()
        before = d.execute_script("return selected")
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        check(d.execute_script("return selected") == before + 1, "→ selects the next event")
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
        check(d.execute_script("return selected") == before, "← the one before")
        check(inspector(d).get("view") == "card.view", "the picked view is kept while stepping")

        # The slider and the keys agree: → from a frame the slider chose selects the
        # first event after it.
        anim = event_index(d, 'animation#1.end(finished: true)')
        end_frame = d.execute_script("return data.events[arguments[0]][5]", anim)
        d.execute_script("slider.value = arguments[0]; slider.dispatchEvent(new Event('input'))", end_frame - 5)
        d.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
        chosen = d.execute_script("return selected")
        check(chosen == anim, f"→ after dragging the slider selects the next event after the slider's frame ({chosen} vs {anim})")
        info = inspector(d)
        check(info.get("frame") == "(60, 300, 300, 200)", f"the inspector reads the frame at that event ({info.get('frame')})")
        # The hash follows the slider too: a link opens at the frame it shows.
        d.execute_script("slider.value = arguments[0]; slider.dispatchEvent(new Event('input'))", end_frame - 5)
        link = d.current_url
        check(f"#event={d.execute_script('return data.events[selected][0]')}&frame={end_frame - 4}&view=card.view" in link,
              f"the hash names the slider's frame, with the event and the picked view ({link})")
        d.get("about:blank")
        d.get(link)
        where = d.find_element(By.ID, "where").text
        check(where.startswith(f"frame {end_frame - 4} of "), f"a link with &frame= opens at that frame ({where})")
        check(d.execute_script("return slider.value") == str(end_frame - 5), "with the slider there")

        # The filter narrows the events and the lanes.
        box_ = d.find_element(By.ID, "filter")
        box_.send_keys("kind:containment")
        shown = [r.text for r in d.find_elements(By.CSS_SELECTOR, ".event:not(.filtered)")]
        check(len(shown) == 2 and all("Move(toParent" in t for t in shown), f"kind:containment leaves the two containment events ({shown})")
        lanes = d.execute_script("return [...document.querySelectorAll('#lanes g[data-lane]:not(.filtered)')].map(g => g.dataset.lane)")
        check(lanes == ["card"], f"and only their lane ({lanes})")
        box_.clear()
        box_.send_keys("object:badge")
        shown = [r.text for r in d.find_elements(By.CSS_SELECTOR, ".event:not(.filtered)")]
        check(len(shown) == 1 and "badge.moveToWindow" in shown[0], f"object:badge leaves the badge's event ({shown})")
        box_.clear()
        box_.send_keys(Keys.BACKSPACE)

        # The ruler in virtual seconds, the legend, the zoom.
        labels = d.execute_script("return [...document.querySelectorAll('#lanes text.rulelabel')].map(t => t.textContent)")
        check("0 s" in labels and "virtual time" in labels, f"the ruler labels virtual seconds ({labels[:6]})")
        check("appearing" in d.find_element(By.ID, "legend").text, "the legend names the colours")
        w = d.execute_script("return document.getElementById('lanes').getAttribute('width')")
        d.find_element(By.ID, "zoom-in").click()
        w2 = d.execute_script("return document.getElementById('lanes').getAttribute('width')")
        check(float(w2) > float(w), f"zoom in widens the timeline ({w} → {w2})")

        # A link opens the same view: the hash names the event and the picked view.
        click_event(d, "card.viewDidAppear(animated: false)")
        tree_line(d, "views", "badge") or click_event(d, "card.view.addSubview(badge)")
        click_event(d, "card.view.addSubview(badge)")
        click_screen(d, 60, 220)
        link = d.current_url
        seq2 = d.execute_script("return data.events[selected][0]")
        check(link.endswith(f"#event={seq2}&view=badge"), f"the hash follows the picked view too ({link})")
        d.get("about:blank")
        d.get(link)
        check(d.execute_script("return data.events[selected][0]") == seq2, "a #event=N link selects that event")
        check(inspector(d).get("view") == "badge", "and picks the view it names")
        d.get("about:blank")
        d.get(link.replace("view=badge", "view=nope"))
        check(inspector(d).get("in this frame") == "no view of that name", f"a link to no view says so ({inspector(d)})")
    finally:
        d.quit()


def matrix_checks(binary, folder):
    """A matrix's page: the picker switches cells, the hash names the cell."""
    page = os.path.join(folder, "cells.html")
    r = subprocess.run([binary, "run", os.path.join(HERE, "inspector.lua"), "--trace", "none", "--matrix",
                        "devices=iphone-se,ipad-11", "--report", page], capture_output=True, text=True)
    check(r.returncode == 0, f"a matrix's --report exits 0 ({r.stderr.strip()})")
    d = browser(1280, 720)
    try:
        d.get("file://" + page)
        check(d.execute_script("return data.title").endswith("iphone-se portrait"), "the page opens at the first cell")
        width = lambda: d.execute_script("return document.querySelector('#screen svg').getAttribute('width')")   # noqa: E731
        check(width() == "375", "with its device's screen")
        from selenium.webdriver.support.ui import Select
        Select(d.find_element(By.ID, "cell")).select_by_visible_text("ipad-11 portrait")
        import time
        for _ in range(100):
            if "cell=1" in d.current_url and d.execute_script("return typeof data !== 'undefined' && data.title.endsWith('ipad-11 portrait')"):
                break
            time.sleep(0.05)
        check(d.execute_script("return data.title").endswith("ipad-11 portrait") and width() == "820",
              f"the picker shows another cell ({d.current_url})")
        click_event(d, "card.viewDidAppear(animated: false)")
        check("cell=1&event=" in d.current_url, f"the hash keeps the cell with the event ({d.current_url})")
        # Another cell named in the hash of the open page (a pasted link, back): that cell.
        d.execute_script("location.hash = 'cell=0&event=1'")
        for _ in range(100):
            if d.execute_script("return typeof data !== 'undefined' && data.title.endsWith('iphone-se portrait')"):
                break
            time.sleep(0.05)
        check(d.execute_script("return data.title").endswith("iphone-se portrait") and width() == "375"
              and "cell=0" in d.current_url, f"a hash naming another cell shows it ({d.current_url})")
        # A cell the page does not hold opens the first.
        d.get("file://" + page + "#cell=99")
        check(d.execute_script("return data.title").endswith("iphone-se portrait")
              and d.execute_script("return document.getElementById('cell').value") == "0",
              "a cell past the matrix opens the first, with the picker on it")
    finally:
        d.quit()


def frames_as_drawn(d, page):
    """Every frame of a page as the page shows it: the screen's elements (tag and
    attributes, those not displayed left out), the inspector's views and the boxes."""
    d.get("file://" + page)
    return d.execute_script("""
        const out = [];
        for (let f = 0; f < data.frames.length; f++) {
          show(f);
          const els = [...document.querySelectorAll('#screen svg *')].filter(e => e.getAttribute('display') !== 'none');
          out.push({ time: data.frames[f][0], tick: isTick(f),
                     svg: els.map(e => e.tagName + ' ' + [...e.attributes].map(a => a.name + '=' + a.value).sort().join(' ')
                                       + (e.tagName === 'text' ? ' ' + e.textContent : '')),
                     views: details(f), boxes: boxes(f) });
        }
        return out;""")


def ticks_checks(binary, folder, script, least):
    """The frames the page draws between events are those the run would have drawn:
    the same page taken whole (NESTBOX_REPORT_TICKS=whole) shows the same elements,
    attribute for attribute, the same inspector places and boxes, frame by frame."""
    name = os.path.basename(script)
    drawn, whole = os.path.join(folder, name + ".html"), os.path.join(folder, name + "-whole.html")
    r = subprocess.run([binary, "run", script, "--trace", "none", "--report", drawn], capture_output=True, text=True)
    check(r.returncode == 0, f"{name}: --report exits 0 ({r.stderr.strip()})")
    r = subprocess.run([binary, "run", script, "--trace", "none", "--report", whole], capture_output=True, text=True,
                       env=dict(os.environ, NESTBOX_REPORT_TICKS="whole"))
    check(r.returncode == 0, f"and taken whole ({r.stderr.strip()})")
    d = browser(1280, 720)
    try:
        a, b = frames_as_drawn(d, drawn), frames_as_drawn(d, whole)
    finally:
        d.quit()
    ticks = [f for f in a if f["tick"]]
    check(len(ticks) >= least and not any(f["tick"] for f in b),
          f"the page draws {len(ticks)} of {len(a)} frames itself; taken whole, none")
    check([f["time"] for f in a] == [f["time"] for f in b], "both have the same frames, at the same instants")
    if name == "ticks.lua":
        moved = sum(1 for f in ticks if any("transform=matrix" in e for e in f["svg"]) and any("fill-opacity=0." in e for e in f["svg"]))
        check(moved == len(ticks), f"every drawn frame has rotated and faded shapes ({moved} of {len(ticks)})")
    if name == "ticks-edges.lua":
        clips = [sum(e.startswith("clipPath") for e in f["svg"]) for f in ticks]
        check(min(clips) < max(clips), f"the flipped card leaves the picture for a tick, its clip with it ({sorted(set(clips))})")
        check(any(re.search(r" x=\d{13,}\.\d", e) for f in ticks for e in f["svg"]), "numbers past a trillion keep their decimals")
        seen = [(f["tick"], any(v[0] == "c" for v in f["views"])) for f in a]
        check(any(not c for _, c in seen) and any(t and c for t, c in seen),
              "the child whose alpha underflowed comes into sight as its parent fades in, then drawn by the page")
    differ = [i for i, (x, y) in enumerate(zip(a, b)) if x["svg"] != y["svg"]]
    detail = ""
    if differ:
        i = differ[0]
        detail = f": frame {i} at {a[i]['time']} s, " + str([(x, y) for x, y in zip(a[i]["svg"], b[i]["svg"]) if x != y][:2])
    check(not differ, f"every frame's screen is the same, element for element ({len(differ)} differ{detail})")
    places = [i for i, (x, y) in enumerate(zip(a, b)) if x["views"] != y["views"] or x["boxes"] != y["boxes"]]
    check(not places, f"and so are the inspector's views and the controllers' boxes ({places[:5]})")


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "../../.build/release/nestbox")
    out = tempfile.mkdtemp(prefix="nestbox-browser-")
    page = os.path.join(out, "inspector.html")
    r = subprocess.run([binary, "run", os.path.join(HERE, "inspector.lua"), "--trace", "none", "--report", page],
                       capture_output=True, text=True)
    check(r.returncode == 0, f"nestbox run --report exits 0 ({r.stderr.strip()})")
    for size in ((1280, 720), (1600, 1000)):
        report_checks(page, *size)
    matrix_checks(binary, out)
    ticks_checks(binary, out, os.path.join(HERE, "ticks.lua"), 25)
    ticks_checks(binary, out, os.path.join(HERE, "ticks-edges.lua"), 50)
    ticks_checks(binary, out, os.path.join(HERE, "../../scripts/examples/sliding-menu.lua"), 200)
    print(f"{len(failures)} failed" if failures else "all passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
