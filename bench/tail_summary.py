"""Median and tail of a set of timings: what the browser benchmarks print."""

from __future__ import annotations

import statistics


def tail_summary(values: list[float]) -> dict[str, float]:
    """Count, median, quartiles, p95 and max of ``values`` (``{"n": 0}`` when empty)."""
    if not values:
        return {"n": 0}
    ordered = sorted(values)
    # Inclusive: the exclusive default extrapolates past the largest value on few samples.
    q = (
        [ordered[0]] * 19
        if len(ordered) == 1
        else statistics.quantiles(ordered, n=20, method="inclusive")
    )
    return {
        "n": len(ordered),
        "median": statistics.median(ordered),
        "p25": q[4],
        "p75": q[14],
        "p95": q[18],
        "max": ordered[-1],
    }
