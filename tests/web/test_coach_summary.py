"""The coach's summary on a phone: each tally keeps its word and its number on one line
("inaccuracies: 2", never "inaccuracies:" at the end of a line and "2" below it), and no
line starts or ends with the dot between two tallies."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from test_after_hand import RATED, RATING_TIMEOUT_MS, replay_of_deal_at

# For each box width given, the tallies of the summary (its text split at the dots) whose
# text lies on more than one line: read from the text's own boxes, whatever the markup.
SPLIT_TALLIES = """widths => {
  const box = document.querySelector('[data-review-summary]');
  const nodes = [];
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) nodes.push(walker.currentNode);
  const at = (offset) => {
    for (const node of nodes) {
      if (offset <= node.length) return [node, offset];
      offset -= node.length;
    }
    return [nodes[nodes.length - 1], nodes[nodes.length - 1].length];
  };
  const lines = (start, end) => {
    const range = document.createRange();
    range.setStart(...at(start));
    range.setEnd(...at(end));
    const tops = new Set([...range.getClientRects()]
      .filter((r) => r.width > 0).map((r) => Math.round(r.top)));
    return tops.size;
  };
  const text = box.textContent;
  const tallies = [];
  let from = 0;
  for (const part of text.split('\u00b7')) {
    const lead = part.length - part.trimStart().length;
    const body = part.trim();
    tallies.push([body, from + lead, from + lead + body.length]);
    from += part.length + 1;
  }
  // Every character's box, by line; a dot in sight with no other character on its line
  // to its left, or none to its right, begins or ends that line.
  const chars = () => {
    const out = [];
    let offset = 0;
    for (const node of nodes) {
      for (let i = 0; i < node.length; i++) {
        if (node.data[i].trim()) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const r = range.getBoundingClientRect();
          if (r.width > 0) out.push({c: node.data[i], at: offset + i, r});
        }
      }
      offset += node.length;
    }
    return out;
  };
  const split = [];
  const dotsAtEdges = [];
  for (const width of widths) {
    box.style.width = width === null ? '' : `${width}px`;
    for (const [body, start, end] of tallies) {
      if (lines(start, end) > 1) split.push([width, body]);
    }
    const left = box.getBoundingClientRect().left;
    const seen = chars().filter(({r}) => r.right > left + 0.5);
    for (const dot of seen.filter(({c}) => c === '\u00b7')) {
      const line = seen.filter(({c, r}) => c !== '\u00b7' && Math.abs(r.top - dot.r.top) < 2);
      const before = line.some(({r}) => r.right <= dot.r.left + 0.5);
      const after = line.some(({r}) => r.left >= dot.r.right - 0.5);
      if (!before || !after) dotsAtEdges.push([width, dot.at]);
    }
  }
  box.style.width = '';
  return {text, split, dotsAtEdges};
}"""


def test_each_tally_of_the_summary_keeps_its_word_and_number_on_one_line(
    open_table: Callable[..., Any],
) -> None:
    page = replay_of_deal_at(open_table, (360, 640))
    page.wait_for_selector(RATED, timeout=RATING_TIMEOUT_MS)
    for _ in range(100):  # the summary written after the first rating
        if "\u00b7" in (page.text_content("[data-review-summary]") or ""):
            break
        page.wait_for_timeout(100)
    # As the phone shows it, then at every width a narrower screen or a longer count
    # would give it: wherever the lines break, they break between two tallies.
    widths: list[int | None] = [None, *range(120, 344, 2)]
    seen = page.evaluate(SPLIT_TALLIES, widths)
    assert "mistakes:" in seen["text"] or "失误" in seen["text"], seen
    assert seen["split"] == [], seen
    assert seen["dotsAtEdges"] == [], seen
    # and the summary keeps its two lines on the phone
    lines = page.evaluate(
        """() => { const box = document.querySelector('[data-review-summary]');
                   const style = getComputedStyle(box);
                   return box.scrollHeight / parseFloat(style.lineHeight); }"""
    )
    assert lines <= 2.05, lines
