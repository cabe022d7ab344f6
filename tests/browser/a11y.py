"""Helpers for the accessibility and phone-layout tests: axe-core, large text, boxes on screen."""

from pathlib import Path

AXE_VERSION = "4.14.1"
AXE_SCRIPT = Path(__file__).with_name("axe") / "axe.min.js"
# WCAG 2.1 level A and AA; axe's best-practice rules are not part of the bar.
WCAG_21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
BLOCKING = {"critical", "serious"}


def run_axe(page) -> list[dict]:
    """Return axe-core's critical and serious WCAG 2.1 AA violations on the page as shown now."""
    # Evaluated through the DevTools protocol, so the site's CSP (no inline scripts) allows it.
    page.evaluate(AXE_SCRIPT.read_text(encoding="utf-8"))
    result = page.evaluate(
        "tags => axe.run(document, {runOnly: {type: 'tag', values: tags}})", WCAG_21_AA
    )
    return [v for v in result["violations"] if v["impact"] in BLOCKING]


def axe_version(page) -> str:
    page.evaluate(AXE_SCRIPT.read_text(encoding="utf-8"))
    return page.evaluate("axe.version")


def describe(violations: list[dict]) -> str:
    """Return the violations as lines a developer can act on: rule, impact, where, why."""
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:5]:
            summary = " ".join(node["failureSummary"].split())
            lines.append(f"    {' '.join(node['target'])}: {summary}")
        if len(violation["nodes"]) > 5:
            lines.append(f"    … and {len(violation['nodes']) - 5} more")
    return "\n".join(lines)


def set_text_size(page, percent: int) -> None:
    """Set the browser's default text size, as a reader's 'text size' setting does."""
    session = page.context.new_cdp_session(page)
    session.send("Page.enable")
    session.send(
        "Page.setFontSizes",
        {"fontSizes": {"standard": 16 * percent // 100, "fixed": 13 * percent // 100}},
    )


def outside_viewport(page, selector: str) -> list[str]:
    """Return the text of each shown element matching selector that reaches past the viewport."""
    return page.evaluate(
        """selector => {
            const width = document.documentElement.clientWidth;
            const shown = [...document.querySelectorAll(selector)]
                .filter(el => el.getClientRects().length > 0);
            if (shown.length === 0) return [`nothing on the page matches ${selector}`];
            return shown
                .filter(el => {
                    const box = el.getBoundingClientRect();
                    return box.left < -0.5 || box.right > width + 0.5;
                })
                .map(el => el.innerText.trim().replace(/\\s+/g, ' ') || el.outerHTML.slice(0, 80));
        }""",
        selector,
    )


def page_width(page) -> int:
    return page.evaluate("document.documentElement.scrollWidth")
