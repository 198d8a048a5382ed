#!/usr/bin/env python3
"""Checks kauth's browser pages in headless Chromium, in the light and the dark scheme.

Usage: page-audit.py CHROMIUM [--no-sandbox] PAGE.html...

Talks to Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe: file
descriptors 3 and 4, NUL-terminated JSON), so nothing listens on a port and only the standard
library is needed. For each page and scheme it asks Chromium itself:

- for every element holding text, the text colour (CSS.getComputedStyleForNode) and the
  backgrounds behind it (CSS.getBackgroundColors, what DevTools' contrast tooltip uses), and
  requires WCAG 2.x contrast >= 4.5:1 against each;
- the accessibility tree (Accessibility.getFullAXTree): the page is named by its <title>, has
  one level-1 heading, and the decorative glyph is not exposed;
- that <html lang> is the language in the file name (NAME.en.html, NAME.ko.html).

Before the real pages it audits a page with #999 text on white (2.85:1) and fails unless that
page is reported, so a broken audit cannot pass quietly.
"""
import json
import os
import re
import subprocess
import sys
import tempfile


class Chromium:
    def __init__(self, binary, extra):
        # We write to Chromium's fd 3 and read from its fd 4.
        to_chromium_r, self.to_chromium = os.pipe()
        self.from_chromium, from_chromium_w = os.pipe()

        def wire():
            os.dup2(to_chromium_r, 3)
            os.dup2(from_chromium_w, 4)

        self.process = subprocess.Popen(
            [binary, "--headless", "--disable-gpu", "--hide-scrollbars", "--remote-debugging-pipe", *extra, "about:blank"],
            pass_fds=(3, 4), preexec_fn=wire, stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        os.close(to_chromium_r)
        os.close(from_chromium_w)
        self.buffer = b""
        self.next_id = 0
        self.events = []

    def receive(self):
        while b"\0" not in self.buffer:
            chunk = os.read(self.from_chromium, 1 << 16)
            if not chunk:
                raise SystemExit("page-audit: chromium closed the DevTools pipe")
            self.buffer += chunk
        message, _, self.buffer = self.buffer.partition(b"\0")
        return json.loads(message)

    def send(self, method, params=None, session=None):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_chromium, json.dumps(message).encode() + b"\0")
        while True:
            answer = self.receive()
            if answer.get("id") == self.next_id:
                if "error" in answer:
                    raise SystemExit(f"page-audit: {method}: {answer['error'].get('message')}")
                return answer["result"]
            self.events.append(answer)

    def close(self):
        try:
            self.send("Browser.close")
        except SystemExit:
            pass
        self.process.wait(timeout=10)


def luminance(rgb):
    def linear(channel):
        value = channel / 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = rgb
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)


def contrast(a, b):
    x, y = sorted((luminance(a), luminance(b)), reverse=True)
    return (x + 0.05) / (y + 0.05)


def parse_rgb(css):
    match = re.fullmatch(r"rgba?\((\d+),\s*(\d+),\s*(\d+)(?:,\s*([\d.]+))?\)", css.strip())
    if not match:
        return None
    if match.group(4) is not None and float(match.group(4)) < 1:
        return None  # translucent: the ratio is not defined by two colours alone
    return tuple(int(match.group(i)) for i in (1, 2, 3))


def text_elements(node, ancestors=()):
    """(element, its ancestors nearest first, text) for every non-blank text node."""
    if node.get("nodeType") == 3 and node.get("nodeValue", "").strip() and ancestors:
        yield ancestors[0], ancestors[1:], node["nodeValue"].strip()
    for child in node.get("children", []):
        yield from text_elements(child, (node, *ancestors))


def own_background(chromium, session, element):
    style = chromium.send("CSS.getComputedStyleForNode", {"nodeId": element["nodeId"]}, session=session)["computedStyle"]
    return next((p["value"] for p in style if p["name"] == "background-color"), "")


