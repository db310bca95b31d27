#!/usr/bin/env python3
"""`nestbox preview` in a real browser, driven by WebDriver (scripts/test runs it with the
release binaries, nestbox and nestbox-preview side by side):

    python3 Tests/Browser/preview_test.py NESTBOX_BINARY

Open the page, edit the design and a module it requires, and see each change; break the
script and see its error above the last good run; stop the server with SIGINT.
"""
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from report_test import browser, check, click_event, click_screen, failures, inspector  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402

DESIGN = """local root = ui.ViewController{ name = "root" }
ui.window.rootViewController = root
ui.window:makeKeyAndVisible()
root.view:addSubview(ui.Label{ name = "title", text = "TEXT", frame = { 20, 100, 200, 40 } })
require "parts"
ui.settle()
"""


def wait_for(d, predicate, limit=5.0):
    start = time.monotonic()
    while time.monotonic() - start < limit:
        try:
            if predicate():
                return time.monotonic() - start
        except Exception:   # noqa: BLE001 - the page is reloading
            pass
        time.sleep(0.02)
    return None


def screen_text(d):
    return d.execute_script("const s = document.querySelector('#screen svg'); return s ? s.textContent : ''")


def in_run(d, text):
    """Whether some frame of the page's run shows `text` on screen."""
    return d.execute_script("return data.frames.some(f => data.strings[f[1]].includes('>' + arguments[0] + '<'))", text)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else "nestbox"
    folder = tempfile.mkdtemp(prefix="nestbox-preview-test-")
    design, parts = os.path.join(folder, "design.lua"), os.path.join(folder, "parts.lua")
    with open(design, "w") as f:
        f.write(DESIGN.replace("TEXT", "Hello"))
    with open(parts, "w") as f:
        f.write('print("parts")\n')
    server = subprocess.Popen([binary, "preview", design, "--port", "0"], stderr=subprocess.PIPE, text=True)
    first = server.stderr.readline()
    m = re.search(r"http://127\.0\.0\.1:(\d+)/", first)
    check(m is not None, f"nestbox preview says where it serves ({first.strip()})")
    if not m:
        server.kill()
        sys.exit(1)
    url = m.group(0)
    ss = subprocess.run(["ss", "-ltn"], capture_output=True, text=True).stdout
    check(f"127.0.0.1:{m.group(1)}" in ss and f"0.0.0.0:{m.group(1)}" not in ss and f"*:{m.group(1)}" not in ss,
          "it listens on 127.0.0.1 only")
    d = browser(1280, 800)
    try:
        d.get(url)
        check(wait_for(d, lambda: in_run(d, "Hello")) is not None, "the page shows the design's run")
        click_event(d, "root.view.addSubview(title)")
        click_screen(d, 40, 110)
        check(inspector(d).get("view") == "title", "a view is picked")
        selected_before = d.execute_script("return data.events[selected][4]")

        # An edit of the design: the page shows the new run within a second, the same
        # event and view still selected.
        time.sleep(1.1)     # a new modification time, whatever the file system's granularity
        with open(design, "w") as f:
            f.write(DESIGN.replace("TEXT", "Bonjour"))
        took = wait_for(d, lambda: "Bonjour" in screen_text(d))
        check(took is not None and took <= 1.0, f"the edit shows within one second ({took})")
        check(d.execute_script("return data.events[selected][4]") == selected_before, "the selected event is kept")
        check(inspector(d).get("view") == "title", "and the picked view")

        # An edit above the selected event renumbers it: the same event stays selected.
        time.sleep(1.1)
        with open(design, "w") as f:
            f.write(DESIGN.replace("TEXT", "Bonjour").replace(
                "root.view:addSubview(ui.Label", 'root.view:addSubview(ui.View{ name = "spacer" })\nroot.view:addSubview(ui.Label'))
        check(wait_for(d, lambda: in_run(d, "Bonjour") and d.execute_script(
            "return data.events.some(e => e[4].includes('spacer'))")) is not None, "the renumbering edit shows")
        check(wait_for(d, lambda: d.execute_script("return data.events[selected][4]") == selected_before) is not None,
              f"the same event stays selected, renumbered ({d.execute_script('return data.events[selected][4]')})")

        # An edit of the module it requires.
        time.sleep(1.1)
        with open(parts, "w") as f:
            f.write('print("parts")\nui.window.rootViewController.view:addSubview(ui.Label{ name = "extra", text = "Extra", frame = { 20, 200, 200, 40 } })\n')
        took = wait_for(d, lambda: in_run(d, "Extra"))
        check(took is not None and took <= 1.0, f"an edit of a required module shows within one second ({took})")

        # A broken script: its error with file:line above the last good run.
        time.sleep(1.1)
        with open(design, "w") as f:
            f.write(DESIGN.replace("TEXT", "Bonjour") + "local x = nil\nx.y = 1\n")
        banner = lambda: d.find_element(By.ID, "preview-error")   # noqa: E731
        check(wait_for(d, lambda: banner().is_displayed() and "design.lua:8:" in banner().text) is not None,
              "a script error shows with file:line")
        check("attempt to index a nil value" in banner().text, f"and its message ({banner().text})")
        check("Bonjour" in screen_text(d), "the last good run stays visible")
        # A failed expectation: its diff, whole, on lines of its own.
        time.sleep(1.1)
        with open(design, "w") as f:
            f.write(DESIGN.replace("TEXT", "Bonjour") + 'ui.expectTrace("nothing()")\n')
        check(wait_for(d, lambda: banner().is_displayed() and "trace mismatch" in banner().text) is not None,
              "a failed expectation shows")
        check("+ " in banner().text and "- nothing()" in banner().text and banner().text.count("\n") >= 2,
              f"with its diff ({banner().text!r})")
        top = d.execute_script("return document.querySelector('header').getBoundingClientRect().top")
        check(top >= banner().rect["height"] - 1, f"the banner pushes the header down, not over it ({top})")
        logs = [e for e in d.get_log("browser") if e.get("level") == "SEVERE"] if hasattr(d, "get_log") else []
        check(not logs, f"no error in the browser's console ({logs})")
        time.sleep(1.1)
        with open(design, "w") as f:
            f.write(DESIGN.replace("TEXT", "Fixed"))
        check(wait_for(d, lambda: "Fixed" in screen_text(d) and not banner().is_displayed()) is not None,
              "fixed, the error goes and the new run shows")
    finally:
        d.quit()
        server.send_signal(signal.SIGINT)
        try:
            code = server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
            code = None
        rest = server.stderr.read()
        check(code == 0 and "nestbox: preview stopped" in rest, f"SIGINT stops it cleanly: exit 0 ({code})")
    # A port another program holds: said at once, exit 2.
    import socket
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen(1)
    port = holder.getsockname()[1]
    start = time.monotonic()
    taken = subprocess.run([binary, "preview", design, "--port", str(port)], capture_output=True, text=True, timeout=10)
    holder.close()
    check(taken.returncode == 2 and taken.stderr == f"nestbox: cannot listen on 127.0.0.1:{port}: Address already in use\n"
          and time.monotonic() - start < 2, f"a busy port is said at once ({taken.returncode}, {taken.stderr!r})")
    print(f"{len(failures)} failed" if failures else "all passed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
