"""Real-browser smoke test: `fabricwatch dashboard` on the fixture warehouse, every page in headless Chromium.

Needs Debian's chromium and chromedriver (skipped when either is missing). The driver path is
always passed, so selenium-manager never tries to download one.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from dashboard.pages_index import PAGES

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
ROOT = Path(__file__).resolve().parents[2]
# Pages that show headline numbers and tables rather than charts.
PAGES_WITHOUT_CHARTS = {
    "overview",
    "sources",
    "alerts",
    "conflicts",
    "cloud",
}  # the fixture has no cloud disclosures: its empty state (charts: test_real_warehouse)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(
        not (os.path.exists(CHROMIUM) and os.path.exists(CHROMEDRIVER)), reason="needs Debian chromium and chromedriver"
    ),
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_healthy(base: str, proc: subprocess.Popen, timeout_s: float = 60) -> None:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"dashboard exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(f"{base}/_stcore/health", timeout=2) as resp:
                if resp.read().strip() == b"ok":
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError("dashboard did not become healthy")


@pytest.fixture(scope="module")
def server(fixture_home, tmp_path_factory):
    port = _free_port()
    log = tmp_path_factory.mktemp("dashboard_log") / "streamlit.log"
    env = {**os.environ, "FABRICWATCH_HOME": str(fixture_home), "PYTHONPATH": str(ROOT)}
    with open(log, "wb") as out:
        # own process group: `fabricwatch dashboard` runs streamlit as a child, which a terminate() of the
        # CLI alone leaves running (orphaned servers piled up after every run)
        proc = subprocess.Popen(
            [sys.executable, "-m", "fabricwatch.cli", "dashboard", "--port", str(port), "--address", "127.0.0.1"],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_healthy(base, proc)
        yield base
    finally:
        _stop_group(proc)


def _stop_group(proc: subprocess.Popen) -> None:
    """Stop the CLI and its streamlit child: SIGTERM to the group, SIGKILL when it has not ended in 10 s."""
    import signal

    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                os.killpg(proc.pid, 0)  # anyone left in the group?
            except ProcessLookupError:
                proc.poll()
                return
            proc.poll()
            time.sleep(0.2)


@pytest.fixture(scope="module")
def browser(server):
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service

    options = Options()
    options.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
        "--window-size=1400,1800",
    ):
        options.add_argument(arg)
    driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    driver.set_page_load_timeout(60)
    # the server's very first session opens a page by its address (a shared link): it must show that
    # page, with no "Page not found" (Streamlit's legacy pages/ mode did that; dashboard/views/ avoids it)
    from selenium.webdriver.common.by import By

    deep = next(p for p in PAGES if not p.default)
    driver.get(f"{server}/{deep.address}")
    _settled(driver, want_charts=False)
    first_view = driver.find_element(By.TAG_NAME, "body").text
    assert "page not found" not in first_view.lower()
    assert deep.title in driver.find_element(By.CSS_SELECTOR, "[data-testid='stMain'] h1").text
    yield driver
    driver.quit()


def _settled(driver, want_charts: bool, timeout_s: float = 45, lang: str = "en") -> None:
    """Wait until the script has run: the title is there, nothing is running, charts have drawn."""
    from selenium.webdriver.common.by import By

    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        titles = driver.find_elements(By.CSS_SELECTOR, "[data-testid='stMain'] h1")
        # the navigation built by app.py
        nav = [a.text for a in driver.find_elements(By.CSS_SELECTOR, "[data-testid='stSidebarNav'] a")]
        running = driver.find_elements(
            By.CSS_SELECTOR, "[data-testid='stStatusWidget'] [data-testid='stStatusWidgetRunningIcon']"
        )
        drawn = driver.find_elements(By.CSS_SELECTOR, "[data-testid='stPlotlyChart'] .main-svg")
        if titles and any(PAGES[0].label(lang) in t for t in nav) and not running and (drawn or not want_charts):
            time.sleep(0.5)  # let the last charts finish their layout
            return
        time.sleep(0.25)


@pytest.mark.parametrize("page", PAGES, ids=[p.url_path for p in PAGES])
def test_page_in_real_browser(server, browser, page, tmp_path):
    from selenium.webdriver.common.by import By

    want_charts = page.url_path not in PAGES_WITHOUT_CHARTS
    browser.get(f"{server}/{page.address}")
    _settled(browser, want_charts)
    browser.save_screenshot(str(tmp_path / f"{page.url_path}.png"))
    nav = [a.text.split("\n")[-1] for a in browser.find_elements(By.CSS_SELECTOR, "[data-testid='stSidebarNav'] a")]
    assert nav == [p.title for p in PAGES]
    dialogs = [d.text for d in browser.find_elements(By.CSS_SELECTOR, "[role='dialog']")]
    assert not any("Page not found" in d for d in dialogs), dialogs
    exceptions = browser.find_elements(By.CSS_SELECTOR, "[data-testid='stException']")
    assert not exceptions, exceptions[0].text
    title = browser.find_element(By.CSS_SELECTOR, "[data-testid='stMain'] h1").text
    assert title == ("fabricwatch" if page.default else page.title)
    charts = browser.find_elements(By.CSS_SELECTOR, "[data-testid='stPlotlyChart'], [data-testid='stVegaLiteChart']")
    if want_charts:
        assert charts, f"no chart rendered on {page.url_path}"
        assert browser.find_elements(By.CSS_SELECTOR, "[data-testid='stPlotlyChart'] .main-svg")
    else:  # a table or cards; the watch-rules and cloud pages of the fixture show their empty state (what to do)
        assert browser.find_elements(
            By.CSS_SELECTOR,
            "[data-testid='stMetric'], [data-testid='stDataFrame']"
            + (", [data-testid='stAlert']" if page.url_path in ("alerts", "cloud") else ""),
        )


# Every page opens from a link with ?lang=zh-TW, in Chinese.
TRANSLATED = list(PAGES)


@pytest.mark.parametrize("page", TRANSLATED, ids=[p.url_path for p in TRANSLATED])
def test_page_in_zh_tw_in_real_browser(server, browser, page, tmp_path):
    from selenium.webdriver.common.by import By

    want_charts = page.url_path not in PAGES_WITHOUT_CHARTS
    browser.get(f"{server}/{page.address}?lang=zh-TW")
    _settled(browser, want_charts, lang="zh-TW")
    browser.save_screenshot(str(tmp_path / f"{page.url_path}-zh-TW.png"))
    nav = [a.text.split("\n")[-1] for a in browser.find_elements(By.CSS_SELECTOR, "[data-testid='stSidebarNav'] a")]
    assert nav == [p.label("zh-TW") for p in PAGES]
    assert not browser.find_elements(By.CSS_SELECTOR, "[data-testid='stException']")
    title = browser.find_element(By.CSS_SELECTOR, "[data-testid='stMain'] h1").text
    assert title == ("fabricwatch" if page.default else page.label("zh-TW"))
    body = browser.find_element(By.TAG_NAME, "body").text
    assert "語言 · Language" in body  # the sidebar switch
    # the sources expander, translated (the Sources & quality page's tables are themselves the sources: its tabs)
    assert "來源與資料" in body or page.default or page.url_path in ("alerts", "sources", "conflicts", "cloud")
    if page.url_path == "sources":
        assert all(tab in body for tab in ("來源", "檢查", "衝突", "過期指標", "待審聲明", "SQL 主控台"))
    assert "lang=zh-TW" in browser.current_url  # the address keeps the language when copied
    if want_charts:
        assert browser.find_elements(By.CSS_SELECTOR, "[data-testid='stPlotlyChart'] .main-svg")


# The legend under a chart and the x axis title, at a phone's width: the legend used to sit at a fraction of the plot's
# height below it, and at 420 px (one legend entry per row, the plot squeezed) its title ran into the axis title.
NARROW_PAGES = ("top500", "market", "share")


@pytest.mark.parametrize("url_path", NARROW_PAGES)
def test_legend_stays_clear_of_the_x_axis_title_at_420_px(server, browser, url_path):
    from selenium.webdriver.common.by import By

    page = next(p for p in PAGES if p.url_path == url_path)
    browser.set_window_size(420, 1800)
    try:
        browser.get(f"{server}/{page.address}")
        _settled(browser, want_charts=True)
        time.sleep(1.0)  # the charts' layout after the resize
        overlaps = browser.execute_script(
            """
            const out = [];
            for (const svg of document.querySelectorAll("[data-testid='stPlotlyChart'] .main-svg")) {
              const legend = svg.parentNode.querySelector('.legend');
              const titles = svg.parentNode.querySelectorAll('.g-xtitle text, .xtitle');
              if (!legend) continue;
              const l = legend.getBoundingClientRect();
              for (const t of titles) {
                const r = t.getBoundingClientRect();
                if (!r.height || !l.height) continue;
                const apart = r.bottom <= l.top || l.bottom <= r.top || r.right <= l.left || l.right <= r.left;
                if (!apart) out.push([t.textContent, Math.round(r.bottom), Math.round(l.top)]);
              }
            }
            return out;
            """
        )
        assert overlaps == [], overlaps  # [axis title, its bottom, the legend's top] of each chart where they meet
        assert browser.find_elements(By.CSS_SELECTOR, "[data-testid='stPlotlyChart'] .legend")
    finally:
        browser.set_window_size(1400, 1800)
