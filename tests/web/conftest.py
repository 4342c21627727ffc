"""Fixtures for the browser tests: the built site on a local server, one Chromium
for the session, and a fresh context per test that fails the test on any
console error, CSP violation or request to another origin."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from site_build.browser import CHROMIUM_FLAGS
from site_build.server import SiteServer, make_server, serve_in_thread
from site_build.site import built_site

#: Computer seats move after a short pause; the tests use the fast setting.
FAST_SETTINGS_SCRIPT = """
try {
  if (!localStorage.getItem("paodekuai.settings")) {
    localStorage.setItem("paodekuai.settings", JSON.stringify({speed: "fast", level: "easy"}));
  }
} catch (e) {}
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__cspViolations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test under tests/web drives a browser: mark them so `-m "not browser"` skips them."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    return built_site()


@dataclass
class Site:
    """A running server for dist/ and its base URL."""

    url: str
    stop: Callable[[], None]


@pytest.fixture(scope="session")
def start_site(dist_dir: Path) -> Iterator[Callable[[], Site]]:
    """Starts servers on free ports (site_build's serving code); all are stopped at the end."""
    servers: list[SiteServer] = []

    def start() -> Site:
        server = make_server(dist_dir, port=0, quiet=True)
        serve_in_thread(server)
        servers.append(server)

        def stop() -> None:
            server.shutdown()
            server.server_close()

        return Site(url=server.url, stop=stop)

    yield start
    for server in servers:
        try:
            server.shutdown()
            server.server_close()
        except OSError:
            pass


@pytest.fixture(scope="session")
def site(start_site: Callable[[], Site]) -> Site:
    """The shared server (tests that stop their server start their own)."""
    return start_site()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright  # noqa: PLC0415 (optional outside CI)
    except ImportError:  # pragma: no cover - only outside `build.py test`
        if os.environ.get("PDK_REQUIRE_BROWSER"):
            raise
        pytest.skip("playwright is not installed (python build.py test installs it)")
    executable = os.environ.get("PDK_CHROMIUM") or "/usr/bin/chromium"
    if not Path(executable).exists():
        if os.environ.get("PDK_REQUIRE_BROWSER"):
            pytest.fail(f"Chromium not found at {executable}")
        pytest.skip("no Chromium (python build.py test installs it)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=executable, args=list(CHROMIUM_FLAGS)
        )
        yield chromium
        chromium.close()


@dataclass
class PageWatch:
    """What a page did that a test must not see, collected as it happens."""

    origin: str
    errors: list[str] = field(default_factory=list)
    foreign_requests: list[str] = field(default_factory=list)
    allowed_errors: list[str] = field(default_factory=list)

    def allow_error(self, fragment: str) -> None:
        """Accept console errors containing `fragment` (tests that break things on purpose)."""
        self.allowed_errors.append(fragment)

    def unexpected_errors(self) -> list[str]:
        return [e for e in self.errors if not any(a in e for a in self.allowed_errors)]


@dataclass
class Browsing:
    """One fresh browser context and its first page, watched."""

    context: Any
    page: Any
    watch: PageWatch
    site: Site

    def new_page(self) -> Any:
        page = self.context.new_page()
        attach_watch(page, self.watch)
        return page


def attach_watch(page: Any, watch: PageWatch) -> None:
    def on_console(message: Any) -> None:
        if message.type == "error":
            watch.errors.append(f"console: {message.text}")

    def on_request(request: Any) -> None:
        url = request.url
        if not (url.startswith(watch.origin) or url.startswith(("data:", "blob:"))):
            watch.foreign_requests.append(url)

    page.on("console", on_console)
    page.on("pageerror", lambda error: watch.errors.append(f"pageerror: {error}"))
    page.on("request", on_request)


def open_context(
    browser: Any, site: Site, viewport: dict[str, int] | None = None, **options: Any
) -> Browsing:
    """`options` go to Playwright's new_context (e.g. locale="zh-CN")."""
    context = browser.new_context(viewport=viewport or {"width": 1366, "height": 768}, **options)
    context.add_init_script(FAST_SETTINGS_SCRIPT)
    context.set_default_timeout(20_000)
    origin = site.url.rstrip("/")
    watch = PageWatch(origin=origin)
    page = context.new_page()
    attach_watch(page, watch)
    return Browsing(context=context, page=page, watch=watch, site=site)


def check_clean(browsing: Browsing) -> None:
    violations: list[str] = []
    for page in browsing.context.pages:
        # A page that navigated away or closed has nothing more to report.
        with contextlib.suppress(Exception):
            violations += page.evaluate("window.__cspViolations || []")
    problems = browsing.watch.unexpected_errors()
    assert not problems, f"console errors: {problems}"
    assert not violations, f"CSP violations: {violations}"
    assert not browsing.watch.foreign_requests, (
        f"requests to other origins: {browsing.watch.foreign_requests}"
    )


@pytest.fixture
def open_table(browser: Any, site: Site) -> Iterator[Callable[..., Browsing]]:
    """Opens fresh contexts (a viewport or another site optional); checks each at the end."""
    opened: list[Browsing] = []

    def open_(
        viewport: dict[str, int] | None = None, on_site: Site | None = None, **options: Any
    ) -> Browsing:
        browsing = open_context(browser, on_site or site, viewport, **options)
        opened.append(browsing)
        return browsing

    yield open_
    try:
        for browsing in opened:
            check_clean(browsing)
    finally:
        for browsing in opened:
            browsing.context.close()


@pytest.fixture
def table(open_table: Callable[..., Browsing]) -> Browsing:
    """The usual case: one fresh context at 1366x768 on the shared server."""
    return open_table()