def audit(chromium, path, scheme):
    """Problems found on one page in one scheme, and the lowest ratio seen."""
    problems = []
    target = chromium.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = chromium.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Page", "DOM", "CSS", "Accessibility"):
        chromium.send(f"{domain}.enable", session=session)
    chromium.send("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]}, session=session)
    chromium.events.clear()
    chromium.send("Page.navigate", {"url": "file://" + os.path.abspath(path)}, session=session)
    while not any(e.get("method") == "Page.loadEventFired" and e.get("sessionId") == session for e in chromium.events):
        chromium.events.append(chromium.receive())

    matched = chromium.send("Runtime.evaluate", {"expression": "matchMedia('(prefers-color-scheme: dark)').matches", "returnByValue": True}, session=session)
    if matched["result"]["value"] != (scheme == "dark"):
        problems.append(f"the emulated scheme is not {scheme}")

    root = chromium.send("DOM.getDocument", {"depth": -1}, session=session)["root"]
    lowest = None
    glyphs = []
    fallbacks = 0
    for element, ancestors, text in text_elements(root):
        if element["nodeName"] in ("STYLE", "TITLE", "#document"):
            continue
        attributes = dict(zip(element.get("attributes", [])[::2], element.get("attributes", [])[1::2]))
        if attributes.get("aria-hidden") == "true":
            glyphs.append((text, element["backendNodeId"]))
        style = chromium.send("CSS.getComputedStyleForNode", {"nodeId": element["nodeId"]}, session=session)["computedStyle"]
        colour = parse_rgb(next(p["value"] for p in style if p["name"] == "color"))
        backgrounds = chromium.send("CSS.getBackgroundColors", {"nodeId": element["nodeId"]}, session=session).get("backgroundColors") or []
        if not backgrounds:
            # Chromium declines when other content with another background overlaps the
            # element (a paragraph holding an inline <code>): the text then sits on the nearest
            # opaque background among the element and its ancestors.
            fallbacks += 1
            for node in (element, *ancestors):
                if node.get("nodeType") != 1:
                    break
                background = own_background(chromium, session, node)
                if parse_rgb(background) is not None:
                    backgrounds = [background]
                    break
        if colour is None or not backgrounds:
            problems.append(f"{element['nodeName']} {text[:30]!r}: chromium cannot tell its colours")
            continue
        for background in backgrounds:
            rgb = parse_rgb(background)
            if rgb is None:
                problems.append(f"{element['nodeName']} {text[:30]!r}: background {background} is not opaque")
                continue
            ratio = contrast(colour, rgb)
            lowest = ratio if lowest is None else min(lowest, ratio)
            if ratio < 4.5:
                problems.append(f"{element['nodeName']} {text[:30]!r}: {ratio:.2f}:1 on {background}")

    tree = chromium.send("Accessibility.getFullAXTree", session=session)["nodes"]
    exposed = [n for n in tree if not n.get("ignored")]
    names = [str(n.get("name", {}).get("value", "")) for n in exposed]
    title = chromium.send("Runtime.evaluate", {"expression": "document.title", "returnByValue": True}, session=session)["result"]["value"]
    web_area = [n for n in exposed if n.get("role", {}).get("value") == "RootWebArea"]
    if not web_area or web_area[0].get("name", {}).get("value") != title:
        problems.append("the page is not named by its title")
    headings = [n for n in exposed if n.get("role", {}).get("value") == "heading"]
    if len(headings) != 1:
        problems.append(f"{len(headings)} headings exposed, not 1")
    for glyph, backend_node in glyphs:
        # Neither the glyph's element nor any text node reading just the glyph may be exposed.
        if any(n.get("backendDOMNodeId") == backend_node for n in exposed) or glyph in names:
            problems.append(f"the glyph {glyph!r} is exposed to screen readers")

    html = next((c for c in root.get("children", []) if c.get("nodeName") == "HTML"), {})
    attributes = dict(zip(html.get("attributes", [])[::2], html.get("attributes", [])[1::2]))
    named = re.search(r"\.([a-z]{2})\.html$", path)
    if named and attributes.get("lang") != named.group(1):
        problems.append(f"<html lang={attributes.get('lang')!r}> in a .{named.group(1)}.html page")

    chromium.send("Target.closeTarget", {"targetId": target})
    return problems, lowest, len(glyphs), fallbacks


def main():
    if len(sys.argv) < 3:
        raise SystemExit(__doc__)
    binary, rest = sys.argv[1], sys.argv[2:]
    extra = [a for a in rest if a.startswith("--")]
    pages = [a for a in rest if not a.startswith("--")]
    chromium = Chromium(binary, extra)
    failures = 0
    try:
        with tempfile.TemporaryDirectory() as folder:
            control = os.path.join(folder, "control.en.html")
            with open(control, "w") as f:
                f.write('<!doctype html><html lang="en"><head><meta charset="utf-8"><title>control</title></head>'
                        '<body style="background:#fff"><h1 style="color:#999">2.85:1</h1></body></html>')
            problems, _, _, _ = audit(chromium, control, "light")
            if not any("2.85:1" in p for p in problems):
                raise SystemExit("page-audit: the audit did not catch #999 on white; it cannot be trusted")
        for path in pages:
            for scheme in ("light", "dark"):
                problems, lowest, glyphs, fallbacks = audit(chromium, path, scheme)
                name = f"{os.path.basename(path)} {scheme}"
                if problems or glyphs != 1:
                    failures += 1
                    if glyphs != 1:
                        problems.append(f"{glyphs} aria-hidden glyphs, not 1")
                    print(f"FAIL {name}: " + "; ".join(problems))
                else:
                    note = f" ({fallbacks} from the nearest opaque background)" if fallbacks else ""
                    print(f"ok   {name}: lowest contrast {lowest:.2f}:1{note}, glyph hidden, title and lang right")
    finally:
        chromium.close()
    checked = 2 * len(pages)
    print(f"{checked - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
