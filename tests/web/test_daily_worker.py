"""The daily challenge in the site's own worker (Pyodide): the same deal for every
browser on a date, another the next day, and Hard's result equal to CPython's."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from conftest import Browsing
from web_table import READY_TIMEOUT_MS, open_page

from paodekuai.daily import daily_baseline, daily_deal

#: Starts the site's engine worker (js/engine/worker.js, as the page does) and sends it
#: requests; resolves with the replies in order. The page's CSP allows
#: same-origin workers, and the worker queues requests until Pyodide is up.
ASK_WORKER = """async (requests) => {
  const worker = new Worker(new URL("js/engine/worker.js", document.baseURI),
                            {type: "module", name: "test-engine"});
  try {
    return await new Promise((resolve, reject) => {
      const replies = new Map();
      worker.onerror = (event) => reject(new Error(event.message || "worker error"));
      worker.onmessage = (event) => {
        const message = event.data;
        if (message.kind === "boot-error") reject(new Error(message.message));
        if (message.kind !== "reply") return;
        replies.set(message.reply.id, message.reply);
        if (replies.size === requests.length) resolve(requests.map((r) => replies.get(r.id)));
      };
      for (const request of requests) worker.postMessage({kind: "request", request});
    });
  } finally {
    worker.terminate();
  }
}"""


def ask_worker(page: Any, requests: list[dict[str, Any]]) -> list[dict[str, Any]]:
    numbered = [dict(r, id=i + 1) for i, r in enumerate(requests)]
    replies: list[dict[str, Any]] = page.evaluate(ASK_WORKER, numbered)
    for reply in replies:
        assert reply["ok"], reply
    return [r["result"] for r in replies]


def test_two_browsers_get_the_same_daily_deal_and_another_the_next_day(
    open_table: Callable[..., Browsing],
) -> None:
    deals = []
    for _ in range(2):
        browsing = open_table()
        open_page(browsing.page, browsing.site.url)
        deals.append(
            ask_worker(
                browsing.page,
                [{"type": "daily", "date": "2026-12-01"}, {"type": "daily", "date": "2026-12-02"}],
            )
        )
    assert deals[0] == deals[1]
    today, tomorrow = deals[0]
    assert today == daily_deal("2026-12-01")
    assert today["deal_code"] != tomorrow["deal_code"]


def test_hards_daily_result_in_pyodide_is_the_one_cpython_computes(table: Browsing) -> None:
    page = table.page
    open_page(page, table.site.url)
    page.set_default_timeout(READY_TIMEOUT_MS)
    (pyodide,) = ask_worker(page, [{"type": "daily_baseline", "date": "2026-12-01"}])
    cpython = json.loads(json.dumps(daily_baseline("2026-12-01")))
    assert pyodide == cpython
